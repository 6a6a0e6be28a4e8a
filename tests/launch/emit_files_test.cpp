// emit_launch_configs: the folder, the five files, atomic replacement and errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "launch_parse.hpp"
#include "planner/emit/emit.hpp"
#include "planner/emit/launch_plan.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;

fs::path fresh(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("wt-emit-" + name);
  fs::remove_all(dir);
  return dir;
}

std::string read(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(EmitFiles, CreatesTheFolderAndWritesFiveFiles) {
  const fs::path dir = fresh("five") / "nested" / "out";
  const Scenario s = test::shipped_scenario("llama3-8b-1node-h100");
  emit_launch_configs(s, dir);
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir))
    names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"deepspeed_config.json", "megatron_args.sh",
                                             "pytorchjob.yaml", "slurm.sbatch", "torchrun.sh"}));
  for (const LaunchFile& f : launch_files(s)) {
    EXPECT_EQ(read(dir / f.name), f.text) << f.name;
    const bool exec =
        (fs::status(dir / f.name).permissions() & fs::perms::owner_exec) != fs::perms::none;
    EXPECT_EQ(exec, f.executable) << f.name;
  }
}

TEST(EmitFiles, ALoraFineTuneHasNoLaunchFiles) {
  const fs::path dir = fresh("lora");
  const Scenario s = test::shipped_scenario("lora-llama2-7b-1-l4");
  EXPECT_NE(why_no_launch_files(s).find("Hugging Face PEFT"), std::string::npos);
  try {
    emit_launch_configs(s, dir);
    FAIL() << "a LoRA scenario was emitted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "training.finetune.method");
  }
  EXPECT_FALSE(fs::exists(dir));
  EXPECT_EQ(why_no_launch_files(test::shipped_scenario("llama3-8b-1node-h100")), "");
  const Scenario resnet = test::shipped_scenario("resnet50-8-v100-horovod");
  EXPECT_NE(why_no_launch_files(resnet).find("layer-list model"), std::string::npos);
  EXPECT_THROW(require_launch_files(resnet), InputError);
}

TEST(EmitFiles, AParameterServerScenarioHasNoLaunchFiles) {
  const fs::path dir = fresh("ps");
  const Scenario s = test::shipped_scenario("parameter-server-bert-large");
  EXPECT_NE(why_no_launch_files(s).find("all-reduce"), std::string::npos);
  try {
    emit_launch_configs(s, dir);
    FAIL() << "a parameter-server scenario was emitted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "parallel.data_sync");
  }
  EXPECT_FALSE(fs::exists(dir));
}

TEST(EmitFiles, ReplacesExistingFilesWhole) {
  const fs::path dir = fresh("replace");
  emit_launch_configs(test::shipped_scenario("gpt3-175b-1024-a100"), dir);
  const Scenario small = test::shipped_scenario("llama3-8b-1node-h100");
  emit_launch_configs(small, dir);
  EXPECT_EQ(read(dir / "slurm.sbatch"), launch_files(small)[3].text);
  size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir))
    ++entries;
  EXPECT_EQ(entries, 5u);  // no temporary files left behind
}

TEST(EmitFiles, AFileInTheWayIsAnInputError) {
  const fs::path base = fresh("blocked");
  fs::create_directories(base);
  std::ofstream(base / "file") << "x";
  const Scenario s = test::shipped_scenario("one-gpu");
  try {
    emit_launch_configs(s, base / "file");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "--emit");
    EXPECT_NE(e.value().find("file"), std::string::npos);
  }
  EXPECT_THROW(emit_launch_configs(s, base / "file" / "below"), InputError);
}

TEST(EmitFiles, JobNamesAreDnsLabels) {
  EXPECT_EQ(dns_label("Llama3 8B on 1 node (H100)"), "llama3-8b-on-1-node-h100");
  EXPECT_EQ(dns_label("--__--"), "windtunnel-job");
  EXPECT_EQ(dns_label(std::string(80, 'a')).size(), 63u);
  EXPECT_EQ(dns_label(std::string(62, 'a') + "-b"), std::string(62, 'a'));  // no trailing '-'
  EXPECT_EQ(dns_label("8B run"), "job-8b-run");  // a Service name starts with a letter
  EXPECT_EQ(dns_label("--__--", 5), "windt");
}

// Issue 26: the operator names pods "<job>-master-0" and "<job>-worker-<i>"; the job name leaves
// room for the longest: 63 - 9 = 54 characters on up to 11 nodes ("-worker-9" is 9 long),
// 63 - 12 = 51 on 1,024 nodes ("-worker-1022").
TEST(EmitFiles, JobNamesLeaveRoomForThePodSuffix) {
  const std::string longest(80, 'a');
  EXPECT_EQ(job_name_label(longest, 1).size(), 54u);
  EXPECT_EQ(job_name_label(longest, 11).size(), 54u);
  EXPECT_EQ(job_name_label(longest, 12).size(), 53u);  // "-worker-10"
  EXPECT_EQ(job_name_label(longest, 1024).size(), 51u);
  EXPECT_EQ(job_name_label(longest, 1024) + "-worker-1022", std::string(51, 'a') + "-worker-1022");
}

TEST(EmitFiles, PlanFiguresFollowTheScenario) {
  const LaunchPlan p = launch_plan(test::shipped_scenario("gpt3-175b-1024-a100"));
  EXPECT_EQ(p.num_nodes, 128);
  EXPECT_EQ(p.gpus_per_node, 8);
  EXPECT_EQ(p.tensor * p.pipeline * p.data * p.context, 1024);
  EXPECT_EQ(p.gradient_accumulation_steps, 1536 / 16);  // micro 1, DP 16
  // 3e11 tokens / (1536 × 2048) = 95,367.4 → 95,368 iterations.
  ASSERT_TRUE(p.train_iterations.has_value());
  EXPECT_EQ(*p.train_iterations, 95368);
}

}  // namespace
}  // namespace wt
