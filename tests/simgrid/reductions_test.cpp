// Every reduction of the SimGrid engine against the unreduced simulation on small cases.
#include <gtest/gtest.h>

#include "sim/comm/fabric.hpp"
#include "sim/engine/simgrid/uncontended_topology.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/costs.hpp"
#include "test_support.hpp"

namespace wt::sgtest {
namespace {

constexpr double kIntraAlpha_s = 2e-6, kIntra_Bps = 1e11;
constexpr double kInterAlpha_s = 3e-6, kInter_Bps = 1e10;
constexpr double kOverhead_s = 5e-6;

Fabric fabric() {
  return Fabric{{kIntraAlpha_s, kIntra_Bps}, {kInterAlpha_s, kInter_Bps}, kOverhead_s};
}

SimgridReductions none() {
  return {false, false, false, false};
}

// --- A: collectives inside one NVSwitch node ---------------------------------------------------

// One node of 8 GPUs, TP groups of `tensor` all running one all-reduce of S at once.
double tp_all_reduce(int tensor, bool closed_form) {
  const double bytes = 1e8;
  const double closed_s =
      kOverhead_s + ring_all_reduce_s(tensor, bytes, {kIntraAlpha_s, kIntra_Bps});
  Workload w = workload(1, tensor, 8 / tensor);
  w.programs[0].ops.push_back(
      comm_op(OpKind::collective, CommDim::tp, Collective::all_reduce, bytes, tensor, closed_s));
  const auto t =
      sg::uncontended_topology(1, 8, {kIntra_Bps, kIntraAlpha_s, kInter_Bps, kInterAlpha_s});
  SimgridSetup setup = setup_for(*t, fabric());
  setup.reductions.intra_node_closed_form = closed_form;
  return simulate_simgrid(w, setup).timeline.iteration_s;
}

TEST(ReductionA, IntraNodeFlowsOverTheNvSwitchTakeTheClosedForm) {
  // TP 8: one ring of 8 over the NVSwitch ports: 14 α + 14/8 · S / β = 5 + 28 µs + 1.75 ms.
  EXPECT_NEAR(tp_all_reduce(8, false), kOverhead_s + 14 * kIntraAlpha_s + 1.75e8 / kIntra_Bps,
              1e-12);
  EXPECT_NEAR(tp_all_reduce(8, false), tp_all_reduce(8, true), 1e-12);
}

TEST(ReductionA, OtherGroupsOfTheNodeDoNotSlowAGroup) {
  // TP 2 × 4 groups in one node, all at once: each GPU has its own port, nothing contends.
  const double expected = kOverhead_s + 2 * kIntraAlpha_s + 1e8 / kIntra_Bps;
  EXPECT_NEAR(tp_all_reduce(2, false), expected, 1e-12);
  EXPECT_NEAR(tp_all_reduce(2, true), expected, 1e-12);
}

// --- B: ring steps aggregated
// ---------------------------------------------------------------------

// When stage 0 ends in ring_with_competitor (test_support.hpp) on this file's fabric.
double ring_end_s(double competitor_bytes, bool aggregate) {
  return ring_with_competitor(fabric(), competitor_bytes, aggregate).timeline.roles[0].end_s;
}

TEST(ReductionB, AggregatedRingEqualsStepByStepWithoutCompetitor) {
  // The trunk flows bound the ring: 6 steps of S/4 at 10 GB/s, route latency 3 µs per step.
  const double expected = kOverhead_s + 6 * 3e-6 + 1.5e8 / 1e10;
  EXPECT_NEAR(ring_end_s(0.0, true), expected, 1e-9);
  EXPECT_NEAR(ring_end_s(0.0, false), expected, 1e-9);
}

TEST(ReductionB, AggregatedRingEqualsStepByStepWithACompetitorOnOneLink) {
  // A competitor that outlasts the ring halves the trunk Y→X for flow 3→0 in every step.
  const double expected = kOverhead_s + 6 * 3e-6 + 1.5e8 / 5e9;
  EXPECT_NEAR(ring_end_s(1e9, true), expected, 1e-9);
  EXPECT_NEAR(ring_end_s(1e9, false), expected, 1e-9);
}

TEST(ReductionB, ACompetitorEndingMidRingMovesTheTwoWithinTheStepLatencies) {
  // The competitor (30 MB at 5 GB/s, ~6 ms) ends during the ring. Step by step it also runs alone
  // during the 6 step latencies (the aggregated flow pays one, the rest is a sleep before it), so
  // it ends earlier there; the ring times differ by less than the 6 latencies, 18 µs.
  const double aggregated = ring_end_s(3e7, true);
  const double stepwise = ring_end_s(3e7, false);
  EXPECT_NEAR(aggregated, stepwise, 6 * 3e-6);
  // Both lie between the uncontended ring and a ring contended from start to end.
  EXPECT_GT(aggregated, kOverhead_s + 6 * 3e-6 + 1.5e8 / 1e10);
  EXPECT_LT(aggregated, kOverhead_s + 6 * 3e-6 + 1.5e8 / 5e9);
}

// --- C: one actor set per role vs one per GPU
// -----------------------------------------------------

// llama3-8b cut to 4 layers on 4 nodes × 2 GPUs, TP 2 · PP 2 · DP 2, 4 micro-batches.
Workload small_training(Fabric& f) {
  const Scenario s = load_scenario_file(
      std::string(WT_SOURCE_DIR) + "/tests/cli/data/llama3-8b-1node.json",
      {"model.num_layers=4", "cluster.num_nodes=4", "cluster.gpus_per_node=2", "parallel.tensor=2",
       "parallel.pipeline=2", "training.global_batch_size=8", "cluster.network.nics_per_node=2"});
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  f = make_fabric(s, *gpu);
  Workload w = build_workload(s);
  assign_durations(w, s, *gpu, f);
  return w;
}

// A 2:1 dumbbell: nodes 0–1 (stage 0) on leaf A, nodes 2–3 (stage 1) on leaf B, NICs at the
// fabric's per-GPU rate, one uplink per leaf of 2 NICs' worth for 4 GPUs.
GraphTopology dumbbell(const Fabric& f) {
  GraphTopology t(4, 2, f.intra.beta_Bps, f.intra.alpha_s / 2);
  const int32_t a = t.add_switch("A"), b = t.add_switch("B");
  for (int g = 0; g < 8; ++g)
    t.attach(g, g < 4 ? a : b, f.inter.beta_Bps, 1e-6);
  t.connect(a, b, 2 * f.inter.beta_Bps, 1e-6, topo::LinkLevel::level1);
  return t;
}

void expect_same_role_times(const SimgridResult& per_role, const SimgridResult& per_gpu,
                            int ranks) {
  ASSERT_EQ(per_gpu.timeline.roles.size(),
            per_role.timeline.roles.size() * static_cast<size_t>(ranks));
  EXPECT_NEAR(per_role.timeline.iteration_s, per_gpu.timeline.iteration_s,
              1e-9 * per_role.timeline.iteration_s);
  for (size_t r = 0; r < per_role.timeline.roles.size(); ++r) {
    const RoleTimeline& role = per_role.timeline.roles[r];
    for (size_t i = 0; i < role.ops.size(); ++i) {
      double latest = 0.0;
      for (int x = 0; x < ranks; ++x)
        latest = std::max(
            latest, per_gpu.timeline.roles[r * static_cast<size_t>(ranks) + static_cast<size_t>(x)]
                        .ops[i]
                        .end_s);
      ASSERT_NEAR(role.ops[i].end_s, latest, 1e-9 * per_role.timeline.iteration_s)
          << "role " << r << " op " << i;
    }
  }
}

TEST(ReductionC, OneActorSetPerRoleEqualsOnePerGpuOnASymmetricFabric) {
  Fabric f{};
  const Workload w = small_training(f);
  const auto uncontended = sg::uncontended_topology(
      4, 2, {f.intra.beta_Bps, f.intra.alpha_s, f.inter.beta_Bps, f.inter.alpha_s});
  SimgridSetup setup = setup_for(*uncontended, f);
  setup.reductions.representative_rail = false;
  const SimgridResult per_role = simulate_simgrid(w, setup);
  setup.reductions.one_actor_set_per_role = false;
  expect_same_role_times(per_role, simulate_simgrid(w, setup), 4);
}

TEST(ReductionC, OneActorSetPerRoleEqualsOnePerGpuUnderContention) {
  Fabric f{};
  const Workload w = small_training(f);
  const GraphTopology t = dumbbell(f);
  SimgridSetup setup = setup_for(t, f);
  const SimgridResult per_role = simulate_simgrid(w, setup);
  setup.reductions = none();
  setup.reductions.intra_node_closed_form = true;
  setup.reductions.aggregate_ring_steps = true;
  expect_same_role_times(per_role, simulate_simgrid(w, setup), 4);
}

TEST(ReductionC, RailZeroAloneEqualsAllRailsWhenRailsShareNoLink) {
  Fabric f{};
  const Workload w = small_training(f);
  const auto t = sg::uncontended_topology(
      4, 2, {f.intra.beta_Bps, f.intra.alpha_s, f.inter.beta_Bps, f.inter.alpha_s});
  SimgridSetup setup = setup_for(*t, f);
  const SimgridResult rail_zero = simulate_simgrid(w, setup);
  setup.reductions.representative_rail = false;
  const SimgridResult all_rails = simulate_simgrid(w, setup);
  EXPECT_EQ(rail_zero.timeline.iteration_s, all_rails.timeline.iteration_s);
  EXPECT_EQ(2 * rail_zero.flows, all_rails.flows);
  const auto& notes = rail_zero.reductions;
  EXPECT_TRUE(std::any_of(notes.begin(), notes.end(),
                          [](const std::string& n) { return n.rfind("rails:", 0) == 0; }));
}

TEST(ReductionC, RailsSharingATrunkAreAllSimulated) {
  Fabric f{};
  const Workload w = small_training(f);
  const GraphTopology t = dumbbell(f);  // both rails cross the one A↔B trunk
  const SimgridResult r = simulate_simgrid(w, setup_for(t, f));
  for (const std::string& n : r.reductions)
    EXPECT_NE(n.rfind("rails:", 0), 0u) << n;
}

TEST(Determinism, TwoRunsAreBitIdentical) {
  Fabric f{};
  const Workload w = small_training(f);
  const GraphTopology t = dumbbell(f);
  const SimgridResult a = simulate_simgrid(w, setup_for(t, f));
  const SimgridResult b = simulate_simgrid(w, setup_for(t, f));
  ASSERT_EQ(a.timeline.roles.size(), b.timeline.roles.size());
  for (size_t r = 0; r < a.timeline.roles.size(); ++r) {
    for (size_t i = 0; i < a.timeline.roles[r].ops.size(); ++i) {
      EXPECT_EQ(a.timeline.roles[r].ops[i].end_s, b.timeline.roles[r].ops[i].end_s);
    }
  }
}

}  // namespace
}  // namespace wt::sgtest
