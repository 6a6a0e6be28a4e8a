#include "sim/workload/tp_overlap.hpp"

#include <algorithm>
#include <string>

#include "sim/comm/collective.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/side_streams.hpp"
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
  double times[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};

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

// Userbuffers, a sequential layer: each forward all-gather under the GEMM that consumes it, each
// reduce-scatter under the GEMM that produces it; backward the output gradient's all-gathers under
// the dgrad GEMMs that read them (ring exchange), the inputs' all-gathers under the dgrad GEMMs of
// the same linears (bulk) and the input gradients' reduce-scatters under their wgrad GEMMs (bulk).
// A parallel block: its one all-gather under the fused QKV + fc1 GEMM (forward) or the two output
// projections' dgrad, which both read the gathered gradient (backward); its one reduce-scatter
// under the two GEMMs whose outputs it sums (forward) or the fused GEMM's wgrad (backward).
constexpr OverlapSlot kForward[4] = {{true, {"qkv", nullptr}},
                                     {true, {"mlp_fc1", nullptr}},
                                     {false, {"attn_proj", nullptr}},
                                     {false, {"mlp_fc2", nullptr}}};
constexpr OverlapSlot kBackward[6] = {
    {true, {"attn_proj_dgrad", nullptr}}, {true, {"mlp_fc2_dgrad", nullptr}},
    {true, {"qkv_dgrad", nullptr}},       {true, {"mlp_fc1_dgrad", nullptr}},
    {false, {"qkv_wgrad", nullptr}},      {false, {"mlp_fc1_wgrad", nullptr}}};
constexpr OverlapSlot kParallelForward[2] = {{true, {"qkv_fc1", nullptr}},
                                             {false, {"attn_proj", "mlp_fc2"}}};
constexpr OverlapSlot kParallelBackward[3] = {{true, {"attn_proj_dgrad", "mlp_fc2_dgrad"}},
                                              {true, {"qkv_fc1_dgrad", nullptr}},
                                              {false, {"qkv_fc1_wgrad", nullptr}}};

// The asynchronous backward alone: the forward blocks; backward the output gradient's all-gathers
// block, the inputs' all-gathers run under the dgrad GEMMs and the input gradients' reduce-scatters
// (or all-reduces) under the wgrad GEMMs.
constexpr OverlapSlot kBlockingForward[4] = {{true, {nullptr, nullptr}},
                                             {true, {nullptr, nullptr}},
                                             {false, {nullptr, nullptr}},
                                             {false, {nullptr, nullptr}}};
constexpr OverlapSlot kAsyncBackward[6] = {
    {true, {nullptr, nullptr}},      {true, {nullptr, nullptr}},
    {true, {"qkv_dgrad", nullptr}},  {true, {"mlp_fc1_dgrad", nullptr}},
    {false, {"qkv_wgrad", nullptr}}, {false, {"mlp_fc1_wgrad", nullptr}}};
constexpr OverlapSlot kAsyncParallelBackward[3] = {{true, {nullptr, nullptr}},
                                                   {true, {"qkv_fc1_dgrad", nullptr}},
                                                   {false, {"qkv_fc1_wgrad", nullptr}}};
// Without sequence parallelism: the forward's all-reduces block, the backward's run under the
// wgrad GEMMs of the linears whose input gradients they sum.
constexpr OverlapSlot kAllReduceForward[2] = {{false, {nullptr, nullptr}},
                                              {false, {nullptr, nullptr}}};
constexpr OverlapSlot kAllReduceBackward[2] = {{false, {"qkv_wgrad", nullptr}},
                                               {false, {"mlp_fc1_wgrad", nullptr}}};
constexpr OverlapSlot kAllReduceParallelBackward[1] = {{false, {"qkv_fc1_wgrad", nullptr}}};

// An MoE layer: the token dispatcher's all-gather over TP and the combine's reduce-scatter (or
// all-reduce) are not linears': they block in both passes, and only the attention's QKV re-gathers
// its input (userbuffers pair the attention's linears alone).
constexpr OverlapSlot kMoeForward[4] = {{true, {"qkv", nullptr}},
                                        {true, {nullptr, nullptr}},
                                        {false, {"attn_proj", nullptr}},
                                        {false, {nullptr, nullptr}}};
constexpr OverlapSlot kMoeBackward[5] = {{true, {"attn_proj_dgrad", nullptr}},
                                         {true, {nullptr, nullptr}},
                                         {true, {"qkv_dgrad", nullptr}},
                                         {false, {"qkv_wgrad", nullptr}},
                                         {false, {nullptr, nullptr}}};
constexpr OverlapSlot kAsyncMoeBackward[5] = {{true, {nullptr, nullptr}},
                                              {true, {nullptr, nullptr}},
                                              {true, {"qkv_dgrad", nullptr}},
                                              {false, {"qkv_wgrad", nullptr}},
                                              {false, {nullptr, nullptr}}};
constexpr OverlapSlot kAllReduceMoeBackward[2] = {{false, {"qkv_wgrad", nullptr}},
                                                  {false, {nullptr, nullptr}}};

// A pass's slots.
struct Slots {
  const OverlapSlot* slots;
  int count;
};

}  // namespace

OverlapPair overlap_pair(double transfer_s, double gemm_s, double sm_share) {
  return {std::max(0.0, transfer_s - gemm_s), overlap_loss_s(transfer_s, gemm_s, sm_share)};
}

TpOverlap tp_overlap(const Scenario& s, const GpuSpec& gpu, const Fabric& fabric,
                     const Calibration* calibration, double compute_slowdown) {
  TpOverlap out;
  const ParallelConfig& par = s.parallel;
  if (par.tensor <= 1) return out;
  const bool sp = par.sequence_parallel;
  const bool userbuffers = par.tp_comm_overlap && sp;
  if (!userbuffers && !par.tp_backward_overlap) return out;
  out.on = true;
  const double share = overlap_sm_share(gpu);
  const CommSizes z = comm_sizes(s);
  const GroupShape group = comm_group(CommDim::tp, par.tensor, s);
  const auto call_s = [&](Collective c) {
    return collective_cost(c, z.tp_bytes, group, fabric, par.collective_algorithm).time_s;
  };
  const double ag = sp ? call_s(Collective::all_gather) : 0.0;
  const double reduce = call_s(sp ? Collective::reduce_scatter : Collective::all_reduce);

  const bool parallel = s.model.fused_parallel_block();  // never an MoE layer
  const bool moe = s.model.moe.num_experts > 0;
  Slots forward{};
  Slots backward{};
  if (userbuffers) {
    forward = moe        ? Slots{kMoeForward, 4}
              : parallel ? Slots{kParallelForward, 2}
                         : Slots{kForward, 4};
    backward = moe        ? Slots{kMoeBackward, 5}
               : parallel ? Slots{kParallelBackward, 3}
                          : Slots{kBackward, 6};
  } else if (sp) {
    forward = parallel ? Slots{kBlockingForward + 1, 2} : Slots{kBlockingForward, 4};
    backward = moe        ? Slots{kAsyncMoeBackward, 5}
               : parallel ? Slots{kAsyncParallelBackward, 3}
                          : Slots{kAsyncBackward, 6};
  } else {
    forward = Slots{kAllReduceForward, parallel ? 1 : 2};
    backward = moe        ? Slots{kAllReduceMoeBackward, 2}
               : parallel ? Slots{kAllReduceParallelBackward, 1}
                          : Slots{kAllReduceBackward, 2};
  }
  GemmTimes fwd(s, gpu, calibration, compute_slowdown, forward.slots, forward.count);
  emit_layer_forward_kernels(s, fwd);
  GemmTimes bwd(s, gpu, calibration, compute_slowdown, backward.slots, backward.count);
  emit_layer_backward_kernels(s, bwd);
  out.forward = pass(fwd, forward.slots, forward.count, ag, reduce, share);
  out.backward = pass(bwd, backward.slots, backward.count, ag, reduce, share);
  return out;
}

}  // namespace wt
