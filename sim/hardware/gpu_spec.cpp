// GpuSpec's derived figures.
#include "core/units.hpp"
#include "sim/hardware/gpu.hpp"

namespace wt {

const Sourced& GpuSpec::peak_tflops(Precision p) const {
  switch (p) {
    case Precision::fp32:
      return fp32_tflops;
    case Precision::tf32:
      return tf32_tflops;
    case Precision::fp16:
      return fp16_tflops;
    case Precision::bf16:
      return bf16_tflops;
    case Precision::fp8:
      return fp8_tflops;
    case Precision::mxfp8:
      return mxfp8_tflops;
    case Precision::nvfp4:
      break;
  }
  return nvfp4_tflops;
}

double GpuSpec::peak_flops(Precision p) const {
  return units::tflops_to_flops(peak_tflops(p).value);
}

}  // namespace wt
