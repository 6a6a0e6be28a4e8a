// Issue 18, item 4: a non-finite figure from a finite input is an input error naming the field
// (exit 2), never an internal error. The field ranges stop the known cases at the boundary
// (bandwidths of at least 0.001 GB/s or Gb/s); run_scenario()'s last check names the likeliest
// input when a scenario built in code still yields one; a sweep reports such a point as its error
// and runs the others.
#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"
#include "planner/sweep/sweep.hpp"
#include "sim/run.hpp"
#include "sim/run_checks.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

const std::string kScenario = std::string(WT_SOURCE_DIR) + "/scenarios/llama3-8b-1node-h100.json";
const std::string kGpt3 = std::string(WT_SOURCE_DIR) + "/scenarios/gpt3-175b-1024-a100.json";

std::string path_refused(const std::vector<std::string>& sets) {
  try {
    load_scenario_file(kScenario, sets);
  } catch (const InputError& e) {
    return e.path();
  }
  return "";
}

TEST(FiniteInput, TinyBandwidthsAreRefusedNamingTheField) {
  const std::string two_nodes[] = {"cluster.num_nodes=2", "parallel.data=8"};
  for (const char* v : {"1e-300", "5e-324", "0.000999"}) {
    EXPECT_EQ(path_refused({std::string("cluster.intra_node.bandwidth_GBps=") + v}),
              "cluster.intra_node.bandwidth_GBps");
    EXPECT_EQ(path_refused({two_nodes[0], two_nodes[1],
                            std::string("cluster.network.link_bandwidth_Gbps=") + v}),
              "cluster.network.link_bandwidth_Gbps");
  }
  EXPECT_EQ(path_refused({"cluster.intra_node.bandwidth_GBps=0"}), "");  // the GPU's NVLink
  EXPECT_EQ(path_refused({"cluster.intra_node.bandwidth_GBps=0.001"}), "");
}

// Every rate at its slowest and every time at its largest still gives finite figures:
// 1,024 GPUs, 1 Mb/s links, 1 s latencies, 1e16 tokens, $10,000 per GPU-hour.
TEST(FiniteInput, EdgesOfTheRangesGiveFiniteFigures) {
  const Scenario s = load_scenario_file(
      kGpt3,
      {"cluster.intra_node.bandwidth_GBps=0.001", "cluster.network.link_bandwidth_Gbps=0.001",
       "cluster.intra_node.latency_us=1e6", "cluster.network.link_latency_us=1e6",
       "training.total_tokens=1e16", "cost.usd_per_gpu_hour=10000",
       "reliability.checkpoint_write_s=1e7", "reliability.restart_s=1e7",
       "parallel.dp_bucket_mb=1e-300", "reliability.gpu_mtbf_hours=1e-300"});
  const RunResult r = run_scenario(s).result;
  EXPECT_TRUE(std::isfinite(r.time_to_train_s));
  EXPECT_TRUE(std::isfinite(r.cost_usd));
  EXPECT_GT(r.iteration_time_s, 1e4);  // 1 Mb/s: hours per iteration
}

// A scenario built in code skips the field readers: the last check names the input.
TEST(FiniteInput, NonFiniteFigureFromCodeBuiltScenarioNamesTheInput) {
  Scenario s = load_scenario_file(kScenario);
  s.cluster.intra_node.bandwidth_GBps = 1e-300;  // before the fix: internal error, exit 1
  try {
    run_scenario(s);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "cluster.intra_node.bandwidth_GBps");
    EXPECT_NE(std::string(e.what()).find("time_to_train_s is +infinity"), std::string::npos)
        << e.what();
  }
}

TEST(FiniteInput, FurthestInputIsTheOneFurthestFromItsDefault) {
  Scenario s = load_scenario_file(kScenario);
  EXPECT_EQ(furthest_input(s).path, "scenario");  // every input near its default
  s.cluster.network.link_latency_us = 1e5;        // 1e5 times the default
  s.cluster.network.link_bandwidth_Gbps = 4e-3;   // 1e5 times below: ties keep the first
  s.reliability.restart_s = 600.0 * 1e6;          // 1e6 times the default: the furthest
  EXPECT_EQ(furthest_input(s).path, "reliability.restart_s");
}

TEST(FiniteInput, SweepReportsTheBadPointAndRunsTheOthers) {
  SweepRequest request;
  request.scenario_path = kScenario;
  request.axes = {{"cluster.intra_node.bandwidth_GBps", {"1e-300", "100", "5e-324"}}};
  const SweepResult result = run_sweep(request);
  ASSERT_EQ(result.points.size(), 3u);
  EXPECT_FALSE(result.points[0].ran);
  EXPECT_NE(result.points[0].error.find("cluster.intra_node.bandwidth_GBps"), std::string::npos);
  EXPECT_TRUE(result.points[1].ran);
  EXPECT_TRUE(std::isfinite(result.points[1].result.time_to_train_s));
  EXPECT_FALSE(result.points[2].ran);
}

}  // namespace
}  // namespace wt
