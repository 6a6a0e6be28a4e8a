// run_scenario with the SimGrid engine on the scenarios' own networks (topology/): the shipped
// network scenarios run, say what they aggregated, and contention never makes them faster than
// the closed forms by more than the shorter real routes allow (1%).
#include <gtest/gtest.h>

#include <algorithm>

#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

class RealNetwork : public ::testing::TestWithParam<const char*> {};

TEST_P(RealNetwork, RunsWithTheSimgridEngine) {
  const Scenario s =
      load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/" + GetParam() + ".json");
  const RunOutput simgrid = run_scenario(s, EngineKind::simgrid);
  const RunOutput analytical = run_scenario(s);
  EXPECT_EQ(simgrid.result.engine, "simgrid");
  EXPECT_FALSE(simgrid.result.engine_reductions.empty());
  EXPECT_EQ(simgrid.timeline.roles.size(), analytical.timeline.roles.size());
  EXPECT_GT(simgrid.result.iteration_time_s, 0.99 * analytical.result.iteration_time_s);
}

std::string name_of(const ::testing::TestParamInfo<const char*>& param) {
  std::string n = param.param;
  std::replace(n.begin(), n.end(), '-', '_');
  return n;
}

INSTANTIATE_TEST_SUITE_P(Scenarios, RealNetwork,
                         ::testing::Values("oversubscribed-fat-tree-llama2-13b",
                                           "rail-fat-tree-llama3-70b", "torus-3d-gpt3-13b",
                                           "dragonfly-llama3-8b", "dragonfly-ugal-llama3-8b",
                                           "torus-llama2-7b", "tpu-v4-slice-gpt3-13b",
                                           "tpu-v4-2slice-gpt3-13b", "trn2-llama3-8b"),
                         name_of);

}  // namespace
}  // namespace wt
