// Collectives inside a Trainium2 node priced on its 4 × 4 NeuronLink torus (docs/collectives.md,
// "Torus collectives"), from the shipped scenarios/trn2-llama3-8b.json.
#include <gtest/gtest.h>

#include "sim/comm/fabric.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/costs.hpp"

namespace wt {
namespace {

Scenario trn2() {
  return load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/trn2-llama3-8b.json");
}

TEST(NeuronLinkCollective, ALinkIsAQuarterOfTheChip) {
  const Scenario s = trn2();
  const GpuSpec& gpu = *find_gpu(s.cluster.gpu);
  const Fabric f = make_fabric(s, gpu);
  // 640 GB/s per chip and direction over 4 links, at the chip's link efficiency; 0.7 us per hop.
  EXPECT_NEAR(f.ici.beta_Bps, 160e9 * gpu.nvlink_efficiency.value, 1e-3);
  EXPECT_NEAR(f.ici.alpha_s, 0.7e-6, 1e-15);
}

TEST(NeuronLinkCollective, GroupsAlignToTheTorus) {
  const Scenario s = trn2();
  // TP 4 at stride 1: dimension 0, a wrapped ring of 4.
  const GroupShape tp = comm_group(CommDim::tp, 4, s);
  ASSERT_TRUE(tp.on_torus);
  EXPECT_EQ(tp.torus.dims, (std::array<int, 3>{4, 1, 1}));
  EXPECT_TRUE(tp.torus.wrap[0]);
  // DP 16 at stride 4 spans the 4 nodes: the link-class model.
  EXPECT_FALSE(comm_group(CommDim::dp, 16, s).on_torus);
  // A 16-chip group at stride 1 is the whole 4 × 4 torus.
  const GroupShape all = comm_group(CommDim::tp, 16, s);
  ASSERT_TRUE(all.on_torus);
  EXPECT_EQ(all.torus.dims, (std::array<int, 3>{4, 4, 1}));
}

TEST(NeuronLinkCollective, TpAllGatherIsTheRingClosedForm) {
  const Scenario s = trn2();
  const GpuSpec& gpu = *find_gpu(s.cluster.gpu);
  const Fabric f = make_fabric(s, gpu);
  // 3 hops of 0.7 us + (3/4)·S over 2 rings of one link each, plus the call overhead.
  const double S = 64e6;
  const double expected = f.call_overhead_s + 3 * 0.7e-6 + 0.75 * S / (2.0 * f.ici.beta_Bps);
  EXPECT_NEAR(collective_cost(Collective::all_gather, S, comm_group(CommDim::tp, 4, s), f).time_s,
              expected, 1e-12);
}

}  // namespace
}  // namespace wt
