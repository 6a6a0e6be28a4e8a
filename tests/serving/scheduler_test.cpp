// The replica scheduler by hand: chunked prefill under the token budget, recompute preemption when
// the KV blocks run out, and static batches that complete together.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/engine/serving/scheduler.hpp"
#include "sim/engine/serving/traffic.hpp"

namespace wt::serving {
namespace {

SchedulerLimits limits(int64_t budget, int block, int64_t blocks) {
  SchedulerLimits l;
  l.max_num_batched_tokens = budget;
  l.block_size = block;
  l.kv_blocks = blocks;
  return l;
}

// Runs the scheduler to the end, one unit of time per step; returns the steps' work.
std::vector<StepWork> drain(Scheduler& s) {
  std::vector<StepWork> steps;
  double now = 0.0;
  while (s.has_work()) {
    const StepPlan p = s.plan(now);
    EXPECT_FALSE(p.empty());
    if (p.empty()) break;
    steps.push_back(p.work);
    now += 1.0;
    s.complete(now);
  }
  return steps;
}

TEST(ServingScheduler, ChunkedPrefillFillsTheBudgetThenDecodes) {
  const std::vector<Request> requests = {{0.0, 25, 3}};
  std::vector<RequestRecord> records(1);
  Scheduler s(limits(10, 16, 100), requests, records, 0);
  s.enqueue(0);
  const std::vector<StepWork> steps = drain(s);
  ASSERT_EQ(steps.size(), 5u);
  // Chunks of 10, 10 and 5 prompt tokens: q · (c + (q + 1) / 2) query-key pairs each.
  EXPECT_EQ(steps[0].prefill_tokens, 10);
  EXPECT_DOUBLE_EQ(steps[0].prefill_pairs, 55.0);
  EXPECT_DOUBLE_EQ(steps[1].prefill_pairs, 155.0);
  EXPECT_DOUBLE_EQ(steps[2].prefill_pairs, 115.0);
  EXPECT_EQ(steps[2].sampled, 1);  // the last chunk samples the first token
  EXPECT_EQ(steps[3].decode_seqs, 1);
  EXPECT_EQ(steps[3].decode_kv_tokens, 26);
  EXPECT_EQ(steps[4].decode_kv_tokens, 27);
  EXPECT_DOUBLE_EQ(records[0].start_s, 0.0);
  EXPECT_DOUBLE_EQ(records[0].first_token_s, 3.0);
  EXPECT_DOUBLE_EQ(records[0].finish_s, 5.0);
  EXPECT_EQ(s.used_blocks(), 0);
}

TEST(ServingScheduler, RunningOutOfBlocksPreemptsTheLatestAdmitted) {
  // Three blocks of 4 tokens; two requests of 4 + 6 tokens (3 blocks each when done).
  const std::vector<Request> requests = {{0.0, 4, 6}, {0.0, 4, 6}};
  std::vector<RequestRecord> records(2);
  Scheduler s(limits(64, 4, 3), requests, records, 0);
  s.enqueue(0);
  s.enqueue(1);
  drain(s);
  EXPECT_GE(s.preemptions(), 1);
  EXPECT_EQ(records[0].preemptions, 0);
  EXPECT_GE(records[1].preemptions, 1);
  EXPECT_GT(records[0].finish_s, 0.0);
  EXPECT_GT(records[1].finish_s, records[0].finish_s);
  EXPECT_EQ(s.used_blocks(), 0);
}

TEST(ServingScheduler, ARequestLargerThanTheCacheIsRefused) {
  const std::vector<Request> requests = {{0.0, 100, 100}};
  std::vector<RequestRecord> records(1);
  Scheduler s(limits(64, 16, 4), requests, records, 0);
  s.enqueue(0);
  EXPECT_EQ(s.rejected(), 1);
  EXPECT_FALSE(s.has_work());
  EXPECT_LT(records[0].finish_s, 0.0);
}

TEST(ServingScheduler, AStaticBatchCompletesTogether) {
  const std::vector<Request> requests = {{0.0, 4, 1}, {0.0, 8, 3}};
  std::vector<RequestRecord> records(2);
  SchedulerLimits l = limits(64, 16, 100);
  l.batching = Batching::static_batch;
  Scheduler s(l, requests, records, 0);
  s.enqueue(0);
  s.enqueue(1);
  const std::vector<StepWork> steps = drain(s);
  ASSERT_EQ(steps.size(), 3u);  // one prefill of both prompts, two decodes of the padded batch
  EXPECT_EQ(steps[0].prefill_tokens, 12);
  EXPECT_EQ(steps[1].decode_seqs, 2);
  EXPECT_DOUBLE_EQ(records[0].first_token_s, 1.0);
  EXPECT_DOUBLE_EQ(records[0].finish_s, 3.0);
  EXPECT_DOUBLE_EQ(records[1].finish_s, 3.0);
}

TEST(ServingTraffic, DrawsByHand) {
  // Exponential: −ln(1 − u) / λ; u = 1 − e⁻¹ gives 1/λ.
  EXPECT_NEAR(exponential_draw(4.0, 1.0 - std::exp(-1.0)), 0.25, 1e-12);
  LengthConfig uniform{LengthDistribution::uniform, 0.0, 0.0, 10, 19};
  EXPECT_EQ(length_draw(uniform, 1000, 0.0, 0.0), 10);
  EXPECT_EQ(length_draw(uniform, 1000, 0.999, 0.0), 19);
  // Lognormal of mean 100, deviation 50: σ² = ln 1.25, μ = ln 100 − σ²/2; at z = 0 (u2 = 1/4,
  // cos = 0) the draw is e^μ = 100 / √1.25 = 89.44 → 89.
  LengthConfig lognormal{LengthDistribution::lognormal, 100.0, 50.0, 1, 0};
  EXPECT_EQ(length_draw(lognormal, 1000, 0.5, 0.25), 89);
  LengthConfig fixed{LengthDistribution::fixed, 512.0};
  EXPECT_EQ(length_draw(fixed, 300, 0.3, 0.3), 300);  // cut to the context
}

TEST(ServingScheduler, SpeculativeDecodesYieldTheExpectedTokensPerStep) {
  // One request of 10 + 20 tokens, 4 drafts per step all accepted (5 tokens per verification):
  // the prefill samples token 1, then decodes of 5, 5, 5 and the last 4.
  const std::vector<Request> requests = {{0.0, 10, 20}};
  std::vector<RequestRecord> records(1);
  SchedulerLimits l = limits(64, 16, 100);
  l.spec_tokens = 4;
  l.spec_yield = 5.0;
  Scheduler s(l, requests, records, 0);
  s.enqueue(0);
  const std::vector<StepWork> steps = drain(s);
  ASSERT_EQ(steps.size(), 5u);
  EXPECT_EQ(steps[1].decode_tokens_per_seq, 5);
  EXPECT_EQ(steps[1].tokens(), 5);
  EXPECT_EQ(steps[1].sampled, 5);
  EXPECT_EQ(steps[1].decode_kv_tokens, 11);
  EXPECT_EQ(steps[2].decode_kv_tokens, 16);
  EXPECT_DOUBLE_EQ(records[0].finish_s, 5.0);
  EXPECT_EQ(s.used_blocks(), 0);
  // At 2.5 tokens per verification the running sum takes 2, 3, 2, 3, ...: 19 tokens after the
  // prefill in 8 decodes (2 + 3 + 2 + 3 + 2 + 3 + 2 + 2, the last one capped).
  std::vector<RequestRecord> again(1);
  l.spec_yield = 2.5;
  Scheduler half(l, requests, again, 0);
  half.enqueue(0);
  EXPECT_EQ(drain(half).size(), 9u);
}

TEST(ServingTraffic, BurstsMultiplyTheRateWithinThem) {
  // 10 requests/s for 6000 s, 5 times that for the first 60 s of every 600 s: 60,000 arrivals
  // plus 10 bursts of 60 s at 40 more per second (24,000): 84,000 expected, Poisson spread ±290.
  Scenario s;
  s.model.seq_length = 4096;
  s.serving.traffic.rate_rps = 10.0;
  s.serving.traffic.burst_factor = 5.0;
  s.serving.traffic.burst_s = 60.0;
  s.serving.traffic.burst_period_s = 600.0;
  s.serving.num_requests = 0;
  s.serving.duration_s = 6000.0;
  const std::vector<Request> r = sample_requests(s);
  EXPECT_NEAR(static_cast<double>(r.size()), 84000.0, 1200.0);
  int64_t in_bursts = 0;
  for (const Request& q : r) {
    if (std::fmod(q.arrival_s, 600.0) < 60.0) ++in_bursts;
  }
  EXPECT_NEAR(static_cast<double>(in_bursts), 30000.0, 700.0);  // 10 × 60 s × 50/s
}

TEST(ServingScheduler, AnEncoderRunsWholeBidirectionalPassesAndKeepsNoCache) {
  // Budget 1000, no KV blocks at all: 300 + 500 tokens fit the first step whole (q² pairs each),
  // 400 more do not and wait for the second; each request is done when its pass ends.
  const std::vector<Request> requests = {{0.0, 300, 1}, {0.0, 500, 1}, {0.0, 400, 1}};
  std::vector<RequestRecord> records(3);
  SchedulerLimits l = limits(1000, 16, 0);
  l.encode = true;
  l.chunked_prefill = false;
  Scheduler s(l, requests, records, 0);
  for (int32_t i = 0; i < 3; ++i) {
    s.enqueue(i);
  }
  const std::vector<StepWork> steps = drain(s);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].prefill_tokens, 800);
  EXPECT_DOUBLE_EQ(steps[0].prefill_pairs, 300.0 * 300 + 500.0 * 500);
  EXPECT_EQ(steps[0].sampled, 2);
  EXPECT_EQ(steps[0].decode_seqs, 0);
  EXPECT_EQ(steps[1].prefill_tokens, 400);
  EXPECT_DOUBLE_EQ(steps[1].prefill_pairs, 400.0 * 400);
  EXPECT_DOUBLE_EQ(records[0].finish_s, 1.0);
  EXPECT_DOUBLE_EQ(records[0].first_token_s, records[0].finish_s);
  EXPECT_DOUBLE_EQ(records[2].finish_s, 2.0);
  EXPECT_EQ(s.rejected(), 0);
  EXPECT_EQ(s.used_blocks(), 0);
}

}  // namespace
}  // namespace wt::serving
