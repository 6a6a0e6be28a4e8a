// parallel.ep_comm_overlap (sim/workload/schedule.hpp, ep_pairs): the paired schedule, the ops a
// paired step builds, and what the walk makes of them, checked against closed forms.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/comm/fabric.hpp"
#include "sim/engine/analytical/walk.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/schedule.hpp"

namespace wt {
namespace {

using nlohmann::json;

std::string paired_steps(const std::vector<PipeStep>& steps) {
  std::string out;
  for (const PipeStep& s : steps) {
    out += (s.forward ? "F" : "B") + std::to_string(s.micro_batch);
    if (s.chunk > 0) out += "." + std::to_string(s.chunk);
    out += s.paired ? "* " : " ";
  }
  return out;
}

// 1F1B, p = 4, m = 6: every stage runs one forward more before its steady state, so the last
// stage pairs F1 with B0 rather than F0 with its own backward; the steady steps are marked.
TEST(EpPairs, OneFOneBRunsOneForwardMoreAndPairsTheSteadySteps) {
  const auto steps = [](int stage) {
    return paired_steps(stage_steps(PipelineSchedule::one_f_one_b, 4, stage, 6, 1, true));
  };
  EXPECT_EQ(steps(3), "F0 F1* B0* F2* B1* F3* B2* F4* B3* F5* B4* B5 ");
  EXPECT_EQ(steps(0), "F0 F1 F2 F3 F4* B0* F5* B1* B2 B3 B4 B5 ");
  // In flight: one more than 1F1B's min(p − stage, m) everywhere.
  for (int stage = 0; stage < 4; ++stage) {
    EXPECT_EQ(max_in_flight(PipelineSchedule::one_f_one_b, 4, stage, 6, 1, true),
              std::min(4 - stage + 1, 6));
    EXPECT_EQ(max_in_flight(stage_steps(PipelineSchedule::one_f_one_b, 4, stage, 6, 1, true)),
              std::min(4 - stage + 1, 6));
  }
  // No pipeline: F0, then F(i+1) with B(i), then the last backward.
  EXPECT_EQ(paired_steps(stage_steps(PipelineSchedule::one_f_one_b, 1, 0, 3, 1, true)),
            "F0 F1* B0* F2* B1* B2 ");
}

// Interleaving's warm-up already separates a pair's two passes by a round of stages: unchanged,
// its steady steps marked.
TEST(EpPairs, InterleavedKeepsItsWarmupAndPairsTheSteadySteps) {
  EXPECT_EQ(paired_steps(stage_steps(PipelineSchedule::interleaved, 2, 0, 4, 2, true)),
            "F0 F1 F0.1 F1.1 F2* B0.1* F3* B1.1* F2.1* B0* F3.1* B1* B2.1 B3.1 B2 B3 ");
  for (int64_t i = 0; i < 16; ++i) {
    const PipeStep a = stage_step(PipelineSchedule::interleaved, 2, 0, 4, 2, i, true);
    const PipeStep b = StageSchedule(PipelineSchedule::interleaved, 2, 0, 4, 2, true).at(i);
    EXPECT_EQ(a.paired, b.paired) << i;
  }
}

// Mixtral's layers (8 of them) on EP 8 over 8 data ranks, 1F1B on `pipeline` stages.
json overlap_doc(int pipeline, int gpus_per_node, double link_Gbps = 400.0) {
  return {{"schema", 1},
          {"name", "ep-overlap"},
          {"model", {{"preset", "mixtral-8x7b"}, {"num_layers", 8}, {"seq_length", 2048}}},
          {"training", {{"global_batch_size", 16}, {"micro_batch_size", 1}}},
          {"parallel",
           {{"pipeline", pipeline},
            {"data", 8},
            {"expert", 8},
            {"zero_stage", 1},
            {"ep_comm_overlap", true}}},
          {"cluster",
           {{"gpu", "h100-sxm5-80gb"},
            {"num_nodes", 8 * pipeline / gpus_per_node},
            {"gpus_per_node", gpus_per_node},
            {"network", {{"link_bandwidth_Gbps", link_Gbps}}}}}};
}

Workload priced(const Scenario& s) {
  Workload w = build_workload(s);
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  assign_durations(w, s, *gpu, make_fabric(s, *gpu), nullptr);
  return w;
}

// The ops of a paired step: its expert-parallel collectives on their own stream, the pass's first
// waiting for the pass's first op; a send waiting for its pass's last; the pair closed by a
// zero-length op on the compute stream waiting for the pair's last. Unpaired steps keep them on
// the compute stream.
TEST(EpPairs, PairedStepsPutTheirExpertParallelOpsOnTheirOwnStream) {
  const Workload w = priced(parse_scenario(overlap_doc(2, 8)));
  for (const Program& program : w.programs) {
    int on_ep_stream = 0, blocking = 0, joins = 0;
    for (size_t i = 0; i < program.ops.size(); ++i) {
      const Op& op = program.ops[i];
      if (op.dim == CommDim::ep) (op.stream == Stream::ep_comm ? on_ep_stream : blocking) += 1;
      if (op.kind == OpKind::compute && op.kernels < 0 && op.phase == Phase::backward) {
        ++joins;
        ASSERT_GE(op.deps[0], 0);
        EXPECT_EQ(program.ops[op.deps[0]].stream, Stream::ep_comm);
        EXPECT_EQ(op.duration_s, 0.0);
      }
      if (op.kind == OpKind::send && op.deps[1] >= 0) {
        EXPECT_EQ(program.ops[op.deps[1]].stream, Stream::ep_comm);
      }
    }
    // m = 16 / 8 = 2 micro-batches: stage 0 warms up with both forwards (nothing to pair), stage
    // 1 runs F0, then F1 with B0, then B1.
    if (program.role == 0) {
      EXPECT_EQ(on_ep_stream, 0);
      EXPECT_EQ(joins, 0);
    } else {
      EXPECT_GT(on_ep_stream, 0);
      EXPECT_GT(blocking, 0);
      EXPECT_EQ(on_ep_stream, blocking);  // F1 + B0 paired, F0 + B1 not: the same collectives
      EXPECT_EQ(joins, 1);
    }
  }
}

// The stream times of the ops between two join ops (one pair, no pipeline): its compute stream's,
// its expert-parallel stream's, and its first op's (the forward's embedding).
struct PairTimes {
  double compute_s = 0.0, ep_s = 0.0, first_s = 0.0;
};
PairTimes pair_times(const Program& program, size_t after, size_t join) {
  PairTimes t;
  bool first = true;
  for (size_t i = after + 1; i < join; ++i) {
    const Op& op = program.ops[i];
    if (op.stream == Stream::compute) {
      if (first) t.first_s = op.duration_s;
      first = false;
      t.compute_s += op.duration_s;
    }
    if (op.stream == Stream::ep_comm) t.ep_s += op.duration_s;
  }
  return t;
}

// Without a pipeline a pair is F(i+1) with B(i) and starts when the last pair ended: it lasts the
// longer of its compute (every compute-stream op of both passes, back to back) and its
// expert-parallel collectives (back to back from the end of the forward's embedding). Inside a
// node compute is the longer, across nodes at 10 Gb/s the all-to-alls; the walk gives each.
TEST(EpPairs, APairLastsTheLongerOfItsComputeAndItsAllToAlls) {
  for (const auto& [per_node, link_Gbps] : {std::pair{8, 400.0}, std::pair{1, 10.0}}) {
    json doc = overlap_doc(1, per_node, link_Gbps);
    doc["training"]["global_batch_size"] = 32;  // 4 micro-batches: 3 pairs
    const Scenario s = parse_scenario(doc);
    const Workload w = priced(s);
    const Timeline t = walk(w);
    const Program& program = w.programs[0];
    std::vector<size_t> joins;
    for (size_t i = 0; i < program.ops.size(); ++i) {
      const Op& op = program.ops[i];
      if (op.kind == OpKind::compute && op.kernels < 0 && op.phase == Phase::backward)
        joins.push_back(i);
    }
    ASSERT_EQ(joins.size(), 3u);
    for (size_t j = 1; j < joins.size(); ++j) {
      const PairTimes p = pair_times(program, joins[j - 1], joins[j]);
      const double expected = std::max(p.compute_s, p.first_s + p.ep_s);
      const double ran = t.roles[0].ops[joins[j]].end_s - t.roles[0].ops[joins[j - 1]].end_s;
      EXPECT_NEAR(ran, expected, 1e-9 * expected) << per_node << " per node, pair " << j;
      if (per_node == 8) {
        EXPECT_GT(p.compute_s, p.first_s + p.ep_s);
      } else {
        EXPECT_LT(p.compute_s, p.first_s + p.ep_s);
      }
    }
  }
}

// Holding one micro-batch more costs memory and buys time: with EP across nodes the overlap hides
// most of the all-to-alls the blocking schedule exposes.
TEST(EpPairs, OverlapHidesTheAllToAllsAndHoldsOneMicroBatchMore) {
  json doc = overlap_doc(1, 1, 100.0);
  doc["training"]["global_batch_size"] = 64;
  const Scenario on = parse_scenario(doc);
  doc["parallel"]["ep_comm_overlap"] = false;
  const Scenario off = parse_scenario(doc);
  const Workload w_on = priced(on), w_off = priced(off);
  EXPECT_EQ(w_on.stage_in_flight_layers[0], 2 * w_off.stage_in_flight_layers[0]);
  EXPECT_LT(walk(w_on).iteration_s, walk(w_off).iteration_s);
}

}  // namespace
}  // namespace wt
