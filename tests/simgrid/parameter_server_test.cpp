// Parameter servers in the SimGrid engine (sim/engine/simgrid/ps_flows.hpp): the push and pull
// flows of one bucket computed by hand, and on the shipped scenario the dedicated servers' NICs
// are the busiest links, the step time the analytical engine's (async: async_ps_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>

#include "sim/comm/fabric.hpp"
#include "sim/comm/parameter_server.hpp"
#include "sim/engine/simgrid/ps_flows.hpp"
#include "sim/engine/simgrid/uncontended_topology.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/costs.hpp"
#include "topology/topology.hpp"

namespace wt::sg {
namespace {

constexpr double kOverhead_s = 5e-6;
constexpr double kRoute_s = 2e-6;  // network latency of the uncontended topology: one route

Fabric fabric() {
  return Fabric{{1e-6, 1e11}, {kRoute_s, 1e10}, kOverhead_s};
}

Scenario shipped(const std::string& name) {
  return load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/" + name + ".json");
}

TEST(PsFlows, DedicatedServerTakesEveryWorkersShardBothWays) {
  // 2 worker nodes of 2 GPUs, 1 dedicated server (node 2); 3 calls of 1 MB aggregated.
  const auto t = uncontended_topology(3, 2, {1e11, 1e-6, 1e10, kRoute_s});
  RouteLatency latency(*t);
  const PsHosts hosts{2, 1, ServerPlacement::dedicated};
  const CommWork w = ps_push_pull_work(1e6, 3, hosts, 2, fabric(), latency, true);
  ASSERT_EQ(w.phases.size(), 1u);
  const FlowPhase& p = w.phases[0];
  ASSERT_EQ(p.flows.size(), 8u);  // 2 workers x 2 GPUs x (push + pull)
  for (const Flow& f : p.flows) {
    EXPECT_DOUBLE_EQ(f.bytes, 3 * 1e6 / 2);  // 3 calls of G / S over 2 GPUs
    EXPECT_TRUE(f.src / 2 == 2 || f.dst / 2 == 2) << f.src << " -> " << f.dst;
    EXPECT_EQ(f.src % 2, f.dst % 2);  // GPU j to GPU j
  }
  // The node's reduction (1 MB over NVLink) is shorter than the network part: no pad.
  // 3 overheads, 6 route latencies of which the flows carry one.
  EXPECT_NEAR(p.sleep_s, 3 * kOverhead_s + 5 * kRoute_s, 1e-15);
}

TEST(PsFlows, ColocatedServersSkipTheirOwnNode) {
  const auto t = uncontended_topology(2, 2, {1e11, 1e-6, 1e10, kRoute_s});
  RouteLatency latency(*t);
  const PsHosts hosts{2, 2, ServerPlacement::colocated};
  const CommWork w = ps_push_pull_work(1e6, 2, hosts, 2, fabric(), latency, false);
  ASSERT_EQ(w.phases.size(), 2u);  // one phase per call
  for (const FlowPhase& p : w.phases) {
    ASSERT_EQ(p.flows.size(), 8u);  // each worker to the other node's server, 2 GPUs, both ways
    for (const Flow& f : p.flows) {
      EXPECT_NE(f.src / 2, f.dst / 2);
      EXPECT_DOUBLE_EQ(f.bytes, 1e6 / 2 / 2);
    }
    EXPECT_NEAR(p.sleep_s, kOverhead_s + kRoute_s, 1e-15);
  }
}

TEST(PsFlows, ALongerNodeReductionIsSleptBeyondTheNetwork) {
  // NVLink slower than the network (1e8 B/s): the node's all-reduce sets the call's time.
  const Fabric f{{1e-6, 1e8}, {kRoute_s, 1e10}, kOverhead_s};
  const auto t = uncontended_topology(3, 2, {1e8, 1e-6, 1e10, kRoute_s});
  RouteLatency latency(*t);
  const PsHosts hosts{2, 1, ServerPlacement::dedicated};
  const PsCallTimes c = ps_call_times(1e6, hosts, 2, f);
  ASSERT_GT(c.local_s, c.network_s);
  const CommWork w = ps_push_pull_work(1e6, 1, hosts, 2, f, latency, true);
  EXPECT_NEAR(w.phases[0].sleep_s, kOverhead_s + (c.local_s - c.network_s) + kRoute_s, 1e-15);
}

TEST(PsSimgrid, TheDedicatedServersNicIsTheBusiestLink) {
  const Scenario s = shipped("parameter-server-bert-large");
  const RunOutput sg = run_scenario(s, EngineKind::simgrid);
  ASSERT_FALSE(sg.link_loads.empty());
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  ASSERT_NE(gpu, nullptr);
  const auto t =
      topo::build_topology(simulated_cluster(s),
                           topo::intra_node_bandwidth_Bps(
                               s.cluster.intra_node, gpu->nvlink_GBps.value, gpu->pcie_GBps.value));
  // Utilisation is busy time (any flow moving), which every link of a worker's route shares
  // with its flows; the hot spot is the link whose bytes take longest at its bandwidth.
  const auto full_rate_s = [&](const LinkLoad& l) {
    return l.bytes / t->links()[static_cast<size_t>(l.link)].bandwidth_Bps;
  };
  const auto node_of = [&](const LinkLoad& l) {
    const topo::Link& k = t->links()[static_cast<size_t>(l.link)];
    return std::max(t->vertices()[static_cast<size_t>(k.from)].node,
                    t->vertices()[static_cast<size_t>(k.to)].node);
  };
  const auto hottest = std::max_element(
      sg.link_loads.begin(), sg.link_loads.end(),
      [&](const LinkLoad& a, const LinkLoad& b) { return full_rate_s(a) < full_rate_s(b); });
  const auto most_bytes =
      std::max_element(sg.link_loads.begin(), sg.link_loads.end(),
                       [](const LinkLoad& a, const LinkLoad& b) { return a.bytes < b.bytes; });
  EXPECT_EQ(t->links()[static_cast<size_t>(hottest->link)].level, topo::LinkLevel::nic);
  EXPECT_GE(node_of(*hottest), s.cluster.num_nodes) << "not a server node: " << hottest->link;
  EXPECT_EQ(most_bytes->bytes, hottest->bytes);
  double most_busy = 0.0;
  for (const LinkLoad& l : sg.link_loads)
    most_busy = std::max(most_busy, l.utilisation);
  EXPECT_NEAR(hottest->utilisation, most_busy, 1e-9);
  // W G / S per direction: 8 worker nodes over 2 servers carry 4x a worker NIC's bytes.
  double worker_nic = 0.0;
  for (const LinkLoad& l : sg.link_loads) {
    const topo::Link& k = t->links()[static_cast<size_t>(l.link)];
    const int32_t n = node_of(l);
    if (k.level == topo::LinkLevel::nic && n >= 0 && n < s.cluster.num_nodes) {
      worker_nic = std::max(worker_nic, l.bytes);
    }
  }
  EXPECT_NEAR(hottest->bytes, 4.0 * worker_nic, 1e-6 * hottest->bytes);
  RecordProperty("server_nic_bytes", std::to_string(hottest->bytes));
  RecordProperty("server_nic_utilisation", std::to_string(hottest->utilisation));
  RecordProperty("worker_nic_bytes", std::to_string(worker_nic));
  // On the real fat-tree too, the step is the analytical engine's.
  const double analytical_s = run_scenario(s).timeline.iteration_s;
  EXPECT_NEAR(sg.timeline.iteration_s, analytical_s, 0.01 * analytical_s);
  RecordProperty("simgrid_s", std::to_string(sg.timeline.iteration_s));
  RecordProperty("analytical_s", std::to_string(analytical_s));
}

// The reductions (per-stage actors, aggregated calls, one rail) change nothing under parameter
// servers: the same step as one actor set per GPU with every call its own phase.
TEST(PsSimgrid, ReductionsEqualTheUnreducedSimulation) {
  const Scenario s = shipped("parameter-server-bert-large");
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  ASSERT_NE(gpu, nullptr);
  const Fabric f = make_fabric(s, *gpu);
  Workload w = build_workload(s);
  assign_durations(w, s, *gpu, f, nullptr);
  const auto t =
      topo::build_topology(simulated_cluster(s),
                           topo::intra_node_bandwidth_Bps(
                               s.cluster.intra_node, gpu->nvlink_GBps.value, gpu->pcie_GBps.value));
  SimgridSetup setup;
  setup.topology = t.get();
  setup.fabric = f;
  setup.parameter_servers = ps_hosts(s);
  const double reduced_s = simulate_simgrid(w, setup).timeline.iteration_s;
  setup.reductions = {true, false, false, false};
  const double unreduced_s = simulate_simgrid(w, setup).timeline.iteration_s;
  EXPECT_NEAR(reduced_s, unreduced_s, 1e-9 * unreduced_s);
}

TEST(PsSimgrid, BackupWorkersRunAsNodes) {
  const Scenario s = shipped("backup-workers-bert-large");
  const RunOutput sg = run_scenario(s, EngineKind::simgrid);
  const double analytical_s = run_scenario(s).timeline.iteration_s;
  EXPECT_NEAR(sg.timeline.iteration_s, analytical_s, 0.01 * analytical_s);
}

}  // namespace
}  // namespace wt::sg
