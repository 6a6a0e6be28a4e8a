// Contended cases computed by hand: k flows sharing one link get 1/k of it each (max-min).
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace wt::sgtest {
namespace {

constexpr double kNic_Bps = 1e10;  // 10 GB/s per NIC
constexpr double kLink_s = 1e-6;   // every network link
constexpr double kOverhead_s = 5e-6;
constexpr double kBytes = 1e9;

Fabric fabric() {
  return Fabric{{1e-6, 1e11}, {4e-6, kNic_Bps}, kOverhead_s};
}

// Two pipeline stages of `replicas` GPUs (one per node); stage 0 sends kBytes per GPU to stage 1.
Workload pipeline_send(int replicas) {
  Workload w = workload(2, 1, replicas);
  Op send =
      comm_op(OpKind::send, CommDim::pp, Collective::send_recv, kBytes, 2, 0.0, Stream::pp_send);
  send.peer_role = 1;
  w.programs[0].ops.push_back(send);
  Op recv = comm_op(OpKind::recv, CommDim::pp, Collective::send_recv, kBytes, 2, 0.0);
  recv.peer_role = 0;
  recv.peer_op = 0;
  w.programs[1].ops.push_back(recv);
  return w;
}

// A 2:1 oversubscribed two-leaf fat-tree: 4 nodes per leaf with 10 GB/s NICs, one 20 GB/s uplink
// per leaf to the spine (40 GB/s down, 20 GB/s up).
GraphTopology oversubscribed_fat_tree() {
  GraphTopology t(8, 1, 1e12, 1e-7);
  const int32_t leaf_a = t.add_switch("leafA"), leaf_b = t.add_switch("leafB");
  const int32_t spine = t.add_switch("spine");
  for (int g = 0; g < 8; ++g)
    t.attach(g, g < 4 ? leaf_a : leaf_b, kNic_Bps, kLink_s);
  t.connect(leaf_a, spine, 2 * kNic_Bps, kLink_s, topo::LinkLevel::level1);
  t.connect(leaf_b, spine, 2 * kNic_Bps, kLink_s, topo::LinkLevel::level1);
  return t;
}

TEST(Contention, FourFlowsShareTheTwoToOneUplinkOfAFatTree) {
  const GraphTopology t = oversubscribed_fat_tree();
  const SimgridResult r = simulate_simgrid(pipeline_send(4), setup_for(t, fabric()));
  // 4 flows on one 20 GB/s uplink: 5 GB/s each; route nic + leaf→spine + spine→leaf + nic.
  const double expected = kOverhead_s + 4 * kLink_s + kBytes / (2 * kNic_Bps / 4);
  EXPECT_NEAR(r.timeline.iteration_s, expected, 1e-9 * expected);
  EXPECT_NEAR(r.timeline.iteration_s, 0.200009, 1e-9);
}

TEST(Contention, TwoFlowsInsideOneLeafRunAtNicRate) {
  const GraphTopology t = oversubscribed_fat_tree();
  // Stages of 2 GPUs: ranks 0,1 send to 2,3, all under leaf A: route nic + nic, full NIC rate.
  const SimgridResult r = simulate_simgrid(pipeline_send(2), setup_for(t, fabric()));
  EXPECT_NEAR(r.timeline.iteration_s, kOverhead_s + 2 * kLink_s + kBytes / kNic_Bps, 1e-9);
}

// A two-group dragonfly: two routers per group, two nodes per router, routers of a group joined by
// 40 GB/s local links and the groups by one 10 GB/s global link (group 0 router 1 ↔ group 1
// router 0). Stage 0 = group 0, stage 1 = group 1: all four flows cross the global link.
TEST(Contention, FourFlowsShareOneDragonflyGlobalLink) {
  GraphTopology t(8, 1, 1e12, 1e-7);
  std::vector<int32_t> routers;
  for (int r = 0; r < 4; ++r)
    routers.push_back(t.add_switch("router" + std::to_string(r)));
  for (int g = 0; g < 8; ++g)
    t.attach(g, routers[static_cast<size_t>(g / 2)], kNic_Bps, kLink_s);
  t.connect(routers[0], routers[1], 4 * kNic_Bps, kLink_s, topo::LinkLevel::level1);
  t.connect(routers[2], routers[3], 4 * kNic_Bps, kLink_s, topo::LinkLevel::level1);
  t.connect(routers[1], routers[2], kNic_Bps, kLink_s, topo::LinkLevel::level2);
  const SimgridResult r = simulate_simgrid(pipeline_send(4), setup_for(t, fabric()));
  // Every route is nic + local + global + nic, or nic + global + local + nic: 4 µs; the global
  // link gives each flow 10/4 GB/s.
  const double expected = kOverhead_s + 4 * kLink_s + kBytes / (kNic_Bps / 4);
  EXPECT_NEAR(r.timeline.iteration_s, expected, 1e-9 * expected);
  EXPECT_NEAR(r.timeline.iteration_s, 0.400009, 1e-9);
}

}  // namespace
}  // namespace wt::sgtest
