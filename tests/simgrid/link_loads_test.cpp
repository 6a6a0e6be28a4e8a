// Per-link traffic of the SimGrid engine (LinkTraffic, RunOutput::link_loads): bytes and busy
// time computed by hand on tiny cases, the same with and without every reduction, mirrored onto
// the rails reduction C' leaves out, carried across the child's pipe, and absent for the
// analytical engine.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "sim/comm/fabric.hpp"
#include "sim/engine/simgrid/des.hpp"
#include "sim/engine/simgrid/uncontended_topology.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/costs.hpp"
#include "test_support.hpp"

namespace wt::sgtest {
namespace {

constexpr double kOverhead_s = 5e-6;
constexpr double kNic_Bps = 1e10;
constexpr double kHop_s = 1e-6;

Fabric fabric() {
  return Fabric{{2e-6, 1e11}, {3e-6, kNic_Bps}, kOverhead_s};
}

SimgridReductions none() {
  return {false, false, false, false};
}

std::map<int32_t, LinkTraffic> by_link(const SimgridResult& r) {
  std::map<int32_t, LinkTraffic> out;
  for (const LinkTraffic& l : r.links)
    out[l.link] = l;
  return out;
}

// Same links, bytes to 1e-9 relative, busy times within `busy_tol_s`.
void expect_same_loads(const SimgridResult& a, const SimgridResult& b, double busy_tol_s) {
  const auto x = by_link(a), y = by_link(b);
  ASSERT_EQ(x.size(), y.size());
  for (const auto& [id, l] : x) {
    ASSERT_TRUE(y.count(id)) << "link " << id;
    EXPECT_NEAR(l.bytes, y.at(id).bytes, 1e-9 * l.bytes) << "link " << id;
    EXPECT_NEAR(l.busy_s, y.at(id).busy_s, busy_tol_s) << "link " << id;
  }
}

// `nodes` one-GPU nodes on one switch (NIC cables of kNic_Bps, kHop_s): 1 ms of compute, then
// one ring all-reduce of `bytes` over all of them.
SimgridResult ring_all_reduce(int nodes, double bytes, GraphTopology& t) {
  const int32_t sw = t.add_switch("X");
  for (int g = 0; g < nodes; ++g)
    t.attach(g, sw, kNic_Bps, kHop_s);
  Workload w = workload(1, 1, nodes);
  w.programs[0].ops.push_back(compute_op(1e-3));
  Op op = comm_op(OpKind::collective, CommDim::dp, Collective::all_reduce, bytes, nodes, 0.0);
  op.deps = {0};
  w.programs[0].ops.push_back(op);
  SimgridSetup setup = setup_for(t, fabric());
  setup.pin = CollectiveAlgorithm::ring;
  return simulate_simgrid(w, setup);
}

TEST(LinkLoads, EveryRingLinkCarriesTwoNMinusOneOverNOfTheBuffer) {
  for (int n : {2, 4}) {
    const double bytes = 1e8;
    GraphTopology t(n, 1, 1e12, 1e-7);
    const SimgridResult r = ring_all_reduce(n, bytes, t);
    // Ring 0 → 1 → … → 0: GPU i's up-link and down-link each carry one flow of 2(n−1)/n · S,
    // alone, so each is busy for that over 10 GB/s.
    const double carried = 2.0 * (n - 1) / n * bytes;
    ASSERT_EQ(r.links.size(), static_cast<size_t>(2 * n)) << n << " nodes";
    for (const LinkTraffic& l : r.links) {
      EXPECT_EQ(t.links()[static_cast<size_t>(l.link)].level, topo::LinkLevel::nic);
      EXPECT_NEAR(l.bytes, carried, 1e-9 * carried);
      EXPECT_NEAR(l.busy_s, carried / kNic_Bps, 1e-12);
    }
    // The iteration: compute, call overhead, 2(n−1) step latencies of 2 hops, the transfer.
    const double iteration_s = 1e-3 + kOverhead_s + 2 * (n - 1) * 2 * kHop_s + carried / kNic_Bps;
    EXPECT_NEAR(r.timeline.iteration_s, iteration_s, 1e-12);
  }
}

TEST(LinkLoads, SharedLinkIsBusyWhileEitherFlowMovesData) {
  // Two senders into one receiver: the receiver's down-link carries both flows (S and 2S); they
  // share it (S/2 each per unit of time) until the first completes at 2S/B, then the second runs
  // alone: busy 3S/B, one busy period. Each up-link is busy while its own flow moves data.
  const double bytes = 1e8;
  GraphTopology t(3, 1, 1e12, 1e-7);
  const int32_t sw = t.add_switch("X");
  std::vector<int32_t> up;
  for (int g = 0; g < 3; ++g)
    up.push_back(t.attach(g, sw, kNic_Bps, kHop_s));
  Workload w = workload(3, 1, 1);
  for (int role : {1, 2}) {
    Op send = comm_op(OpKind::send, CommDim::pp, Collective::send_recv, role * bytes, 2, 0.0,
                      Stream::pp_send);
    send.peer_role = 0;
    w.programs[static_cast<size_t>(role)].ops.push_back(send);
  }
  const auto loads = by_link(simulate_simgrid(w, setup_for(t, fabric())));
  const int32_t down0 = up[0] + 1;
  EXPECT_NEAR(loads.at(down0).bytes, 3 * bytes, 1e-6);
  EXPECT_NEAR(loads.at(down0).busy_s, 3 * bytes / kNic_Bps, 1e-9);
  EXPECT_NEAR(loads.at(up[1]).busy_s, 2 * bytes / kNic_Bps, 1e-9);  // shared its whole life
  EXPECT_NEAR(loads.at(up[2]).busy_s, 3 * bytes / kNic_Bps, 1e-9);  // half, then all the rate
  EXPECT_EQ(loads.count(up[0]), 0u);                                // GPU 0 sends nothing
}

// --- reductions ----------------------------------------------------------------------------------

// One node of 8 GPUs, TP groups of `tensor`, each all-reducing 1e8 bytes at once.
SimgridResult tp_all_reduce(int tensor, bool closed_form, const topo::Topology& t) {
  const Fabric f = fabric();
  const double closed_s = kOverhead_s + ring_all_reduce_s(tensor, 1e8, f.intra);
  Workload w = workload(1, tensor, 8 / tensor);
  w.programs[0].ops.push_back(
      comm_op(OpKind::collective, CommDim::tp, Collective::all_reduce, 1e8, tensor, closed_s));
  SimgridSetup setup = setup_for(t, f);
  setup.reductions.intra_node_closed_form = closed_form;
  return simulate_simgrid(w, setup);
}

TEST(LinkLoadsReductions, IntraNodeClosedFormLoadsTheNvSwitchPortsItStandsFor) {
  const Fabric f = fabric();
  const auto t = sg::uncontended_topology(1, 8, {f.intra.beta_Bps, f.intra.alpha_s, 1e10, 1e-6});
  for (int tensor : {2, 8}) {
    const SimgridResult closed = tp_all_reduce(tensor, true, *t);
    const SimgridResult flows = tp_all_reduce(tensor, false, *t);
    expect_same_loads(closed, flows, 1e-12);
    // Every GPU's two NVSwitch ports carry 2(n−1)/n · S.
    const double carried = 2.0 * (tensor - 1) / tensor * 1e8;
    ASSERT_EQ(closed.links.size(), 16u);
    for (const LinkTraffic& l : closed.links) {
      EXPECT_NEAR(l.bytes, carried, 1e-9 * carried);
      EXPECT_NEAR(l.busy_s, carried / f.intra.beta_Bps, 1e-12);
    }
  }
}

TEST(LinkLoadsReductions, AggregatedRingStepsLoadLinksAsTheStepsDo) {
  expect_same_loads(ring_with_competitor(fabric(), 0.0, true),
                    ring_with_competitor(fabric(), 0.0, false), 1e-12);
}

TEST(LinkLoadsReductions, UnderContentionAggregatedRingStepsKeepBytesAndTheBottleneck) {
  // The competitor 4→0 shares the trunk Y→X with ring flow 3→0 for the whole ring: the trunk is
  // busy from the first step until the competitor ends, which step by step comes earlier by at
  // most the 6 step latencies (it runs alone in them). Links off the bottleneck differ more: a
  // fast ring flow that sits idle between steps lets a competitor on its link finish sooner.
  const SimgridResult aggregated = ring_with_competitor(fabric(), 1e9, true);
  const SimgridResult stepwise = ring_with_competitor(fabric(), 1e9, false);
  expect_same_loads(aggregated, stepwise, aggregated.timeline.iteration_s);  // bytes only
  const int32_t trunk_yx = 33;  // after 8 NVSwitch and 8 NIC cables: X→Y is 32
  EXPECT_NEAR(by_link(aggregated).at(trunk_yx).busy_s, by_link(stepwise).at(trunk_yx).busy_s,
              6 * 3e-6);
}

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

std::unique_ptr<topo::Topology> small_network(const Fabric& f) {
  return sg::uncontended_topology(
      4, 2, {f.intra.beta_Bps, f.intra.alpha_s, f.inter.beta_Bps, f.inter.alpha_s});
}

TEST(LinkLoadsReductions, OneActorSetPerRoleLoadsLinksAsOnePerGpu) {
  Fabric f{};
  const Workload w = small_training(f);
  const auto t = small_network(f);
  SimgridSetup setup = setup_for(*t, f);
  setup.reductions.representative_rail = false;
  const SimgridResult per_role = simulate_simgrid(w, setup);
  setup.reductions.one_actor_set_per_role = false;
  const SimgridResult per_gpu = simulate_simgrid(w, setup);
  expect_same_loads(per_role, per_gpu, 1e-9 * per_role.timeline.iteration_s);
}

TEST(LinkLoadsReductions, RailZeroIsMirroredOntoTheOtherRails) {
  Fabric f{};
  const Workload w = small_training(f);
  const auto t = small_network(f);
  SimgridSetup setup = setup_for(*t, f);
  const SimgridResult rail_zero = simulate_simgrid(w, setup);
  ASSERT_TRUE(std::any_of(rail_zero.reductions.begin(), rail_zero.reductions.end(),
                          [](const std::string& n) { return n.rfind("rails:", 0) == 0; }));
  setup.reductions.representative_rail = false;
  const SimgridResult all_rails = simulate_simgrid(w, setup);
  expect_same_loads(rail_zero, all_rails, 1e-12);
  // Rail 1 (odd GPUs) has network traffic of its own in the loads, equal to rail 0's.
  const auto loads = by_link(rail_zero);
  double rail_bytes[2] = {0.0, 0.0};
  for (const auto& [id, l] : loads) {
    const topo::Link& link = t->links()[static_cast<size_t>(id)];
    const topo::Vertex& from = t->vertices()[static_cast<size_t>(link.from)];
    if (link.level == topo::LinkLevel::intra_node || from.kind != topo::VertexKind::gpu) continue;
    for (int g = 0; g < t->num_gpus(); ++g) {
      if (t->gpu_vertex(g) == link.from) rail_bytes[g % 2] += l.bytes;
    }
  }
  EXPECT_GT(rail_bytes[0], 0.0);
  EXPECT_DOUBLE_EQ(rail_bytes[0], rail_bytes[1]);
}

TEST(LinkLoadsReductions, AllReductionsLoadLinksAsTheUnreducedSimulation) {
  Fabric f{};
  const Workload w = small_training(f);
  const auto t = small_network(f);
  SimgridSetup setup = setup_for(*t, f);
  const SimgridResult reduced = simulate_simgrid(w, setup);
  // A, C and C' change nothing (B on in both).
  setup.reductions = none();
  setup.reductions.aggregate_ring_steps = true;
  expect_same_loads(reduced, simulate_simgrid(w, setup), 1e-9 * reduced.timeline.iteration_s);
  // Unreduced: the same bytes. Step by step, a pipeline transfer into a GPU also fills the
  // latency gaps between the steps of a ring into that GPU, which the aggregated ring takes as one
  // sleep: busy times differ by those step latencies (here 64 µs of 18.4 ms).
  setup.reductions = none();
  expect_same_loads(reduced, simulate_simgrid(w, setup), 0.005 * reduced.timeline.iteration_s);
}

// --- plumbing ------------------------------------------------------------------------------------

TEST(LinkLoads, TwoRunsAreBitIdentical) {
  Fabric f{};
  const Workload w = small_training(f);
  const auto t = small_network(f);
  const SimgridResult a = simulate_simgrid(w, setup_for(*t, f));
  const SimgridResult b = simulate_simgrid(w, setup_for(*t, f));
  ASSERT_EQ(a.links.size(), b.links.size());
  for (size_t i = 0; i < a.links.size(); ++i) {
    EXPECT_EQ(a.links[i].link, b.links[i].link);
    EXPECT_EQ(a.links[i].bytes, b.links[i].bytes);
    EXPECT_EQ(a.links[i].busy_s, b.links[i].busy_s);
  }
}

TEST(LinkLoads, CrossTheChildProcessPipeUnchanged) {
  sg::DesResult r;
  r.flows = 7;
  r.hosts = 3;
  r.units.resize(1);
  r.units[0].ops.resize(2);
  r.units[0].ops[1].end_s = 0.25;
  r.units[0].end_s = 0.25;
  r.links = {{4, 1.5e8, 0.015}, {9, 3.0, 1e-9}};
  const sg::DesResult back = sg::decode(sg::encode(r));
  ASSERT_EQ(back.links.size(), 2u);
  EXPECT_EQ(back.links[1].link, 9);
  EXPECT_EQ(back.links[0].bytes, 1.5e8);
  EXPECT_EQ(back.links[0].busy_s, 0.015);
  EXPECT_EQ(back.units[0].ops[1].end_s, 0.25);
  EXPECT_EQ(back.flows, 7);
}

// --- run_scenario
// ---------------------------------------------------------------------------------

// Two one-GPU nodes doing pure data parallelism (ring all-reduces of the gradients).
Scenario two_node_dp() {
  return load_scenario_file(
      std::string(WT_SOURCE_DIR) + "/tests/cli/data/llama3-8b-1node.json",
      {"model.num_layers=2", "cluster.num_nodes=2", "cluster.gpus_per_node=1", "parallel.tensor=1",
       "parallel.zero_stage=0", "parallel.sequence_parallel=false", "training.global_batch_size=4",
       "cluster.network.nics_per_node=1", "parallel.collective_algorithm=ring"});
}

TEST(LinkLoadsRun, AnalyticalRunsHaveNone) {
  EXPECT_TRUE(run_scenario(two_node_dp()).link_loads.empty());
}

TEST(LinkLoadsRun, SimgridRunCarriesEveryGradientAcrossEachNic) {
  const Scenario s = two_node_dp();
  const RunOutput out = run_scenario(s, EngineKind::simgrid);
  ASSERT_FALSE(out.link_loads.empty());
  // A ring of two: each GPU sends 2(n−1)/n = 1 × every DP all-reduce's buffer.
  double gradient_bytes = 0.0;
  for (const Op& op : out.workload.programs[0].ops) {
    if (op.kind != OpKind::collective || op.dim != CommDim::dp) continue;
    ASSERT_EQ(op.collective, Collective::all_reduce);
    gradient_bytes += op.bytes * op.count;
  }
  ASSERT_GT(gradient_bytes, 0.0);
  const auto t = topo::build_topology(s.cluster, 1e11);  // link ids do not depend on bandwidth
  int nic_links = 0;
  int32_t previous = -1;
  for (const LinkLoad& l : out.link_loads) {
    EXPECT_GT(l.link, previous);  // ascending, one entry per link
    previous = l.link;
    EXPECT_GE(l.utilisation, 0.0);
    EXPECT_LE(l.utilisation, 1.0);
    const topo::Link& link = t->links()[static_cast<size_t>(l.link)];
    if (link.level != topo::LinkLevel::nic) continue;
    ++nic_links;
    EXPECT_NEAR(l.bytes, gradient_bytes, 1e-9 * gradient_bytes);
    EXPECT_GT(l.utilisation, 0.0);
  }
  EXPECT_EQ(nic_links, 4);  // each NIC's cable, both ways
}

}  // namespace
}  // namespace wt::sgtest
