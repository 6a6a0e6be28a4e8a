#include "sim/report/chakra_trace.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "core/protobuf_wire.hpp"
#include "sim/report/trace_flows.hpp"

namespace wt {
namespace {

// Field numbers of et_def.proto.
namespace field {
constexpr int kMetaVersion = 1, kMetaAttr = 2;
constexpr int kNodeId = 1, kNodeName = 2, kNodeType = 3, kNodeDataDeps = 5, kNodeStart = 6,
              kNodeDuration = 7, kNodeAttr = 10;
constexpr int kAttrName = 1, kAttrInt32 = 7, kAttrInt64 = 9, kAttrUint64 = 13, kAttrBool = 27,
              kAttrString = 29;
}  // namespace field

proto::Message attr_int64(const char* name, int64_t v) {
  return std::move(proto::Message().string(field::kAttrName, name).int64(field::kAttrInt64, v));
}
proto::Message attr_int32(const char* name, int32_t v) {
  return std::move(proto::Message().string(field::kAttrName, name).int64(field::kAttrInt32, v));
}
proto::Message attr_uint64(const char* name, uint64_t v) {
  return std::move(proto::Message().string(field::kAttrName, name).varint(field::kAttrUint64, v));
}
proto::Message attr_bool(const char* name, bool v) {
  return std::move(proto::Message().string(field::kAttrName, name).boolean(field::kAttrBool, v));
}
proto::Message attr_string(const char* name, const std::string& v) {
  return std::move(proto::Message().string(field::kAttrName, name).string(field::kAttrString, v));
}

uint64_t micros(double seconds) {
  return seconds > 0.0 ? static_cast<uint64_t>(std::llround(seconds * 1e6)) : 0;
}

std::string op_name(const Op& op) {
  std::string name;
  switch (op.kind) {
    case OpKind::compute:
      if (op.phase == Phase::optimizer) return "optimizer step";
      name = to_string(op.phase);
      break;
    case OpKind::collective:
      name = std::string(to_string(op.dim)) + " " + to_string(op.collective) + " " +
             to_string(op.phase);
      break;
    case OpKind::send:
      name = std::string("pp send ") + to_string(op.phase);
      break;
    case OpKind::recv:
      name = std::string("pp recv ") + to_string(op.phase);
      break;
  }
  if (op.micro_batch >= 0)
    name += " mb" + std::to_string(op.micro_batch) + " c" + std::to_string(op.chunk);
  if (op.layer >= 0) name += " L" + std::to_string(op.layer);
  if (op.num_layers > 1) name += "-" + std::to_string(op.layer + op.num_layers - 1);
  return name;
}

}  // namespace

ChakraCommType chakra_comm_type(Collective c) {
  switch (c) {
    case Collective::all_reduce:
      return ChakraCommType::all_reduce;
    case Collective::all_gather:
      return ChakraCommType::all_gather;
    case Collective::reduce_scatter:
      return ChakraCommType::reduce_scatter;
    case Collective::all_to_all:
      return ChakraCommType::all_to_all;
    case Collective::broadcast:
      return ChakraCommType::broadcast;
    case Collective::send_recv:  // pipeline messages are send/recv nodes, never collectives
      break;
  }
  throw std::logic_error("chakra: a send_recv collective has no Chakra collective type");
}

// One node of a role: everything but, for a send or receive, the peer's rank.
struct ChakraNode {
  proto::Message fixed;    // id, name, type, deps, times and the rank-independent attributes
  int32_t peer_role = -1;  // a send's or receive's peer stage, else -1
  bool send = false;
  std::string record;  // the whole length-delimited node when peer_role < 0
};

struct ChakraTraces::Role {
  std::vector<ChakraNode> nodes;
};

namespace {

// First node id of each op, and the number of nodes: a collective called n times is n nodes.
std::vector<uint64_t> first_ids(const Program& p, std::vector<uint64_t>& counts) {
  std::vector<uint64_t> first(p.ops.size());
  counts.assign(p.ops.size(), 1);
  uint64_t next = 0;
  for (size_t i = 0; i < p.ops.size(); ++i) {
    if (p.ops[i].kind == OpKind::collective)
      counts[i] = static_cast<uint64_t>(std::max(1, p.ops[i].count));
    first[i] = next;
    next += counts[i];
  }
  return first;
}

// Per op: its ordinal among the program's sends (the comm_tag of a message), else -1.
std::vector<int32_t> send_tags(const Program& p) {
  std::vector<int32_t> tags(p.ops.size(), -1);
  int32_t next = 0;
  for (size_t i = 0; i < p.ops.size(); ++i) {
    if (p.ops[i].kind == OpKind::send) tags[i] = next++;
  }
  return tags;
}

void add_comp_attrs(proto::Message& m, const Workload& w, const Op& op) {
  m.message(field::kNodeAttr, attr_int64("num_ops", std::llround(op.flops)));
  if (op.kernels >= 0 && static_cast<size_t>(op.kernels) < w.kernel_lists.size()) {
    double bytes = 0.0;
    for (const Kernel& k : w.kernel_lists[static_cast<size_t>(op.kernels)])
      bytes += k.bytes;
    m.message(field::kNodeAttr,
              attr_uint64("tensor_size", static_cast<uint64_t>(std::llround(bytes))));
  }
}

void add_coll_attrs(proto::Message& m, const Op& op) {
  m.message(field::kNodeAttr,
            attr_int64("comm_type", static_cast<int64_t>(chakra_comm_type(op.collective))));
  m.message(field::kNodeAttr, attr_int64("comm_size", std::llround(op.bytes)));
  m.message(field::kNodeAttr, attr_string("wt_comm_dim", to_string(op.dim)));
  m.message(field::kNodeAttr, attr_int64("wt_group_size", op.group_size));
}

std::vector<ChakraNode> role_nodes(const Workload& w, const Program& p, const RoleTimeline& tl,
                                   const std::vector<int32_t>& peer_tags) {
  std::vector<uint64_t> counts;
  const std::vector<uint64_t> first = first_ids(p, counts);
  const std::vector<int32_t> tags = send_tags(p);
  std::vector<ChakraNode> nodes;
  std::array<int64_t, kNumStreams> last_of_stream;
  last_of_stream.fill(-1);
  for (size_t i = 0; i < p.ops.size(); ++i) {
    const Op& op = p.ops[i];
    const OpTiming& t = tl.ops[i];
    const double each_s = (t.end_s - t.start_s) / static_cast<double>(counts[i]);
    const std::string name = op_name(op);
    for (uint64_t k = 0; k < counts[i]; ++k) {
      const uint64_t id = first[i] + k;
      std::vector<uint64_t> deps;
      const auto stream = static_cast<size_t>(op.stream);
      if (k > 0) {
        deps.push_back(id - 1);
      } else {
        if (last_of_stream[stream] >= 0)
          deps.push_back(static_cast<uint64_t>(last_of_stream[stream]));
        for (int32_t d : op.deps) {
          if (d < 0 || static_cast<size_t>(d) >= p.ops.size()) continue;
          const uint64_t dep = first[static_cast<size_t>(d)] + counts[static_cast<size_t>(d)] - 1;
          if (std::find(deps.begin(), deps.end(), dep) == deps.end()) deps.push_back(dep);
        }
      }
      last_of_stream[stream] = static_cast<int64_t>(id);
      ChakraNode n;
      ChakraNodeType type = ChakraNodeType::comp;
      if (op.kind == OpKind::collective) type = ChakraNodeType::comm_coll;
      if (op.kind == OpKind::send) type = ChakraNodeType::comm_send;
      if (op.kind == OpKind::recv) type = ChakraNodeType::comm_recv;
      n.fixed.varint(field::kNodeId, id)
          .string(field::kNodeName, counts[i] > 1 ? name + " " + std::to_string(k + 1) + "/" +
                                                        std::to_string(counts[i])
                                                  : name)
          .varint(field::kNodeType, static_cast<uint64_t>(type))
          .packed_varints(field::kNodeDataDeps, deps)
          .varint(field::kNodeStart, micros(t.start_s + each_s * static_cast<double>(k)))
          .varint(field::kNodeDuration, micros(each_s))
          .message(field::kNodeAttr, attr_bool("is_cpu_op", false));
      if (op.kind == OpKind::compute) add_comp_attrs(n.fixed, w, op);
      if (op.kind == OpKind::collective) add_coll_attrs(n.fixed, op);
      if (op.kind == OpKind::send || op.kind == OpKind::recv) {
        n.peer_role = op.peer_role;
        n.send = op.kind == OpKind::send;
        const int32_t tag = n.send ? tags[i] : peer_tags[i];
        n.fixed.message(field::kNodeAttr, attr_int64("comm_size", std::llround(op.bytes)))
            .message(field::kNodeAttr, attr_int32("comm_tag", tag));
      } else {
        n.record = proto::length_delimited(n.fixed);
      }
      nodes.push_back(std::move(n));
    }
  }
  return nodes;
}

}  // namespace

ChakraTraces::ChakraTraces(const Scenario& s, const Workload& w, const Timeline& t)
    : scenario_(s), workload_(w) {
  if (t.roles.size() != w.programs.size()) {
    throw std::logic_error("chakra: the timeline has " + std::to_string(t.roles.size()) +
                           " roles but the workload has " + std::to_string(w.programs.size()));
  }
  std::vector<std::vector<int32_t>> tags;
  for (const Program& p : w.programs)
    tags.push_back(send_tags(p));
  for (size_t r = 0; r < w.programs.size(); ++r) {
    const Program& p = w.programs[r];
    if (t.roles[r].ops.size() != p.ops.size())
      throw std::logic_error("chakra: role " + std::to_string(r) + "'s timeline does not match");
    // A receive's tag is its send's: the ordinal of Op::peer_op among the peer's sends.
    std::vector<int32_t> peer_tags(p.ops.size(), -1);
    for (size_t i = 0; i < p.ops.size(); ++i) {
      const Op& op = p.ops[i];
      if (op.kind != OpKind::recv || op.peer_role < 0 ||
          static_cast<size_t>(op.peer_role) >= tags.size())
        continue;
      const std::vector<int32_t>& peer = tags[static_cast<size_t>(op.peer_role)];
      if (op.peer_op >= 0 && static_cast<size_t>(op.peer_op) < peer.size())
        peer_tags[i] = peer[static_cast<size_t>(op.peer_op)];
    }
    roles_.push_back(Role{role_nodes(w, p, t.roles[r], peer_tags)});
  }
}

ChakraTraces::~ChakraTraces() = default;

std::string ChakraTraces::rank_file(int rank) const {
  const int role = workload_.role_of_rank(rank);
  proto::Message meta;
  meta.string(field::kMetaVersion, kChakraSchemaVersion)
      .message(field::kMetaAttr, attr_string("generator", "windtunnel"))
      .message(field::kMetaAttr, attr_string("scenario", scenario_.name))
      .message(field::kMetaAttr, attr_int64("rank", rank))
      .message(field::kMetaAttr, attr_int64("num_ranks", workload_.num_gpus))
      .message(field::kMetaAttr, attr_int64("pipeline_stage", role));
  std::string out = proto::length_delimited(meta);
  if (role < 0 || static_cast<size_t>(role) >= roles_.size()) return out;
  for (const ChakraNode& n : roles_[static_cast<size_t>(role)].nodes) {
    if (n.peer_role < 0) {
      out += n.record;
      continue;
    }
    proto::Message m = n.fixed;
    m.message(field::kNodeAttr, attr_int32(n.send ? "comm_dst" : "comm_src",
                                           peer_rank(workload_, rank, n.peer_role)));
    out += proto::length_delimited(m);
  }
  return out;
}

double ChakraTraces::estimated_bytes() const {
  const int per_stage = std::max(1, workload_.tensor * workload_.context * workload_.data);
  double total = 0.0;
  for (size_t r = 0; r < roles_.size(); ++r)
    total += static_cast<double>(rank_file(static_cast<int>(r) * per_stage).size()) * per_stage;
  return total;
}

}  // namespace wt
