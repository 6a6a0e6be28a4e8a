// Megatron-Core's --decoder-first/last-pipeline-num-layers (parallel.first_stage_layers,
// last_stage_layers): the split against hand counts, the layouts refused, and the builder holding
// every layer once (sim/workload/workload_sizes.cpp, sim/scenario/validate_layout.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/scenario/parse.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"
#include "tests/workload/refused.hpp"

namespace wt {
namespace {

std::vector<int> stage_totals(const Scenario& s) {
  std::vector<int> out;
  for (int st = 0; st < s.parallel.pipeline; ++st) {
    int n = 0;
    for (int c = 0; c < s.parallel.virtual_stages; ++c)
      n += chunk_layers(s, st, c);
    out.push_back(n);
  }
  return out;
}

TEST(StatedStageLayers, FirstAndLastTakeTheirsTheRestSplitEvenly) {
  Scenario s = test::gpt_scenario(1, 4, 1);
  s.model.num_layers = 26;
  s.parallel.first_stage_layers = 2;
  s.parallel.last_stage_layers = 6;
  // 26 − 2 − 6 = 18 over the two middle stages: 9 each.
  EXPECT_EQ(stage_totals(s), (std::vector<int>{2, 9, 9, 6}));
  s.parallel.first_stage_layers = 0;
  s.parallel.last_stage_layers = 5;  // 21 over the first three: 7 each
  EXPECT_EQ(stage_totals(s), (std::vector<int>{7, 7, 7, 5}));
}

TEST(StatedStageLayers, EachStagesLayersSplitOverItsChunks) {
  Scenario s = test::gpt_scenario(1, 4, 1);
  s.model.num_layers = 28;
  s.parallel.pipeline_schedule = PipelineSchedule::interleaved;
  s.parallel.virtual_stages = 2;
  s.parallel.first_stage_layers = 4;
  s.parallel.last_stage_layers = 4;
  // 20 over 2 middle stages = 10 each, 5 per chunk; the first and last 2 per chunk.
  EXPECT_EQ(chunk_layers(s, 0, 0), 2);
  EXPECT_EQ(chunk_layers(s, 0, 1), 2);
  EXPECT_EQ(chunk_layers(s, 1, 0), 5);
  EXPECT_EQ(chunk_layers(s, 2, 1), 5);
  EXPECT_EQ(chunk_layers(s, 3, 1), 2);
  EXPECT_EQ(stage_totals(s), (std::vector<int>{4, 10, 10, 4}));
}

TEST(StatedStageLayers, TheWorkloadHoldsEveryLayerOnce) {
  Scenario s = test::gpt_scenario(1, 4, 1);
  s.model.num_layers = 26;
  s.parallel.first_stage_layers = 2;
  s.parallel.last_stage_layers = 6;
  s.training.global_batch_size = 8;
  const Workload w = build_workload(s);
  ASSERT_EQ(w.stage_layers.size(), 4u);
  EXPECT_EQ(w.stage_layers[0][0], 2);
  EXPECT_EQ(w.stage_layers[3][0], 6);
  EXPECT_NEAR(test::total_op_flops(w) / hardware_flops_per_iteration(s), 1.0, 1e-12);
}

nlohmann::json doc(int pipeline, int v, int first, int last) {
  nlohmann::json d = {
      {"schema", 1},
      {"name", "stated"},
      {"model", {{"preset", "gpt3-1.3b"}, {"num_layers", 26}}},
      {"training", {{"global_batch_size", 16}, {"micro_batch_size", 1}}},
      {"parallel",
       {{"pipeline", pipeline},
        {"data", 8 / pipeline},
        {"first_stage_layers", first},
        {"last_stage_layers", last}}},
      {"cluster", {{"gpu", "h100-sxm5-80gb"}, {"num_nodes", 1}, {"gpus_per_node", 8}}}};
  if (v > 1) {
    d["parallel"]["pipeline_schedule"] = "interleaved";
    d["parallel"]["virtual_stages"] = v;
  }
  return d;
}

void parse(const nlohmann::json& d) {
  parse_scenario(d);
}

TEST(StatedStageLayers, LayoutsThatDoNotDivideAreRefused) {
  EXPECT_NO_THROW(parse(doc(4, 1, 2, 6)));
  // 26 − 3 = 23 over 3 stages.
  EXPECT_TRUE(test::refused([] { parse(doc(4, 1, 3, 0)); }, "parallel.first_stage_layers",
                            "must split evenly over the other 3 stages"));
  // 3 layers over 2 chunks.
  EXPECT_TRUE(test::refused([] { parse(doc(4, 2, 3, 3)); }, "parallel.first_stage_layers",
                            "must split evenly over the stage's 2 model chunks"));
  EXPECT_TRUE(test::refused([] { parse(doc(1, 1, 2, 0)); }, "parallel.first_stage_layers",
                            "needs parallel.pipeline > 1"));
  EXPECT_TRUE(test::refused([] { parse(doc(2, 1, 10, 10)); }, "parallel.first_stage_layers",
                            "left with no stage to hold them"));
  nlohmann::json both = doc(4, 1, 2, 6);
  both["parallel"]["account_for_loss_in_pipeline_split"] = true;
  EXPECT_TRUE(
      test::refused([&] { parse(both); }, "parallel.first_stage_layers", "cannot be combined"));
}

TEST(StatedStageLayers, NoUnevenSplitWarningWhenTheStagesAreStated) {
  const Scenario s = parse_scenario(doc(4, 1, 2, 6));
  for (const std::string& w : s.warnings)
    EXPECT_EQ(w.find("do not split evenly"), std::string::npos) << w;
}

}  // namespace
}  // namespace wt
