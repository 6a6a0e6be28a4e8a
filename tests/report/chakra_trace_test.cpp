// Chakra execution traces read back by a decoder of the test's own (the protobuf wire format and
// the et_def.proto field numbers, independent of the writer's code): node counts, types,
// dependencies, times and the pipeline messages matched across ranks.
#include "sim/report/chakra_trace.hpp"

#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

namespace wt::chakra_test {
namespace {

// --- A minimal protobuf decoder ---------------------------------------------------------------

struct Reader {
  const std::string& bytes;
  size_t at = 0;
  size_t end;
  bool done() const { return at >= end; }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at >= end) throw std::runtime_error("truncated varint");
      const auto b = static_cast<unsigned char>(bytes[at++]);
      v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if ((b & 0x80) == 0) return v;
    }
    throw std::runtime_error("varint longer than 10 bytes");
  }
  std::string chunk() {
    const uint64_t n = varint();
    if (at + n > end) throw std::runtime_error("truncated field");
    std::string s = bytes.substr(at, n);
    at += n;
    return s;
  }
};

// One field: its number, wire type and value (varint, or the bytes of a length-delimited field).
struct Field {
  int number = 0;
  int wire = 0;
  uint64_t varint = 0;
  std::string data;
};

std::vector<Field> fields_of(const std::string& message) {
  Reader r{message, 0, message.size()};
  std::vector<Field> out;
  while (!r.done()) {
    const uint64_t tag = r.varint();
    Field f;
    f.number = static_cast<int>(tag >> 3);
    f.wire = static_cast<int>(tag & 7);
    if (f.wire == 0) {
      f.varint = r.varint();
    } else if (f.wire == 2) {
      f.data = r.chunk();
    } else if (f.wire == 1) {
      f.data = message.substr(r.at, 8);
      r.at += 8;
    } else {
      throw std::runtime_error("unexpected wire type " + std::to_string(f.wire));
    }
    out.push_back(f);
  }
  return out;
}

struct Attr {
  int value_field = 0;  // which member of AttributeProto's oneof
  uint64_t integer = 0;
  std::string text;
};

struct Node {
  uint64_t id = 0;
  std::string name;
  int type = 0;
  std::vector<uint64_t> ctrl_deps, data_deps;
  uint64_t start_us = 0, duration_us = 0;
  std::map<std::string, Attr> attrs;
};

struct EtFile {
  std::string version;
  std::map<std::string, Attr> meta;
  std::vector<Node> nodes;
};

std::map<std::string, Attr>::value_type attr_of(const std::string& message) {
  std::string name;
  Attr a;
  for (const Field& f : fields_of(message)) {
    if (f.number == 1) {
      name = f.data;
    } else {
      a.value_field = f.number;
      a.integer = f.varint;
      a.text = f.data;
    }
  }
  return {name, a};
}

std::vector<uint64_t> packed(const std::string& data) {
  Reader r{data, 0, data.size()};
  std::vector<uint64_t> v;
  while (!r.done())
    v.push_back(r.varint());
  return v;
}

EtFile decode(const std::string& file) {
  Reader r{file, 0, file.size()};
  EtFile et;
  bool first = true;
  while (!r.done()) {
    const std::string message = r.chunk();
    if (first) {
      for (const Field& f : fields_of(message)) {
        if (f.number == 1) et.version = f.data;
        if (f.number == 2) et.meta.insert(attr_of(f.data));
      }
      first = false;
      continue;
    }
    Node n;
    for (const Field& f : fields_of(message)) {
      switch (f.number) {
        case 1:
          n.id = f.varint;
          break;
        case 2:
          n.name = f.data;
          break;
        case 3:
          n.type = static_cast<int>(f.varint);
          break;
        case 4:
          n.ctrl_deps = packed(f.data);
          break;
        case 5:
          n.data_deps = packed(f.data);
          break;
        case 6:
          n.start_us = f.varint;
          break;
        case 7:
          n.duration_us = f.varint;
          break;
        case 10:
          n.attrs.insert(attr_of(f.data));
          break;
        default:
          ADD_FAILURE() << "unexpected Node field " << f.number;
      }
    }
    et.nodes.push_back(n);
  }
  return et;
}

// AttributeProto members: int32_val 7, int64_val 9, bool_val 27, string_val 29.
constexpr int kInt32 = 7, kInt64 = 9, kBool = 27, kString = 29;
constexpr int kComp = 4, kSend = 5, kRecv = 6, kColl = 7;

// --- A hand-made two-stage run ----------------------------------------------------------------

Op compute(Phase phase, int mb, double flops) {
  Op op;
  op.phase = phase;
  op.micro_batch = mb;
  op.flops = flops;
  return op;
}

Op p2p(OpKind kind, Phase phase, int peer_role, int peer_op) {
  Op op;
  op.kind = kind;
  op.stream = kind == OpKind::send ? Stream::pp_send : Stream::compute;
  op.dim = CommDim::pp;
  op.phase = phase;
  op.micro_batch = 0;
  op.bytes = 4096;
  op.peer_role = peer_role;
  op.peer_op = peer_op;
  return op;
}

struct TinyRun {
  Scenario scenario;
  Workload workload;
  Timeline timeline;
};

// Stage 0: F, TP all-reduce ×2, send F, recv B, B, DP reduce-scatter (after B), optimizer (after
// the DP op). Stage 1: recv F, F, B, send B. TP 2: ranks 0-1 are stage 0, ranks 2-3 stage 1.
TinyRun tiny_run() {
  TinyRun t;
  t.scenario.name = "tiny";
  Workload& w = t.workload;
  w.num_gpus = 4;
  w.tensor = 2;
  w.pipeline = 2;
  Op tp;
  tp.kind = OpKind::collective;
  tp.dim = CommDim::tp;
  tp.collective = Collective::all_reduce;
  tp.bytes = 1000;
  tp.count = 2;
  tp.group_size = 2;
  tp.micro_batch = 0;
  Op dp = tp;
  dp.stream = Stream::dp_comm;
  dp.dim = CommDim::dp;
  dp.collective = Collective::reduce_scatter;
  dp.count = 1;
  dp.phase = Phase::grad_sync;
  dp.deps = {4, -1};
  Op opt = compute(Phase::optimizer, -1, 10);
  opt.deps = {5, -1};
  w.programs = {
      Program{
          0,
          {compute(Phase::forward, 0, 1e9), tp, p2p(OpKind::send, Phase::forward, 1, -1),
           p2p(OpKind::recv, Phase::backward, 1, 3), compute(Phase::backward, 0, 2e9), dp, opt}},
      Program{1,
              {p2p(OpKind::recv, Phase::forward, 0, 2), compute(Phase::forward, 0, 1e9),
               compute(Phase::backward, 0, 2e9), p2p(OpKind::send, Phase::backward, 0, -1)}}};
  auto at = [](double a_ms, double b_ms) { return OpTiming{a_ms * 1e-3, b_ms * 1e-3, 0, 0}; };
  t.timeline.roles = {
      RoleTimeline{{at(0, 1), at(1, 1.5), at(1.5, 1.7), at(4, 4), at(4, 6), at(6, 7), at(7, 8)},
                   8e-3},
      RoleTimeline{{at(1.7, 1.7), at(1.7, 2.7), at(2.7, 3.7), at(3.7, 4)}, 4e-3}};
  return t;
}

TEST(ChakraTrace, MetadataAndNodesOfTheFirstStage) {
  const TinyRun t = tiny_run();
  const ChakraTraces traces(t.scenario, t.workload, t.timeline);
  const EtFile et = decode(traces.rank_file(1));
  EXPECT_EQ(et.version, "0.0.4");
  EXPECT_EQ(et.meta.at("rank").integer, 1u);
  EXPECT_EQ(et.meta.at("num_ranks").integer, 4u);
  EXPECT_EQ(et.meta.at("scenario").text, "tiny");
  EXPECT_EQ(et.meta.at("scenario").value_field, kString);
  // 7 ops, the TP all-reduce called twice: 8 nodes, ids 0..7 in order.
  ASSERT_EQ(et.nodes.size(), 8u);
  const std::vector<int> types = {kComp, kColl, kColl, kSend, kRecv, kComp, kColl, kComp};
  for (size_t i = 0; i < et.nodes.size(); ++i) {
    EXPECT_EQ(et.nodes[i].id, i);
    EXPECT_EQ(et.nodes[i].type, types[i]) << et.nodes[i].name;
    EXPECT_TRUE(et.nodes[i].ctrl_deps.empty());
    EXPECT_EQ(et.nodes[i].attrs.at("is_cpu_op").value_field, kBool);
    EXPECT_EQ(et.nodes[i].attrs.at("is_cpu_op").integer, 0u);
  }
  const std::vector<std::vector<uint64_t>> deps = {{}, {0}, {1}, {}, {2}, {4}, {5}, {5, 6}};
  // Node 3 (the send, first on its stream) waits on nothing in this hand-made program; node 6
  // (DP, first on its stream) waits on the backward (op 4 = node 5); the optimizer follows the
  // backward on the compute stream and waits on the DP node.
  for (size_t i = 0; i < deps.size(); ++i)
    EXPECT_EQ(et.nodes[i].data_deps, deps[i]) << et.nodes[i].name;
  EXPECT_EQ(et.nodes[0].attrs.at("num_ops").integer, 1000000000u);
  EXPECT_EQ(et.nodes[0].duration_us, 1000u);
  // The two calls of the all-reduce share its 0.5 ms: 250 µs each, back to back.
  EXPECT_EQ(et.nodes[1].name, "tp all_reduce forward mb0 c0 1/2");
  EXPECT_EQ(et.nodes[1].start_us, 1000u);
  EXPECT_EQ(et.nodes[2].start_us, 1250u);
  EXPECT_EQ(et.nodes[2].duration_us, 250u);
  EXPECT_EQ(et.nodes[1].attrs.at("comm_type").integer, 0u);  // ALL_REDUCE
  EXPECT_EQ(et.nodes[1].attrs.at("comm_type").value_field, kInt64);
  EXPECT_EQ(et.nodes[1].attrs.at("comm_size").integer, 1000u);
  EXPECT_EQ(et.nodes[1].attrs.at("wt_comm_dim").text, "tp");
  EXPECT_EQ(et.nodes[6].attrs.at("comm_type").integer, 7u);  // REDUCE_SCATTER
  // Rank 1 sends to rank 3 (stage 1, same TP position) and receives from it.
  EXPECT_EQ(et.nodes[3].attrs.at("comm_dst").integer, 3u);
  EXPECT_EQ(et.nodes[3].attrs.at("comm_dst").value_field, kInt32);
  EXPECT_EQ(et.nodes[3].attrs.at("comm_size").integer, 4096u);
  EXPECT_EQ(et.nodes[4].attrs.at("comm_src").integer, 3u);
  EXPECT_FALSE(et.nodes[3].attrs.contains("comm_src"));
}

TEST(ChakraTrace, EverySendMeetsItsReceiveAcrossRanks) {
  const TinyRun t = tiny_run();
  const ChakraTraces traces(t.scenario, t.workload, t.timeline);
  // (src, dst, tag) -> size, from the sends and from the receives of every rank.
  std::map<std::tuple<uint64_t, uint64_t, uint64_t>, uint64_t> sends, recvs;
  for (int rank = 0; rank < 4; ++rank) {
    for (const Node& n : decode(traces.rank_file(rank)).nodes) {
      if (n.type == kSend)
        sends[{rank, n.attrs.at("comm_dst").integer, n.attrs.at("comm_tag").integer}] =
            n.attrs.at("comm_size").integer;
      if (n.type == kRecv)
        recvs[{n.attrs.at("comm_src").integer, rank, n.attrs.at("comm_tag").integer}] =
            n.attrs.at("comm_size").integer;
    }
  }
  EXPECT_EQ(sends.size(), 4u);
  EXPECT_EQ(sends, recvs);
}

TEST(ChakraTrace, SizeEstimateIsTheSumOfTheFiles) {
  const TinyRun t = tiny_run();
  const ChakraTraces traces(t.scenario, t.workload, t.timeline);
  double total = 0;
  for (int rank = 0; rank < 4; ++rank)
    total += static_cast<double>(traces.rank_file(rank).size());
  EXPECT_EQ(traces.estimated_bytes(), total);
}

// A shipped-style scenario with a pipeline: every node's dependencies name earlier nodes of the
// file, node counts follow the ops, and every message is matched.
TEST(ChakraTrace, ScenarioWithPipelineDecodes) {
  const Scenario s = load_scenario_file(
      std::string(WT_SOURCE_DIR) + "/tests/cli/data/llama3-8b-1node.json", {"parallel.pipeline=2"});
  const RunOutput run = run_scenario(s, EngineKind::analytical);
  const ChakraTraces traces(s, run.workload, run.timeline);
  std::map<std::tuple<uint64_t, uint64_t, uint64_t>, int> messages;
  for (int rank = 0; rank < run.workload.num_gpus; ++rank) {
    const Program& p = run.workload.programs[static_cast<size_t>(run.workload.role_of_rank(rank))];
    size_t expected = 0;
    for (const Op& op : p.ops)
      expected += op.kind == OpKind::collective ? static_cast<size_t>(std::max(1, op.count)) : 1;
    const EtFile et = decode(traces.rank_file(rank));
    ASSERT_EQ(et.nodes.size(), expected) << "rank " << rank;
    for (size_t i = 0; i < et.nodes.size(); ++i) {
      ASSERT_EQ(et.nodes[i].id, i);
      for (uint64_t d : et.nodes[i].data_deps)
        ASSERT_LT(d, i) << et.nodes[i].name;
      if (et.nodes[i].type == kSend)
        ++messages[{rank, et.nodes[i].attrs.at("comm_dst").integer,
                    et.nodes[i].attrs.at("comm_tag").integer}];
      if (et.nodes[i].type == kRecv)
        --messages[{et.nodes[i].attrs.at("comm_src").integer, rank,
                    et.nodes[i].attrs.at("comm_tag").integer}];
    }
  }
  EXPECT_FALSE(messages.empty());
  for (const auto& [key, balance] : messages)
    EXPECT_EQ(balance, 0) << std::get<0>(key) << " -> " << std::get<1>(key) << " tag "
                          << std::get<2>(key);
}

}  // namespace
}  // namespace wt::chakra_test
