#include "sim/workload/costs.hpp"

#include <algorithm>

#include "sim/comm/fabric.hpp"

namespace wt {
namespace {

// Attention runs in 16 bits under fp8 training (Transformer Engine's default).
Precision attention_precision(Precision p) { return p == Precision::fp8 ? Precision::bf16 : p; }

double list_time_s(KernelList& kernels, const GpuSpec& gpu, Precision p) {
  double total = 0.0;
  for (Kernel& k : kernels) {
    k.time_s = kernel_time_s(k, gpu, p);
    total += k.time_s;
  }
  return total;
}

}  // namespace

double kernel_time_s(const Kernel& k, const GpuSpec& gpu, Precision p) {
  const double memory_Bps = gpu.memory_bw_GBps.value * 1e9 * gpu.memory_efficiency.value;
  const double memory_s = k.bytes / memory_Bps;
  double compute_s = 0.0;
  switch (k.cls) {
    case KernelClass::gemm:
      compute_s = k.flops / (gpu.peak_flops(p) * gpu.gemm_efficiency.value);
      break;
    case KernelClass::attention:
      compute_s = k.flops / (gpu.peak_flops(attention_precision(p)) * kAttentionEfficiency);
      break;
    case KernelClass::memory_bound:
    case KernelClass::optimizer:
      break;
  }
  return std::max(compute_s, memory_s) + gpu.kernel_launch_us.value * 1e-6;
}

GroupShape comm_group(const Op& op, const Scenario& s) {
  const ParallelConfig& par = s.parallel;
  const int gpn = s.cluster.gpus_per_node;
  switch (op.dim) {
    case CommDim::tp: return group_shape(op.group_size, 1, gpn);
    case CommDim::cp: return group_shape(op.group_size, par.tensor, gpn);
    case CommDim::ep: return group_shape(op.group_size, par.tensor * par.context, gpn);
    case CommDim::dp: return group_shape(op.group_size, par.tensor, gpn);
    case CommDim::pp:
      return group_shape(op.group_size, par.tensor * par.context * par.data, gpn);
    case CommDim::none: break;
  }
  return GroupShape{};
}

void assign_durations(Workload& w, const Scenario& s, const GpuSpec& gpu, const Fabric& fabric) {
  std::vector<double> list_s;
  list_s.reserve(w.kernel_lists.size());
  for (KernelList& list : w.kernel_lists) {
    list_s.push_back(list_time_s(list, gpu, s.training.precision));
  }
  const CollectiveAlgorithm pin = s.parallel.collective_algorithm;
  for (Program& program : w.programs) {
    for (Op& op : program.ops) {
      switch (op.kind) {
        case OpKind::compute: op.duration_s = op.kernels >= 0 ? list_s[op.kernels] : 0.0; break;
        case OpKind::collective:
        case OpKind::send: {
          const CollectiveCost c =
              collective_cost(op.collective, op.bytes, comm_group(op, s), fabric, pin);
          op.duration_s = c.time_s * op.count;
          op.bytes_sent = c.bytes_sent_per_gpu * op.count;
          break;
        }
        case OpKind::recv: op.duration_s = 0.0; break;
      }
    }
  }
}

}  // namespace wt
