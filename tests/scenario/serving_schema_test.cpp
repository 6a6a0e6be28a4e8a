// The serving block: a file with only a serving block loads without a training job, and each bad
// value is refused at its path.
#include <gtest/gtest.h>

#include "scenario_test_util.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

using nlohmann::json;

json serving_base() {
  return json::parse(R"({
    "name": "serve",
    "model": {"preset": "llama3-8b"},
    "cluster": {"gpu": "H100"},
    "serving": {"tensor": 1, "traffic": {"rate_rps": 2}}
  })");
}

json patched(const std::string& patch) {
  json doc = serving_base();
  doc.merge_patch(json::parse(patch));
  return doc;
}

TEST(ServingSchema, AServingOnlyFileLoadsWithTheDefaults) {
  const Scenario s = parse_scenario(serving_base());
  EXPECT_TRUE(s.serving.enabled);
  EXPECT_TRUE(s.serving_only());
  EXPECT_EQ(s.serving.batching, Batching::continuous);
  EXPECT_EQ(s.serving.max_num_seqs, 256);
  EXPECT_EQ(s.serving.max_num_batched_tokens, 8192);
  EXPECT_EQ(s.serving.kv_block_size, 16);
  EXPECT_DOUBLE_EQ(s.serving.gpu_memory_utilization, 0.9);
  EXPECT_DOUBLE_EQ(s.serving.traffic.prompt_tokens.mean, 512.0);
  EXPECT_EQ(s.serving.router, Router::least_loaded);
}

TEST(ServingSchema, AFileWithoutServingIsATrainingJob) {
  const Scenario s = parse_scenario(test::small_base());
  EXPECT_FALSE(s.serving.enabled);
  EXPECT_FALSE(s.serving_only());
}

TEST(ServingSchema, RunRefusesAServingOnlyFile) {
  const Scenario s = parse_scenario(serving_base());
  EXPECT_TRUE(
      test::throws_input_error([&] { run_scenario(s); }, "training.global_batch_size", "serving"));
  EXPECT_TRUE(
      test::throws_input_error([&] { estimate_scenario(s); }, "training.global_batch_size"));
}

TEST(ServingSchema, BadValuesNameTheirPath) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"serving": {"tensor": 3}})", "serving.tensor"},
      {R"({"serving": {"tensor": 16}})", "serving.tensor"},
      {R"({"serving": {"weight_precision": "int3"}})", "serving.weight_precision"},
      {R"({"serving": {"batching": "dynamic"}})", "serving.batching"},
      {R"({"serving": {"traffic": {"rate_rps": 0}}})", "serving.traffic.rate_rps"},
      {R"({"serving": {"traffic": {"hourly_percent": [1, 2]}}})", "serving.traffic.hourly_percent"},
      {R"({"serving": {"traffic": {"prompt_tokens": {"distribution": "uniform"}}}})",
       "serving.traffic.prompt_tokens.max"},
      {R"({"serving": {"traffic": {"output_tokens": {"distribution": "lognormal"}}}})",
       "serving.traffic.output_tokens.stddev"},
      {R"({"serving": {"traffic": {"output_tokens": {"min": 10, "max": 5}}}})",
       "serving.traffic.output_tokens.max"},
      {R"({"serving": {"traffic": {"prompt_length": 5}}})", "serving.traffic.prompt_length"},
      {R"({"serving": {"num_requests": 0}})", "serving.num_requests"},
      {R"({"serving": {"max_num_seqs": 512, "max_num_batched_tokens": 256}})",
       "serving.max_num_batched_tokens"},
      {R"({"serving": {"chunked_prefill": false, "max_num_batched_tokens": 4096}})",
       "serving.max_num_batched_tokens"},
      {R"({"serving": {"slo": {"percentile": "p90"}}})", "serving.slo.percentile"},
      {R"({"cluster": {"gpu": "A100"}, "serving": {"weight_precision": "fp8"}})",
       "serving.weight_precision"},
      {R"({"model": {"preset": "mixtral-8x7b"}, "serving": {"expert": 3}})", "serving.expert"},
  };
  for (const auto& [patch, path] : cases) {
    EXPECT_TRUE(test::throws_input_error([&] { parse_scenario(patched(patch)); }, path)) << patch;
  }
}

TEST(ServingSchema, KvHeadsMayBeReplicatedAcrossTensorRanks) {
  // Llama 3 8B has 8 KV heads; TP 8 keeps one per rank, and vLLM allows more ranks than KV heads
  // when they are a multiple of them (here 8 of 8 ranks of a 32-head model).
  const Scenario s = parse_scenario(patched(R"({"serving": {"tensor": 8}})"));
  EXPECT_EQ(s.serving.tensor, 8);
}

}  // namespace
}  // namespace wt
