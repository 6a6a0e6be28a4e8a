#include "calibrate/gemm_type.hpp"

#include <string>

#include "sim/scenario/precision.hpp"

namespace wt::calibrate::gpu {

const char* to_string(GemmType t) {
  switch (t) {
    case GemmType::fp32:
      return "fp32";
    case GemmType::tf32:
      return "tf32";
    case GemmType::fp16:
      return "fp16";
    case GemmType::bf16:
      return "bf16";
    case GemmType::fp8_e4m3:
      return "fp8";
  }
  return "?";
}

Precision precision_of(GemmType t) {
  switch (t) {
    case GemmType::fp32:
      return Precision::fp32;
    case GemmType::tf32:
      return Precision::tf32;
    case GemmType::fp16:
      return Precision::fp16;
    case GemmType::bf16:
      return Precision::bf16;
    case GemmType::fp8_e4m3:
      return Precision::fp8;
  }
  return Precision::fp32;
}

std::string required_compute_capability(GemmType t) {
  switch (t) {
    case GemmType::fp32:
      return "1.0";
    case GemmType::fp16:
      return "5.3";
    case GemmType::tf32:
    case GemmType::bf16:
      return "8.0";
    case GemmType::fp8_e4m3:
      return "8.9";
  }
  return "?";
}

bool gemm_type_supported(GemmType t, int cc_major, int cc_minor) {
  const std::string needed = required_compute_capability(t);
  const int needed_cc = (needed[0] - '0') * 10 + (needed[2] - '0');
  return cc_major * 10 + cc_minor >= needed_cc;
}

GemmType gemm_type_for(Precision p) {
  switch (p) {
    case Precision::fp32:
      return GemmType::fp32;
    case Precision::tf32:
      return GemmType::tf32;
    case Precision::fp16:
      return GemmType::fp16;
    case Precision::bf16:
      return GemmType::bf16;
    case Precision::fp8:
    case Precision::mxfp8:  // block scales are not measured: the FP8 rate stands for them
    case Precision::nvfp4:  // no FP4 GEMM in the calibrator: measured in e4m3 (a slower bound)
      return GemmType::fp8_e4m3;
  }
  return GemmType::bf16;
}

GemmType attention_type_for(Precision p) {
  return quantized_gemms(p) ? GemmType::bf16 : gemm_type_for(p);
}

}  // namespace wt::calibrate::gpu
