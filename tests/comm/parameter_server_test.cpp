// The parameter server's NIC loads and push/pull time (sim/comm/parameter_server.hpp) against
// hand-computed values.
#include "sim/comm/parameter_server.hpp"

#include <gtest/gtest.h>

namespace wt {
namespace {

TEST(ParameterServer, NicLoadsPerPlacement) {
  const double g = 1e9;
  // Colocated, one server per node (BytePS's co-located case): G (W + S - 2) / S = 1.5 G, the
  // ring all-reduce's 2 G (W - 1) / W.
  EXPECT_DOUBLE_EQ(ps_load(g, 4, 4, ServerPlacement::colocated).server_nic_bytes, 1.5e9);
  EXPECT_DOUBLE_EQ(ps_load(g, 4, 4, ServerPlacement::colocated).worker_nic_bytes, 1e9);
  // One colocated server takes the other three workers' gradients: 3 G.
  EXPECT_DOUBLE_EQ(ps_load(g, 4, 1, ServerPlacement::colocated).server_nic_bytes, 3e9);
  // Dedicated: W G / S.
  EXPECT_DOUBLE_EQ(ps_load(g, 4, 2, ServerPlacement::dedicated).server_nic_bytes, 2e9);
  EXPECT_DOUBLE_EQ(ps_load(g, 4, 4, ServerPlacement::dedicated).busiest_bytes(), 1e9);
}

TEST(ParameterServer, PushPullTimeIsTheBusiestNicPlusLatencies) {
  Scenario s;
  s.cluster.num_nodes = 4;
  s.cluster.gpus_per_node = 1;
  s.parallel.data_sync = DataSync::parameter_server;
  s.parallel.server_placement = ServerPlacement::dedicated;
  s.parallel.num_servers = 2;
  Fabric f{};
  f.inter = {5e-6, 10e9};
  f.call_overhead_s = 1e-5;
  // 2 GB through a server NIC at 10 GB/s, two latencies and the call overhead.
  const CollectiveCost c = ps_push_pull_cost(1e9, s, f);
  EXPECT_NEAR(c.time_s, 0.2 + 2 * 5e-6 + 1e-5, 1e-12);
  EXPECT_DOUBLE_EQ(c.bytes_sent_per_gpu, 2e9);
  EXPECT_EQ(parameter_servers(s), 2);
  s.parallel.num_servers = 0;  // one per worker node
  EXPECT_EQ(parameter_servers(s), 4);
  EXPECT_NEAR(ps_push_pull_cost(1e9, s, f).time_s, 0.1 + 2e-5, 1e-12);
}

}  // namespace
}  // namespace wt
