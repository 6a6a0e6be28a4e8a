// torchrun.sh and slurm.sbatch read back, and every shell file checked by bash itself: the syntax,
// the MEGATRON_ARGS array as bash expands it, and the refusal to launch with FILL_ME placeholders.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "launch_parse.hpp"
#include "planner/emit/emit.hpp"
#include "planner/emit/launch_scripts.hpp"
#include "planner/emit/megatron_args.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;
using test::shipped_scenario;

fs::path emitted(const std::string& scenario, const std::string& folder) {
  const fs::path dir = fs::temp_directory_path() / ("wt-launch-" + folder);
  fs::remove_all(dir);
  emit_launch_configs(shipped_scenario(scenario), dir);
  return dir;
}

int bash(const std::string& script) {
  const int status = std::system(("bash -c '" + script + "' >/dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(EmitScripts, TorchrunMatchesTheCluster) {
  const auto o = test::torchrun_options(torchrun_sh(shipped_scenario("gpt3-175b-1024-a100")));
  EXPECT_EQ(o.at("--nnodes"), "128");
  EXPECT_EQ(o.at("--nproc-per-node"), "8");
  EXPECT_EQ(o.at("--rdzv-backend"), "c10d");
  EXPECT_EQ(o.at("--rdzv-endpoint"), "${MASTER_ADDR}:${MASTER_PORT}");
}

TEST(EmitScripts, SlurmAsksForTheNodesAndGpus) {
  const std::string text = slurm_sbatch(shipped_scenario("interleaved-gpt3-13b"));
  const auto d = test::sbatch_directives(text);
  EXPECT_EQ(d.at("--nodes"), "4");
  EXPECT_EQ(d.at("--ntasks-per-node"), "1");  // one torchrun per node
  EXPECT_EQ(d.at("--gpus-per-node"), "8");
  EXPECT_EQ(d.at("--job-name"), "interleaved-gpt3-13b");
  const auto o = test::torchrun_options(text);
  EXPECT_EQ(o.at("--nnodes"), "4");
  EXPECT_EQ(o.at("--nproc-per-node"), "8");
  EXPECT_NE(text.find("\nsrun torchrun"), std::string::npos);
}

TEST(EmitScripts, EveryShellFileParses) {
  const fs::path dir = emitted("mixtral-8x7b-ep", "syntax");
  for (const char* file : {"megatron_args.sh", "torchrun.sh", "slurm.sbatch"}) {
    EXPECT_EQ(bash("bash -n " + (dir / file).string()), 0) << file;
  }
}

TEST(EmitScripts, BashExpandsTheSameArgumentsTheTestReads) {
  const Scenario s = shipped_scenario("llama3-8b-1node-h100");
  const fs::path dir = emitted("llama3-8b-1node-h100", "expand");
  const fs::path out = dir / "args.txt";
  ASSERT_EQ(bash("source " + (dir / "megatron_args.sh").string() +
                 " && printf \"%s\\n\" \"${MEGATRON_ARGS[@]}\" > " + out.string()),
            0);
  std::ifstream in(out);
  std::vector<std::string> words;
  for (std::string w; std::getline(in, w);)
    words.push_back(w);
  size_t expected = 0;
  for (const CliArg& a : megatron_arguments(s))
    expected += a.value.empty() ? 1 : 2;
  EXPECT_EQ(words.size(), expected);
  EXPECT_NE(std::find(words.begin(), words.end(), "FILL_ME_data_prefix"), words.end());
}

TEST(EmitScripts, RefusesToLaunchUntilPlaceholdersAreFilled) {
  const fs::path args = emitted("llama3-8b-1node-h100", "fill") / "megatron_args.sh";
  EXPECT_EQ(bash("source " + args.string() + " && require_filled"), 1);
  EXPECT_EQ(bash("export MEGATRON_DIR=/m DATA_PATH=/d TOKENIZER_TYPE=t TOKENIZER_MODEL=m "
                 "CHECKPOINT_DIR=/c LR=3e-4; source " +
                 args.string() + " && require_filled"),
            0);
}

}  // namespace
}  // namespace wt
