// A collective whose group is a sub-block of the chips' torus runs in the SimGrid engine as the
// per-dimension bidirectional rings of the walk's closed form (sim/comm/torus_collective.hpp,
// sim/engine/simgrid/torus_flows.hpp). On the uncontended network with a port per chip, dimension
// and direction, one collective alone takes exactly the closed form, figured here by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/comm/torus_collective.hpp"
#include "sim/engine/simgrid/uncontended_topology.hpp"
#include "test_support.hpp"

namespace wt::sgtest {
namespace {

constexpr double kIntraAlpha_s = 1e-6, kIntra_Bps = 4e11;  // a host's chips (unused by the rings)
constexpr double kInterAlpha_s = 9e-6, kInter_Bps = 1e9;   // between hosts (unused by the rings)
constexpr double kIciAlpha_s = 2e-6, kIci_Bps = 5e10;      // one ICI link, per direction
constexpr double kOverhead_s = 5e-6;
constexpr double kBytes = 1e8;

struct Slice {
  std::vector<int> dims;
  std::vector<bool> wrap;
};

Fabric fabric() {
  Fabric f{{kIntraAlpha_s, kIntra_Bps}, {kInterAlpha_s, kInter_Bps}, kOverhead_s};
  f.ici = {kIciAlpha_s, kIci_Bps};
  return f;
}

// One data-parallel collective over every chip of the slice (hosts of 4 chips), alone.
double simulate(const Slice& slice, Collective c, bool aggregate = true, int count = 1) {
  int chips = 1;
  for (int d : slice.dims)
    chips *= d;
  Workload w = workload(1, 1, chips);
  Op op = comm_op(OpKind::collective, CommDim::dp, c, kBytes, chips, 0.0, Stream::dp_comm);
  op.count = count;
  w.programs[0].ops.push_back(op);
  sg::UncontendedLinks links{kIntra_Bps, kIntraAlpha_s, kInter_Bps, kInterAlpha_s};
  links.torus_dims = slice.dims;
  links.torus_wrap = slice.wrap;
  links.torus_block = chips;
  links.ici_Bps = kIci_Bps;
  links.ici_latency_s = kIciAlpha_s;
  const auto t = sg::uncontended_topology(chips / 4, 4, links);
  SimgridSetup setup = setup_for(*t, fabric());
  setup.torus = {slice.dims, slice.wrap, chips};
  setup.reductions.aggregate_ring_steps = aggregate;
  return simulate_simgrid(w, setup).timeline.iteration_s;
}

TorusGroup group_of(const Slice& slice) {
  int chips = 1;
  for (int d : slice.dims)
    chips *= d;
  return *torus_group(chips, 1, slice.dims, slice.wrap);
}

// The walk's closed form is `half` (α and β terms of one reduce-scatter), and SimGrid takes it:
// reduce-scatter and all-gather one half, all-reduce two, each plus the call overhead.
void expect_closed_form(const Slice& slice, double half) {
  EXPECT_NEAR(torus_reduce_scatter_s(group_of(slice), kBytes, fabric().ici), half, 1e-15);
  const double rs = kOverhead_s + half, ar = kOverhead_s + 2 * half;
  EXPECT_NEAR(simulate(slice, Collective::reduce_scatter), rs, 1e-9 * rs);
  EXPECT_NEAR(simulate(slice, Collective::all_gather), rs, 1e-9 * rs);
  EXPECT_NEAR(simulate(slice, Collective::all_reduce), ar, 1e-9 * ar);
}

TEST(Torus, FourByFourWrappedIsTwoRingsEachWayAlongBothDimensions) {
  // Parts of S/2; each dimension carries (S/2)(3/4) + (S/8)(3/4) = 15S/32 per chip, half each way
  // round: reduce-scatter = overhead + (3 + 3) α + 15S/32 / (2β).
  const Slice slice{{4, 4}, {true, true}};
  const double half = 6 * kIciAlpha_s + 15.0 / 32 * kBytes / (2 * kIci_Bps);
  expect_closed_form(slice, half);
}

TEST(Torus, FourByFourByFourWrappedDividesTheRingByThreeDimensions) {
  // Parts of S/3; each dimension carries (S/3)(1 − 1/64) = 21S/64 per chip, half each way round:
  // reduce-scatter = overhead + 9 α + 21S/64 / (2β).
  const Slice slice{{4, 4, 4}, {true, true, true}};
  const double half = 9 * kIciAlpha_s + 21.0 / 64 * kBytes / (2 * kIci_Bps);
  expect_closed_form(slice, half);
}

TEST(Torus, TwoByFourLinesAreOneRingBoundByTheBusierDimension) {
  // Without wrap-around each dimension is one ring over a line. Part 0 sends S/4 along dimension
  // 0 and 3S/16 along 1, part 1 sends 3S/8 along 1 and S/16 along 0: loads (5S/16, 9S/16), so
  // reduce-scatter = overhead + (1 + 3) α + 9S/16 / β.
  const Slice slice{{2, 4}, {false, false}};
  const double half = 4 * kIciAlpha_s + 9.0 / 16 * kBytes / kIci_Bps;
  expect_closed_form(slice, half);
}

TEST(Torus, RepeatedCallsPayTheOverheadAndLatencyOncePerCall) {
  const Slice slice{{4, 4}, {true, true}};
  const double ar = kOverhead_s + 2 * (6 * kIciAlpha_s + 15.0 / 32 * kBytes / (2 * kIci_Bps));
  EXPECT_NEAR(simulate(slice, Collective::all_reduce, true, 3), 3 * ar, 1e-9 * 3 * ar);
}

TEST(Torus, StepByStepEqualsTheAggregatedRingsOnEqualDimensions) {
  // Reduction B off: every ring step is a phase; with equal sizes every dimension moves the same
  // bytes per step, so the steps add up to the same time.
  const Slice slice{{4, 4}, {true, true}};
  const double ar = simulate(slice, Collective::all_reduce);
  EXPECT_NEAR(simulate(slice, Collective::all_reduce, false), ar, 1e-9 * ar);
  EXPECT_NEAR(simulate(slice, Collective::all_reduce, false, 2), 2 * ar, 1e-9 * 2 * ar);
}

// A data-parallel all-gather of `data` ranks at stride `tensor` on a 4 × 4 slice (4 hosts of 4
// chips), with or without the chip torus in the setup.
double strided_all_gather(int tensor, int data, bool torus) {
  Workload w = workload(1, tensor, data);
  w.programs[0].ops.push_back(comm_op(OpKind::collective, CommDim::dp, Collective::all_gather,
                                      kBytes, data, 0.0, Stream::dp_comm));
  sg::UncontendedLinks links{kIntra_Bps, kIntraAlpha_s, kInter_Bps, kInterAlpha_s};
  links.torus_dims = {4, 4};
  links.torus_wrap = {true, true};
  links.torus_block = 16;
  links.ici_Bps = kIci_Bps;
  links.ici_latency_s = kIciAlpha_s;
  const auto t = sg::uncontended_topology(4, 4, links);
  SimgridSetup setup = setup_for(*t, fabric());
  setup.pin = CollectiveAlgorithm::ring;
  if (torus) setup.torus = {{4, 4}, {true, true}, 16};
  return simulate_simgrid(w, setup).timeline.iteration_s;
}

TEST(Torus, AGroupThatDoesNotAlignKeepsTheFlatRings) {
  // 8 ranks at stride 2 skip half of dimension 0: torus_group refuses them, so the group runs the
  // same flat rings with or without the chip torus.
  EXPECT_EQ(strided_all_gather(2, 8, true), strided_all_gather(2, 8, false));
  // 4 ranks at stride 4 are the wrapped ring of dimension 1: one ring each way of S·3/4 / 2 per
  // chip, instead of the flat ring's.
  const double ring = kOverhead_s + 3 * kIciAlpha_s + 3.0 / 8 * kBytes / kIci_Bps;
  EXPECT_NEAR(strided_all_gather(4, 4, true), ring, 1e-9 * ring);
  EXPECT_GT(std::abs(strided_all_gather(4, 4, false) - ring), 1e-3 * ring);
}

}  // namespace
}  // namespace wt::sgtest
