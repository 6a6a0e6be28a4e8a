#pragma once
// The number formats the calibrator runs GEMMs and attention in, what each GPU generation
// supports, and how a scenario's training precision maps onto them.
#include "sim/scenario/scenario.hpp"

namespace wt::calibrate::gpu {

enum class GemmType { fp32, tf32, fp16, bf16, fp8_e4m3 };

const char* to_string(GemmType t);
Precision precision_of(GemmType t);
// fp32 everywhere; fp16 from 5.3; tf32 and bf16 from Ampere (8.0); fp8 e4m3 from Ada/Hopper (8.9).
bool gemm_type_supported(GemmType t, int cc_major, int cc_minor);
std::string required_compute_capability(GemmType t);  // e.g. "8.9"

// The GEMM format of a training precision (fp8 → e4m3 operands with bf16 output; mxfp8 and nvfp4,
// which the calibrator cannot run, also → e4m3).
GemmType gemm_type_for(Precision p);
// Attention runs in 16 bits under fp8/mxfp8/nvfp4 training (Transformer Engine's default), as the
// cost model assumes; the other precisions run attention as they run GEMMs.
GemmType attention_type_for(Precision p);

}  // namespace wt::calibrate::gpu
