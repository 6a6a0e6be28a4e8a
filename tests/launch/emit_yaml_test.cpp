// pytorchjob.yaml read back line by line (python3's yaml parses it too, in tests/cli).
#include <gtest/gtest.h>

#include <algorithm>

#include "launch_parse.hpp"
#include "planner/emit/launch_scripts.hpp"
#include "planner/emit/megatron_args.hpp"

namespace wt {
namespace {

using test::shipped_scenario;
using test::yaml_list;
using test::yaml_scalars;

TEST(EmitYaml, MasterAndWorkersCoverTheNodes) {
  const std::string y = pytorchjob_yaml(shipped_scenario("interleaved-gpt3-13b"));  // 4 nodes
  EXPECT_EQ(yaml_scalars(y, "apiVersion"), std::vector<std::string>{"kubeflow.org/v1"});
  EXPECT_EQ(yaml_scalars(y, "kind"), std::vector<std::string>{"PyTorchJob"});
  EXPECT_EQ(yaml_scalars(y, "replicas"), (std::vector<std::string>{"1", "3"}));
  EXPECT_EQ(yaml_scalars(y, "nvidia.com/gpu"), (std::vector<std::string>{"8", "8"}));
  EXPECT_NE(y.find("    Master:\n"), std::string::npos);
  EXPECT_NE(y.find("    Worker:\n"), std::string::npos);
  EXPECT_EQ(yaml_scalars(y, "name")[0], "interleaved-gpt3-13b");
}

TEST(EmitYaml, OneNodeHasNoWorkers) {
  const std::string y = pytorchjob_yaml(shipped_scenario("llama3-8b-1node-h100"));
  EXPECT_EQ(yaml_scalars(y, "replicas"), std::vector<std::string>{"1"});
  EXPECT_EQ(y.find("Worker:"), std::string::npos);
}

TEST(EmitYaml, ArgsAreTorchrunThenMegatron) {
  const Scenario s = shipped_scenario("mixtral-8x7b-ep");
  const std::vector<std::string> args = yaml_list(pytorchjob_yaml(s), "args");
  ASSERT_GE(args.size(), 11u);
  EXPECT_EQ(std::vector<std::string>(args.begin(), args.begin() + 4),
            (std::vector<std::string>{"--nnodes", "8", "--nproc-per-node", "8"}));
  auto value_of = [&](const std::string& flag) {
    const auto it = std::find(args.begin(), args.end(), flag);
    return it == args.end() || it + 1 == args.end() ? std::string("<none>") : *(it + 1);
  };
  EXPECT_EQ(value_of("--node-rank"), "$(RANK)");
  EXPECT_EQ(value_of("--tensor-model-parallel-size"), "2");
  EXPECT_EQ(value_of("--expert-model-parallel-size"), "8");
  EXPECT_EQ(value_of("--global-batch-size"), "1024");
  EXPECT_EQ(value_of("--data-path"), "$(DATA_PATH)");
  size_t megatron_words = 0;
  for (const CliArg& a : megatron_arguments(s))
    megatron_words += a.value.empty() ? 1 : 2;
  EXPECT_EQ(args.size(), 11u + megatron_words);  // 10 torchrun words + the script
}

TEST(EmitYaml, PlaceholdersAreInTheEnvironment) {
  const std::string y = pytorchjob_yaml(shipped_scenario("llama3-8b-1node-h100"));
  const std::vector<std::string> values = yaml_scalars(y, "value");
  EXPECT_NE(std::find(values.begin(), values.end(), "FILL_ME_data_prefix"), values.end());
  EXPECT_EQ(yaml_scalars(y, "image"), std::vector<std::string>{"FILL_ME_container_image"});
}

}  // namespace
}  // namespace wt
