#include "sim/workload/layer_work.hpp"

#include <algorithm>

#include "sim/scenario/expert_layout.hpp"
#include "sim/workload/finetune.hpp"
#include "sim/workload/layer_mix.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

void add_collective(LayerPassCollectives& out, LayerCollective c) {
  out.items[static_cast<size_t>(out.size++)] = c;
}

}  // namespace

LayerPassCollectives layer_pass_collectives(const Scenario& s, const CommSizes& z, Phase phase) {
  LayerPassCollectives out;
  const ParallelConfig& par = s.parallel;
  // Per-op checkpointing keeps the reduce-scatters' and all-to-alls' outputs (they are on its
  // save list) and runs the rest again (layer_work.hpp).
  const bool per_op =
      phase == Phase::recompute && s.training.activation_recompute == Recompute::per_op;
  if (par.tensor > 1) {
    // A sequential layer reduces after attention and after the MLP; a parallel block sums the two
    // partial outputs first and reduces once, its one all-gather feeding both (PaLM §2).
    const int calls = s.model.fused_parallel_block() ? 1 : 2;
    if (par.sequence_parallel) {
      // Megatron-Core and Transformer Engine keep a column-parallel linear's input shard and
      // gather it again in backward for the weight gradient (tp_overlap.hpp): QKV's and FC1's (an
      // MoE layer's token dispatcher gathers no linear's input: QKV's alone).
      const bool regather =
          phase == Phase::backward && (par.tp_backward_overlap || par.tp_comm_overlap);
      const int regathers = !regather ? 0 : s.model.moe.num_experts > 0 ? 1 : calls;
      add_collective(
          out, {CommDim::tp, Collective::all_gather, z.tp_bytes, calls + regathers, par.tensor});
      if (!per_op) {
        add_collective(out,
                       {CommDim::tp, Collective::reduce_scatter, z.tp_bytes, calls, par.tensor});
      }
    } else {
      add_collective(out, {CommDim::tp, Collective::all_reduce, z.tp_bytes, calls, par.tensor});
    }
  }
  const bool ulysses = par.context > 1 && par.cp_comm_type == CpCommType::a2a;
  if (ulysses && !per_op) {
    // DeepSpeed-Ulysses: Q, K and V go from sequence- to head-split by one all-to-all each before
    // the attention and the output back by one after it; backward runs the same four on the
    // gradients (the output's before the attention backward, Q's, K's and V's after it).
    add_collective(out,
                   {CommDim::cp, Collective::all_to_all, z.cp_qkv_bytes / 3.0, 3, par.context});
    add_collective(out, {CommDim::cp, Collective::all_to_all, z.cp_out_bytes, 1, par.context});
  } else if (par.context > 1 && !ulysses) {
    add_collective(out, {CommDim::cp, Collective::all_gather, z.cp_bytes,
                         phase == Phase::backward ? 2 : 1, par.context});
  }
  if (par.expert > 1 && s.model.moe.num_experts > 0 && !per_op) {
    if (s.training.moe_dispatcher == MoeDispatcher::allgather) {
      // Megatron-Core's MoEAllGatherTokenDispatcher: forward gathers the group's tokens with
      // their routing map and probabilities and reduce-scatters the unpermuted outputs; backward
      // gathers the output gradients and reduce-scatters the input and probability gradients.
      const bool fwd = phase != Phase::backward;
      add_collective(out, {CommDim::ep, Collective::all_gather,
                           z.ep_gather_bytes + (fwd ? z.ep_map_bytes + z.ep_probs_bytes : 0.0), 1,
                           par.expert});
      add_collective(out, {CommDim::ep, Collective::reduce_scatter,
                           z.ep_gather_bytes + (fwd ? 0.0 : z.ep_probs_bytes), 1, par.expert});
    } else {
      add_collective(out, {CommDim::ep, Collective::all_to_all, z.ep_bytes, 2, par.expert});
    }
  }
  return out;
}

LayerCollective chunk_amax_sync(const Scenario& s, Phase phase) {
  const ParallelConfig& par = s.parallel;
  LayerCollective c{CommDim::dp, Collective::all_reduce, 0.0, 0, layer_dp_group(s)};
  if (s.training.precision != Precision::fp8 || s.training.fp8_recipe != Fp8Recipe::delayed ||
      s.model.num_layers <= 0) {
    return c;
  }
  if (c.group == 1) {
    if (par.tensor == 1) return c;
    c.dim = CommDim::tp;
    c.group = par.tensor;
  }
  const int chunks = std::max(1, par.pipeline) * std::max(1, par.virtual_stages);
  const int layers = (s.model.num_layers + chunks - 1) / chunks;
  constexpr double kLinearLayers = 4.0, kAmaxBytes = 4.0;
  c.bytes = kAmaxBytes * kLinearLayers * (phase == Phase::backward ? 2.0 : 3.0) * layers;
  c.count = 1;
  return c;
}

int layer_dp_group(const Scenario& s) {
  return s.parallel.data * s.parallel.context;
}

LayerCollective layer_param_gather(const Scenario& s, const CommSizes& z) {
  return {CommDim::dp, Collective::all_gather, layer_params_on_gpu(s) * z.weight_width, 1,
          layer_dp_group(s)};
}

double layer_grad_bytes(const Scenario& s, const CommSizes& z) {
  return layer_trainable_params_on_gpu(s) * z.grad_width;
}

LayerCollective layer_grad_reduce_scatter(const Scenario& s, double grad_bytes) {
  return {CommDim::dp, Collective::reduce_scatter, grad_bytes, 1, layer_dp_group(s)};
}

LayerCollective layer_grad_reduce_scatter(const Scenario& s, const CommSizes& z) {
  return layer_grad_reduce_scatter(s, layer_grad_bytes(s, z));
}

bool separate_expert_grads(const Scenario& s) {
  return s.parallel.zero_stage < 3 && !experts_share_dense_dp(s.parallel);
}

double layer_expert_grad_bytes(const Scenario& s, const CommSizes& z) {
  return separate_expert_grads(s) ? layer_expert_params_on_gpu(s) * z.grad_width : 0.0;
}

double layer_dense_grad_bytes(const Scenario& s, const CommSizes& z) {
  if (!separate_expert_grads(s)) return layer_grad_bytes(s, z);
  return (layer_params_on_gpu(s) - layer_expert_params_on_gpu(s)) * z.grad_width;
}

int expert_dp_group(const Scenario& s) {
  return expert_data_size(s.parallel);
}

double optimizer_owned_params(const Scenario& s, double params, double expert_params) {
  if (s.parallel.zero_stage < 1) return params;
  if (!separate_expert_grads(s)) return params / layer_dp_group(s);
  return (params - expert_params) / layer_dp_group(s) + expert_params / expert_dp_group(s);
}

LayerCollective pipeline_message(const CommSizes& z) {
  return {CommDim::pp, Collective::send_recv, z.p2p_bytes, 1, 2};
}

double embedding_grad_bytes(const Scenario& s, const CommSizes& z) {
  if (frozen_base(s.training)) return 0.0;  // fine-tuning freezes the embeddings
  return embedding_params(s.model) / s.parallel.tensor * z.grad_width;
}

LayerCollective tied_embedding_sync(const Scenario& s, const CommSizes& z) {
  return {CommDim::pp, Collective::all_reduce, embedding_grad_bytes(s, z), 1, 2};
}

LayerCollective vocab_param_gather(const Scenario& s, const CommSizes& z) {
  return {CommDim::dp, Collective::all_gather,
          embedding_params(s.model) / s.parallel.tensor * z.weight_width, 1, layer_dp_group(s)};
}

LayerCollective vocab_grad_reduce_scatter(const Scenario& s, const CommSizes& z) {
  return {CommDim::dp, Collective::reduce_scatter, embedding_grad_bytes(s, z), 1,
          layer_dp_group(s)};
}

bool syncs_tied_embedding(const Scenario& s, int stage) {
  const int p = s.parallel.pipeline;
  return (s.model.tied_embeddings || mtp_embedding_copy(s)) && p > 1 &&
         (stage == 0 || stage == p - 1) && !frozen_base(s.training);
}

double mtp_dense_grad_bytes(const Scenario& s, const CommSizes& z) {
  if (frozen_base(s.training)) return 0.0;
  const MtpParams p = mtp_params_on_gpu(s);
  return (separate_expert_grads(s) ? p.total - p.expert : p.total) * z.grad_width;
}

double mtp_expert_grad_bytes(const Scenario& s, const CommSizes& z) {
  if (frozen_base(s.training) || !separate_expert_grads(s)) return 0.0;
  return mtp_params_on_gpu(s).expert * z.grad_width;
}

}  // namespace wt
