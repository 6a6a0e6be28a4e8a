#pragma once
// Small hand-made networks and workloads for the SimGrid engine's tests.
#include <deque>
#include <string>
#include <vector>

#include "sim/engine/simgrid/simgrid_engine.hpp"
#include "topology/topology.hpp"

namespace wt::sgtest {

// Nodes of `gpn` GPUs on an NVSwitch (links gpu↔nvswitch of `intra_Bps`, latency intra_lat_s
// each); network switches and cables added by hand; routes are BFS shortest paths (first found),
// inter-node paths never crossing an NVSwitch.
class GraphTopology final : public topo::Topology {
 public:
  GraphTopology(int nodes, int gpn, double intra_Bps, double intra_lat_s) {
    num_nodes_ = nodes;
    gpus_per_node_ = gpn;
    for (int n = 0; n < nodes; ++n) {
      const int32_t nvs = add(topo::VertexKind::node_switch, n, "nvs" + std::to_string(n));
      for (int g = 0; g < gpn; ++g) {
        const int32_t gpu = add(topo::VertexKind::gpu, n, "gpu" + std::to_string(n * gpn + g));
        gpu_vertices_.push_back(gpu);
        connect(gpu, nvs, intra_Bps, intra_lat_s, topo::LinkLevel::intra_node);
      }
    }
  }
  int32_t add_switch(const std::string& name) {
    return add(topo::VertexKind::network_switch, -1, name);
  }
  // Two directed links a→b and b→a; returns the id of a→b.
  int32_t connect(int32_t a, int32_t b, double Bps, double lat_s, topo::LinkLevel level) {
    links_.push_back({a, b, Bps, lat_s, level});
    links_.push_back({b, a, Bps, lat_s, level});
    return static_cast<int32_t>(links_.size() - 2);
  }
  int32_t attach(int gpu, int32_t sw, double Bps, double lat_s) {
    return connect(gpu_vertex(gpu), sw, Bps, lat_s, topo::LinkLevel::nic);
  }
  std::string name() const override { return "graph"; }
  void route(int src, int dst, uint64_t, std::vector<int32_t>& out) const override {
    if (src == dst) return;
    const bool same_node = src / gpus_per_node_ == dst / gpus_per_node_;
    std::vector<int32_t> via(vertices_.size(), -1);
    std::deque<int32_t> todo{gpu_vertex(src)};
    std::vector<bool> seen(vertices_.size(), false);
    seen[static_cast<size_t>(gpu_vertex(src))] = true;
    while (!todo.empty()) {
      const int32_t v = todo.front();
      todo.pop_front();
      for (int32_t id = 0; id < static_cast<int32_t>(links_.size()); ++id) {
        const topo::Link& l = links_[static_cast<size_t>(id)];
        if (l.from != v || seen[static_cast<size_t>(l.to)]) continue;
        const bool nvswitch =
            vertices_[static_cast<size_t>(l.to)].kind == topo::VertexKind::node_switch;
        if (nvswitch && !same_node) continue;
        seen[static_cast<size_t>(l.to)] = true;
        via[static_cast<size_t>(l.to)] = id;
        todo.push_back(l.to);
      }
    }
    std::vector<int32_t> path;
    for (int32_t v = gpu_vertex(dst); v != gpu_vertex(src);) {
      const int32_t id = via[static_cast<size_t>(v)];
      path.push_back(id);
      v = links_[static_cast<size_t>(id)].from;
    }
    out.insert(out.end(), path.rbegin(), path.rend());
  }
  topo::TopologyMetrics metrics() const override { return {}; }

 private:
  int32_t add(topo::VertexKind kind, int node, std::string name) {
    vertices_.push_back({kind, node, std::move(name)});
    return static_cast<int32_t>(vertices_.size() - 1);
  }
};

inline Op comm_op(OpKind kind, CommDim dim, Collective c, double bytes, int group,
                  double duration_s, Stream stream = Stream::compute) {
  Op op;
  op.kind = kind;
  op.dim = dim;
  op.collective = c;
  op.bytes = bytes;
  op.group_size = group;
  op.stream = stream;
  op.duration_s = duration_s;
  return op;
}

inline Op compute_op(double duration_s) {
  Op op;
  op.duration_s = duration_s;
  return op;
}

// A workload of `roles` programs over tensor·context·data ranks each.
inline Workload workload(int roles, int tensor, int data, int context = 1) {
  Workload w;
  w.tensor = tensor;
  w.data = data;
  w.context = context;
  w.pipeline = roles;
  w.num_gpus = roles * tensor * data * context;
  w.programs.resize(static_cast<size_t>(roles));
  for (int r = 0; r < roles; ++r)
    w.programs[static_cast<size_t>(r)].role = r;
  return w;
}

// `roles` pipeline stages of `per_role` GPUs; GPU x of stage `from` sends `bytes` to GPU x of
// stage `to` (global ranks from·per_role + x → to·per_role + x), all at once.
inline Workload stage_send_bytes(int roles, int per_role, int from, int to, double bytes) {
  Workload w = workload(roles, 1, per_role);
  Op send =
      comm_op(OpKind::send, CommDim::pp, Collective::send_recv, bytes, 2, 0.0, Stream::pp_send);
  send.peer_role = to;
  w.programs[static_cast<size_t>(from)].ops.push_back(send);
  Op recv = comm_op(OpKind::recv, CommDim::pp, Collective::send_recv, bytes, 2, 0.0);
  recv.peer_role = from;
  recv.peer_op = 0;
  w.programs[static_cast<size_t>(to)].ops.push_back(recv);
  return w;
}

inline SimgridSetup setup_for(const topo::Topology& t, const Fabric& f) {
  SimgridSetup s;
  s.topology = &t;
  s.fabric = f;
  return s;
}

// Stage 0 (ranks 0–3) all-reduces 1e8 bytes over a ring 0→1→2→3→0 while stage 1 sends
// `competitor_bytes` per GPU to stage 0. Ranks 0, 1, 5 sit on switch X, the others on switch Y,
// X↔Y one 10 GB/s trunk; NICs 100 GB/s: only the ring flow 3→0 and the competitor 4→0 share a
// link (trunk Y→X). The ring is pinned, its steps aggregated or not.
inline SimgridResult ring_with_competitor(const Fabric& f, double competitor_bytes,
                                          bool aggregate) {
  GraphTopology t(8, 1, 1e12, 1e-7);
  const int32_t x = t.add_switch("X"), y = t.add_switch("Y");
  for (int g = 0; g < 8; ++g)
    t.attach(g, (g == 0 || g == 1 || g == 5) ? x : y, 1e11, 1e-6);
  t.connect(x, y, 1e10, 1e-6, topo::LinkLevel::level1);
  Workload w = workload(2, 1, 4);
  w.programs[0].ops.push_back(comm_op(OpKind::collective, CommDim::dp, Collective::all_reduce, 1e8,
                                      4, 0.0, Stream::dp_comm));
  if (competitor_bytes > 0.0) {
    Op send = comm_op(OpKind::send, CommDim::pp, Collective::send_recv, competitor_bytes, 2, 0.0,
                      Stream::pp_send);
    send.peer_role = 0;
    w.programs[1].ops.push_back(send);
  }
  SimgridSetup setup = setup_for(t, f);
  setup.pin = CollectiveAlgorithm::ring;
  setup.reductions.aggregate_ring_steps = aggregate;
  return simulate_simgrid(w, setup);
}

}  // namespace wt::sgtest
