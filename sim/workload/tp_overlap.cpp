#include "sim/workload/tp_overlap.hpp"

#include <algorithm>
#include <string>

#include "sim/comm/collective.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

// One transfer of a layer pass and the GEMMs that run under it (their names; "" ends the list).
struct OverlapSlot {
  bool gather;
  const char* gemms[2];
};

// The times of the GEMMs of a pass's slots, by kernel name.
class GemmTimes final : public KernelSink {
 public:
  GemmTimes(const Scenario& s, const GpuSpec& gpu, const Calibration* calibration, double slowdown,
            const OverlapSlot* slots, int count)
      : s_(s),
        gpu_(gpu),
        calibration_(calibration),
        slowdown_(slowdown),
        slots_(slots),
        count_(count) {}
  void add(const KernelShape& k) override {
    const std::string name = std::string(k.name) + k.suffix;
    for (int i = 0; i < count_; ++i) {
      for (const char* g : slots_[i].gemms) {
        if (g != nullptr && name == g)
          times[i] += kernel_time_s(k, gpu_, s_.training.precision, calibration_, slowdown_);
      }
    }
  }
  double times[4] = {0.0, 0.0, 0.0, 0.0};

 private:
  const Scenario& s_;
  const GpuSpec& gpu_;
  const Calibration* calibration_;
  double slowdown_;
  const OverlapSlot* slots_;
  int count_;
};

TpOverlapPass pass(const GemmTimes& g, const OverlapSlot* slots, int count, double all_gather_s,
                   double reduce_scatter_s, double share) {
  TpOverlapPass out;
  for (int i = 0; i < count; ++i) {
    const bool gather = slots[i].gather;
    const OverlapPair p = overlap_pair(gather ? all_gather_s : reduce_scatter_s, g.times[i], share);
    (gather ? out.all_gather_s : out.reduce_scatter_s) += p.exposed_s;
    out.gemm_stretch_s += p.stretch_s;
  }
  return out;
}

// A sequential layer: each of the two all-gathers under the GEMM that consumes it, each of the
// two reduce-scatters under the GEMM that produces it. A parallel block: its one all-gather under
// the fused QKV + fc1 GEMM (forward) or the two output projections' dgrad, which both read the
// gathered gradient (backward); its one reduce-scatter under the two GEMMs whose outputs it sums.
constexpr OverlapSlot kForward[4] = {{true, {"qkv", nullptr}},
                                     {true, {"mlp_fc1", nullptr}},
                                     {false, {"attn_proj", nullptr}},
                                     {false, {"mlp_fc2", nullptr}}};
constexpr OverlapSlot kBackward[4] = {{true, {"attn_proj_dgrad", nullptr}},
                                      {true, {"mlp_fc2_dgrad", nullptr}},
                                      {false, {"qkv_dgrad", nullptr}},
                                      {false, {"mlp_fc1_dgrad", nullptr}}};
constexpr OverlapSlot kParallelForward[2] = {{true, {"qkv_fc1", nullptr}},
                                             {false, {"attn_proj", "mlp_fc2"}}};
constexpr OverlapSlot kParallelBackward[2] = {{true, {"attn_proj_dgrad", "mlp_fc2_dgrad"}},
                                              {false, {"qkv_fc1_dgrad", nullptr}}};

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

  const bool parallel = s.model.fused_parallel_block();
  const OverlapSlot* forward = parallel ? kParallelForward : kForward;
  const OverlapSlot* backward = parallel ? kParallelBackward : kBackward;
  const int slots = parallel ? 2 : 4;
  GemmTimes fwd(s, gpu, calibration, compute_slowdown, forward, slots);
  emit_layer_forward_kernels(s, fwd);
  GemmTimes bwd(s, gpu, calibration, compute_slowdown, backward, slots);
  emit_layer_backward_kernels(s, bwd);
  out.forward = pass(fwd, forward, slots, ag, rs, share);
  out.backward = pass(bwd, backward, slots, ag, rs, share);
  return out;
}

}  // namespace wt
