#pragma once
// What the GPU that needs the most memory holds, by kind (RunResult::memory_per_gpu_bytes).
namespace wt {

// Bytes on the GPU that needs the most. `total` is the tensors plus the CUDA context and NCCL's
// buffers at their usual size; [total_low, total_high] is the range the model cannot narrow
// (NCCL's channel count, the allocator's slack), which makes a verdict "tight" (docs/models.md,
// "Memory per GPU").
struct MemoryUse {
  double weights = 0.0, gradients = 0.0, optimizer = 0.0, activations = 0.0;
  double cuda_context = 0.0, comm_buffers = 0.0;
  // Model states held in host memory for this GPU under parallel.offload (not in `total`).
  double host = 0.0;
  double total = 0.0, total_low = 0.0, total_high = 0.0;
  double capacity = 0.0;
};

}  // namespace wt
