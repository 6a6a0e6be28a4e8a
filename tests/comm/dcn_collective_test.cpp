// Collectives across TPU ICI slices over the data-center network against hand-computed values
// (docs/collectives.md, "Multi-slice").
#include "sim/comm/dcn_collective.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "sim/comm/fabric.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/costs.hpp"

namespace wt {
namespace {

// ICI 100 GB/s per link and 1 us per hop, DCN 5 GB/s per chip and 10 us, 5 us per call.
Fabric two_level() {
  Fabric f{};
  f.call_overhead_s = 5e-6;
  f.ici = {1e-6, 100e9};
  f.inter = {1e-6, 100e9};
  f.intra = {1e-6, 400e9};
  f.dcn = {10e-6, 5e9};
  return f;
}

// 8 ranks in 2 slices, each part a wrapped ring of 4 chips on one host.
GroupShape eight_in_two_slices() {
  GroupShape g{8, 2};
  g.on_torus = true;
  g.torus = TorusGroup{{4, 1, 1}, {true, true, true}};
  g.slices = 2;
  return g;
}

constexpr double kS = 64e6;

TEST(DcnCollective, AllReduceIsIciReduceScatterDcnAllReduceIciAllGather) {
  // ICI reduce-scatter of S on the 4-ring: 3 hops + (3/4)S over 2 rings = 3 us + 240 us; the
  // 16 MB shard all-reduced by a ring of 2 slices: 2·10 us + 2·(1/2)·16 MB / 5 GB/s = 3.22 ms;
  // the all-gather mirrors the reduce-scatter; one call overhead.
  const CollectiveCost c =
      collective_cost(Collective::all_reduce, kS, eight_in_two_slices(), two_level());
  EXPECT_NEAR(c.time_s, 5e-6 + 2.0 * 243e-6 + 3.22e-3, 1e-12);
  // Bytes per chip: (3/4)S twice over ICI and the shard once over DCN.
  EXPECT_NEAR(c.bytes_sent_per_gpu, 2.0 * 0.75 * kS + 16e6, 1e-3);
}

TEST(DcnCollective, AllGatherAndReduceScatterTakeOneHalf) {
  // 243 us over ICI, then 10 us + (1/2)·16 MB / 5 GB/s = 1.61 ms over DCN.
  for (Collective c : {Collective::all_gather, Collective::reduce_scatter}) {
    EXPECT_NEAR(collective_cost(c, kS, eight_in_two_slices(), two_level()).time_s,
                5e-6 + 243e-6 + 1.61e-3, 1e-12);
  }
}

TEST(DcnCollective, OneRankPerSliceIsARingOverDcn) {
  GroupShape g{2, 2};
  g.slices = 2;
  // 2·10 us + S / 5 GB/s = 12.82 ms (n = 2: the ring moves (1/2)·S twice).
  EXPECT_NEAR(collective_cost(Collective::all_reduce, kS, g, two_level()).time_s,
              5e-6 + 20e-6 + kS / 5e9, 1e-12);
}

TEST(DcnCollective, SendsAcrossSlicesTakeTheDcnLink) {
  GroupShape g{2, 2};
  g.slices = 2;
  EXPECT_NEAR(collective_cost(Collective::send_recv, kS, g, two_level()).time_s,
              5e-6 + 10e-6 + kS / 5e9, 1e-12);
}

TEST(DcnCollective, SlicesSpannedFollowTheSliceMajorChipOrder) {
  ClusterConfig c;
  c.gpu = "tpu-v4";
  c.num_nodes = 32;
  c.gpus_per_node = 4;
  c.intra_node.fabric = IntraNodeFabric::ici;
  c.dcn.num_slices = 2;                             // 2 slices of 64 chips
  EXPECT_EQ(slices_spanned(4, 1, c), 1);            // TP 4 inside a host
  EXPECT_EQ(slices_spanned(16, 4, c), 1);           // DP 16 at stride 4: one slice's 64 chips
  EXPECT_EQ(slices_spanned(32, 4, c), 2);           // DP 32 at stride 4: 16 chips in each slice
  EXPECT_EQ(slices_spanned(2, 64, c), 2);           // one rank per slice
  EXPECT_EQ(slices_spanned(6, 16, c), 1);           // 4 ranks in one slice, 2 in the next: flat
  c.intra_node.fabric = IntraNodeFabric::nvswitch;  // no slices off ICI
  EXPECT_EQ(slices_spanned(32, 4, c), 1);
}

TEST(DcnCollective, TheShippedTwoSliceScenarioPricesDpOverDcn) {
  // scenarios/tpu-v4-2slice-gpt3-13b.json: two 4×4×4 v4 slices, TP 4, DP 32.
  const Scenario s =
      load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/tpu-v4-2slice-gpt3-13b.json");
  const GpuSpec& gpu = *find_gpu(s.cluster.gpu);
  const Fabric f = make_fabric(s, gpu);
  // 200 Gb/s per host (the default, an assumption) shared by its 4 chips, at the network
  // efficiency; 10 us.
  EXPECT_NEAR(f.dcn.beta_Bps, 25e9 / 4.0 * gpu.network_efficiency.value, 1e-3);
  EXPECT_NEAR(f.dcn.alpha_s, 10e-6, 1e-15);
  // DP 32 at stride 4: 16 chips (dimensions 1 and 2) in each of the 2 slices.
  const GroupShape dp = comm_group(CommDim::dp, 32, s);
  EXPECT_EQ(dp.slices, 2);
  EXPECT_TRUE(dp.on_torus);
  EXPECT_EQ(dp.torus.dims, (std::array<int, 3>{1, 4, 4}));
  // TP 4 stays on its host's ring.
  EXPECT_EQ(comm_group(CommDim::tp, 4, s).slices, 1);
}

TEST(DcnCollective, SlicesNeedIciAndWholeHosts) {
  const std::string path = std::string(WT_SOURCE_DIR) + "/scenarios/tpu-v4-2slice-gpt3-13b.json";
  EXPECT_THROW(load_scenario_file(path, {"cluster.num_nodes=31"}), InputError);
  EXPECT_THROW(load_scenario_file(path, {"cluster.dcn.num_slices=3"}), InputError);
  EXPECT_THROW(load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/llama2-70b-64-h100.json",
                                  {"cluster.dcn.num_slices=2"}),
               InputError);
}

}  // namespace
}  // namespace wt
