// Sweeps of shipped scenarios through the real engine: monotone GPUs, 100% at the first point,
// efficiency as its definition, invalid and infeasible points as rows.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "planner/sweep/sweep.hpp"
#include "planner/sweep/sweep_report.hpp"

namespace wt {
namespace {

std::string scenario_file(const std::string& name) {
  return std::string(WT_SOURCE_DIR) + "/scenarios/" + name + ".json";
}

SweepResult nodes_sweep() {
  return run_sweep(
      {scenario_file("llama3-8b-1node-h100"), {}, {parse_vary("cluster.num_nodes=1,2,4")}});
}

TEST(SweepRun, NodesSweepScalesFromTheFirstPoint) {
  const SweepResult r = nodes_sweep();
  ASSERT_EQ(r.points.size(), 3u);
  EXPECT_EQ(r.model, "Llama 3 8B");
  EXPECT_TRUE(r.data_parallel_derived);  // the file pins parallel.data = 4
  EXPECT_EQ(r.reference, 0);
  const int expected_gpus[] = {8, 16, 32};
  for (size_t i = 0; i < 3; ++i) {
    ASSERT_TRUE(r.points[i].ran) << r.points[i].error;
    EXPECT_EQ(r.points[i].result.num_gpus, expected_gpus[i]);
  }
  EXPECT_DOUBLE_EQ(r.points[0].speedup, 1.0);
  EXPECT_DOUBLE_EQ(r.points[0].scaling_efficiency, 1.0);
  const RunResult& ref = r.points[0].result;
  for (const SweepPoint& p : r.points) {
    const double per_gpu = p.result.tokens_per_s / p.result.num_gpus;
    EXPECT_DOUBLE_EQ(p.tokens_per_s_per_gpu, per_gpu);
    EXPECT_DOUBLE_EQ(p.scaling_efficiency, per_gpu / (ref.tokens_per_s / 8.0));
    EXPECT_DOUBLE_EQ(p.speedup, p.result.tokens_per_s / ref.tokens_per_s);
    EXPECT_GT(p.scaling_efficiency, 0.0);
    EXPECT_LE(p.scaling_efficiency, 1.0 + 1e-9);  // strong scaling never beats linear here
  }
}

TEST(SweepRun, InvalidPointIsARowWithItsReason) {
  // 3 nodes = 24 GPUs, TP 2 → DP 12, which does not divide the global batch of 128.
  const SweepResult r =
      run_sweep({scenario_file("llama3-8b-1node-h100"), {}, {parse_vary("cluster.num_nodes=1,3")}});
  ASSERT_EQ(r.points.size(), 2u);
  EXPECT_TRUE(r.points[0].ran);
  EXPECT_FALSE(r.points[1].ran);
  EXPECT_NE(r.points[1].error.find("global_batch_size"), std::string::npos) << r.points[1].error;
  const std::string table = sweep_table(r);
  EXPECT_NE(table.find("invalid [2]"), std::string::npos);
  EXPECT_NE(table.find("\n[2] num_nodes=3: training.global_batch_size"), std::string::npos);
}

TEST(SweepRun, PointThatDoesNotFitRunsAndSaysSo) {
  const std::string file =
      std::string(WT_SOURCE_DIR) + "/tests/cli/data/llama3-70b-does-not-fit.json";
  const SweepResult r = run_sweep({file, {}, {parse_vary("parallel.tensor=1,8")}});
  ASSERT_EQ(r.points.size(), 2u);
  ASSERT_TRUE(r.points[0].ran);
  EXPECT_FALSE(r.points[0].result.fits_in_memory);
  EXPECT_EQ(r.reference, r.points[1].result.fits_in_memory ? 1 : 0);
  EXPECT_NE(sweep_table(r).find("does not fit"), std::string::npos);
}

TEST(SweepRun, SetsApplyToEveryPointAndPinnedDataStaysWhenNamed) {
  const SweepResult r = run_sweep({scenario_file("llama3-8b-1node-h100"),
                                   {"parallel.data=4", "training.total_tokens=0"},
                                   {parse_vary("cluster.num_nodes=1,2")}});
  EXPECT_FALSE(r.data_parallel_derived);
  EXPECT_TRUE(r.points[0].ran);
  EXPECT_DOUBLE_EQ(r.points[0].result.time_to_train_s, 0.0);
  EXPECT_FALSE(r.points[1].ran);  // 16 GPUs cannot hold TP 2 × DP 4
}

TEST(SweepRun, JsonTableAndChart) {
  const SweepResult r = nodes_sweep();
  const nlohmann::ordered_json j = sweep_json(r);
  EXPECT_EQ(j.at("reference_point"), 0);
  ASSERT_EQ(j.at("points").size(), 3u);
  EXPECT_EQ(j.at("points")[1].at("values").at("cluster.num_nodes"), 2);  // a number, not "2"
  EXPECT_EQ(j.at("points")[2].at("num_gpus"), 32);
  EXPECT_DOUBLE_EQ(j.at("points")[0].at("scaling_efficiency").get<double>(), 1.0);
  EXPECT_EQ(j.at("points")[0].at("result").at("num_gpus"), 8);
  const std::string table = sweep_table(r);
  EXPECT_NE(table.find("100.0%"), std::string::npos);
  EXPECT_NE(table.find("1.00×"), std::string::npos);
  const LineChart c = sweep_chart(r);
  EXPECT_EQ(c.x, (std::vector<double>{8, 16, 32}));
  EXPECT_EQ(c.x_scale, AxisScale::log2);
  ASSERT_EQ(c.series.size(), 2u);
  EXPECT_TRUE(c.series[1].right_axis);
}

TEST(SweepRun, ConstantGpuCountPlotsPointsInOrder) {
  const SweepResult r = run_sweep(
      {scenario_file("llama3-8b-1node-h100"), {}, {parse_vary("training.micro_batch_size=1,2,4")}});
  const LineChart c = sweep_chart(r);
  for (const SweepPoint& p : r.points)
    ASSERT_TRUE(p.ran) << p.error;
  EXPECT_EQ(c.x_scale, AxisScale::linear);
  EXPECT_EQ(c.x, (std::vector<double>{0, 1, 2}));
  EXPECT_EQ(c.x_tick_labels, (std::vector<std::string>{"micro_batch_size=1", "micro_batch_size=2",
                                                       "micro_batch_size=4"}));
}

TEST(SweepRun, MissingScenarioOrNoAxisIsAnInputError) {
  EXPECT_THROW(run_sweep({"/no/such.json", {}, {parse_vary("cluster.num_nodes=1")}}), InputError);
  EXPECT_THROW(run_sweep({scenario_file("one-gpu"), {}, {}}), InputError);
}

}  // namespace
}  // namespace wt
