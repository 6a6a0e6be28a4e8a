#include "sim/engine/simgrid/flow_plan.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "sim/engine/simgrid/collective_flows.hpp"
#include "sim/engine/simgrid/dragonfly_flows.hpp"
#include "sim/engine/simgrid/ps_flows.hpp"
#include "sim/engine/simgrid/rail_slices.hpp"
#include "sim/engine/simgrid/torus_flows.hpp"

namespace wt::sg {
namespace {

uint64_t pair_hash(int32_t src, int32_t dst) {
  uint64_t x =
      (static_cast<uint64_t>(static_cast<uint32_t>(src)) << 32) | static_cast<uint32_t>(dst);
  x += 0x9e3779b97f4a7c15ULL;  // splitmix64
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

bool is_comm(const Op& op) {
  return op.kind == OpKind::collective || op.kind == OpKind::send;
}

// Ops of one role with the same key have the same flows and the same duration. The duration is
// part of the key: a TP collective under TP overlap exposes a different part of itself forward and
// backward (sim/workload/tp_overlap.hpp) for the same bytes.
using WorkKey = std::tuple<int, int, int, int, double, int, int, int, double>;

WorkKey key_of(int role, const Op& op) {
  return {role,
          static_cast<int>(op.kind),
          static_cast<int>(op.dim),
          static_cast<int>(op.collective),
          op.bytes,
          op.count,
          op.group_size,
          op.peer_role,
          op.duration_s};
}

class PlanBuilder {
 public:
  PlanBuilder(const Workload& w, const SimgridSetup& setup)
      : w_(w),
        setup_(setup),
        latency_(*setup.topology),
        gpn_(setup.topology->gpus_per_node()),
        ranks_(w.tensor * w.context * w.data) {
    if (!setup.gpu_of_rank.empty()) {
      rank_of_gpu_.assign(static_cast<size_t>(setup.topology->num_gpus()), -1);
      for (size_t r = 0; r < setup.gpu_of_rank.size(); ++r)
        rank_of_gpu_[static_cast<size_t>(setup.gpu_of_rank[r])] = static_cast<int32_t>(r);
    }
  }

  Plan build() {
    plan_.ranks_per_role = ranks_;
    plan_.per_role = setup_.reductions.one_actor_set_per_role;
    const int roles = static_cast<int>(w_.programs.size());
    const int units = plan_.per_role ? roles : roles * ranks_;
    for (int u = 0; u < units; ++u) {
      const int role = plan_.per_role ? u : u / ranks_;
      plan_.unit_role.push_back(role);
      plan_.op_instance.emplace_back(w_.programs[role].ops.size(), -1);
    }
    for (int role = 0; role < roles; ++role)
      plan_role(role);
    describe();
    return std::move(plan_);
  }

 private:
  int base(int role) const { return role * ranks_; }

  // The groups of an op over all replicas of the role, members in group order.
  std::vector<std::vector<int32_t>> groups_of(int role, const Op& op) const {
    std::vector<std::vector<int32_t>> groups;
    if (op.kind == OpKind::send || op.dim == CommDim::pp) {
      const int peer = op.kind == OpKind::send ? op.peer_role : (role == 0 ? pipeline() - 1 : 0);
      for (int x = 0; x < ranks_; ++x)
        groups.push_back({base(role) + x, base(peer) + x});
      return groups;
    }
    const int n = op.group_size, st = stride(op.dim);
    for (int x = 0; x < ranks_; ++x) {
      if ((x / st) % n != 0) continue;
      std::vector<int32_t> members;
      for (int i = 0; i < n; ++i)
        members.push_back(base(role) + x + st * i);
      groups.push_back(std::move(members));
    }
    return groups;
  }

  int pipeline() const { return static_cast<int>(w_.programs.size()); }

  int stride(CommDim d) const {
    switch (d) {
      case CommDim::cp:
      case CommDim::dp:
        return w_.tensor;
      case CommDim::ep:
        return w_.expert_tensor;
      case CommDim::edp:
        return w_.expert_tensor * w_.expert;
      default:
        return 1;
    }
  }

  // The topology GPUs of workload ranks (setup.gpu_of_rank), and back.
  std::vector<int32_t> placed(const std::vector<int32_t>& ranks) const {
    if (setup_.gpu_of_rank.empty()) return ranks;
    std::vector<int32_t> gpus;
    gpus.reserve(ranks.size());
    for (int32_t r : ranks)
      gpus.push_back(setup_.gpu_of_rank[static_cast<size_t>(r)]);
    return gpus;
  }
  int32_t rank_of(int32_t gpu) const {
    return rank_of_gpu_.empty() ? gpu : rank_of_gpu_[static_cast<size_t>(gpu)];
  }

  CommWork group_work(int role, const Op& op, const std::vector<int32_t>& ranks) {
    if (op.closed_form) {  // a compressed gradient reduction or an amax all-reduce: no flows
      ++(op.amax_sync ? amax_groups_ : compressed_groups_);
      return CommWork{{FlowPhase{op.duration_s, {}, {}}}};
    }
    if (op.dim == CommDim::dp && setup_.parameter_servers.workers > 0) {
      // Pure DP (validate_data_sync.cpp): the role's op starts the server nodes' pulls too.
      ++push_pull_ops_;
      return ps_push_pull_work(op.bytes, op.count, setup_.parameter_servers, gpn_, setup_.fabric,
                               latency_, setup_.reductions.aggregate_ring_steps,
                               setup_.async.worker);
    }
    const std::vector<int32_t> members = placed(ranks);
    const auto slices = members_by_slice(members);
    if (slices.size() > 1 && hierarchical_across_slices(op, slices)) {
      ++multi_slice_groups_;
      return multi_slice_work(role, op, slices);
    }
    return members_work(role, op, members);
  }

  CommWork members_work(int role, const Op& op, const std::vector<int32_t>& members) {
    const auto by_node = members_by_node(members, gpn_);
    if (by_node.size() == 1 && setup_.reductions.intra_node_closed_form) {
      ++closed_form_groups_;
      FlowPhase closed{op.duration_s, {}, {}};
      closed.closed_flows = flow_work(role, op, members, by_node.size(), true).phases[0].flows;
      return CommWork{{std::move(closed)}};
    }
    if (auto torus = torus_of(op, members)) return torus_work(role, op, members, *torus);
    CommWork work =
        flow_work(role, op, members, by_node.size(), setup_.reductions.aggregate_ring_steps);
    work.replayable = op.kind == OpKind::collective && op.collective == Collective::all_to_all;
    return work;
  }

  // Members grouped by ICI slice (TPU multi-slice), in order of first appearance.
  std::vector<std::vector<int32_t>> members_by_slice(const std::vector<int32_t>& members) const {
    if (setup_.slice_gpus <= 0) return {members};
    return members_by_node(members, setup_.slice_gpus);
  }

  // The walk's hierarchical scheme (sim/comm/dcn_collective.hpp) applies to all-reduce,
  // all-gather and reduce-scatter over equal parts in every slice; anything else runs flat.
  static bool hierarchical_across_slices(const Op& op,
                                         const std::vector<std::vector<int32_t>>& slices) {
    if (op.kind == OpKind::send || op.closed_form) return false;
    if (op.collective != Collective::all_reduce && op.collective != Collective::all_gather &&
        op.collective != Collective::reduce_scatter)
      return false;
    for (const auto& part : slices) {
      if (part.size() != slices.front().size()) return false;
    }
    return true;
  }

  // A group across m ICI slices, as MaxText runs data parallelism over the DCN (docs/engine.md,
  // "Multi-slice"): inside every slice at once a reduce-scatter over ICI, then the j-th members of
  // the slices all-reduce their shard (bytes / members per slice) in a ring over the DCN, all j at
  // once, then an all-gather over ICI. An all-gather or a reduce-scatter takes the two matching
  // halves. One call overhead in all, as in the walk.
  CommWork multi_slice_work(int role, const Op& op,
                            const std::vector<std::vector<int32_t>>& slices) {
    const size_t per_slice = slices.front().size();
    auto in_slices = [&](Collective c) {
      Op part = op;
      part.collective = c;
      std::vector<CommWork> parts;
      for (const auto& members : slices)
        parts.push_back(part_work(role, part, members));
      return merged(std::move(parts));
    };
    auto across_dcn = [&](Collective c) {
      Op part = op;
      part.collective = c;
      part.bytes = op.bytes / static_cast<double>(per_slice);
      std::vector<CommWork> parts;
      for (size_t j = 0; j < per_slice; ++j) {
        std::vector<int32_t> peers;
        for (const auto& members : slices)
          peers.push_back(members[j]);
        parts.push_back(dcn_ring_work(role, part, peers));
      }
      return merged(std::move(parts));
    };
    std::vector<CommWork> halves;
    if (op.collective == Collective::all_reduce) {
      halves = {in_slices(Collective::reduce_scatter), across_dcn(Collective::all_reduce),
                in_slices(Collective::all_gather)};
    } else if (op.collective == Collective::reduce_scatter) {
      halves = {in_slices(Collective::reduce_scatter), across_dcn(Collective::reduce_scatter)};
    } else {
      halves = {across_dcn(Collective::all_gather), in_slices(Collective::all_gather)};
    }
    CommWork all;
    for (size_t h = 0; h < halves.size(); ++h) {
      std::vector<FlowPhase>& phases = halves[h].phases;
      if (h > 0 && !phases.empty()) {  // the call overhead was paid once, by the first half
        phases.front().sleep_s =
            std::max(0.0, phases.front().sleep_s - op.count * setup_.fabric.call_overhead_s);
      }
      all.phases.insert(all.phases.end(), phases.begin(), phases.end());
    }
    return all;
  }

  // The DCN part: a plain ring over the slices' peers, as the walk prices it (ring_*_s on
  // fabric.dcn: no NCCL protocol, no algorithm choice).
  CommWork dcn_ring_work(int role, const Op& part, const std::vector<int32_t>& peers) {
    GroupCall call;
    call.collective = part.collective;
    call.algorithm = CollectiveAlgorithm::ring;
    call.bytes = part.bytes;
    call.count = part.count;
    return own_flows(role, network_group_work(call, peers, gpn_, setup_.fabric, latency_,
                                              setup_.reductions.aggregate_ring_steps));
  }

  // A part of a multi-slice collective as flows (never the closed-form sleep: op.duration_s is
  // the whole collective's).
  CommWork part_work(int role, const Op& part, const std::vector<int32_t>& members) {
    if (auto torus = torus_of(part, members)) return torus_work(role, part, members, *torus);
    return flow_work(role, part, members, members_by_node(members, gpn_).size(),
                     setup_.reductions.aggregate_ring_steps);
  }

  // The sub-block of the chips' torus a group occupies, where the walk prices its collective by
  // the torus closed form (collective_cost: an all-reduce, all-gather or reduce-scatter on a
  // fabric with an ICI link); nullopt otherwise.
  std::optional<TorusGroup> torus_of(const Op& op, const std::vector<int32_t>& members) const {
    if (op.kind != OpKind::collective || op.closed_form || !(setup_.fabric.ici.beta_Bps > 0.0))
      return std::nullopt;
    if (op.collective != Collective::all_reduce && op.collective != Collective::all_gather &&
        op.collective != Collective::reduce_scatter)
      return std::nullopt;
    return torus_members(members, setup_.torus);
  }

  // Per-dimension bidirectional rings over the sub-block (torus_flows.hpp).
  CommWork torus_work(int role, const Op& op, const std::vector<int32_t>& members,
                      const TorusGroup& torus) {
    ++torus_groups_;
    GroupCall call;
    call.collective = op.collective;
    call.bytes = op.bytes;
    call.count = op.count;
    return own_flows(role, torus_group_work(call, members, torus, setup_.fabric, latency_,
                                            setup_.reductions.aggregate_ring_steps));
  }

  CommWork flow_work(int role, const Op& op, const std::vector<int32_t>& members, size_t nodes,
                     bool aggregate) {
    GroupCall call;
    call.collective = op.kind == OpKind::send ? Collective::send_recv : op.collective;
    call.bytes = op.bytes;
    call.count = op.count;
    GroupShape shape{static_cast<int>(members.size()), static_cast<int>(nodes)};
    // On a dragonfly the cost model sees the groups the members fill, as the walk does
    // (dragonfly_flows.hpp), and may pick the two-level form.
    DragonflyParts parts;
    if (op.kind == OpKind::collective && setup_.fabric.dragonfly_nodes_per_group > 0) {
      parts = dragonfly_parts(members, gpn_, setup_.fabric.dragonfly_nodes_per_group,
                              setup_.fabric.dragonfly_nodes_per_router);
      shape.dragonfly = parts.span;
    }
    const CollectiveCost cost =
        collective_cost(call.collective, op.bytes, shape, setup_.fabric, setup_.pin);
    call.algorithm = cost.algorithm;
    call.protocol_latency_s = cost.protocol_latency_s;
    call.bandwidth_fraction = cost.bandwidth_fraction;
    if (cost.dragonfly_two_level) {
      ++dragonfly_groups_;
      return own_flows(role,
                       dragonfly_group_work(call, parts, gpn_, setup_.fabric, latency_, aggregate));
    }
    return own_flows(role,
                     network_group_work(call, members, gpn_, setup_.fabric, latency_, aggregate));
  }

  // A role starts only its own flows.
  CommWork own_flows(int role, CommWork work) const {
    for (FlowPhase& phase : work.phases)
      std::erase_if(phase.flows, [&](const Flow& f) { return rank_of(f.src) / ranks_ != role; });
    return work;
  }

  // Replicas in lockstep: phase by phase, the flows of all groups; the longest sleep.
  static CommWork merged(std::vector<CommWork> parts) {
    CommWork all = std::move(parts.front());
    for (size_t g = 1; g < parts.size(); ++g) {
      if (parts[g].phases.size() > all.phases.size()) all.phases.resize(parts[g].phases.size());
      for (size_t p = 0; p < parts[g].phases.size(); ++p) {
        FlowPhase& into = all.phases[p];
        FlowPhase& from = parts[g].phases[p];
        into.sleep_s = std::max(into.sleep_s, from.sleep_s);
        into.flows.insert(into.flows.end(), from.flows.begin(), from.flows.end());
        into.closed_flows.insert(into.closed_flows.end(), from.closed_flows.begin(),
                                 from.closed_flows.end());
      }
    }
    return all;
  }

  int32_t add_instance(int32_t expected, CommWork work) {
    plan_.works.push_back(std::move(work));
    plan_.instances.push_back({expected, static_cast<int32_t>(plan_.works.size() - 1)});
    return static_cast<int32_t>(plan_.instances.size() - 1);
  }

  void plan_role(int role) {
    const Program& program = w_.programs[role];
    for (int32_t i = 0; i < static_cast<int32_t>(program.ops.size()); ++i) {
      const Op& op = program.ops[i];
      if (!is_comm(op)) continue;
      if (plan_.per_role)
        plan_op_per_role(role, i, op);
      else
        plan_op_per_gpu(role, i, op);
    }
  }

  void plan_op_per_role(int role, int32_t index, const Op& op) {
    const WorkKey key = key_of(role, op);
    auto it = memo_.find(key);
    if (it == memo_.end()) {
      std::vector<CommWork> parts;
      for (const auto& members : groups_of(role, op))
        parts.push_back(group_work(role, op, members));
      it = memo_.emplace(key, add_instance(1, merged(std::move(parts)))).first;
    }
    plan_.op_instance[role][index] = it->second;
  }

  void plan_op_per_gpu(int role, int32_t index, const Op& op) {
    for (const auto& members : groups_of(role, op)) {
      std::vector<int32_t> mine;  // the group's members that run this role's program
      for (int32_t m : members) {
        if (m / ranks_ == role) mine.push_back(m);
      }
      const int32_t inst =
          add_instance(static_cast<int32_t>(mine.size()), group_work(role, op, members));
      for (int32_t m : mine)
        plan_.op_instance[static_cast<size_t>(m)][index] = inst;
    }
  }

  void describe() {
    const SimgridReductions& r = setup_.reductions;
    if (r.intra_node_closed_form && closed_form_groups_ > 0) {
      plan_.reductions.push_back(
          "intra-node: collectives and sends whose group lies inside one NVSwitch node take their "
          "closed-form time (cannot contend: every GPU has its own NVSwitch port)");
    }
    if (compressed_groups_ > 0) {
      plan_.reductions.push_back(
          "gradient compression: each compressed gradient reduction takes its closed-form time "
          "(wire calls and compression kernels) and puts no flows on the network");
    }
    if (amax_groups_ > 0) {
      plan_.reductions.push_back(
          "fp8 amax all-reduces: each chunk pass's all-reduce of a few KiB of amaxes takes its "
          "closed-form time (latency-bound) and puts no flows on the network");
    }
    if (push_pull_ops_ > 0) {
      const PsHosts& h = setup_.parameter_servers;
      plan_.reductions.push_back(
          "parameter servers: the data-parallel gradients are a push and pull between " +
          std::to_string(h.workers) + " worker nodes and " + std::to_string(h.servers) + " " +
          to_string(h.placement) +
          " server nodes, the node's own reduction in closed form beside the flows");
    }
    if (r.aggregate_ring_steps) {
      plan_.reductions.push_back(
          "ring steps: the identical steps of a ring, and the identical calls of one op, are one "
          "flow per neighbour pair carrying all their bytes, latencies as a sleep");
    }
    if (plan_.per_role) {
      plan_.reductions.push_back(
          "replicas: one actor set per pipeline stage; every op waits for "
          "the flows of all " +
          std::to_string(ranks_) + " GPUs of the stage");
    }
    if (r.representative_rail && plan_.num_flows() > 0) {
      std::string note;
      if (reduce_to_rail_zero(plan_, *setup_.topology, note)) plan_.reductions.push_back(note);
    }
  }

  const Workload& w_;
  const SimgridSetup& setup_;
  RouteLatency latency_;
  int gpn_;
  int ranks_;
  std::vector<int32_t> rank_of_gpu_;  // empty: identity
  Plan plan_;
  std::map<WorkKey, int32_t> memo_;
  int64_t closed_form_groups_ = 0;
  int64_t multi_slice_groups_ = 0;  // groups run hierarchically across ICI slices
  int64_t torus_groups_ = 0;        // groups (or slice parts) run as per-dimension torus rings
  int64_t dragonfly_groups_ = 0;    // groups run in two levels over dragonfly groups
  int64_t compressed_groups_ = 0;
  int64_t amax_groups_ = 0;  // fp8 delayed scaling's amax all-reduces, closed form
  int64_t push_pull_ops_ = 0;
};

}  // namespace

uint64_t flow_hash(const topo::Topology& t, int32_t src, int32_t dst) {
  if (t.name() != "rail-optimized-fat-tree") return pair_hash(src, dst);
  const int32_t rail = src % t.gpus_per_node();
  return pair_hash(src - rail, dst - rail);
}

double RouteLatency::operator()(int32_t src, int32_t dst) {
  const uint64_t key =
      (static_cast<uint64_t>(static_cast<uint32_t>(src)) << 32) | static_cast<uint32_t>(dst);
  if (auto it = cache_.find(key); it != cache_.end()) return it->second;
  scratch_.clear();
  topology_.route(src, dst, flow_hash(topology_, src, dst), scratch_);
  double sum = 0.0;
  for (int32_t id : scratch_)
    sum += topology_.links()[static_cast<size_t>(id)].latency_s;
  cache_.emplace(key, sum);
  return sum;
}

int64_t Plan::num_flows() const {
  int64_t n = 0;
  for (const CommWork& w : works) {
    for (const FlowPhase& p : w.phases)
      n += static_cast<int64_t>(p.flows.size());
  }
  return n;
}

Plan build_plan(const Workload& w, const SimgridSetup& setup) {
  return PlanBuilder(w, setup).build();
}

}  // namespace wt::sg
