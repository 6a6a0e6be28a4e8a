#pragma once
// What a training precision means for the GEMMs, the attention and the stored operands, as
// Transformer Engine runs them (data/reference/framework-defaults.md §9).
#include "sim/scenario/scenario.hpp"

namespace wt {

// GEMMs on quantized operands over 16-bit weights and activations (fp8, mxfp8, nvfp4): TE casts
// each GEMM input and keeps a bf16 model with fp32 master weights, as Megatron's --bf16 with
// --fp8-format / --fp4-format.
inline bool quantized_gemms(Precision p) {
  return p == Precision::fp8 || p == Precision::mxfp8 || p == Precision::nvfp4;
}

// The block-scaled formats of Blackwell's tensor cores: MXFP8 (E4M3 data, one E8M0 scale per 32
// elements) and NVFP4 (E2M1 data, one E4M3 scale per 16 elements plus an fp32 tensor scale).
inline bool block_scaled(Precision p) {
  return p == Precision::mxfp8 || p == Precision::nvfp4;
}

// Bytes per element of a GEMM operand at this precision, scales included: 1 for fp8 (one scale
// per tensor), 1 + 1/32 for MXFP8, 0.5 + 1/16 for NVFP4; 4 for fp32/tf32, else 2.
inline double operand_bytes(Precision p) {
  switch (p) {
    case Precision::fp8:
      return 1.0;
    case Precision::mxfp8:
      return 1.0 + 1.0 / 32.0;
    case Precision::nvfp4:
      return 0.5 + 1.0 / 16.0;
    case Precision::fp32:
    case Precision::tf32:
      return 4.0;
    case Precision::fp16:
    case Precision::bf16:
      break;
  }
  return 2.0;
}

// Transformer Engine's linears keep the quantized copy of their input for the weight gradient and
// cache the quantized weights for the iteration (framework-defaults.md §9); torchao's Float8
// linears (fp8 rowwise) save the 16-bit input and cast the weights at every use.
inline bool keeps_quantized_copies(Precision p, Fp8Recipe recipe) {
  return quantized_gemms(p) && !(p == Precision::fp8 && recipe == Fp8Recipe::rowwise);
}

// Bytes moved per parameter for each use of a weight that is cast at every use (fp8 rowwise:
// a row-scaled copy in forward, a column-scaled one in backward, 2 + 2 + 1 each); 0 where the
// quantized weights are cached.
inline double weight_cast_bytes_per_use(Precision p, Fp8Recipe recipe) {
  return quantized_gemms(p) && !keeps_quantized_copies(p, recipe) ? 5.0 : 0.0;
}

// Bytes moved per element when Transformer Engine casts a 16-bit GEMM input (a forward input, or
// an output gradient in backward) into the quantized copies the GEMMs of both passes read
// (docs/models.md, "Precisions"; framework-defaults.md §9). Each read of the input is 2 bytes, each
// copy written is operand_bytes:
//   fp8 delayed     one cast pass writing the copy and, where FP8 GEMMs need it (Hopper, Ada),
//                   its transpose: 2 + 1 + 1 = 4 (Blackwell 2 + 1 = 3); the scale comes from the
//                   amax history, the amax of this tensor is taken in the same pass
//   fp8 tensorwise  an amax pass first (the scale is this tensor's own): 2 + 4 = 6 (Blackwell 5)
//   fp8 blockwise   1×128 blocks with an fp32 scale each, the rowwise and the columnwise copy
//                   both quantized from the input in one pass: 2 + 2 × (1 + 4/128) = 4.0625
//   fp8 rowwise     torchao: a copy scaled per row for the GEMM that reduces along the rows and
//                   one scaled per column for the GEMM that reduces along the columns, each
//                   quantized from the 16-bit tensor with its own amax pass, as torchao issues
//                   them: 2 × (2 + 2 + 1) = 10 on any GPU (the two copies are two
//                   quantizations, not a transpose)
//   mxfp8           the same with 1×32 blocks and 1-byte scales: 2 + 2 × (1 + 1/32) = 4.0625
//   nvfp4           an amax pass for the fp32 tensor scale of the two-level scaling (the amax of
//                   the input and of its Hadamard transform together), the rowwise copy, and the
//                   columnwise copy from a random-Hadamard-transformed read (RHT for the
//                   weight-gradient GEMM's operands): 2 + (2 + 0.5625) + (2 + 0.5625) = 7.125
// 0 for the 16- and 32-bit precisions (nothing cast). Weights are cast once per iteration and
// cached; they are not counted here.
inline double cast_bytes_per_element(Precision p, Fp8Recipe recipe, bool fp8_any_layout) {
  const double read = 2.0;
  const double copy = operand_bytes(p);
  switch (p) {
    case Precision::fp8: {
      if (recipe == Fp8Recipe::blockwise) return read + 2.0 * (1.0 + 4.0 / 128.0);
      if (recipe == Fp8Recipe::rowwise) return 2.0 * (read + read + copy);
      const double cast = read + copy + (fp8_any_layout ? 0.0 : copy);
      return recipe == Fp8Recipe::tensorwise ? read + cast : cast;
    }
    case Precision::mxfp8:
      return read + 2.0 * copy;
    case Precision::nvfp4:
      return read + 2.0 * (read + copy);
    case Precision::fp32:
    case Precision::tf32:
    case Precision::fp16:
    case Precision::bf16:
      break;
  }
  return 0.0;
}

}  // namespace wt
