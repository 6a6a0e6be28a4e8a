#pragma once
// The state of the `estimate` path's pipeline recurrence (estimate_pipeline.cpp), shared with the
// steady-state skip (estimate_steady.cpp).
#include <cstdint>
#include <vector>

#include "sim/workload/program.hpp"
#include "sim/workload/schedule.hpp"

namespace wt {

// One stage's streams and what its compute stream waited for.
struct StageClock {
  StageSchedule schedule;  // the stage's steps
  int64_t next_step = 0;
  PipeStep step;           // the step at next_step
  int64_t forwards = 0;    // forward passes run
  int64_t backwards = 0;   // backward passes run
  double compute_s = 0.0;  // when each stream is free
  double send_s = 0.0;
  double dp_s = 0.0;
  bool has_dp = false;  // the stage issued an op on its gradient stream
  // ZeRO-3's gathers (layers, embedding, output layer) run back to back from the start: when those
  // issued so far end, and what they sent.
  double gathered_s = 0.0;
  double gather_sent_bytes = 0.0;
  double pending_grad_bytes = 0.0;    // dense gradients (data × context buckets)
  double pending_expert_bytes = 0.0;  // routed experts' gradients (EDP buckets)
  double bubble_s = 0.0;              // waiting for a pipeline peer, minus the transfer
  double recv_comm_s = 0.0;           // the transfer part of those waits
  double gather_wait_s = 0.0;         // waiting for ZeRO parameter gathers
  // Before the optimizer: waiting for the gradient reduction, then for the tied-embedding sync
  // that follows it on the same stream.
  double optimizer_wait_dp_s = 0.0;
  double optimizer_wait_pp_s = 0.0;
  double dp_sent_bytes = 0.0;
  double pp_sync_sent_bytes = 0.0;
  double end_s = 0.0;
};

struct PipelineShape {
  int stages = 1;
  int chunks = 1;
  int64_t micro_batches = 1;
  PipelineSchedule schedule = PipelineSchedule::one_f_one_b;
  int64_t steps = 0;  // per stage

  // Where the input of (stage, chunk, micro-batch, direction) lands in the arrival table.
  size_t slot(int stage, int chunk, int64_t mb, bool forward) const {
    return static_cast<size_t>(((int64_t{stage} * chunks + chunk) * micro_batches + mb) * 2 +
                               (forward ? 1 : 0));
  }
};

}  // namespace wt
