#include "sim/report/chrome_trace.hpp"

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace wt {
namespace {

using nlohmann::json;

Op compute(Phase phase, int mb, int layer, int num_layers) {
  Op op;
  op.phase = phase;
  op.micro_batch = mb;
  op.layer = layer;
  op.num_layers = num_layers;
  return op;
}

Op comm(OpKind kind, Stream stream, CommDim dim, Phase phase, int mb) {
  Op op;
  op.kind = kind;
  op.stream = stream;
  op.dim = dim;
  op.phase = phase;
  op.micro_batch = mb;
  return op;
}

OpTiming at(double start_ms, double end_ms, double bubble_ms = 0, double comm_ms = 0) {
  return {start_ms * 1e-3, end_ms * 1e-3, bubble_ms * 1e-3, comm_ms * 1e-3};
}

// Two pipeline stages, TP 2: ranks 0-1 run role 0, ranks 2-3 run role 1; two GPUs per node.
struct TinyRun {
  Scenario scenario;
  Workload workload;
  Timeline timeline;
};

TinyRun tiny_run() {
  TinyRun t;
  t.scenario.cluster.gpus_per_node = 2;
  t.scenario.cluster.num_nodes = 2;
  Workload& w = t.workload;
  w.num_gpus = 4;
  w.tensor = 2;
  w.pipeline = 2;

  Op tp = comm(OpKind::collective, Stream::compute, CommDim::tp, Phase::forward, 0);
  tp.count = 4;
  tp.bytes_sent = 1000;
  Op send_f = comm(OpKind::send, Stream::pp_send, CommDim::pp, Phase::forward, 0);
  send_f.bytes_sent = 2048;
  Op recv_b = comm(OpKind::recv, Stream::compute, CommDim::pp, Phase::backward, 0);
  Op dp = comm(OpKind::collective, Stream::dp_comm, CommDim::dp, Phase::grad_sync, -1);
  dp.collective = Collective::reduce_scatter;
  dp.bytes_sent = 5e6;
  Op opt = compute(Phase::optimizer, -1, -1, 0);
  opt.deps = {6, -1};
  Program p0{0,
             {compute(Phase::forward, 0, 0, 2), compute(Phase::forward, 0, 2, 2), tp, send_f,
              recv_b, compute(Phase::backward, 0, 0, 4), dp, opt}};
  RoleTimeline t0{{at(0, 1), at(1, 2), at(2, 2.5), at(2.5, 2.7), at(6, 6, 3, 0.5), at(6, 10),
                   at(10, 12), at(12, 13, 0, 2)},
                  13e-3};

  Op recv_f = comm(OpKind::recv, Stream::compute, CommDim::pp, Phase::forward, 0);
  Op send_b = comm(OpKind::send, Stream::pp_send, CommDim::pp, Phase::backward, 0);
  Program p1{1,
             {recv_f, compute(Phase::forward, 0, 4, 4), compute(Phase::backward, 0, 4, 4), send_b}};
  RoleTimeline t1{{at(2.7, 2.7, 2.7, 0), at(2.7, 4.7), at(4.7, 8.7), at(8.7, 9)}, 9e-3};

  w.programs = {p0, p1};
  t.timeline.roles = {t0, t1};
  t.timeline.iteration_s = 13e-3;
  return t;
}

json trace_of(const TinyRun& t) {
  std::ostringstream out;
  write_chrome_trace(out, t.scenario, t.workload, t.timeline);
  return json::parse(out.str());
}

std::vector<json> complete_events(const json& trace, int pid) {
  std::vector<json> events;
  for (const json& e : trace["traceEvents"]) {
    if (e["ph"] == "X" && e["pid"] == pid) events.push_back(e);
  }
  return events;
}

void expect_event(const json& e, int tid, const char* cat, const char* name, double ts_us,
                  double dur_us) {
  EXPECT_EQ(e["tid"], tid) << e.dump();
  EXPECT_EQ(e["cat"], cat) << e.dump();
  EXPECT_EQ(e["name"], name) << e.dump();
  EXPECT_NEAR(e["ts"].get<double>(), ts_us, 1e-3) << e.dump();
  EXPECT_NEAR(e["dur"].get<double>(), dur_us, 1e-3) << e.dump();
}

TEST(ChromeTrace, DocumentShape) {
  const json trace = trace_of(tiny_run());
  EXPECT_EQ(trace["displayTimeUnit"], "ms");
  ASSERT_TRUE(trace["traceEvents"].is_array());
  // Per rank: process_name, process_sort_index, thread_name and thread_sort_index for 4 threads.
  int metadata = 0;
  for (const json& e : trace["traceEvents"])
    metadata += e["ph"] == "M" ? 1 : 0;
  EXPECT_EQ(metadata, 4 * 10);
}

// A role whose program has expert-parallel ops on their own stream (parallel.ep_comm_overlap)
// gets an "ep comm" thread (tid 4), with its span; the other role's ranks keep their four.
TEST(ChromeTrace, PairedExpertParallelOpsHaveTheirOwnThread) {
  TinyRun t = tiny_run();
  Op ep = comm(OpKind::collective, Stream::ep_comm, CommDim::ep, Phase::forward, 0);
  ep.collective = Collective::all_to_all;
  ep.bytes_sent = 4096;
  t.workload.programs[1].ops.push_back(ep);
  t.timeline.roles[1].ops.push_back(at(3, 4));
  const json trace = trace_of(t);
  std::map<int, std::set<std::string>> threads;  // pid → thread names
  int ep_spans = 0;
  for (const json& e : trace["traceEvents"]) {
    if (e["name"] == "thread_name") threads[e["pid"]].insert(e["args"]["name"]);
    if (e["ph"] == "X" && e["tid"] == 4) ++ep_spans;
  }
  for (const int pid : {0, 1}) {
    EXPECT_EQ(threads[pid].size(), 4u) << pid;
    EXPECT_EQ(threads[pid].count("ep comm"), 0u) << pid;
  }
  for (const int pid : {2, 3}) {
    EXPECT_EQ(threads[pid].size(), 5u) << pid;
    EXPECT_EQ(threads[pid].count("ep comm"), 1u) << pid;
  }
  EXPECT_EQ(ep_spans, 2);  // one on each rank of role 1
}

TEST(ChromeTrace, ProcessPerGpuNamedByNodeAndStage) {
  const json trace = trace_of(tiny_run());
  std::map<int, std::string> names;
  std::map<int, int> sort_index;
  for (const json& e : trace["traceEvents"]) {
    if (e["name"] == "process_name") names[e["pid"]] = e["args"]["name"];
    if (e["name"] == "process_sort_index") sort_index[e["pid"]] = e["args"]["sort_index"];
  }
  EXPECT_EQ(names, (std::map<int, std::string>{{0, "gpu 0 (node 0, stage 0)"},
                                               {1, "gpu 1 (node 0, stage 0)"},
                                               {2, "gpu 2 (node 1, stage 1)"},
                                               {3, "gpu 3 (node 1, stage 1)"}}));
  EXPECT_EQ(sort_index, (std::map<int, int>{{0, 0}, {1, 1}, {2, 2}, {3, 3}}));
}

TEST(ChromeTrace, FirstStageSpans) {
  const std::vector<json> e = complete_events(trace_of(tiny_run()), 0);
  // Compute stream first (merged forward, TP, waits, backward, optimizer), then the DP stream,
  // then the pipeline sends. The zero-length recv leaves only its waits.
  ASSERT_EQ(e.size(), 9u);
  expect_event(e[0], 0, "compute", "F mb0 c0 L0-3", 0, 2000);  // two forward ops merged
  expect_event(e[1], 0, "tp", "tp all_reduce ×4", 2000, 500);
  expect_event(e[2], 0, "bubble", "bubble", 2500, 3000);  // 6 ms − 0.5 − 3
  expect_event(e[3], 0, "pp", "pp wait", 5500, 500);
  expect_event(e[4], 0, "compute", "B mb0 c0 L0-3", 6000, 4000);
  expect_event(e[5], 0, "dp", "dp wait", 10000, 2000);  // optimizer waits on the DP op
  expect_event(e[6], 0, "optimizer", "optimizer step", 12000, 1000);
  expect_event(e[7], 1, "dp", "dp reduce_scatter", 10000, 2000);
  expect_event(e[8], 3, "pp", "pp send F mb0 c0", 2500, 200);
  EXPECT_EQ(e[1]["args"]["bytes"], 1000);
  EXPECT_EQ(e[7]["args"]["bytes"], 5000000);
  EXPECT_FALSE(e[0].contains("args"));
}

TEST(ChromeTrace, SecondStageSpansAndEveryRankReplaysItsRole) {
  const json trace = trace_of(tiny_run());
  const std::vector<json> e = complete_events(trace, 2);
  ASSERT_EQ(e.size(), 4u);
  expect_event(e[0], 0, "bubble", "bubble", 0, 2700);
  expect_event(e[1], 0, "compute", "F mb0 c0 L4-7", 2700, 2000);  // different phases: not merged
  expect_event(e[2], 0, "compute", "B mb0 c0 L4-7", 4700, 4000);
  expect_event(e[3], 3, "pp", "pp send B mb0 c0", 8700, 300);
  const std::vector<json> twin = complete_events(trace, 3);
  ASSERT_EQ(twin.size(), e.size());
  for (size_t i = 0; i < e.size(); ++i) {
    json a = e[i], b = twin[i];
    a.erase("pid");
    b.erase("pid");
    EXPECT_EQ(a, b);
  }
  EXPECT_EQ(complete_events(trace, 1).size(), 9u);
}

TEST(ChromeTrace, GapBetweenOpsKeepsThemApart) {
  TinyRun t = tiny_run();
  t.timeline.roles[0].ops[1] = at(1.5, 2);  // a gap of 0.5 ms after the first forward op
  const std::vector<json> e = complete_events(trace_of(t), 0);
  expect_event(e[0], 0, "compute", "F mb0 c0 L0-1", 0, 1000);
  expect_event(e[1], 0, "compute", "F mb0 c0 L2-3", 1500, 500);
}

// Per-layer compute and TP collectives of one micro-batch: folded into one compute span and one TP
// span (compute first), each with its total time, tiling the stretch exactly.
TEST(ChromeTrace, InterleavedLayersFoldIntoOneSpanPerCategory) {
  TinyRun t;
  t.scenario.cluster.gpus_per_node = 1;
  t.workload.num_gpus = 1;
  Op ag = comm(OpKind::collective, Stream::compute, CommDim::tp, Phase::forward, 1);
  ag.collective = Collective::all_gather;
  ag.count = 2;
  ag.bytes_sent = 100;
  Op rs = ag;
  rs.collective = Collective::reduce_scatter;
  Op bubbled = compute(Phase::forward, 1, 2, 1);
  t.workload.programs = {Program{0,
                                 {compute(Phase::forward, 1, 0, 1), ag, rs,
                                  compute(Phase::forward, 1, 1, 1), ag, rs, bubbled, ag}}};
  t.timeline.roles = {RoleTimeline{{at(0, 1), at(1, 1.1), at(1.1, 1.2), at(1.2, 2.2), at(2.2, 2.3),
                                    at(2.3, 2.4), at(3.4, 4.4, 1.0, 0), at(4.4, 4.5)},
                                   4.5e-3}};
  const std::vector<json> e = complete_events(trace_of(t), 0);
  ASSERT_EQ(e.size(), 5u);
  expect_event(e[0], 0, "compute", "F mb1 c0 L0-1", 0, 2000);  // 1 ms + 1 ms
  expect_event(e[1], 0, "tp", "tp all_gather+reduce_scatter ×8", 2000, 400);
  EXPECT_EQ(e[1]["args"]["bytes"], 400);
  // The wait splits the stretch: it is drawn where it happened, and folding starts again after.
  expect_event(e[2], 0, "bubble", "bubble", 2400, 1000);
  expect_event(e[3], 0, "compute", "F mb1 c0 L2", 3400, 1000);
  expect_event(e[4], 0, "tp", "tp all_gather ×2", 4400, 100);
}

// Full recomputation interleaves R and B layer by layer: one stretch, with R, TP and B spans.
TEST(ChromeTrace, RecomputeFoldsIntoTheBackwardStretch) {
  TinyRun t;
  t.scenario.cluster.gpus_per_node = 1;
  t.workload.num_gpus = 1;
  Op tp = comm(OpKind::collective, Stream::compute, CommDim::tp, Phase::recompute, 2);
  tp.count = 2;
  Op tp_b = tp;
  tp_b.phase = Phase::backward;
  t.workload.programs = {
      Program{0,
              {compute(Phase::recompute, 2, 1, 1), tp, compute(Phase::backward, 2, 1, 1), tp_b,
               compute(Phase::recompute, 2, 0, 1), tp, compute(Phase::backward, 2, 0, 1), tp_b}}};
  t.timeline.roles = {RoleTimeline{{at(0, 1), at(1, 1.5), at(1.5, 3.5), at(3.5, 4), at(4, 5),
                                    at(5, 5.5), at(5.5, 7.5), at(7.5, 8)},
                                   8e-3}};
  const std::vector<json> e = complete_events(trace_of(t), 0);
  ASSERT_EQ(e.size(), 3u);
  expect_event(e[0], 0, "compute", "R mb2 c0 L0-1", 0, 2000);
  expect_event(e[1], 0, "tp", "tp all_reduce ×8", 2000, 2000);
  expect_event(e[2], 0, "compute", "B mb2 c0 L0-1", 4000, 4000);
}

// Times are rounded to the nanosecond on one grid: an event that ends where the next begins
// ends on the nanosecond the next begins on, whatever the residue of the seconds.
TEST(ChromeTrace, AdjacentSpansShareTheirRoundedBoundary) {
  TinyRun t;
  t.scenario.cluster.gpus_per_node = 1;
  t.workload.num_gpus = 1;
  Op a = compute(Phase::forward, 0, 0, 1);
  Op b = compute(Phase::backward, 0, 0, 1);
  t.workload.programs = {Program{0, {a, b}}};
  // [0.51, 2.02] and [2.02, 3] ns: "%.3f" of the start and of the duration alone gave ts 0.001,
  // dur 0.002 (ending at 3 ns) and ts 0.002: overlapping by 1 ns. On one grid the first ends at
  // round(2.02) = 2 ns, where the second begins.
  t.timeline.roles = {RoleTimeline{{{0.51e-9, 2.02e-9, 0, 0}, {2.02e-9, 3e-9, 0, 0}}, 3e-9}};
  std::ostringstream out;
  write_chrome_trace(out, t.scenario, t.workload, t.timeline);
  const std::string text = out.str();
  EXPECT_NE(text.find("\"ts\":0.001,\"dur\":0.001}"), std::string::npos) << text;
  EXPECT_NE(text.find("\"ts\":0.002,\"dur\":0.001}"), std::string::npos) << text;
}

// Pipeline messages become flow arrows: "s" 1 ns before the end of the send, "f" 1 ns after the
// start of the receive or, when the receive took no time, of the compute span that follows it;
// the ids are unique per (sending rank, send).
TEST(ChromeTrace, PipelineMessagesAreFlowArrows) {
  TinyRun t = tiny_run();
  t.workload.programs[0].ops[4].peer_role = 1;  // recv B from stage 1's send (its op 3)
  t.workload.programs[0].ops[4].peer_op = 3;
  t.workload.programs[1].ops[0].peer_role = 0;  // recv F from stage 0's send (its op 3)
  t.workload.programs[1].ops[0].peer_op = 3;
  const json trace = trace_of(t);
  std::map<int64_t, json> starts, finishes;
  for (const json& e : trace["traceEvents"]) {
    if (e["ph"] == "s") starts[e["id"]] = e;
    if (e["ph"] == "f") finishes[e["id"]] = e;
  }
  ASSERT_EQ(starts.size(), 4u);
  ASSERT_EQ(finishes.size(), 4u);
  // Ranks 0 and 1 send F to ranks 2 and 3 (ids 1, 2); ranks 2 and 3 send B to 0 and 1 (ids 3, 4).
  const int sender[] = {0, 1, 2, 3}, receiver[] = {2, 3, 0, 1};
  for (int64_t id = 1; id <= 4; ++id) {
    const json& s = starts[id];
    const json& f = finishes[id];
    EXPECT_EQ(s["pid"], sender[id - 1]);
    EXPECT_EQ(f["pid"], receiver[id - 1]);
    EXPECT_EQ(s["tid"], 3);
    EXPECT_EQ(f["tid"], 0);
    EXPECT_EQ(s["bp"], "e");
    EXPECT_EQ(f["bp"], "e");
    EXPECT_EQ(s["cat"], "pp");
    EXPECT_EQ(s["name"], f["name"]);
  }
  EXPECT_EQ(starts[1]["name"], "pp send F mb0 c0");
  EXPECT_NEAR(starts[1]["ts"].get<double>(), 2699.999, 1e-9);    // send 2500-2700 µs
  EXPECT_NEAR(finishes[1]["ts"].get<double>(), 2700.001, 1e-9);  // F mb0 from 2700 µs
  EXPECT_NEAR(starts[3]["ts"].get<double>(), 8999.999, 1e-9);    // send 8700-9000 µs
  EXPECT_NEAR(finishes[3]["ts"].get<double>(), 6000.001, 1e-9);  // B mb0 from 6000 µs
}

TEST(ChromeTrace, MismatchedTimelineIsAnInternalError) {
  TinyRun t = tiny_run();
  t.timeline.roles[1].ops.pop_back();
  std::ostringstream out;
  EXPECT_THROW(write_chrome_trace(out, t.scenario, t.workload, t.timeline), std::logic_error);
}

}  // namespace
}  // namespace wt
