#include <cstdio>

#include "sim/report/run_result.hpp"

namespace wt {
namespace {

std::string gib(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / (1024.0 * 1024.0 * 1024.0));
  return buf;
}

std::string lines_of(const MemoryUse& m) {
  return "weights " + gib(m.weights) + ", gradients " + gib(m.gradients) + ", optimizer " +
         gib(m.optimizer) + ", activations " + gib(m.activations) + ", CUDA context " +
         gib(m.cuda_context) + ", NCCL buffers " + gib(m.comm_buffers);
}

}  // namespace

const char* to_string(MemoryVerdict v) {
  switch (v) {
    case MemoryVerdict::fits:
      return "fits";
    case MemoryVerdict::tight:
      return "tight";
    case MemoryVerdict::does_not_fit:
      return "does not fit";
  }
  return "?";
}

MemoryVerdict memory_verdict(const MemoryUse& m) {
  const double low = m.total_low > 0.0 ? m.total_low : m.total;
  const double high = m.total_high > 0.0 ? m.total_high : m.total;
  if (low > m.capacity) return MemoryVerdict::does_not_fit;
  if (high > m.capacity) return MemoryVerdict::tight;
  return MemoryVerdict::fits;
}

std::string memory_warning(const MemoryUse& m, int stage) {
  const MemoryVerdict verdict = memory_verdict(m);
  if (verdict == MemoryVerdict::fits) return "";  // most planner candidates: no text to build
  const std::string who = "GPUs of pipeline stage " + std::to_string(stage);
  switch (verdict) {
    case MemoryVerdict::fits:
      return "";
    case MemoryVerdict::does_not_fit:
      return "does not fit in memory: " + who + " need " + gib(m.total) + " of " + gib(m.capacity) +
             " (short by " + gib(m.total - m.capacity) + ": " + lines_of(m) + ")";
    case MemoryVerdict::tight:
      return "memory is tight: " + who + " need " + gib(m.total_low) + " to " + gib(m.total_high) +
             " of " + gib(m.capacity) + " (" + lines_of(m) +
             "; the range is NCCL's channel count and the allocator's slack)";
  }
  return "";
}

}  // namespace wt
