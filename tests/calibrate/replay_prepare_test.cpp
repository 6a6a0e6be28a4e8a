#include <gtest/gtest.h>

#include "calibrate/replay_prepare.hpp"
#include "core/error.hpp"

namespace wt::calibrate {
namespace {

std::string scenario(const std::string& name) {
  return std::string(WT_SOURCE_DIR) + "/scenarios/" + name;
}

std::string input_error_path(const ReplayOptions& o) {
  try {
    prepare_replay(o);
  } catch (const InputError& e) {
    return e.path();
  }
  return "(no error)";
}

TEST(ReplayPrepare, PlansRankZeroOfAShippedScenario) {
  ReplayOptions o;
  o.scenario = scenario("llama3-8b-1node-h100.json");
  const PreparedReplay r = prepare_replay(o);
  EXPECT_EQ(r.precision, Precision::bf16);
  EXPECT_EQ(r.catalog_gpu, "h100-sxm5-80gb");
  EXPECT_EQ(r.context.scenario, "llama3-8b-1node-h100");
  EXPECT_EQ(r.context.precision, "bf16");
  EXPECT_EQ(r.context.num_ranks, 8);
  EXPECT_EQ(r.context.num_roles, 1);
  EXPECT_EQ(r.context.predicted_gpu, "h100-sxm5-80gb (catalog figures)");
  EXPECT_EQ(r.plan.rank, 0);
  EXPECT_FALSE(r.plan.kernels.empty());
  EXPECT_GT(r.plan.predicted_s(), 0.0);
}

TEST(ReplayPrepare, SetOverridesApplyBeforePlanning) {
  ReplayOptions o;
  o.scenario = scenario("llama3-8b-1node-h100.json");
  o.sets = {"cluster.gpu=a100-sxm4-80gb", "parallel.tensor=4", "parallel.data=2"};
  o.rank = 7;
  const PreparedReplay r = prepare_replay(o);
  EXPECT_EQ(r.catalog_gpu, "a100-sxm4-80gb");
  EXPECT_EQ(r.plan.rank, 7);
}

TEST(ReplayPrepare, PredictsTheIsolatedBenchmarkSpeedNotTheJobs) {
  ReplayOptions bench;
  bench.scenario = scenario("llama3-8b-1node-h100.json");
  bench.sets = {"cluster.gpu_sustained_speed=1", "cluster.gpu_speed_spread=0"};
  ReplayOptions job = bench;
  job.sets = {"cluster.gpu_sustained_speed=0.5", "cluster.gpu_speed_spread=0.1"};
  EXPECT_EQ(prepare_replay(job).plan.predicted_s(), prepare_replay(bench).plan.predicted_s());
}

TEST(ReplayPrepare, InputErrorsComeBeforeAnyGpuWork) {
  ReplayOptions missing;
  missing.scenario = scenario("no-such-scenario.json");
  EXPECT_EQ(input_error_path(missing), "SCENARIO");

  ReplayOptions bad_rank;
  bad_rank.scenario = scenario("one-gpu.json");
  bad_rank.rank = 1;
  EXPECT_EQ(input_error_path(bad_rank), "--rank");

  ReplayOptions bad_set;
  bad_set.scenario = scenario("one-gpu.json");
  bad_set.sets = {"parallel.tensr=2"};
  EXPECT_NE(input_error_path(bad_set), "(no error)");

  ReplayOptions bad_profile;
  bad_profile.scenario = scenario("one-gpu.json");
  bad_profile.profile = scenario("no-such-profile.json");
  EXPECT_EQ(input_error_path(bad_profile), "--profile");
}

}  // namespace
}  // namespace wt::calibrate
