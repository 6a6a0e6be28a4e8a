#include "calibrate/replay_plan.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "core/error.hpp"

namespace wt::calibrate {
namespace {

using KernelKey = std::tuple<KernelClass, int64_t, int64_t, int64_t, int64_t, double, double>;

KernelKey key_of(const Kernel& k) {
  return {k.cls, k.m, k.n, k.k, k.batch, k.flops, k.bytes};
}

// How many compute ops of the program run each kernel list.
std::map<int32_t, int64_t> list_uses(const Program& program, int64_t& compute_ops) {
  std::map<int32_t, int64_t> uses;
  for (const Op& op : program.ops) {
    if (op.kind != OpKind::compute || op.kernels < 0) continue;
    ++uses[op.kernels];
    ++compute_ops;
  }
  return uses;
}

void add_kernel(ReplayPlan& plan, std::map<KernelKey, std::size_t>& index, const Kernel& k,
                int64_t runs) {
  const auto [it, fresh] = index.try_emplace(key_of(k), plan.kernels.size());
  if (fresh) plan.kernels.push_back({k, 0, {}});
  ReplayKernel& r = plan.kernels[it->second];
  r.executions += runs;
  if (std::find(r.names.begin(), r.names.end(), k.name) == r.names.end()) r.names.push_back(k.name);
}

}  // namespace

const char* to_string(KernelClass c) {
  switch (c) {
    case KernelClass::gemm:
      return "gemm";
    case KernelClass::attention:
      return "attention";
    case KernelClass::memory_bound:
      return "memory_bound";
    case KernelClass::optimizer:
      return "optimizer";
    case KernelClass::host_link:
      return "host_link";
    case KernelClass::host_cpu:
      return "host_cpu";
  }
  return "?";
}

double ReplayPlan::predicted_s() const {
  double total = 0.0;
  for (const ReplayKernel& k : kernels)
    total += k.predicted_s();
  return total;
}

ReplayPlan plan_replay(const Workload& w, int rank) {
  if (rank < 0 || rank >= w.num_gpus) {
    throw InputError("--rank", "no such rank in the scenario", std::to_string(rank),
                     "0.." + std::to_string(w.num_gpus - 1));
  }
  ReplayPlan plan;
  plan.rank = rank;
  plan.role = w.role_of_rank(rank);
  const Program& program = w.programs.at(static_cast<std::size_t>(plan.role));
  std::map<KernelKey, std::size_t> index;
  for (const auto& [list, uses] : list_uses(program, plan.compute_ops)) {
    for (const Kernel& k : w.kernel_lists.at(static_cast<std::size_t>(list))) {
      if (on_host(k.cls)) continue;  // host copies and CPU steps are not GPU kernels
      add_kernel(plan, index, k, uses);
    }
  }
  return plan;
}

}  // namespace wt::calibrate
