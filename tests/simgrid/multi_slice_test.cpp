// A data-parallel collective across TPU ICI slices runs hierarchically in the SimGrid engine, as
// the walk prices it (sim/comm/dcn_collective.hpp): inside each slice, then the slices' peers over
// the data-center network, then inside each slice again. On the uncontended network with a DCN link
// pair per GPU, one collective alone takes the walk's closed form.
#include <gtest/gtest.h>

#include "sim/comm/dcn_collective.hpp"
#include "sim/engine/simgrid/uncontended_topology.hpp"
#include "test_support.hpp"

namespace wt::sgtest {
namespace {

constexpr double kIntraAlpha_s = 2e-6, kIntra_Bps = 1e11;
constexpr double kInterAlpha_s = 6e-6, kInter_Bps = 1e10;  // inside a slice, per GPU
constexpr double kDcnAlpha_s = 20e-6, kDcn_Bps = 2e9;      // between slices, per GPU
constexpr double kOverhead_s = 5e-6;
constexpr double kBytes = 1e8;

Fabric fabric() {
  Fabric f{{kIntraAlpha_s, kIntra_Bps}, {kInterAlpha_s, kInter_Bps}, kOverhead_s};
  f.dcn = {kDcnAlpha_s, kDcn_Bps};
  return f;
}

// 4 nodes × 2 GPUs in 2 slices of 2 nodes; TP 2 inside the node, DP 4 across the nodes, so each
// DP group has 2 members in each slice.
double simulate(Collective c, int count = 1, bool slices = true) {
  Workload w = workload(1, 2, 4);
  Op op = comm_op(OpKind::collective, CommDim::dp, c, kBytes, 4, 0.0, Stream::dp_comm);
  op.count = count;
  w.programs[0].ops.push_back(op);
  const int slice_gpus = slices ? 4 : 0;
  const auto t = sg::uncontended_topology(
      4, 2,
      {kIntra_Bps, kIntraAlpha_s, kInter_Bps, kInterAlpha_s, slice_gpus, kDcn_Bps, kDcnAlpha_s});
  SimgridSetup setup = setup_for(*t, fabric());
  setup.pin = CollectiveAlgorithm::ring;
  setup.slice_gpus = slice_gpus;
  return simulate_simgrid(w, setup).timeline.iteration_s;
}

double walk(Collective c) {
  GroupShape group{4, 4};
  group.slices = 2;
  return multi_slice_cost(c, kBytes, group, fabric(), CollectiveAlgorithm::ring).time_s;
}

TEST(MultiSlice, AllReduceIsReduceScatterThenTheDcnRingThenAllGather) {
  // Inside a slice a ring of 2 (one step of B/2 each way), across the DCN a ring of 2 over the
  // shard B/2 (two steps of B/4), inside again: overhead + 2 (α + B/2/β) + 2 (α_dcn + B/4/β_dcn).
  const double expected = kOverhead_s + 2 * (kInterAlpha_s + kBytes / 2 / kInter_Bps) +
                          2 * (kDcnAlpha_s + kBytes / 4 / kDcn_Bps);
  EXPECT_NEAR(walk(Collective::all_reduce), expected, 1e-12);
  EXPECT_NEAR(simulate(Collective::all_reduce), expected, 1e-9 * expected);
}

TEST(MultiSlice, AllGatherAndReduceScatterTakeTheTwoMatchingHalves) {
  const double expected =
      kOverhead_s + kInterAlpha_s + kBytes / 2 / kInter_Bps + kDcnAlpha_s + kBytes / 4 / kDcn_Bps;
  EXPECT_NEAR(walk(Collective::all_gather), expected, 1e-12);
  EXPECT_NEAR(simulate(Collective::all_gather), expected, 1e-9 * expected);
  EXPECT_NEAR(simulate(Collective::reduce_scatter), expected, 1e-9 * expected);
}

TEST(MultiSlice, RepeatedCallsPayTheOverheadOncePerCall) {
  EXPECT_NEAR(simulate(Collective::all_reduce, 3), 3 * walk(Collective::all_reduce), 1e-10);
}

TEST(MultiSlice, OneSliceKeepsTheFlatRing) {
  // Without slices the same group is one ring of 4 over the network links.
  const double flat = kOverhead_s + 2 * 3 * kInterAlpha_s + 2.0 * 3 / 4 * kBytes / kInter_Bps;
  EXPECT_NEAR(simulate(Collective::all_reduce, 1, false), flat, 1e-9 * flat);
}

}  // namespace
}  // namespace wt::sgtest
