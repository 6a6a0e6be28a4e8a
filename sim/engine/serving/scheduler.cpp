#include "sim/engine/serving/scheduler.hpp"

#include <algorithm>
#include <cmath>

namespace wt::serving {

SchedulerLimits scheduler_limits(const ServingConfig& v, int64_t kv_blocks) {
  SchedulerLimits l;
  l.batching = v.batching;
  l.max_num_seqs = v.max_num_seqs;
  l.max_num_batched_tokens = v.max_num_batched_tokens;
  l.chunked_prefill = v.chunked_prefill;
  l.block_size = v.kv_block_size;
  l.kv_blocks = kv_blocks;
  l.service_time = v.service_time;
  if (v.encode) {
    l.encode = true;
    l.chunked_prefill = false;
  }
  if (v.speculative.enabled()) {
    l.spec_tokens = v.speculative.num_tokens;
    l.spec_yield =
        expected_tokens_per_verification(v.speculative.num_tokens, v.speculative.acceptance_rate);
  }
  return l;
}

Scheduler::Scheduler(SchedulerLimits limits, const std::vector<Request>& requests,
                     std::vector<RequestRecord>& records, int32_t replica)
    : limits_(limits), requests_(requests), records_(records), replica_(replica) {}

int64_t Scheduler::blocks_for(int64_t tokens) const {
  if (limits_.encode) return 0;
  return (tokens + limits_.block_size - 1) / limits_.block_size;
}

void Scheduler::enqueue(int32_t request) {
  const Request& r = requests_[request];
  RequestRecord& rec = records_[request];
  rec.arrival_s = r.arrival_s;
  rec.prompt = r.prompt;
  rec.output = r.output;
  rec.replica = replica_;
  // A request whose whole sequence could never be cached is refused, as vLLM refuses a prompt
  // longer than its cache; with a test service time nothing is cached.
  if (limits_.service_time == ServiceTime::model &&
      blocks_for(r.prompt + r.output) > limits_.kv_blocks) {
    ++rejected_;
    return;
  }
  waiting_.push_back(Seq{request, r.prompt});
}

bool Scheduler::grow(Seq& s, int64_t tokens) {
  const int64_t more = blocks_for(tokens) - s.blocks;
  if (more <= 0) return true;
  if (used_blocks_ + more > limits_.kv_blocks) return false;
  used_blocks_ += more;
  s.blocks += more;
  return true;
}

void Scheduler::release(Seq& s) {
  used_blocks_ -= s.blocks;
  s.blocks = 0;
}

// The latest admitted request gives its blocks back and waits first in line, to compute its
// prompt and generated tokens again.
void Scheduler::preempt_last() {
  Seq victim = running_.back();
  running_.pop_back();
  release(victim);
  victim.target = requests_[victim.id].prompt + victim.generated;
  victim.computed = 0;
  victim.chunk = 0;
  victim.accepted = 0;
  ++records_[victim.id].preemptions;
  ++preemptions_;
  waiting_.push_front(victim);
}

void Scheduler::add_prefill(Seq& s, int64_t chunk, StepPlan& p) {
  s.chunk = chunk;
  const double c = static_cast<double>(s.computed);
  const double q = static_cast<double>(chunk);
  p.work.prefill_tokens += chunk;
  // Causal: each query meets the cached tokens and those before it; an encoder's meet all.
  p.work.prefill_pairs += limits_.encode ? q * (c + q) : q * (c + (q + 1.0) / 2.0);
  p.work.prefill_kv_tokens += s.computed + chunk;
  if (s.computed + chunk == s.target) ++p.work.sampled;
}

void Scheduler::add_decode(Seq& s, StepPlan& p) {
  const int64_t q = limits_.spec_tokens + 1;
  s.accepted = 1;
  if (limits_.spec_tokens > 0) {
    const double before = s.credit;
    s.credit += limits_.spec_yield;
    const int64_t left = requests_[s.id].output - s.generated;
    s.accepted = std::clamp<int64_t>(
        static_cast<int64_t>(std::floor(s.credit)) - static_cast<int64_t>(std::floor(before)), 1,
        std::max<int64_t>(left, 1));
  }
  s.chunk = s.accepted;
  ++p.work.decode_seqs;
  p.work.decode_tokens_per_seq = q;
  p.work.decode_kv_tokens += s.computed + 1;
  p.work.sampled += q;
}

int64_t Scheduler::decode_slots(const Seq& s) const {
  const Request& r = requests_[s.id];
  return std::min(s.computed + limits_.spec_tokens + 1, r.prompt + r.output);
}

// Admits waiting requests in arrival order with a first chunk (or, `whole_prompt`, their whole
// prompt) while the sequence limit, the budget and the free blocks allow; true if any was.
bool Scheduler::admit(double now_s, int64_t& budget, StepPlan& p, bool whole_prompt) {
  bool any = false;
  while (!waiting_.empty() && budget > 0 &&
         static_cast<int64_t>(running_.size()) < limits_.max_num_seqs) {
    Seq& s = waiting_.front();
    const int64_t chunk = std::min(s.target - s.computed, budget);
    if (whole_prompt && chunk < s.target - s.computed) break;
    if (!grow(s, s.computed + chunk)) break;
    RequestRecord& rec = records_[s.id];
    if (rec.start_s < 0.0) rec.start_s = now_s;
    budget -= chunk;
    add_prefill(s, chunk, p);
    running_.push_back(s);
    waiting_.pop_front();
    any = true;
  }
  return any;
}

void Scheduler::plan_continuous(double now_s, StepPlan& p) {
  int64_t budget = limits_.max_num_batched_tokens;
  for (Seq& s : running_) {
    s.chunk = 0;
    s.accepted = 0;
  }
  if (!limits_.chunked_prefill && admit(now_s, budget, p, true)) return;
  // Decodes first (preempting the latest admitted when a block is missing), then prompt chunks.
  for (std::size_t i = 0; i < running_.size() && budget > 0; ++i) {
    Seq& s = running_[i];
    if (s.computed < s.target) continue;
    while (!grow(s, decode_slots(s)) && running_.size() > i + 1) {
      preempt_last();
    }
    if (s.blocks < blocks_for(decode_slots(s))) {
      preempt_last();  // the last one itself: nothing else left to take blocks from
      break;
    }
    add_decode(s, p);
    budget -= limits_.spec_tokens + 1;
  }
  if (!limits_.chunked_prefill) return;
  for (Seq& s : running_) {
    if (s.computed >= s.target || budget <= 0) continue;
    const int64_t free_tokens =
        (limits_.kv_blocks - used_blocks_ + s.blocks) * limits_.block_size - s.computed;
    const int64_t chunk = std::min({s.target - s.computed, budget, free_tokens});
    if (chunk <= 0 || !grow(s, s.computed + chunk)) continue;
    budget -= chunk;
    add_prefill(s, chunk, p);
  }
  admit(now_s, budget, p, false);
}

void Scheduler::plan_static(double now_s, StepPlan& p) {
  if (!static_batch_open_) {
    if (waiting_.empty()) return;
    // A new batch: up to max_num_seqs requests whose whole sequences fit the cache.
    while (!waiting_.empty() && static_cast<int64_t>(running_.size()) < limits_.max_num_seqs) {
      Seq& s = waiting_.front();
      const Request& r = requests_[s.id];
      if (limits_.service_time == ServiceTime::model && !grow(s, r.prompt + r.output)) break;
      records_[s.id].start_s = now_s;
      running_.push_back(s);
      waiting_.pop_front();
    }
    static_batch_open_ = true;
    static_batch_size_ = static_cast<int64_t>(running_.size());
    if (limits_.service_time != ServiceTime::model) {
      p.fixed_s = 0.0;
      for (Seq& s : running_) {
        p.fixed_s = std::max(p.fixed_s, requests_[s.id].service_s);
      }
      return;
    }
    for (Seq& s : running_) {
      add_prefill(s, s.target, p);
    }
    return;
  }
  // Decode steps over the whole batch (finished rows padded) until its longest request is done.
  for (Seq& s : running_) {
    s.chunk = 0;
    if (s.generated < requests_[s.id].output) add_decode(s, p);
  }
  p.work.decode_seqs = static_batch_size_;
}

StepPlan Scheduler::plan(double now_s) {
  StepPlan p;
  if (limits_.batching == Batching::static_batch) {
    plan_static(now_s, p);
    return p;
  }
  // Running prompts that no free block lets go on: give the latest admitted one's blocks back
  // until a step can run (the first admitted always can: enqueue refuses what the cache cannot
  // hold).
  for (;;) {
    plan_continuous(now_s, p);
    if (!p.empty() || running_.empty()) return p;
    preempt_last();
    p = StepPlan{};
  }
}

void Scheduler::complete(double now_s) {
  if (limits_.batching == Batching::static_batch && limits_.service_time != ServiceTime::model) {
    for (Seq& s : running_) {
      records_[s.id].first_token_s = now_s;
      records_[s.id].finish_s = now_s;
    }
    running_.clear();
    static_batch_open_ = false;
    return;
  }
  std::vector<Seq> still;
  still.reserve(running_.size());
  bool batch_done = true;
  for (Seq& s : running_) {
    if (s.chunk > 0) {
      s.computed += s.chunk;
      // The step that completes the prompt (or decodes) samples a token.
      if (s.computed >= s.target) {
        s.generated += std::max<int64_t>(s.accepted, 1);
        if (s.generated == 1) records_[s.id].first_token_s = now_s;
        if (s.computed > s.target) s.target = s.computed;
      }
      s.chunk = 0;
      s.accepted = 0;
    }
    const bool done = s.generated >= requests_[s.id].output;
    if (limits_.batching == Batching::static_batch) {
      batch_done = batch_done && done;
      still.push_back(s);
      continue;
    }
    if (done) {
      records_[s.id].finish_s = now_s;
      release(s);
    } else {
      still.push_back(s);
    }
  }
  running_.swap(still);
  if (limits_.batching == Batching::static_batch && batch_done) {
    for (Seq& s : running_) {
      records_[s.id].finish_s = now_s;
      release(s);
    }
    running_.clear();
    static_batch_open_ = false;
  }
}

}  // namespace wt::serving
