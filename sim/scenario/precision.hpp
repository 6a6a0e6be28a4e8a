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

}  // namespace wt
