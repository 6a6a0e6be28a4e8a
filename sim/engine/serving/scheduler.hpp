#pragma once
// One serving replica's scheduler (docs/serving.md), plain C++ so that the event engine only
// sleeps for the steps it plans: which waiting requests a step admits, how many prompt tokens and
// decodes it runs, the paged KV blocks they hold, and what completes when the step ends.
// - continuous batching with chunked prefill (vLLM V1): every running decode takes one token of
//   the step's budget, unfinished prompts the rest in chunks, then waiting requests are admitted
//   in arrival order while max_num_seqs, the budget and free KV blocks allow;
// - continuous without chunked prefill (vLLM V0): a step of whole prompts when one can be admitted,
//   else a step of every running decode;
// - static: an idle replica takes up to max_num_seqs waiting requests, prefills them in one step
//   and decodes all of them until the longest is done; they complete together.
// - speculative decoding: a decode verifies k draft tokens and yields, over its steps, the
//   expected tokens per verification (a running sum: a step takes the whole tokens it adds), so
//   the mean matches Leviathan et al.'s formula without a random draw; its k + 1 query tokens
//   take the step's budget and cache slots.
// A decode that finds no free block preempts the latest admitted request, whose blocks are freed
// and whose prompt and generated tokens are computed again when it is readmitted (vLLM's
// recompute preemption).
#include <cstdint>
#include <deque>
#include <vector>

#include "sim/scenario/scenario.hpp"
#include "sim/workload/serving_cost.hpp"

namespace wt::serving {

struct Request {
  double arrival_s = 0.0;
  int64_t prompt = 1;
  int64_t output = 1;
  double service_s = 0.0;  // ServiceTime::exponential / deterministic only
};

struct RequestRecord {
  double arrival_s = 0.0;
  double start_s = -1.0;        // first admitted to a step
  double first_token_s = -1.0;  // end of the step that sampled its first token
  double finish_s = -1.0;       // -1: not served (its prompt and output exceed the KV cache)
  int32_t replica = -1;
  int32_t preemptions = 0;
  int64_t prompt = 0;
  int64_t output = 0;
};

struct SchedulerLimits {
  Batching batching = Batching::continuous;
  int max_num_seqs = 256;
  int64_t max_num_batched_tokens = 8192;
  bool chunked_prefill = true;
  int block_size = 16;
  int64_t kv_blocks = 0;
  ServiceTime service_time = ServiceTime::model;
  // Speculative decoding: draft tokens per step (0 = none) and the tokens a verification yields on
  // average (expected_tokens_per_verification).
  int spec_tokens = 0;
  double spec_yield = 1.0;
  // Encoder serving: whole prompts, bidirectional attention (q² pairs), no KV blocks; a request
  // is done when its prompt is (its output is the one result).
  bool encode = false;
};

SchedulerLimits scheduler_limits(const ServingConfig& v, int64_t kv_blocks);

// The step a replica runs next: its work for the cost model, or (test service times) a fixed
// duration.
struct StepPlan {
  StepWork work;
  double fixed_s = -1.0;  // >= 0: the step takes this long (test service times)
  bool empty() const { return work.tokens() == 0 && fixed_s < 0.0; }
};

class Scheduler {
 public:
  Scheduler(SchedulerLimits limits, const std::vector<Request>& requests,
            std::vector<RequestRecord>& records, int32_t replica);

  void enqueue(int32_t request);
  // Requests waiting or running (the least-loaded router's measure).
  int64_t load() const { return static_cast<int64_t>(waiting_.size() + running_.size()); }
  bool has_work() const { return !waiting_.empty() || !running_.empty(); }
  // Plans the next step at time `now_s` (admissions are stamped with it); empty when nothing can
  // run.
  StepPlan plan(double now_s);
  // The planned step ended at `now_s`.
  void complete(double now_s);

  int64_t used_blocks() const { return used_blocks_; }
  int64_t preemptions() const { return preemptions_; }
  int64_t rejected() const { return rejected_; }

 private:
  struct Seq {
    int32_t id = 0;
    int64_t target = 0;     // prompt (plus generated tokens after a preemption) to compute
    int64_t computed = 0;   // tokens whose KV is in the cache
    int64_t generated = 0;  // output tokens sampled so far
    int64_t blocks = 0;
    int64_t chunk = 0;     // tokens cached by this step: a prompt chunk, or the decoded ones
    int64_t accepted = 0;  // a decode: tokens it yields (1, or the accepted drafts and one more)
    double credit = 0.0;   // speculative decoding: expected tokens so far, whole ones taken
  };
  int64_t blocks_for(int64_t tokens) const;
  int64_t decode_slots(const Seq& s) const;  // cached tokens a decode step needs room for
  bool grow(Seq& s, int64_t tokens);  // KV blocks for `tokens` cached tokens; false if none left
  void release(Seq& s);
  void preempt_last();
  void plan_continuous(double now_s, StepPlan& p);
  void plan_static(double now_s, StepPlan& p);
  bool admit(double now_s, int64_t& budget, StepPlan& p, bool whole_prompt);
  void add_prefill(Seq& s, int64_t chunk, StepPlan& p);
  void add_decode(Seq& s, StepPlan& p);

  SchedulerLimits limits_;
  const std::vector<Request>& requests_;
  std::vector<RequestRecord>& records_;
  int32_t replica_;
  std::deque<Seq> waiting_;
  std::vector<Seq> running_;
  int64_t used_blocks_ = 0;
  int64_t preemptions_ = 0;
  int64_t rejected_ = 0;
  bool static_batch_open_ = false;
  int64_t static_batch_size_ = 0;
};

}  // namespace wt::serving
