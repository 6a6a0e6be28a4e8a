#pragma once
// Memory per GPU (docs/models.md): model states by ZeRO stage and activations after Korthikanti et
// al., "Reducing Activation Recomputation in Large Transformer Models" (2022).
#include <cstdint>

#include "sim/scenario/scenario.hpp"

namespace wt {

// Bytes per parameter of each model state before ZeRO partitioning. Mixed precision (16-bit, fp8,
// mxfp8 and nvfp4 training) keeps 16-bit weights (plus quantized copies under mxfp8/nvfp4) and
// gradients and an fp32 master copy plus the optimizer moments; fp32/tf32 training keeps fp32
// weights and gradients and the moments only. With `grad_reduce_in_fp32` the mixed-precision
// gradients are fp32 too: Megatron-LM's table for bf16 with its distributed optimizer, 6 + 12/d
// bytes, instead of 4 + 12/d. Eager autocast (kernel_fusion eager_amp) keeps fp32 parameters,
// which are the master weights, plus the 16-bit copy autocast saves for backward: 4 + 2, 4 and the
// moments.
struct StateBytes {
  double weights = 0.0, gradients = 0.0, optimizer = 0.0;
};
StateBytes state_bytes_per_param(const TrainingConfig& t);

// Bytes per parameter of the quantized weight copies Transformer Engine caches for the iteration
// under fp8, MXFP8 and NVFP4 (counted in the weights): a rowwise and a columnwise copy, each
// quantized from the bf16 weight with its scales (framework-defaults.md §9, MXFP8BlockScaling:
// "rowwise and columnwise copies both quantized"; per-tensor fp8 on Hopper needs the physical fp8
// transpose for backward, Float8CurrentScaling): 2 × 1 for fp8, 2 × (1 + 1/32) for MXFP8,
// 2 × (0.5 + 1/16) for NVFP4; 0 otherwise, and for torchao's fp8 rowwise, which casts the weights
// at every use and keeps no copy (keeps_quantized_copies, sim/scenario/precision.hpp).
double quantized_weight_bytes(const TrainingConfig& t);

// Bytes per parameter of the 16-bit copies eager autocast makes in forward and saves for
// backward (counted in the weights): 2 under eager_amp with 16-bit math, else 0.
double autocast_copy_bytes(const TrainingConfig& t);

// Bytes per parameter of the weights a checkpoint saves and a ZeRO-1 step gathers: the weights
// less the copies made for one iteration (the quantized copies; eager autocast's 16-bit casts).
double stored_weight_bytes(const TrainingConfig& t);

// Bytes per logit the loss holds at its peak, the start of the backward pass
// (training.cross_entropy). Megatron-Core's and Transformer Engine's cross-entropy keep the fp32
// logits and work on them in place: 4. PyTorch's F.cross_entropy on logits cast to fp32 is a
// log_softmax that saves its fp32 output and an nll_loss; in backward nll_loss's dense fp32
// gradient and log_softmax's fp32 input gradient are written while that output is held: 12.
double logit_bytes(const TrainingConfig& t);

// Bytes per gradient as held and reduced over data parallelism.
double gradient_width(const TrainingConfig& t);

// Model-state bytes on one GPU holding `params` parameters (after TP/PP/EP), for ZeRO `stage`
// over `dp` data-parallel ranks: ZeRO-1 divides the optimizer state by dp, ZeRO-2 also the
// gradients, ZeRO-3 also the weights.
struct ModelStateMemory {
  double weights = 0.0, gradients = 0.0, optimizer = 0.0;
  double total() const { return weights + gradients + optimizer; }
};
ModelStateMemory model_state_memory(double params, int zero_stage, int dp, const TrainingConfig& t);

// Activation bytes one transformer layer keeps for the backward pass of one micro-batch of b
// sequences, per GPU: sbh(34 + 5as/h) without parallelism; with TP t and no SP
// sbh(10 + 24/t + 5as/(ht)); with TP and SP sbh/t·(34 + 5as/h); selective recompute drops the
// 5as/h term; full recompute keeps only the layer input 2sbh (/t with SP). Generalised to GQA and
// other FFN widths term by term (equal to the paper's for f = 4h, k = a); context parallelism
// divides s. Sized for 16-bit activations (×2 for fp32/tf32 training). Per-op checkpointing
// (torchtitan) keeps per token the block input, the odd-numbered matmuls' outputs, the attention
// output and its logsumexp (memory.cpp): 2·(4h + h_kv + f) + 4a bytes for a Llama layer.
double activation_bytes_per_layer(const Scenario& s);

// What one layer's activations take while it is recomputed, without the attention-score matrix
// (fused attention does not store it): full recompute's whole layer, per-op's part of the layer it
// did not keep; zero for none and selective.
double recompute_working_bytes(const Scenario& s);

}  // namespace wt
