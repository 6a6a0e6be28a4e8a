// What validation fills in: the data-parallel degree, model defaults, the canonical GPU id, the
// name; and validate() on scenarios built in code.
#include <gtest/gtest.h>

#include "scenario_test_util.hpp"

namespace wt {
namespace {

TEST(Derivation, DataIsTheGpusLeftByTensorPipelineAndContext) {
  // 8 nodes × 8 GPUs = 64 = 2 (t) × 4 (p) × 2 (c) × d  →  d = 4.
  const Scenario s = parse_scenario(test::patched_base(R"({
    "parallel": {"tensor": 2, "pipeline": 4, "context": 2, "data": null},
    "cluster": {"num_nodes": 8}})"));
  EXPECT_EQ(s.parallel.data, 4);
  EXPECT_EQ(s.num_micro_batches(), 64 / (2 * 4));
}

TEST(Derivation, DataZeroMeansDerived) {
  const Scenario s = parse_scenario(test::patched_base(R"({"parallel": {"data": 0}})"));
  EXPECT_EQ(s.parallel.data, 2);
}

TEST(Derivation, GivenDataMustMatchTheGpuCountAndTheMessageShowsBoth) {
  EXPECT_TRUE(test::throws_input_error(
      [] { parse_scenario(test::patched_base(R"({"parallel": {"data": 4}})")); }, "parallel.data",
      "is 16, not the GPU count 8"));
}

TEST(Derivation, ModelDefaultsThatDependOnOtherFields) {
  const Scenario s = parse_scenario(test::patched_base(R"({"model": {
    "ffn_hidden_size": null, "gated_mlp": true,
    "moe": {"num_experts": 4, "top_k": 1}}})"));
  EXPECT_EQ(s.model.num_kv_heads, 16);                   // = num_attention_heads
  EXPECT_EQ(s.model.ffn_hidden_size, 4 * 1024);          // 4h, also when gated
  EXPECT_EQ(s.model.moe.moe_ffn_hidden_size, 4 * 1024);  // = ffn_hidden_size
}

TEST(Derivation, GpuAliasesResolveToTheCatalogId) {
  for (const char* alias : {"H100", "h100", "H100-SXM5-80GB"}) {
    nlohmann::json doc = test::small_base();
    doc["cluster"]["gpu"] = alias;
    EXPECT_EQ(parse_scenario(doc).cluster.gpu, "h100-sxm5-80gb") << alias;
  }
}

TEST(Derivation, NameDefaultsToTheFileStem) {
  test::TempDir dir;
  nlohmann::json doc = test::small_base();
  doc.erase("name");
  EXPECT_EQ(load_scenario_file(dir.write("my-run.json", doc.dump())).name, "my-run");
  EXPECT_EQ(parse_scenario(doc).name, "scenario");
}

TEST(Derivation, MissingSchemaMeansVersionOne) {
  nlohmann::json doc = test::small_base();
  doc.erase("schema");
  EXPECT_EQ(parse_scenario(doc).schema, 1);
}

TEST(Derivation, CalibrationResolvesAgainstTheScenarioFolder) {
  test::TempDir dir;
  const std::string profile = dir.write("profiles/p.json", test::kMinimalProfile);
  nlohmann::json doc = test::small_base();
  doc["calibration"] = "profiles/p.json";
  const Scenario s = load_scenario_file(dir.write("sub/../run.json", doc.dump()));
  EXPECT_EQ(s.calibration, profile);
}

Scenario code_built() {
  Scenario s;
  s.model.num_layers = 4;
  s.model.hidden_size = 512;
  s.model.num_attention_heads = 8;
  s.model.seq_length = 1024;
  s.model.vocab_size = 1000;
  s.training.global_batch_size = 16;
  s.parallel.tensor = 4;
  return s;
}

TEST(Validate, CodeBuiltScenarioGetsTheSameDerivations) {
  Scenario s = code_built();
  s.cluster.gpu = "H100";
  validate(s);
  EXPECT_EQ(s.parallel.data, 2);  // 8 GPUs / 4
  EXPECT_EQ(s.model.ffn_hidden_size, 2048);
  EXPECT_EQ(s.model.num_kv_heads, 8);
  EXPECT_EQ(s.cluster.gpu, "h100-sxm5-80gb");
}

TEST(Validate, CodeBuiltScenarioIsRangeChecked) {
  Scenario s = code_built();
  s.parallel.zero_stage = 4;
  EXPECT_TRUE(test::throws_input_error([&] { validate(s); }, "parallel.zero_stage", "0 .. 3"));
  s = code_built();
  s.cluster.network.fat_tree.switch_radix = 63;
  EXPECT_TRUE(test::throws_input_error([&] { validate(s); },
                                       "cluster.network.fat_tree.switch_radix", "even"));
  s = code_built();
  s.cluster.network.torus.dims = {4, 0};
  EXPECT_TRUE(test::throws_input_error([&] { validate(s); }, "cluster.network.torus.dims[1]"));
}

TEST(Validate, CodeBuiltScenarioNeedsTheModel) {
  Scenario s = code_built();
  s.model.vocab_size = 0;
  EXPECT_TRUE(test::throws_input_error([&] { validate(s); }, "model.vocab_size", "required"));
}

TEST(Validate, RunningTwiceChangesNothing) {
  Scenario s = parse_scenario(test::patched_base(R"({"parallel": {"pipeline": 8, "tensor": 1,
    "data": 1, "sequence_parallel": true}, "model": {"num_layers": 12}, "cost": {"spot": true}})"));
  const Scenario once = s;
  validate(s);
  EXPECT_EQ(s.warnings, once.warnings);
  EXPECT_EQ(s.parallel.data, once.parallel.data);
  EXPECT_EQ(s.warnings.size(), 3u);  // uneven split, sequence parallel without TP, spot
}

}  // namespace
}  // namespace wt
