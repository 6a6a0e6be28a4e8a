#include "sim/engine/analytical/estimate_pipeline.hpp"

#include <algorithm>
#include <memory_resource>
#include <stdexcept>
#include <vector>

#include "sim/engine/analytical/estimate_clock.hpp"
#include "sim/engine/analytical/estimate_scratch.hpp"
#include "sim/engine/analytical/estimate_steady.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_mix.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/program.hpp"
#include "sim/workload/schedule.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

// kMix: the model has dense first layers or MTP layers (layer_mix.hpp); without (nearly every
// model) the per-step code has none of their terms.
// kAmax: fp8 delayed scaling's amax all-reduce may close every chunk pass (StepCosts::amax_fwd
// and amax_bwd); without it the passes add nothing.
// kPairs: parallel.ep_comm_overlap pairs the steady steps (ep_pairs, schedule.hpp); without it the
// per-step code reads the blocking units only and has none of the pairs' terms.
template <bool kMix, bool kAmax, bool kPairs>
class PipelineClock {
 public:
  PipelineClock(const Scenario& s, const StepCosts& c, std::span<const double> optimizer_s,
                std::pmr::memory_resource* memory)
      : memory_(memory),
        s_(s),
        c_(c),
        optimizer_s_(optimizer_s),
        p_(s.parallel.pipeline),
        v_(s.parallel.virtual_stages),
        m_(s.num_micro_batches()),
        schedule_(s.parallel.pipeline_schedule),
        steps_(stage_step_count(schedule_, m_, v_)),
        shape_{p_, v_, m_, schedule_, steps_},
        clocks_(static_cast<size_t>(p_), memory),
        // Never read before written: a step waits on the sender's pass count (ran()), so the
        // table is not filled.
        arrivals_(static_cast<double*>(memory->allocate(
            static_cast<size_t>(int64_t{p_} * v_ * m_ * 2) * sizeof(double), alignof(double)))),
        // A layer's stream times, the same for every layer of every pass.
        blocking_{c.fwd_unit_s(),       c.bwd_unit_s(false), c.bwd_unit_s(true),
                  c.recompute_unit_s(), c.mtp_fwd_s(),       c.mtp_bwd_s()},
        dense_fwd_unit_s_(c.dense_fwd_unit_s()),
        dense_bwd_unit_s_(c.dense_bwd_unit_s(false)),
        dense_recomputed_bwd_unit_s_(c.dense_bwd_unit_s(true)),
        chunks_(memory),
        boundary_s_(static_cast<size_t>(p_), memory),
        ep_(kPairs ? static_cast<size_t>(p_) : 0, memory) {
    const ParallelConfig& par = s.parallel;
    const bool partitioned = par.zero_stage >= 1 && par.zero_stage <= 2 && c.dp_group > 1;
    zero3_ = par.zero_stage == 3 && c.dp_group > 1;
    start_gathers_ = partitioned && par.overlap_param_gather;
    late_gathers_ = partitioned && !par.overlap_param_gather;
    if constexpr (kPairs) paired_units(c);
    chunks_.reserve(static_cast<size_t>(p_ * v_));
    // Boundary b joins stage b and the next (stage p - 1 the first, for interleaving's wrap).
    for (int b = 0; b < p_; ++b) {
      boundary_s_[b] =
          pipeline_pair_crosses_nodes(s, b, (b + 1) % p_) ? c.p2p_across.time_s : c.p2p.time_s;
    }
    for (int st = 0; st < p_; ++st) {
      clocks_[st].schedule = StageSchedule(schedule_, p_, st, m_, v_, kPairs);
      int offset = 0;
      for (int ch = 0; ch < v_; ++ch) {
        const int n = chunk_layers(s, st, ch);
        chunks_.push_back({n, offset, recomputed_layers(s, n), -1, chunk_dense_layers(s, st, ch)});
        offset += n;
      }
    }
    find_final_passes();
  }

  // Sweeps the stages until every step ran, alternately first to last (forward passes flow
  // downstream within one sweep) and last to first (backward passes flow upstream).
  PipelineEstimate run(bool skip_steady_state) {
    for (int st = 0; st < p_ && steps_ > 0; ++st)
      clocks_[st].step = clocks_[st].schedule.at(0);
    // Without ZeRO-3 (whose gathers run on an absolute clock) the steps of 1F1B and GPipe are
    // shift-invariant, and the steady state can be skipped over.
    const bool may_skip = skip_steady_state && v_ == 1 && !zero3_ && !kPairs;
    SteadyStateSkip skip(shape_, memory_);
    bool busy = true;
    for (bool down = true; busy; down = !down) {
      busy = false;
      bool progressed = false;
      for (int i = 0; i < p_; ++i) {
        const int st = down ? i : p_ - 1 - i;
        while (advance(st))
          progressed = true;
        busy = busy || clocks_[st].next_step < steps_;
      }
      if (busy && !progressed) throw std::logic_error("estimate: pipeline schedule deadlock");
      if (busy && may_skip && !down) skip.observe(clocks_, arrivals_);
    }
    for (int st = 0; st < p_; ++st)
      finish(st);
    return compose();
  }

 private:
  size_t slot(int stage, int chunk, int mb, bool forward) const {
    return shape_.slot(stage, chunk, mb, forward);
  }
  // The layers of a stage's model chunk, and where they start on the stage.
  struct Chunk {
    int layers, offset;
    int recomputed;  // of those a backward pass recomputes first (recomputed_layers)
    int final_mb;    // on stage 0's entries: the micro-batch of the chunk's last backward pass
    int dense;       // of the layers, the dense first layers (the chunk's first: layer_mix.hpp)
  };
  const Chunk& chunk(int stage, int ch) const { return chunks_[stage * v_ + ch]; }
  int layers(int stage, int ch) const { return chunk(stage, ch).layers; }
  int stage_layers(int stage) const {
    const Chunk& last = chunk(stage, v_ - 1);
    return last.offset + last.layers;
  }
  bool first_virtual(int stage, int chunk) const { return stage == 0 && chunk == 0; }
  bool last_virtual(int stage, int chunk) const { return stage == p_ - 1 && chunk == v_ - 1; }

  // The micro-batch of each chunk's last backward pass (the same order on every stage).
  void find_final_passes() {
    int found = 0;
    for (int64_t i = steps_ - 1; i >= 0 && found < v_; --i) {
      const PipeStep step = clocks_[0].schedule.at(i);
      int& final_mb = chunks_[step.chunk].final_mb;
      if (!step.forward && final_mb < 0) {
        final_mb = step.micro_batch;
        ++found;
      }
    }
  }
  bool final_pass(int ch, int mb) const { return chunks_[ch].final_mb == mb; }

  // Whether `stage` has run the pass of (chunk, micro-batch) in that direction: a stage runs its
  // passes in order, the n-th forward (backward) step being pass n (schedule.hpp), so the pass has
  // run once the stage's count of them is past its number.
  bool ran(int stage, int ch, int mb, bool forward) const {
    int64_t n = mb;
    if (v_ > 1) {  // interleaved: virtual micro-batch (mb / p)·p·v + chunk·p + mb mod p
      const int order = forward ? ch : v_ - 1 - ch;
      n = int64_t{mb / p_} * p_ * v_ + int64_t{order} * p_ + mb % p_;
    }
    return (forward ? clocks_[stage].forwards : clocks_[stage].backwards) > n;
  }

  bool advance(int stage) {
    StageClock& k = clocks_[stage];
    if (k.next_step >= steps_) return false;
    const bool ran = k.step.forward ? forward(stage, k.step) : backward(stage, k.step);
    if (!ran) return false;
    ++steps_timed_;
    if (++k.next_step < steps_) {
      k.step = k.schedule.at(k.next_step, k.forwards, k.backwards);
      if constexpr (kPairs) k.step.paired = k.schedule.paired(k.next_step);
    }
    return true;
  }

  // A receive over `boundary`: waiting for the peer is bubble except for the transfer itself.
  double receive(StageClock& k, double t, double arrival_s, int boundary) const {
    if (arrival_s <= t) return t;
    const double wait = arrival_s - t;
    const double transfer = std::min(wait, boundary_s_[boundary]);
    k.recv_comm_s += transfer;
    k.bubble_s += wait - transfer;
    return arrival_s;
  }

  void send(StageClock& k, double t, size_t to, int boundary) {
    k.send_s = std::max(k.send_s, t) + boundary_s_[boundary];
    arrivals_[to] = k.send_s;
  }

  // `n` layer units of `unit_s` each, the i-th waiting for the parameter gather that ends at
  // first_s + (i + 1)·G: the last unit starts at the latest of the chain and the two end gathers
  // (the constraint is linear in i, so its maximum is at an end).
  double gated_layers(StageClock& k, double t, int n, double unit_s, double first_s) const {
    if (n <= 0) return t;
    const double g = c_.layer_gather.time_s;
    const double chain = t + (n - 1) * unit_s;
    const double gate = std::max(first_s + g + (n - 1) * unit_s, first_s + n * g);
    if (gate > chain) k.gather_wait_s += gate - chain;
    return std::max(chain, gate) + unit_s;
  }

  // The same for a forward pass whose first `dense` layers are dense first layers: the repeated
  // layers' closed form without them, else layer by layer.
  double gated_layers(StageClock& k, double t, int n, int dense, double first_s) const {
    if (dense == 0) return gated_layers(k, t, n, u().fwd, first_s);
    const double g = c_.layer_gather.time_s;
    for (int i = 0; i < n; ++i) {
      const double gate = first_s + (i + 1) * g;
      if (gate > t) {
        k.gather_wait_s += gate - t;
        t = gate;
      }
      t += i < dense ? dense_fwd_unit_s_ : u().fwd;
    }
    return t;
  }

  bool forward(int stage, const PipeStep& step) {
    StageClock& k = clocks_[stage];
    const int ch = step.chunk, mb = step.micro_batch;
    double t = k.compute_s;
    if (first_virtual(stage, ch)) {
      t = gated_vocab(k, t) + c_.embedding_fwd_s;
    } else {
      if (!(stage > 0 ? ran(stage - 1, ch, mb, true) : ran(p_ - 1, ch - 1, mb, true))) return false;
      t = receive(k, t, arrivals_[slot(stage, ch, mb, true)], stage == 0 ? p_ - 1 : stage - 1);
    }
    const bool ep_ran = kPairs && begin_pass(step, stage, ch, true, t);
    const int n = layers(stage, ch), dense = kMix ? chunk(stage, ch).dense : 0;
    if (zero3_) {
      t = gated_layers(k, t, n, dense, k.gathered_s);
      issue_gathers(k, n * c_.layer_gather.time_s, n * c_.layer_gather.sent_bytes);
    } else if (start_gathers_) {
      t = gated_layers(k, t, n, dense, chunk(stage, ch).offset * c_.layer_gather.time_s);
    } else {
      t += n * u().fwd;
      if (dense > 0) t += dense * (dense_fwd_unit_s_ - u().fwd);
    }
    if constexpr (kAmax) t += c_.amax_fwd.time_s;
    if (last_virtual(stage, ch)) {
      if (kMix && c_.mtp_layers > 0) t += u().mtp_fwd;  // the MTP depths, after the main layers
      t = gated_vocab(k, t) + c_.logits_fwd_s;          // kept gathered through its backward
    } else {
      const bool wrap = stage == p_ - 1;
      send(k, ep_ran ? std::max(t, ep_[stage].ep_s) : t,
           slot(wrap ? 0 : stage + 1, wrap ? ch + 1 : ch, mb, true), stage);
    }
    k.compute_s = t;
    ++k.forwards;
    return true;
  }

  // A paired step's units: the layers' without their expert-parallel collectives.
  void paired_units(const StepCosts& c) {
    StepCosts q = c;
    q.comm_fwd.ep = q.comm_recompute.ep = q.comm_bwd.ep = {};
    paired_ = {q.fwd_unit_s(),       q.bwd_unit_s(false), q.bwd_unit_s(true),
               q.recompute_unit_s(), q.mtp_fwd_s(),       q.mtp_bwd_s()};
  }

  // ep_pairs: the expert-parallel collectives of a pass over chunk `ch` of `stage`, from its first
  // op's end `t` on: in a paired step on their own stream, the first waiting for `t`; otherwise on
  // the compute stream (in the units). Selects the step's units; true when the paired step ran
  // any.
  bool begin_pass(const PipeStep& step, int stage, int ch, bool forward, double t) {
    u_ = step.paired ? &paired_ : &blocking_;
    const Chunk& c = chunk(stage, ch);
    const int dense = kMix ? c.dense : 0;
    const int mtp = kMix && last_virtual(stage, ch) ? c_.mtp_layers : 0;
    const int moe = c.layers - dense + mtp;
    double ep_s = moe * (forward ? c_.comm_fwd.ep.time_s : c_.comm_bwd.ep.time_s);
    if (!forward) {  // the collectives recompute reruns: full's recomputed layers, per-op's all
      const int reruns =
          c_.full_recompute ? std::max(0, std::min(c.recomputed, c.layers) - dense) : moe;
      ep_s += reruns * c_.comm_recompute.ep.time_s;
    }
    EpClock& e = ep_[stage];
    if (forward) e.pair_ops = 0;
    if (!step.paired) {
      e.exposed_s += ep_s;
      return false;
    }
    if (moe == 0) return false;
    e.ep_s = std::max(e.ep_s, t) + ep_s;
    e.pair_ops += moe;
    return true;
  }

  // The end of a pair: the compute stream waits for the pair's expert-parallel collectives.
  double join_pair(int stage, double t) {
    EpClock& e = ep_[stage];
    if (e.pair_ops == 0 || e.ep_s <= t) return t;
    e.exposed_s += e.ep_s - t;
    return e.ep_s;
  }

  bool backward(int stage, const PipeStep& step) {
    StageClock& k = clocks_[stage];
    const int ch = step.chunk, mb = step.micro_batch;
    double t = k.compute_s;
    bool ep_ran = false;
    if (last_virtual(stage, ch)) {
      t += c_.logits_bwd_s;
      ep_ran = kPairs && begin_pass(step, stage, ch, false, t);
      reduce_vocab(k, t);
      if (kMix && c_.mtp_layers > 0)
        t += u().mtp_bwd;  // the MTP depths' backward, before the main ones'
    } else {
      if (!(stage < p_ - 1 ? ran(stage + 1, ch, mb, false) : ran(0, ch + 1, mb, false)))
        return false;
      t = receive(k, t, arrivals_[slot(stage, ch, mb, false)], stage);
      ep_ran = kPairs && begin_pass(step, stage, ch, false, t);
    }
    const bool final_pass = this->final_pass(ch, mb);
    if (kMix && final_pass && !zero3_ && last_virtual(stage, ch) && c_.mtp_layers > 0) {
      k.pending_grad_bytes += c_.mtp_dense_grad_bytes;
      k.pending_expert_bytes += c_.mtp_expert_grad_bytes;
    }
    if (final_pass && !zero3_ && last_virtual(stage, ch) && (!s_.model.tied_embeddings || p_ > 1))
      k.pending_grad_bytes += c_.embedding_grad_bytes;
    t = backward_layers(k, t, chunk(stage, ch), final_pass);
    if constexpr (kAmax) t += c_.amax_bwd.time_s;
    if (first_virtual(stage, ch)) {
      t = gated_vocab(k, t) + c_.embedding_bwd_s;  // resharded after its forward
      reduce_vocab(k, t);
      if (final_pass && !zero3_) k.pending_grad_bytes += c_.embedding_grad_bytes;
    } else {
      const bool wrap = stage == 0;
      send(k, ep_ran ? std::max(t, ep_[stage].ep_s) : t,
           slot(wrap ? p_ - 1 : stage - 1, wrap ? ch - 1 : ch, mb, false),
           wrap ? p_ - 1 : stage - 1);
    }
    if (final_pass && s_.parallel.overlap_grad_reduce) flush(k, t);
    if (kPairs && step.paired) t = join_pair(stage, t);
    k.compute_s = t;
    ++k.backwards;
    return true;
  }

  // Layers of a backward pass: ZeRO-3 gathers before and reduce-scatters after each layer; on the
  // final pass the gradient buckets fill and launch as layers finish.
  double backward_layers(StageClock& k, double t, const Chunk& chunk, bool final_pass) {
    // Backward runs the chunk's layers last to first; the first `recomputed` recompute.
    const int n = chunk.layers, recomputed = chunk.recomputed;
    const int dense_layers = kMix ? chunk.dense : 0;
    const auto unit_of = [&](int i) {
      const int layer = n - 1 - i;
      if (layer < dense_layers)
        return layer < recomputed ? dense_recomputed_bwd_unit_s_ : dense_bwd_unit_s_;
      return layer < recomputed ? u().recomputed_bwd : u().bwd;
    };
    if (zero3_ && dense_layers > 0) return zero3_backward_layers(k, t, n, unit_of);
    if (zero3_) return zero3_backward_layers(k, t, n, recomputed);
    if (!final_pass) {
      t += n * u().bwd + recomputed * u().recompute;
      if (dense_layers == 0) return t;
      return t + dense_layers * (dense_bwd_unit_s_ - u().bwd) +
             std::min(dense_layers, recomputed) * (c_.dense_recompute_unit_s() - u().recompute);
    }
    if (dense_layers == 0) {
      return final_backward_layers(
          k, t, n, 0, [&](int i) { return n - 1 - i < recomputed ? u().recomputed_bwd : u().bwd; });
    }
    return final_backward_layers(k, t, n, dense_layers, unit_of);
  }

  // The final pass's layers, the i-th (last to first) taking unit_of(i) and what the buckets
  // beside it cost it (the first `dense_layers` the dense layers' share): the gradient buckets
  // fill and launch as layers finish.
  template <class UnitOf>
  double final_backward_layers(StageClock& k, double t, int n, int dense_layers, UnitOf unit_of) {
    // The stage's sums kept in locals for the loop (a store to the stage could alias the costs).
    const double dense = c_.layer_dense_grad_bytes, expert = c_.layer_expert_grad_bytes;
    const double bucket = c_.bucket_bytes;
    const bool overlap = s_.parallel.overlap_grad_reduce;
    double pending = k.pending_grad_bytes, pending_expert = k.pending_expert_bytes;
    const double side = c_.side_final_bwd_s, dense_side = c_.dense_side_final_bwd_s;
    for (int i = 0; i < n; ++i) {
      t += unit_of(i) + (n - 1 - i < dense_layers ? dense_side : side);
      pending += dense;
      pending_expert += expert;
      if (overlap) {
        if (pending >= bucket) pending = flushed(k, t, dense_, pending);
        if (pending_expert >= bucket) pending_expert = flushed(k, t, experts_, pending_expert);
      }
    }
    k.pending_grad_bytes = pending;
    k.pending_expert_bytes = pending_expert;
    return t;
  }

  // ZeRO-3's backward layers: each waits for its gather (issued back to back) and reduce-scatters
  // its gradients after it; the issue and the two streams kept in locals for the loop.
  double zero3_backward_layers(StageClock& k, double t, int n, int recomputed) {
    if (n <= 0) return t;
    const double g = c_.layer_gather.time_s, g_bytes = c_.layer_gather.sent_bytes;
    const double r = c_.layer_reduce.time_s, r_bytes = c_.layer_reduce.sent_bytes;
    double gathered = k.gathered_s, gather_bytes = k.gather_sent_bytes;
    double wait = k.gather_wait_s, dp = k.dp_s, dp_bytes = k.dp_sent_bytes;
    // Last to first: the layers that do not recompute, then the `recomputed` first ones.
    const auto layer = [&](double unit_s) {
      gathered += g;
      gather_bytes += g_bytes;
      if (!(gathered <= t)) {  // gated()
        wait += gathered - t;
        t = gathered;
      }
      t += unit_s;
      dp = std::max(dp, t) + r;  // dp_op()
      dp_bytes += r_bytes;
    };
    const int plain = std::max(0, n - std::max(recomputed, 0));
#pragma GCC unroll 4
    for (int i = 0; i < plain; ++i)
      layer(u().bwd);
#pragma GCC unroll 4
    for (int i = plain; i < n; ++i)
      layer(u().recomputed_bwd);
    k.gathered_s = gathered;
    k.gather_sent_bytes = gather_bytes;
    k.gather_wait_s = wait;
    k.dp_s = dp;
    k.dp_sent_bytes = dp_bytes;
    k.has_dp = true;
    return t;
  }

  // The same layer by layer, the i-th (last to first) taking unit_of(i): a chunk holding dense
  // first layers.
  template <class UnitOf>
  double zero3_backward_layers(StageClock& k, double t, int n, UnitOf unit_of) {
    const double g = c_.layer_gather.time_s, r = c_.layer_reduce.time_s;
    for (int i = 0; i < n; ++i) {
      k.gathered_s += g;
      k.gather_sent_bytes += c_.layer_gather.sent_bytes;
      t = gated(k, t);
      t += unit_of(i);
      k.dp_s = std::max(k.dp_s, t) + r;
      k.dp_sent_bytes += c_.layer_reduce.sent_bytes;
    }
    if (n > 0) k.has_dp = true;
    return t;
  }

  // ZeRO-3's gathers issued back to back on their stream: `time_s` more of them.
  static void issue_gathers(StageClock& k, double time_s, double sent_bytes) {
    k.gathered_s += time_s;
    k.gather_sent_bytes += sent_bytes;
  }

  // Compute at `t` waits for the gathers issued so far.
  static double gated(StageClock& k, double t) {
    if (k.gathered_s <= t) return t;
    k.gather_wait_s += k.gathered_s - t;
    return k.gathered_s;
  }

  // ZeRO-3: the embedding's or the output layer's own gather before it runs (layer_work.hpp).
  double gated_vocab(StageClock& k, double t) const {
    if (!zero3_) return t;
    issue_gathers(k, c_.vocab_gather.time_s, c_.vocab_gather.sent_bytes);
    return gated(k, t);
  }

  // ZeRO-3: the reduce-scatter of its gradients after its backward.
  void reduce_vocab(StageClock& k, double t) {
    if (zero3_ && c_.embedding_grad_bytes > 0.0) dp_op(k, t, c_.vocab_reduce, CommDim::dp);
  }

  void dp_op(StageClock& k, double ready_s, const CommCost& cost, CommDim dim) {
    k.dp_s = std::max(k.dp_s, ready_s) + cost.time_s;
    k.has_dp = true;
    (dim == CommDim::dp ? k.dp_sent_bytes : k.pp_sync_sent_bytes) += cost.sent_bytes;
  }

  // The dense and the expert gradients pending since the last flush (the builder's order).
  void flush(StageClock& k, double ready_s) {
    flush(k, ready_s, dense_);
    flush(k, ready_s, experts_);
  }

  // One group's pending gradients, as bucket-sized calls of one op.
  struct Buckets {
    double StageClock::*pending;
    const GroupShape* shape;
    int group;
    double priced_bytes = -1.0;  // buckets repeat the same few sizes: price each size once
    CommCost priced{};
  };
  void flush(StageClock& k, double ready_s, Buckets& b) {
    k.*b.pending = flushed(k, ready_s, b, k.*b.pending);
  }
  // The same for `pending` bytes held by the caller; returns what stays pending (nothing).
  double flushed(StageClock& k, double ready_s, Buckets& b, double pending) {
    if (pending <= 0.0 || b.group <= 1) return 0.0;
    const int calls = std::max(1, static_cast<int>(pending / c_.bucket_bytes));
    const double bytes = pending / calls;
    if (bytes != b.priced_bytes) {
      b.priced_bytes = bytes;
      b.priced = c_.bucket(bytes, *b.shape);
    }
    dp_op(k, ready_s, {b.priced.time_s * calls, b.priced.sent_bytes * calls}, CommDim::dp);
    return 0.0;
  }

  // After the last step: a reduction of all gradients when not overlapped, the tied-embedding
  // sync, the optimizer (after the last gradient op), and ZeRO gathers for the next iteration.
  void finish(int stage) {
    StageClock& k = clocks_[stage];
    if (!s_.parallel.overlap_grad_reduce) flush(k, k.compute_s);
    // The wait up to the end of the gradient reduction is DP's; the tied sync queued after it
    // accounts for the rest.
    const double reduced_s = k.has_dp ? std::max(k.dp_s, k.compute_s) : k.compute_s;
    if (syncs_tied_embedding(s_, stage)) dp_op(k, k.compute_s, c_.tied_sync, CommDim::pp);
    if (k.has_dp && k.dp_s > k.compute_s) {
      k.optimizer_wait_dp_s = reduced_s - k.compute_s;
      k.optimizer_wait_pp_s = k.dp_s - reduced_s;
      k.compute_s = k.dp_s;
    }
    k.compute_s += optimizer_s_[stage];
    const double g = c_.layer_gather.time_s;
    const int n = stage_layers(stage);
    double gathers_end_s = 0.0;
    if (start_gathers_ || late_gathers_) {
      gathers_end_s = (late_gathers_ ? k.compute_s : 0.0) + n * g;
      k.dp_sent_bytes += n * c_.layer_gather.sent_bytes;
    } else if (zero3_) {
      gathers_end_s = k.gathered_s;
      k.dp_sent_bytes += k.gather_sent_bytes;
    }
    k.end_s = std::max({k.compute_s, k.send_s, k.dp_s, gathers_end_s});
    if constexpr (kPairs) k.end_s = std::max(k.end_s, ep_[stage].ep_s);
  }

  PipelineEstimate compose() const {
    PipelineEstimate out;
    for (int st = 0; st < p_; ++st) {
      if (clocks_[st].end_s > out.iteration_s) {
        out.iteration_s = clocks_[st].end_s;
        out.critical_stage = st;
      }
      const CommVolume v = volume(st);
      CommVolume& most = out.comm_volume_bytes_per_gpu;
      most.tp = std::max(most.tp, v.tp);
      most.pp = std::max(most.pp, v.pp);
      most.dp = std::max(most.dp, v.dp);
      most.cp = std::max(most.cp, v.cp);
      most.ep = std::max(most.ep, v.ep);
    }
    split_time(out);
    out.steps_timed = steps_timed_;
    return out;
  }

  // Layer passes of the stage per iteration (each layer: m forwards, m backwards) and recomputes.
  double layer_passes(int stage) const {
    return static_cast<double>(m_) * stage_layers(stage);
  }

  // Of those, the dense first layers' passes, and the recomputed ones (as recompute_passes).
  double dense_passes(int stage) const {
    int dense = 0;
    for (int ch = 0; ch < v_; ++ch)
      dense += chunk(stage, ch).dense;
    return static_cast<double>(m_) * dense;
  }
  double dense_recompute_passes(int stage) const {
    if (!c_.full_recompute) return dense_passes(stage);
    int dense = 0;
    for (int ch = 0; ch < v_; ++ch)
      dense += std::min(chunk(stage, ch).dense, chunk(stage, ch).recomputed);
    return static_cast<double>(m_) * dense;
  }

  // The MTP layers' passes on the stage (the last), and those that run their collectives again
  // (per-op recompute's; none recompute fully).
  double mtp_passes(int stage) const {
    return stage == p_ - 1 ? static_cast<double>(m_) * c_.mtp_layers : 0.0;
  }
  double mtp_rerun_passes(int stage) const {
    return c_.full_recompute ? 0.0 : mtp_passes(stage);
  }

  // Layer passes that run their collectives again: the recomputed layers' under full recompute
  // (every layer, or the first recompute_num_layers of each chunk), every layer's under per-op.
  double recompute_passes(int stage) const {
    if (!c_.full_recompute) return layer_passes(stage);
    int recomputed = 0;
    for (int ch = 0; ch < v_; ++ch)
      recomputed += chunk(stage, ch).recomputed;
    return static_cast<double>(m_) * recomputed;
  }

  CommVolume volume(int stage) const {
    const StageClock& k = clocks_[stage];
    const double passes = layer_passes(stage);
    const double m = static_cast<double>(m_);
    const LayerComm& f = c_.comm_fwd;
    const LayerComm& r = c_.comm_recompute;
    const LayerComm& b = c_.comm_bwd;
    CommVolume v;
    // The MTP layers' collectives are the repeated layer's; the dense layers' are their own (no
    // all-to-alls; under TP both of FC1's all-gathers in backward).
    const double all = passes + mtp_passes(stage);
    const double reruns = recompute_passes(stage) + mtp_rerun_passes(stage);
    const double dense = dense_passes(stage), dense_reruns = dense_recompute_passes(stage);
    const double ep = all - dense, ep_reruns = reruns - dense_reruns;
    const LayerComm& df = c_.dense_comm_fwd;
    const LayerComm& dr = c_.dense_comm_recompute;
    const LayerComm& db = c_.dense_comm_bwd;
    v.tp = ep * (f.tp.sent_bytes + b.tp.sent_bytes) + ep_reruns * r.tp.sent_bytes +
           dense * (df.tp.sent_bytes + db.tp.sent_bytes) + dense_reruns * dr.tp.sent_bytes;
    v.cp = ep * (f.cp.sent_bytes + b.cp.sent_bytes) + ep_reruns * r.cp.sent_bytes +
           dense * (df.cp.sent_bytes + db.cp.sent_bytes) + dense_reruns * dr.cp.sent_bytes;
    v.ep = ep * (f.ep.sent_bytes + b.ep.sent_bytes) + ep_reruns * r.ep.sent_bytes;
    const int forward_sends = v_ - (stage == p_ - 1 ? 1 : 0);
    const int backward_sends = v_ - (stage == 0 ? 1 : 0);
    v.pp = m * (forward_sends + backward_sends) * c_.p2p.sent_bytes + k.pp_sync_sent_bytes;
    v.dp = k.dp_sent_bytes;
    if constexpr (kAmax) {
      const double amax_bytes = m * v_ * (c_.amax_fwd.sent_bytes + c_.amax_bwd.sent_bytes);
      (c_.amax_dim == CommDim::tp ? v.tp : v.dp) += amax_bytes;
    }
    return v;
  }

  // Where the critical stage's compute stream spent the iteration, as run_scenario splits it, and
  // the stage whose compute stream was busiest (time_split.hpp, StageLoad).
  void split_time(PipelineEstimate& out) const {
    split_stage(out.critical_stage, out.iteration_s, out.breakdown_s, out.exposed_comm_by_dim_s);
    out.compute_beside_comm_s = beside_comm_s(out.critical_stage);
    out.busiest = {out.critical_stage, out.breakdown_s, out.exposed_comm_by_dim_s};
    if (p_ == 1) return;
    // A stage's compute stream is busy for all of its time but its waits for pipeline peers
    // (StageLoad::busy_s): its clock at the end, less its bubble.
    std::pmr::vector<double> busy(static_cast<size_t>(p_), memory_);
    for (int st = 0; st < p_; ++st)
      busy[st] = clocks_[st].compute_s - clocks_[st].bubble_s;
    const int busiest = busiest_stage(busy, out.critical_stage);
    if (busiest == out.critical_stage) return;
    out.busiest.stage = busiest;
    split_stage(busiest, out.iteration_s, out.busiest.breakdown_s,
                out.busiest.exposed_comm_by_dim_s);
  }

  // What the collectives beside stage `st`'s layers cost them (side_streams.hpp): every pass, and
  // each chunk's final backward pass.
  double side_loss_s(int st) const {
    const double dense = dense_passes(st), mtp = mtp_passes(st);
    double s = (layer_passes(st) - dense + mtp) * (c_.side_fwd_s + c_.side_bwd_s) +
               dense * (c_.dense_side_fwd_s + c_.dense_side_bwd_s);
    for (int ch = 0; ch < v_; ++ch) {
      const Chunk& c = chunk(st, ch);
      s += (c.layers - c.dense) * c_.side_final_bwd_s + c.dense * c_.dense_side_final_bwd_s;
    }
    return s;
  }

  // Of stage `st`'s compute, what its layers lost to collectives beside them: the TP overlap's
  // GEMM stretch (in the layer times: every pass, the reruns of full recompute, the dense and MTP
  // layers' own) and the side streams'.
  double beside_comm_s(int st) const {
    const double passes = layer_passes(st), reruns = recompute_passes(st);
    const double dense = dense_passes(st), dense_reruns = dense_recompute_passes(st);
    const double f = c_.tp_stretch_fwd_s, b = c_.tp_stretch_bwd_s;
    const double df = c_.dense_tp_stretch_fwd_s, db = c_.dense_tp_stretch_bwd_s;
    const bool full = c_.full_recompute;
    return (passes + mtp_passes(st)) * (f + b) + (full ? reruns * f : 0.0) +
           dense * (df - f + db - b) + (full ? dense_reruns * (df - f) : 0.0) + side_loss_s(st);
  }

  // Where stage `st`'s compute stream spent the iteration of `iteration_s`.
  void split_stage(int st, double iteration_s, Breakdown& b, ExposedComm& e) const {
    const StageClock& k = clocks_[st];
    const double passes = layer_passes(st);
    const double m = static_cast<double>(m_);
    const double reruns = recompute_passes(st);
    const double dense = dense_passes(st), dense_reruns = dense_recompute_passes(st);
    const double mtp = mtp_passes(st);
    b.compute = passes * (c_.layer_fwd_s + c_.layer_bwd_s) +
                (c_.full_recompute ? reruns * c_.layer_fwd_s : 0.0);
    b.compute += dense * (c_.dense_fwd_s - c_.layer_fwd_s + c_.dense_bwd_s - c_.layer_bwd_s) +
                 (c_.full_recompute ? dense_reruns * (c_.dense_fwd_s - c_.layer_fwd_s) : 0.0);
    b.compute += mtp * (c_.mtp_input_fwd_s + c_.layer_fwd_s + c_.logits_fwd_s + c_.logits_bwd_s +
                        c_.layer_bwd_s + c_.mtp_input_bwd_s);
    b.compute += side_loss_s(st);
    if (st == 0) b.compute += m * (c_.embedding_fwd_s + c_.embedding_bwd_s);
    if (st == p_ - 1) b.compute += m * (c_.logits_fwd_s + c_.logits_bwd_s);
    b.optimizer = optimizer_s_[st];
    b.pipeline_bubble = k.bubble_s;
    const LayerComm& f = c_.comm_fwd;
    const LayerComm& r = c_.comm_recompute;
    const LayerComm& bw = c_.comm_bwd;
    const double all = passes + mtp, all_reruns = reruns + mtp_rerun_passes(st);
    const LayerComm& df = c_.dense_comm_fwd;
    const LayerComm& dr = c_.dense_comm_recompute;
    const LayerComm& db = c_.dense_comm_bwd;
    e.tp = (all - dense) * (f.tp.time_s + bw.tp.time_s) +
           (all_reruns - dense_reruns) * r.tp.time_s + dense * (df.tp.time_s + db.tp.time_s) +
           dense_reruns * dr.tp.time_s;
    e.cp = (all - dense) * (f.cp.time_s + bw.cp.time_s) +
           (all_reruns - dense_reruns) * r.cp.time_s + dense * (df.cp.time_s + db.cp.time_s) +
           dense_reruns * dr.cp.time_s;
    if constexpr (kPairs) {
      e.ep = ep_[st].exposed_s;
    } else {
      e.ep =
          (all - dense) * (f.ep.time_s + bw.ep.time_s) + (all_reruns - dense_reruns) * r.ep.time_s;
    }
    e.pp = k.recv_comm_s;
    e.dp = k.gather_wait_s;
    e.dp += k.optimizer_wait_dp_s;
    if constexpr (kAmax) {
      const double amax_s = m * v_ * (c_.amax_fwd.time_s + c_.amax_bwd.time_s);
      (c_.amax_dim == CommDim::tp ? e.tp : e.dp) += amax_s;
    }
    e.pp += k.optimizer_wait_pp_s;
    b.exposed_comm = e.tp + e.cp + e.ep + e.pp + e.dp;
    b.other =
        std::max(0.0, iteration_s - (b.compute + b.exposed_comm + b.pipeline_bubble + b.optimizer));
  }

  std::pmr::memory_resource* memory_;
  const Scenario& s_;
  const StepCosts& c_;
  const std::span<const double> optimizer_s_;
  const int p_, v_;
  const int64_t m_;
  const PipelineSchedule schedule_;
  const int64_t steps_;
  const PipelineShape shape_;
  int64_t steps_timed_ = 0;
  bool zero3_ = false, start_gathers_ = false, late_gathers_ = false;
  std::pmr::vector<StageClock> clocks_;
  // When each (stage, chunk, micro-batch, direction) input lands, once sent.
  double* arrivals_;  // in memory_, released with it
  // A layer's stream times (and the MTP depths'): with its expert-parallel collectives on the
  // compute stream, and without them in a paired step (ep_pairs), the units the step runs.
  struct Units {
    double fwd, bwd, recomputed_bwd, recompute, mtp_fwd, mtp_bwd;
  };
  const Units blocking_;
  Units paired_{};
  const Units* u_ = &blocking_;
  // The units of the step being run: the blocking ones unless it is paired.
  const Units& u() const {
    if constexpr (kPairs) return *u_;
    return blocking_;
  }
  const double dense_fwd_unit_s_, dense_bwd_unit_s_, dense_recomputed_bwd_unit_s_;
  std::pmr::vector<Chunk> chunks_;
  std::pmr::vector<double> boundary_s_;  // one send over each boundary (see the constructor)
  // ep_pairs, per stage: when the expert-parallel stream is free, the expert-parallel time the
  // compute stream spent (blocking collectives of unpaired steps, waits at the end of pairs), and
  // the expert-parallel ops of the pair being run. Empty without.
  struct EpClock {
    double ep_s = 0.0, exposed_s = 0.0;
    int pair_ops = 0;
  };
  std::pmr::vector<EpClock> ep_;
  Buckets dense_{&StageClock::pending_grad_bytes, &c_.dp_shape, c_.dp_group};
  Buckets experts_{&StageClock::pending_expert_bytes, &c_.edp_shape, c_.edp_group};
};

}  // namespace

PipelineEstimate estimate_pipeline(const Scenario& s, const StepCosts& costs,
                                   std::span<const double> optimizer_s, bool skip_steady_state) {
  StackArena<16 * 1024> scratch;  // the arrival table of 1,024 micro-batch hops, the clocks
  // The paired clock under parallel.ep_comm_overlap (with the general one's terms); the general
  // clock (dense first and MTP layers, amax all-reduces) where any of them is present; nearly
  // every scenario takes the plain one.
  const bool mix = has_dense_layers(s.model) || s.model.mtp_layers > 0;
  const bool amax = costs.amax_fwd.time_s > 0.0 || costs.amax_bwd.time_s > 0.0;
  if (ep_pairs(s))
    return PipelineClock<true, true, true>(s, costs, optimizer_s, scratch.resource())
        .run(skip_steady_state);
  if (mix || amax)
    return PipelineClock<true, true, false>(s, costs, optimizer_s, scratch.resource())
        .run(skip_steady_state);
  return PipelineClock<false, false, false>(s, costs, optimizer_s, scratch.resource())
      .run(skip_steady_state);
}

}  // namespace wt
