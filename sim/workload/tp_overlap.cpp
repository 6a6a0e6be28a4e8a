#include "sim/workload/tp_overlap.hpp"

#include <algorithm>
#include <string>

#include "sim/comm/collective.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

// The times of the layer pass's four GEMMs that carry a transfer, by kernel name.
class GemmTimes final : public KernelSink {
 public:
  GemmTimes(const Scenario& s, const GpuSpec& gpu, const Calibration* calibration, double slowdown,
            const char* const (&names)[4])
      : s_(s), gpu_(gpu), calibration_(calibration), slowdown_(slowdown), names_(names) {}
  void add(const KernelShape& k) override {
    const std::string name = std::string(k.name) + k.suffix;
    for (int i = 0; i < 4; ++i) {
      if (name == names_[i])
        times[i] += kernel_time_s(k, gpu_, s_.training.precision, calibration_, slowdown_);
    }
  }
  double times[4] = {0.0, 0.0, 0.0, 0.0};

 private:
  const Scenario& s_;
  const GpuSpec& gpu_;
  const Calibration* calibration_;
  double slowdown_;
  const char* const (&names_)[4];
};

// names[0..1] carry the all-gathers, names[2..3] the reduce-scatters.
TpOverlapPass pass(const GemmTimes& g, double all_gather_s, double reduce_scatter_s, double share) {
  TpOverlapPass out;
  for (int i = 0; i < 4; ++i) {
    const bool gather = i < 2;
    const OverlapPair p = overlap_pair(gather ? all_gather_s : reduce_scatter_s, g.times[i], share);
    (gather ? out.all_gather_s : out.reduce_scatter_s) += p.exposed_s;
    out.gemm_stretch_s += p.stretch_s;
  }
  return out;
}

}  // namespace

OverlapPair overlap_pair(double transfer_s, double gemm_s, double sm_share) {
  return {std::max(0.0, transfer_s - gemm_s),
          std::min(transfer_s, gemm_s) * sm_share / (1.0 - sm_share)};
}

TpOverlap tp_overlap(const Scenario& s, const GpuSpec& gpu, const Fabric& fabric,
                     const Calibration* calibration, double compute_slowdown) {
  TpOverlap out;
  const ParallelConfig& par = s.parallel;
  if (!par.tp_comm_overlap || !par.sequence_parallel || par.tensor <= 1) return out;
  out.on = true;
  // A GPU whose SM count is not known (or is tiny) gives up half its SMs: pessimistic on purpose.
  const double sms = gpu.sm_count.value > kTpOverlapSms ? gpu.sm_count.value : 2.0 * kTpOverlapSms;
  const double share = kTpOverlapSms / sms;
  const CommSizes z = comm_sizes(s);
  const GroupShape group = comm_group(CommDim::tp, par.tensor, s);
  const auto call_s = [&](Collective c) {
    return collective_cost(c, z.tp_bytes, group, fabric, par.collective_algorithm).time_s;
  };
  const double ag = call_s(Collective::all_gather);
  const double rs = call_s(Collective::reduce_scatter);

  static const char* const kForward[4] = {"qkv", "mlp_fc1", "attn_proj", "mlp_fc2"};
  static const char* const kBackward[4] = {"attn_proj_dgrad", "mlp_fc2_dgrad", "qkv_dgrad",
                                           "mlp_fc1_dgrad"};
  GemmTimes fwd(s, gpu, calibration, compute_slowdown, kForward);
  emit_layer_forward_kernels(s, fwd);
  GemmTimes bwd(s, gpu, calibration, compute_slowdown, kBackward);
  emit_layer_backward_kernels(s, bwd);
  out.forward = pass(fwd, ag, rs, share);
  out.backward = pass(bwd, ag, rs, share);
  return out;
}

}  // namespace wt
