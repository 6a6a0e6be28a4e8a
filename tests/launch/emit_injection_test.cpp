// Hostile scenario names (issue 18, item 3): newlines, quotes, $(), backticks, ';', '&&', glob
// characters, spaces and line separators. Every emitted shell file must parse (bash -n) and run to
// its launcher (stubs on PATH) without running the payload, `touch MARKER`; pytorchjob.yaml must
// load with python3's yaml, with exactly its own keys and the values written into it. Every
// Megatron-LM flag emitted for a shipped scenario must be one Megatron-LM accepts
// (data/reference/megatron-lm-arguments.txt).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "launch_parse.hpp"
#include "planner/emit/emit.hpp"
#include "planner/emit/launch_plan.hpp"
#include "planner/emit/megatron_args.hpp"
#include "planner/emit/shell_text.hpp"
#include "tests/core/scratch_folder.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;

void put_file(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

int shell_status(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Names that would each run `touch MARKER` if pasted unquoted into a script line, a double- or
// single-quoted string, or a comment.
std::vector<std::string> hostile_names(const fs::path& marker) {
  const std::string touch = "touch " + marker.string();
  return {"demo\n" + touch + "\n#",
          "demo\r\n" + touch + "\r\n#",
          "$(" + touch + ")",
          "`" + touch + "`",
          "x; " + touch,
          "x && " + touch,
          "it's'; " + touch + "; '",
          "say \"hi\"; " + touch + "; \"",
          "* ? [a-z] ~ {a,b} !! $HOME",
          "a b\t\v\f" + touch,
          "x\\\n" + touch,
          "line\xE2\x80\xA8" + touch + "\xC2\x85" + touch,
          "no\xFFutf8\n" + touch};
}

// A multi-node Megatron job: both launchers, Master and Workers in the manifest.
Scenario hostile_scenario(const std::string& name) {
  Scenario s = test::shipped_scenario("interleaved-gpt3-13b");
  s.name = name;
  return s;
}

// Stubs for the launchers: torchrun records that it was reached, srun runs its command, scontrol
// lists two hosts.
fs::path stub_path(const fs::path& base, const fs::path& reached) {
  const fs::path bin = base / "bin";
  fs::create_directories(bin);
  put_file(bin / "torchrun", "#!/bin/sh\necho torchrun >> '" + reached.string() + "'\n");
  put_file(bin / "srun", "#!/bin/sh\nexec \"$@\"\n");
  put_file(bin / "scontrol", "#!/bin/sh\nprintf 'node1\\nnode2\\n'\n");
  for (const char* tool : {"torchrun", "srun", "scontrol"})
    fs::permissions(bin / tool, fs::perms::owner_all);
  return bin;
}

std::string filled_environment(const fs::path& bin, const fs::path& dir) {
  return "env -i PATH=" + bin.string() +
         ":/usr/bin:/bin MEGATRON_DIR=/m DATA_PATH=/d TOKENIZER_TYPE=t TOKENIZER_MODEL=m "
         "CHECKPOINT_DIR=/c LR=1e-4 TRAIN_ITERS=10 SAVE_INTERVAL=5 MASTER_ADDR=node1 "
         "SLURM_SUBMIT_DIR=" +
         dir.string() + " SLURM_JOB_NODELIST=node[1-2] SLURM_JOB_ID=7 ";
}

TEST(EmitInjection, ScriptsParseAndRunNothingFromTheName) {
  const test::ScratchFolder scratch("wt-inject-scripts");  // per process: runs may overlap
  const fs::path base = scratch.path();
  const fs::path marker = base / "MARKER";
  const fs::path reached = base / "reached";
  const fs::path bin = stub_path(base, reached);
  const std::vector<std::string> names = hostile_names(marker);
  for (size_t i = 0; i < names.size(); ++i) {
    SCOPED_TRACE("name #" + std::to_string(i));
    const fs::path dir = base / ("emit-" + std::to_string(i));
    emit_launch_configs(hostile_scenario(names[i]), dir);
    for (const char* file : {"megatron_args.sh", "torchrun.sh", "slurm.sbatch"}) {
      EXPECT_EQ(shell_status("bash -n " + (dir / file).string()), 0) << file;
    }
    fs::remove(reached);
    const std::string env = filled_environment(bin, dir);
    EXPECT_EQ(shell_status(env + "bash " + (dir / "torchrun.sh").string() + " >/dev/null 2>&1"), 0);
    EXPECT_EQ(shell_status(env + "bash " + (dir / "slurm.sbatch").string() + " >/dev/null 2>&1"),
              0);
    EXPECT_EQ(slurp(reached), "torchrun\ntorchrun\n");  // both scripts ran to their launcher
    EXPECT_FALSE(fs::exists(marker)) << "the name ran a command";
    for (const char* file :
         {"megatron_args.sh", "torchrun.sh", "slurm.sbatch", "pytorchjob.yaml"}) {
      std::istringstream lines(slurp(dir / file));
      for (std::string line; std::getline(lines, line);) {
        EXPECT_EQ(line.rfind("touch ", 0), std::string::npos) << file << ": " << line;
      }
    }
  }
}

// The manifest as python3's yaml reads it, as JSON: {"keys", "name", "master_args"}.
nlohmann::json yaml_as_json(const fs::path& yaml, const fs::path& out) {
  const std::string script =
      "import json,sys,yaml\n"
      "d=yaml.safe_load(open(sys.argv[1],encoding='utf-8'))\n"
      "c=d['spec']['pytorchReplicaSpecs']['Master']['template']['spec']['containers'][0]\n"
      "json.dump({'keys':sorted(d),'name':d['metadata']['name'],'args':c['args']},"
      "open(sys.argv[2],'w'))\n";
  put_file(out.string() + ".py", script);
  EXPECT_EQ(shell_status("python3 " + out.string() + ".py " + yaml.string() + " " + out.string()),
            0);
  return nlohmann::json::parse(slurp(out));
}

TEST(EmitInjection, ManifestKeepsItsKeysAndAValidJobName) {
  const test::ScratchFolder scratch("wt-inject-yaml");  // per process: runs may overlap
  const fs::path base = scratch.path();
  const std::vector<std::string> names = hostile_names(base / "MARKER");
  for (size_t i = 0; i < names.size(); ++i) {
    SCOPED_TRACE("name #" + std::to_string(i));
    const Scenario s = hostile_scenario(names[i]);
    const fs::path dir = base / ("emit-" + std::to_string(i));
    emit_launch_configs(s, dir);
    const nlohmann::json d = yaml_as_json(dir / "pytorchjob.yaml", base / "manifest.json");
    EXPECT_EQ(d["keys"], nlohmann::json({"apiVersion", "kind", "metadata", "spec"}));
    const std::string job = d["name"].get<std::string>();
    EXPECT_EQ(job, launch_plan(s).job_name);
    EXPECT_TRUE(std::isalpha(static_cast<unsigned char>(job.front())));
    EXPECT_LE((job + "-worker-" + std::to_string(s.cluster.num_nodes - 2)).size(), 63u);
    std::vector<std::string> megatron;
    for (const CliArg& a : megatron_arguments(s)) {
      megatron.push_back(a.flag);
      if (!a.value.empty()) megatron.push_back(a.variable ? "$(" + a.value + ")" : a.value);
    }
    const auto args = d["args"].get<std::vector<std::string>>();
    ASSERT_GE(args.size(), megatron.size());
    EXPECT_EQ(std::vector<std::string>(args.end() - static_cast<long>(megatron.size()), args.end()),
              megatron);
  }
}

TEST(EmitInjection, YamlQuotedValuesReadBackUnchanged) {
  const test::ScratchFolder scratch("wt-inject-quoted");  // per process: runs may overlap
  const fs::path base = scratch.path();
  std::vector<std::string> values = hostile_names(base / "MARKER");
  values.pop_back();  // not UTF-8: YAML cannot hold the byte (it becomes U+FFFD)
  values.insert(values.end(), {"yes", "null", "123", "1e3", "- item", "key: value", "#", "\\x41",
                               "\xC2\x80 C1", "\x7F", "\"", "'", "caf\xC3\xA9 \xF0\x9F\x9A\x80"});
  std::string yaml;
  for (const std::string& v : values)
    yaml += "- " + yaml_quoted(v) + "\n";
  put_file(base / "values.yaml", yaml);
  const fs::path out = base / "values.json";
  ASSERT_EQ(
      shell_status("python3 -c 'import json,sys,yaml; json.dump(yaml.safe_load(open(sys.argv[1], "
                   "encoding=\"utf-8\")), open(sys.argv[2], \"w\"))' " +
                   (base / "values.yaml").string() + " " + out.string()),
      0);
  EXPECT_EQ(nlohmann::json::parse(slurp(out)).get<std::vector<std::string>>(), values);
  EXPECT_EQ(yaml_quoted("no\xFFutf8"), "\"no\\uFFFDutf8\"");
}

TEST(EmitInjection, CommentsStayOneLine) {
  EXPECT_EQ(one_line("a\nb\r\tc\x7F"), "a\\x0Ab\\x0D\\x09c\\x7F");
  EXPECT_EQ(one_line("a\xE2\x80\xA8"
                     "b"),
            "a\\xE2\\x80\\xA8b");                     // U+2028 LINE SEPARATOR
  EXPECT_EQ(one_line("caf\xC3\xA9"), "caf\xC3\xA9");  // printable UTF-8 stays
  EXPECT_EQ(one_line("\xFF\xC3"), "\\xFF\\xC3");      // not UTF-8
  EXPECT_EQ(comment_block({"x\n#!/bin/sh"}), "# x\\x0A#!/bin/sh\n");
}

// Every shipped scenario (plans excepted) plus variants that turn on the conditional flags (MoE
// capacity, FP8, full recompute, GQA, SP with TP overlap, distributed optimizer with param-gather
// overlap).
TEST(EmitInjection, EveryMegatronFlagIsAMegatronArgument) {
  const std::set<std::string> known = test::reference_names("megatron-lm-arguments.txt");
  ASSERT_GT(known.size(), 900u);
  std::vector<Scenario> scenarios = test::shipped_scenarios();
  scenarios.push_back(test::shipped_scenario(
      "mixtral-8x7b-ep", {"model.moe.capacity_factor=1.25", "training.activation_recompute=full"}));
  scenarios.push_back(test::shipped_scenario(
      "llama3-8b-1node-h100", {"training.precision=fp8", "parallel.tp_comm_overlap=true",
                               "parallel.overlap_param_gather=true", "training.total_tokens=0"}));
  size_t flags = 0;
  for (const Scenario& s : scenarios) {
    SCOPED_TRACE(s.name);
    for (const auto& [flag, value] : test::megatron_flags(megatron_args_sh(s))) {
      EXPECT_TRUE(known.count(flag)) << flag << " is not a Megatron-LM argument";
      ++flags;
    }
  }
  EXPECT_GT(flags, 300u);
}

}  // namespace
}  // namespace wt
