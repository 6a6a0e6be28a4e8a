#pragma once
// What the GPU that needs the most memory holds, by kind (RunResult::memory_per_gpu_bytes).
namespace wt {

struct MemoryUse {
  double weights = 0.0, gradients = 0.0, optimizer = 0.0, activations = 0.0, total = 0.0,
         capacity = 0.0;  // bytes, on the GPU that needs the most
};

}  // namespace wt
