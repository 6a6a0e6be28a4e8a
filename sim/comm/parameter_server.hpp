#pragma once
// The parameter server (docs/models.md, "Data synchronisation beyond all-reduce"; Li et al.,
// "Scaling Distributed Machine Learning with the Parameter Server", OSDI 2014): the parameters are
// sharded evenly over S servers; every step each worker node pushes its gradients (its GPUs'
// summed inside the node first, as MXNet's kvstore and BytePS do) and pulls the new weights,
// G bytes each way in the gradients' communication dtype. The busiest NIC sets the time (BytePS,
// Jiang et al., OSDI 2020, section 3.1): per direction a worker NIC carries G, a dedicated
// server's W * G / S, and a worker node that also hosts a server (colocated) its own worker's
// G (1 - 1/S) plus its server's (W - 1) G / S, i.e. G (W + S - 2) / S, which for S = W is the ring
// all-reduce's 2 G (W - 1) / W.
#include <cstdint>
#include <string>

#include "sim/comm/collective.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// Per direction and step, the bytes each NIC kind carries for G gradient bytes per worker node.
struct PsLoad {
  double worker_nic_bytes = 0.0;  // a worker node without a server
  double server_nic_bytes = 0.0;  // a server host (dedicated) or a worker node with a server
  double busiest_bytes() const {
    return worker_nic_bytes > server_nic_bytes ? worker_nic_bytes : server_nic_bytes;
  }
};
PsLoad ps_load(double grad_bytes, int64_t workers, int64_t servers, ServerPlacement placement);

// Servers of the scenario: parallel.num_servers, or one per worker node (worker_nodes_running,
// sim/hardware/stragglers.hpp; backup workers push and pull too) when 0.
int64_t parameter_servers(const Scenario& s);

// Where the parameter servers sit among the nodes of the network (the SimGrid engine's hosts):
// worker nodes 0 .. workers - 1 (backup workers included), dedicated servers on extra nodes
// workers .. workers + servers - 1, colocated servers on worker nodes 0 .. servers - 1.
struct PsHosts {
  int64_t workers = 0;  // 0: no parameter servers (all-reduce)
  int64_t servers = 0;
  ServerPlacement placement = ServerPlacement::colocated;
  int64_t first_server_node() const {
    return placement == ServerPlacement::dedicated ? workers : 0;
  }
  int64_t nodes() const {
    return workers + (placement == ServerPlacement::dedicated ? servers : 0);
  }
};
// The scenario's hosts under parameter_server, async and backup_workers (whose buckets the
// analytical engine prices as a push and pull too); workers = 0 under allreduce.
PsHosts ps_hosts(const Scenario& s);
// The cluster the SimGrid engine simulates (and its link loads index): s.cluster with
// ps_hosts(s).nodes() nodes when dedicated parameter servers or backup workers add hosts.
ClusterConfig simulated_cluster(const Scenario& s);

// The two parts of one push and pull that ps_push_pull_cost overlaps: the network part (the
// busiest NIC's bytes at a node's bandwidth, two latencies, the call overhead) and the node's
// own reduction and broadcast over its GPUs (0 with one GPU per node).
struct PsCallTimes {
  double network_s = 0.0;
  double local_s = 0.0;
};
PsCallTimes ps_call_times(double bytes, const PsHosts& hosts, int gpus_per_node,
                          const Fabric& fabric);

// One push and pull of `bytes` gradient bytes per worker node (one bucket call): the busiest NIC's
// bytes at the node's network bandwidth (fabric.inter.beta_Bps per GPU times gpus_per_node; a
// dedicated server has a node's NICs), two network latencies and the call overhead, pipelined
// with the node's own reduction and broadcast over its GPUs (an intra-node all-reduce of `bytes`,
// which BytePS overlaps with the network part in chunks): the larger of the two.
// bytes_sent_per_gpu: the busiest NIC's bytes over the node's GPUs.
CollectiveCost ps_push_pull_cost(double bytes, const Scenario& s, const Fabric& fabric);

}  // namespace wt
