// GpuSpec's derived figures.
#include "core/units.hpp"
#include "sim/hardware/gpu.hpp"

namespace wt {

double GpuSpec::peak_flops(Precision p) const {
  switch (p) {
    case Precision::fp32:
      return units::tflops_to_flops(fp32_tflops.value);
    case Precision::tf32:
      return units::tflops_to_flops(tf32_tflops.value);
    case Precision::fp16:
      return units::tflops_to_flops(fp16_tflops.value);
    case Precision::bf16:
      return units::tflops_to_flops(bf16_tflops.value);
    case Precision::fp8:
      return units::tflops_to_flops(fp8_tflops.value);
  }
  return 0.0;
}

}  // namespace wt
