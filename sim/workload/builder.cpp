#include "sim/workload/builder.hpp"

#include <algorithm>
#include <cassert>
#include <map>
#include <memory>
#include <set>
#include <tuple>

#include "sim/scenario/expert_layout.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/layer_list.hpp"
#include "sim/workload/layer_mix.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/memory.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/schedule.hpp"
#include "sim/workload/stage_memory.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

// Indices of the kernel lists shared by all stages.
enum ListId : int32_t {
  kLayerFwd,
  kLayerBwd,
  kEmbeddingFwd,
  kEmbeddingBwd,
  kLogitsFwd,
  kLogitsBwd,
  kDenseLayerFwd,  // the dense first layers of an MoE model (empty without; layer_mix.hpp)
  kDenseLayerBwd,
  kMtpInputFwd,  // the input of an MTP depth (empty without)
  kMtpInputBwd,
  kSharedLists
};

// Where a pipeline message goes: (destination stage, destination chunk, micro-batch, forward).
using P2PKey = std::tuple<int, int, int, bool>;
using Sizes = CommSizes;

class StageBuilder {
 public:
  StageBuilder(const Scenario& s, const Workload& w, const Sizes& z, int stage)
      : s_(s), w_(w), z_(z), stage_(stage), p_(s.parallel.pipeline), v_(s.parallel.virtual_stages) {
    program_.role = stage;
    if (has_dense_layers(s.model)) {
      dense_ = std::make_unique<Scenario>(dense_layer_scenario(s));
      // Each chunk runs its dense layers first (layer_mix.hpp), as the estimate does.
      for (int chunk = 0; chunk < v_; ++chunk) {
        const int first = first_layer(chunk);
        const int n = chunk_dense_layers(s, stage, chunk);
        for (int l = 0; l < n; ++l)
          dense_layer_.insert(first + l);
      }
    }
  }

  Program build(const std::vector<PipeStep>& steps, int32_t optimizer_list) {
    last_backward_ = last_backward_steps(steps);
    if (zero_partitioned() && s_.parallel.overlap_param_gather) emit_param_gather_at_start();
    for (const PipeStep& step : steps) {
      if (step.forward)
        forward(step);
      else
        backward(step);
    }
    finish(optimizer_list);
    return std::move(program_);
  }

  std::map<P2PKey, int32_t> sends;  // messages this stage sends, by destination key

 private:
  bool zero_partitioned() const {
    return s_.parallel.zero_stage >= 1 && s_.parallel.zero_stage <= 2 && dp_group() > 1;
  }
  bool zero3() const { return s_.parallel.zero_stage == 3 && dp_group() > 1; }
  int dp_group() const { return layer_dp_group(s_); }
  bool first_virtual(int chunk) const { return stage_ == 0 && chunk == 0; }
  bool dense(int layer) const { return dense_ != nullptr && dense_layer_.count(layer) > 0; }
  // The scenario a layer's collectives are taken from: the dense one for a dense first layer.
  const Scenario& layer_scenario(int layer) const { return dense(layer) ? *dense_ : s_; }
  bool last_virtual(int chunk) const { return stage_ == p_ - 1 && chunk == v_ - 1; }

  int first_layer(int chunk) const {
    int layer = 0;
    for (int c = 0; c <= chunk; ++c) {
      for (int st = 0; st < p_; ++st) {
        if (c == chunk && st == stage_) return layer;
        layer += w_.stage_layers[st][c];
      }
    }
    return layer;
  }

  static std::map<int, std::pair<int, int>> last_backward_steps(
      const std::vector<PipeStep>& steps) {
    std::map<int, std::pair<int, int>> last;  // chunk → (micro_batch, position)
    for (int i = 0; i < static_cast<int>(steps.size()); ++i) {
      if (!steps[i].forward) last[steps[i].chunk] = {steps[i].micro_batch, i};
    }
    return last;
  }

  int32_t push(Op op) {
    program_.ops.push_back(op);
    const auto index = static_cast<int32_t>(program_.ops.size() - 1);
    if (op.stream == Stream::compute) last_compute_ = index;
    return index;
  }

  Op compute(Phase phase, int mb, int chunk, int layer, int layers, int32_t list) const {
    Op op;
    op.kind = OpKind::compute;
    op.phase = phase;
    op.micro_batch = mb;
    op.chunk = chunk;
    op.layer = layer;
    op.num_layers = layers;
    op.kernels = list;
    return op;
  }

  Op collective(Phase phase, CommDim dim, Collective c, double bytes, int count, int group,
                Stream stream, int mb, int chunk, int layer) const {
    Op op;
    op.kind = OpKind::collective;
    op.phase = phase;
    op.dim = dim;
    op.collective = c;
    op.bytes = bytes;
    op.count = count;
    op.group_size = group;
    op.stream = stream;
    op.micro_batch = mb;
    op.chunk = chunk;
    op.layer = layer;
    op.num_layers = 1;
    return op;
  }

  Op collective(Phase phase, const LayerCollective& c, Stream stream, int mb, int chunk,
                int layer) const {
    return collective(phase, c.dim, c.collective, c.bytes, c.count, c.group, stream, mb, chunk,
                      layer);
  }

  // The blocking communication of one layer pass on the compute stream (layer_work.hpp); the first
  // waits for `after` as well when given (the layer's ZeRO-3 gather). In a paired step (ep_pairs,
  // schedule.hpp) the expert-parallel ones run on their own stream instead, the pass's first
  // waiting for the pass's first op.
  void layer_comm(Phase phase, int mb, int chunk, int layer, int32_t after = -1) {
    for (const LayerCollective& c : layer_pass_collectives(layer_scenario(layer), z_, phase)) {
      if (paired_ && c.dim == CommDim::ep) {
        Op op = collective(phase, c, Stream::ep_comm, mb, chunk, layer);
        if (pass_ep_ops_++ == 0) op.deps[0] = pass_first_op_;
        last_ep_ = push(op);
        continue;
      }
      Op op = collective(phase, c, Stream::compute, mb, chunk, layer);
      op.deps[0] = after;
      after = -1;
      push(op);
    }
  }

  // A step begins: whether it is paired.
  void begin_pass(const PipeStep& step) {
    paired_ = step.paired;
    pass_ep_ops_ = 0;
  }

  // The end of a pair (its backward step): the compute stream waits for the pair's expert-parallel
  // ops, a zero-length op on it depending on the last.
  void join_pair() {
    if (!paired_ || last_ep_ < pair_first_ep_) return;
    Op join = compute(Phase::backward, -1, 0, -1, 0, -1);
    join.deps[0] = last_ep_;
    push(join);
  }

  // fp8 delayed scaling's amax all-reduce at the end of a chunk pass (layer_work.hpp).
  void amax_sync(Phase phase, int mb, int chunk) {
    const LayerCollective c = chunk_amax_sync(s_, phase);
    if (c.count == 0) return;
    Op op = collective(phase, c, Stream::compute, mb, chunk, -1);
    op.amax_sync = true;
    push(op);
  }

  // A pipeline message of one micro-batch chunk: activations forward, gradients backward.
  Op p2p(OpKind kind, bool forward, int mb, int chunk) const {
    Op op;
    op.kind = kind;
    op.phase = forward ? Phase::forward : Phase::backward;
    op.stream = kind == OpKind::send ? Stream::pp_send : Stream::compute;
    const LayerCollective message = pipeline_message(z_);
    op.dim = message.dim;
    op.collective = message.collective;
    op.micro_batch = mb;
    op.chunk = chunk;
    op.bytes = message.bytes;
    op.group_size = message.group;
    return op;
  }

  int32_t recv(bool forward, int mb, int chunk) {
    Op op = p2p(OpKind::recv, forward, mb, chunk);
    if (forward) {
      op.peer_role = stage_ > 0 ? stage_ - 1 : p_ - 1;
    } else {
      op.peer_role = stage_ < p_ - 1 ? stage_ + 1 : 0;
    }
    return push(op);
  }

  void send(bool forward, int mb, int chunk) {
    Op op = p2p(OpKind::send, forward, mb, chunk);
    op.deps[0] = last_compute_;
    if (pass_ep_ops_ > 0) op.deps[1] = last_ep_;  // a paired pass's output needs its all-to-alls
    int dest_stage = 0, dest_chunk = chunk;
    if (forward) {
      dest_stage = stage_ < p_ - 1 ? stage_ + 1 : 0;
      dest_chunk = stage_ < p_ - 1 ? chunk : chunk + 1;
    } else {
      dest_stage = stage_ > 0 ? stage_ - 1 : p_ - 1;
      dest_chunk = stage_ > 0 ? chunk : chunk - 1;
    }
    op.peer_role = dest_stage;
    sends[{dest_stage, dest_chunk, mb, forward}] = push(op);
  }

  int32_t gather_layer(Phase phase, int mb, int chunk, int layer) {
    return push(
        collective(phase, layer_param_gather(s_, z_), Stream::param_gather, mb, chunk, layer));
  }

  // ZeRO-3: the embedding's or the output layer's own gather (layer_work.hpp), -1 without.
  int32_t gather_vocab(int mb, int chunk) {
    if (!zero3()) return -1;
    return push(collective(Phase::param_gather, vocab_param_gather(s_, z_), Stream::param_gather,
                           mb, chunk, -1));
  }

  // ZeRO-3: the reduce-scatter of the embedding's or the output layer's gradients after its
  // backward (none when fine-tuning freezes them).
  void reduce_vocab(int mb, int chunk) {
    if (!zero3() || embedding_grad_bytes(s_, z_) <= 0.0) return;
    Op rs = collective(Phase::grad_sync, vocab_grad_reduce_scatter(s_, z_), Stream::dp_comm, mb,
                       chunk, -1);
    rs.deps[0] = last_compute_;
    push(rs);
  }

  void emit_param_gather_at_start() {
    for (int chunk = 0; chunk < v_; ++chunk) {
      const int first = first_layer(chunk);
      for (int l = 0; l < w_.stage_layers[stage_][chunk]; ++l) {
        start_gathers_[first + l] = gather_layer(Phase::param_gather, -1, chunk, first + l);
      }
    }
  }

  void forward(const PipeStep& step) {
    const int mb = step.micro_batch, chunk = step.chunk;
    begin_pass(step);
    pair_first_ep_ = static_cast<int32_t>(program_.ops.size());
    if (first_virtual(chunk)) {
      Op embed = compute(Phase::forward, mb, chunk, -1, 0, kEmbeddingFwd);
      embed.deps[0] = gather_vocab(mb, chunk);
      pass_first_op_ = push(embed);
    } else {
      pass_first_op_ = recv(true, mb, chunk);
    }
    const int first = first_layer(chunk);
    for (int l = 0; l < w_.stage_layers[stage_][chunk]; ++l) {
      const int layer = first + l;
      Op op =
          compute(Phase::forward, mb, chunk, layer, 1, dense(layer) ? kDenseLayerFwd : kLayerFwd);
      if (zero3())
        op.deps[0] = gather_layer(Phase::param_gather, mb, chunk, layer);
      else if (auto g = start_gathers_.find(layer); g != start_gathers_.end())
        op.deps[0] = g->second;
      push(op);
      layer_comm(Phase::forward, mb, chunk, layer);
    }
    amax_sync(Phase::forward, mb, chunk);
    if (last_virtual(chunk)) mtp_forward(mb, chunk);
    if (last_virtual(chunk)) {
      // The output layer's unit stays gathered from its forward through its backward (torchtitan
      // reshards norm and output after forward only under "always"; FSDP's root likewise).
      Op logits = compute(Phase::forward, mb, chunk, -1, 0, kLogitsFwd);
      logits.deps[0] = gather_vocab(mb, chunk);
      push(logits);
    } else
      send(true, mb, chunk);
  }

  void backward(const PipeStep& step) {
    const int mb = step.micro_batch, chunk = step.chunk;
    begin_pass(step);
    const bool final_pass = last_backward_.at(chunk).first == mb;
    if (last_virtual(chunk)) {
      pass_first_op_ = push(compute(Phase::backward, mb, chunk, -1, 0, kLogitsBwd));
      reduce_vocab(mb, chunk);
      mtp_backward(mb, chunk, final_pass);
    } else {
      pass_first_op_ = recv(false, mb, chunk);
    }
    // The output layer's gradients (a copy of the embedding when tied across a pipeline).
    if (final_pass && !zero3() && last_virtual(chunk) && (!s_.model.tied_embeddings || p_ > 1)) {
      pending_grad_bytes_ += embedding_grad_bytes(s_, z_);
    }
    const int first = first_layer(chunk);
    const int recomputed = recomputed_layers(s_, w_.stage_layers[stage_][chunk]);
    for (int l = w_.stage_layers[stage_][chunk] - 1; l >= 0; --l) {
      const int layer = first + l;
      int32_t gathered = -1;
      if (zero3()) gathered = gather_layer(Phase::param_gather, mb, chunk, layer);
      if (l < recomputed) {
        Op re = compute(Phase::recompute, mb, chunk, layer, 1,
                        dense(layer) ? kDenseLayerFwd : kLayerFwd);
        re.deps[0] = gathered;
        push(re);
        layer_comm(Phase::recompute, mb, chunk, layer);
      } else if (s_.training.activation_recompute == Recompute::per_op) {
        // Per-op checkpointing: the collectives it reruns; its kernels open the backward list.
        layer_comm(Phase::recompute, mb, chunk, layer, gathered);
      }
      Op op =
          compute(Phase::backward, mb, chunk, layer, 1, dense(layer) ? kDenseLayerBwd : kLayerBwd);
      op.deps[0] = gathered;
      push(op);
      layer_comm(Phase::backward, mb, chunk, layer);
      if (zero3()) {
        Op rs = collective(Phase::grad_sync, layer_grad_reduce_scatter(s_, z_), Stream::dp_comm, mb,
                           chunk, layer);
        rs.deps[0] = last_compute_;
        push(rs);
      } else if (final_pass) {
        pending_grad_bytes_ += layer_dense_grad_bytes(s_, z_);
        pending_expert_bytes_ += layer_expert_grad_bytes(s_, z_);
        pending_first_layer_ = layer;
        if (s_.parallel.overlap_grad_reduce) {
          if (pending_grad_bytes_ >= z_.bucket_bytes)
            flush(pending_grad_bytes_, CommDim::dp, chunk);
          if (pending_expert_bytes_ >= z_.bucket_bytes) {
            flush(pending_expert_bytes_, CommDim::edp, chunk);
          }
        }
      }
    }
    amax_sync(Phase::backward, mb, chunk);
    if (first_virtual(chunk)) {
      // The embedding was resharded after its forward: gathered again for its backward.
      Op embed = compute(Phase::backward, mb, chunk, -1, 0, kEmbeddingBwd);
      embed.deps[0] = gather_vocab(mb, chunk);
      push(embed);
      reduce_vocab(mb, chunk);
      if (final_pass && !zero3()) {
        pending_grad_bytes_ += embedding_grad_bytes(s_, z_);
      }
    } else {
      send(false, mb, chunk);
    }
    if (final_pass && s_.parallel.overlap_grad_reduce) flush_buckets(chunk);
    join_pair();
  }

  // The MTP depths after the main layers (layer_mix.hpp): each its input (embedding lookup, norms,
  // projection), a repeated layer with its collectives (numbered after the main layers), and its
  // output head. Never recomputed, never gathered by ZeRO-3 apart from the stage.
  void mtp_forward(int mb, int chunk) {
    for (int d = 0; d < s_.model.mtp_layers; ++d) {
      const int layer = s_.model.num_layers + d;
      push(compute(Phase::forward, mb, chunk, -1, 0, kMtpInputFwd));
      push(compute(Phase::forward, mb, chunk, layer, 1, kLayerFwd));
      layer_comm(Phase::forward, mb, chunk, layer);
      push(compute(Phase::forward, mb, chunk, -1, 0, kLogitsFwd));
    }
  }

  // Their backward, last depth first; on the final pass their gradients join the buckets.
  void mtp_backward(int mb, int chunk, bool final_pass) {
    for (int d = s_.model.mtp_layers - 1; d >= 0; --d) {
      const int layer = s_.model.num_layers + d;
      push(compute(Phase::backward, mb, chunk, -1, 0, kLogitsBwd));
      if (s_.training.activation_recompute == Recompute::per_op)
        layer_comm(Phase::recompute, mb, chunk, layer);
      push(compute(Phase::backward, mb, chunk, layer, 1, kLayerBwd));
      layer_comm(Phase::backward, mb, chunk, layer);
      push(compute(Phase::backward, mb, chunk, -1, 0, kMtpInputBwd));
    }
    if (final_pass && !zero3() && s_.model.mtp_layers > 0) {
      pending_grad_bytes_ += mtp_dense_grad_bytes(s_, z_);
      pending_expert_bytes_ += mtp_expert_grad_bytes(s_, z_);
    }
  }

  // The dense and the expert gradients gathered since the last flush (layer_work.hpp).
  void flush_buckets(int chunk) {
    flush(pending_grad_bytes_, CommDim::dp, chunk);
    flush(pending_expert_bytes_, CommDim::edp, chunk);
  }

  // One DP (or EDP) op for `pending` gradient bytes: as many bucket-sized calls as they fill,
  // launched when the layer that completes them has finished its backward.
  void flush(double& pending, CommDim dim, int chunk) {
    const int group = dim == CommDim::dp ? dp_group() : expert_dp_group(s_);
    if (pending <= 0.0 || group <= 1) {
      pending = 0.0;
      return;
    }
    const int calls = std::max(1, static_cast<int>(pending / z_.bucket_bytes));
    const Collective c =
        s_.parallel.zero_stage >= 1 ? Collective::reduce_scatter : Collective::all_reduce;
    Op op = collective(Phase::grad_sync, dim, c, pending / calls, calls, group, Stream::dp_comm, -1,
                       chunk, pending_first_layer_);
    op.deps[0] = last_compute_;
    push(op);
    pending = 0.0;
  }

  void finish(int32_t optimizer_list) {
    if (!s_.parallel.overlap_grad_reduce) flush_buckets(0);
    // Tied embeddings on a pipeline: the first and the last stage each hold a copy of the
    // embedding matrix and all-reduce its gradient between them.
    if (syncs_tied_embedding(s_, stage_)) {
      Op op = collective(Phase::grad_sync, tied_embedding_sync(s_, z_), Stream::dp_comm, -1, 0, -1);
      op.deps[0] = last_compute_;
      push(op);
    }
    int32_t last_dp = -1;
    for (int32_t i = 0; i < static_cast<int32_t>(program_.ops.size()); ++i) {
      if (program_.ops[i].stream == Stream::dp_comm) last_dp = i;
    }
    Op opt = compute(Phase::optimizer, -1, 0, -1, 0, optimizer_list);
    opt.deps[0] = last_dp;
    push(opt);
    if (zero_partitioned() && !s_.parallel.overlap_param_gather) {
      for (int chunk = 0; chunk < v_; ++chunk) {
        const int first = first_layer(chunk);
        for (int l = 0; l < w_.stage_layers[stage_][chunk]; ++l) {
          const int32_t g = gather_layer(Phase::param_gather, -1, chunk, first + l);
          program_.ops[g].deps[0] = last_compute_;
        }
      }
    }
  }

  const Scenario& s_;
  const Workload& w_;
  const Sizes& z_;
  int stage_, p_, v_;
  Program program_;
  std::map<int, std::pair<int, int>> last_backward_;
  std::map<int, int32_t> start_gathers_;  // layer → its all-gather at iteration start
  double pending_grad_bytes_ = 0.0;       // dense gradients (data × context buckets)
  double pending_expert_bytes_ = 0.0;     // routed experts' gradients (EDP buckets)
  int pending_first_layer_ = -1;
  int32_t last_compute_ = -1;
  // ep_pairs: whether the step being built is paired, its first op, its expert-parallel ops so
  // far, the last of them on any step, and where the pair's forward step began.
  bool paired_ = false;
  int32_t pass_first_op_ = -1;
  int pass_ep_ops_ = 0;
  int32_t last_ep_ = -1;
  int32_t pair_first_ep_ = 0;
  std::set<int> dense_layer_;        // this stage's layers with a dense MLP (layer_mix.hpp)
  std::unique_ptr<Scenario> dense_;  // their scenario, when there are any
};

int layers_of_stage(const Workload& w, int stage) {
  int layers = 0;
  for (int n : w.stage_layers[stage])
    layers += n;
  return layers;
}

template <class LayersOf>
std::vector<std::vector<int>> split_by(int stages, int chunks, LayersOf layers_of) {
  std::vector<std::vector<int>> split(stages, std::vector<int>(chunks, 0));
  for (int st = 0; st < stages; ++st) {
    for (int c = 0; c < chunks; ++c)
      split[st][c] = layers_of(st, c);
  }
  return split;
}

}  // namespace

std::vector<std::vector<int>> split_layers(int layers, int stages, int chunks) {
  return split_by(stages, chunks,
                  [&](int st, int c) { return chunk_layers(layers, stages, chunks, st, c); });
}

std::vector<std::vector<int>> split_layers(const Scenario& s) {
  return split_by(s.parallel.pipeline, s.parallel.virtual_stages,
                  [&](int st, int c) { return chunk_layers(s, st, c); });
}

Workload build_workload(const Scenario& s) {
  if (s.model.is_layer_list()) return build_layer_list_workload(s);
  Workload w;
  const ParallelConfig& par = s.parallel;
  w.num_gpus = s.cluster.num_gpus();
  w.tensor = par.tensor;
  w.pipeline = par.pipeline;
  w.data = par.data;
  w.context = par.context;
  w.expert = par.expert;
  w.expert_tensor = expert_tensor_size(par);
  w.virtual_stages = par.virtual_stages;
  w.num_micro_batches = s.num_micro_batches();
  w.stage_layers = split_layers(s);
  w.model_flops = model_flops_per_iteration(s);
  w.hardware_flops = hardware_flops_per_iteration(s);
  w.stage_has_logits.assign(par.pipeline, false);
  w.stage_has_logits[par.pipeline - 1] = true;

  w.kernel_lists.resize(kSharedLists);
  w.kernel_lists[kLayerFwd] = layer_forward_kernels(s);
  w.kernel_lists[kLayerBwd] = layer_backward_kernels(s);
  w.kernel_lists[kEmbeddingFwd] = embedding_forward_kernels(s);
  w.kernel_lists[kEmbeddingBwd] = embedding_backward_kernels(s);
  w.kernel_lists[kLogitsFwd] = logits_forward_kernels(s);
  w.kernel_lists[kLogitsBwd] = logits_backward_kernels(s);
  if (has_dense_layers(s.model)) {
    const Scenario dense = dense_layer_scenario(s);
    w.kernel_lists[kDenseLayerFwd] = layer_forward_kernels(dense);
    w.kernel_lists[kDenseLayerBwd] = layer_backward_kernels(dense);
  }
  if (s.model.mtp_layers > 0) {
    w.kernel_lists[kMtpInputFwd] = mtp_input_forward_kernels(s);
    w.kernel_lists[kMtpInputBwd] = mtp_input_backward_kernels(s);
  }

  const Sizes z = comm_sizes(s);
  std::map<P2PKey, std::pair<int, int32_t>> sends;  // key → (sending stage, op index)
  for (int stage = 0; stage < par.pipeline; ++stage) {
    const StageWeights weights = stage_weights(s, layers_of_stage(w, stage), stage);
    w.stage_params.push_back(weights.params);
    w.stage_expert_params.push_back(weights.expert_params);
    const double owned = optimizer_owned_params(s, weights.trainable, weights.expert_params);
    w.kernel_lists.push_back(optimizer_kernels(s, owned));
    const auto steps = stage_steps(par.pipeline_schedule, par.pipeline, stage, w.num_micro_batches,
                                   par.virtual_stages, ep_pairs(s));
    w.stage_in_flight_layers.push_back(max_in_flight_layers(steps, w.stage_layers[stage]));
    StageBuilder builder(s, w, z, stage);
    w.programs.push_back(builder.build(steps, static_cast<int32_t>(w.kernel_lists.size() - 1)));
    for (const auto& [key, index] : builder.sends)
      sends[key] = {stage, index};
  }

  // Match every receive with the send that feeds it.
  for (Program& program : w.programs) {
    for (Op& op : program.ops) {
      if (op.kind == OpKind::compute && op.kernels >= 0) {
        op.flops = sum_flops(w.kernel_lists[op.kernels]);
      }
      if (op.kind != OpKind::recv) continue;
      const P2PKey key{program.role, op.chunk, op.micro_batch, op.phase == Phase::forward};
      const auto it = sends.find(key);
      assert(it != sends.end() && "every pipeline receive has a matching send");
      op.peer_role = it->second.first;
      op.peer_op = it->second.second;
    }
  }
  return w;
}

}  // namespace wt
