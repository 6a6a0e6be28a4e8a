#pragma once
// Megatron-Core's selective recompute by module (training.recompute_modules, TransformerConfig
// recompute_modules, framework-defaults.md: default ["core_attn"], core_v0.13.0). Each module
// checkpointed drops what its forward saved for backward and runs that forward again at the start
// of its backward; the activation terms are memory.cpp's, the FLOPs model_math.cpp's and the
// kernels layer_kernels.cpp's, one description of a layer for both engines:
// - core_attn (normal checkpoint of the core): an unfused core's 5as/h scores term; a fused core
//   keeps Q, K, V (the checkpoint's inputs) and saves no scores, so drops nothing and reruns
//   nothing beyond what its backward already recomputes (the behaviour before modules existed);
// - layernorm (output-discarding): the two norm outputs, the QKV and fc1 inputs, 2 + 2 sbh; their
//   two norms run again;
// - mlp (normal checkpoint of a dense MLP): the MLP's inner tensors, the activation function's
//   input and output (6f/h gated, 4f/h not); fc1, the activation and fc2 run again;
// - moe (normal checkpoint of a MoE layer): the routed experts' and the shared experts' inner
//   tensors; router, dispatch, shared experts and experts run again;
// - shared_experts: the shared experts' inner tensors and their forward;
// - moe_act (output-discarding): the routed experts' activation output, fc2's input, 2f/h per
//   routed token; the activation runs again;
// - mla_up_proj (output-discarding): MLA's Q, K and V, 2(a·d_qk + a·d_qk + a·d_v)/h; the up
//   projections run again.
// An output-discarding module frees the 16-bit tensor its next GEMM saved; under fp8, MXFP8 and
// NVFP4 that GEMM keeps its own quantized copy instead, so layernorm and moe_act free nothing
// there (an assumption; docs/models.md). The collectives inside a recomputed module (the MLP's TP
// all-gather, a MoE layer's all-to-alls) are not run again (not modelled).
#include <algorithm>

#include "sim/scenario/scenario.hpp"

namespace wt {

// Whether selective recompute recomputes module `m` of each layer.
inline bool recomputes(const TrainingConfig& t, RecomputeModule m) {
  if (t.activation_recompute != Recompute::selective) return false;
  const auto& list = t.recompute_modules;
  return std::find(list.begin(), list.end(), m) != list.end();
}

}  // namespace wt
