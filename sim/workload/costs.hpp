#pragma once
// The cost model: fills every op's duration (and bytes on the wire) from the hardware. Compute
// kernels follow a roofline with the catalog's achievable efficiencies plus a launch overhead;
// communication follows the alpha-beta collectives of sim/comm on the scenario's fabric.
#include <string>
#include <vector>

#include "sim/comm/collective.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/program.hpp"

namespace wt {

// Fraction of peak a fused attention kernel reaches: FlashAttention-2 reports 50–73% of the A100's
// peak forward and somewhat less backward (Dao, 2023); 0.6 is the assumption until calibrated.
inline constexpr double kAttentionEfficiency = 0.6;

// The catalog's best-shape GEMM efficiency at a precision (MXFP8 GEMMs take the fp8 MAMF fraction,
// the same tensor rate; NVFP4 has no measured figure in the reference and takes the bf16 one),
// before the shape factor of sim/hardware/gemm_efficiency.hpp.
double best_gemm_efficiency(const GpuSpec& gpu, Precision p);

// With a calibration, measured efficiencies replace the catalog's where the profile has them.
// `compute_slowdown` (compute_slowdown(Scenario) of sim/hardware/speed_spread.hpp in a run: the
// GPUs' sustained speed and the slowest GPU) stretches the compute-bound part (GEMMs, attention)
// only: a GPU slower than the benchmark under its power cap runs its SMs slower, not its memory.
// 1 (the default) times the kernel as the isolated benchmark would, as replay measures it.
// `attention`: the scenario's attention kernel, whose implementation sets a fused kernel's
// efficiency without a calibration (flash2, cudnn: the measured tables of attention_tables.hpp).
double kernel_time_s(const Kernel& k, const GpuSpec& gpu, Precision p,
                     const Calibration* calibration = nullptr, double compute_slowdown = 1.0,
                     AttentionKernel attention = AttentionKernel::fused);
// The same for a kernel as the emitters describe it (what the `estimate` path sums).
double kernel_time_s(const KernelShape& k, const GpuSpec& gpu, Precision p,
                     const Calibration* calibration = nullptr, double compute_slowdown = 1.0,
                     AttentionKernel attention = AttentionKernel::fused);

// kernel_time_s with what does not depend on the kernel taken once (the memory bandwidth with its
// efficiency, the peak rates at the GEMM and the attention precision, the best-shape GEMM
// efficiency, the launch time), for the lists of one scenario: the same time, bit for bit.
class KernelPricer {
 public:
  KernelPricer(const GpuSpec& gpu, Precision p, const Calibration* calibration = nullptr,
               double compute_slowdown = 1.0, AttentionKernel attention = AttentionKernel::fused);
  double time_s(const KernelShape& k) const;

 private:
  const GpuSpec& gpu_;
  Precision p_, attention_p_;
  const Calibration* calibration_;
  double compute_slowdown_;
  AttentionKernel attention_;
  double memory_Bps_;  // the bandwidth memory-bound traffic reaches
  double gemm_peak_flops_, attention_peak_flops_, best_gemm_efficiency_, launch_s_;
  int sm_count_;
};

// The group a communication op runs over, from its dimension and Megatron's rank order (tensor
// fastest, then context, data, pipeline).
GroupShape comm_group(const Op& op, const Scenario& s);
GroupShape comm_group(CommDim dim, int group_size, const Scenario& s);
// Whether the transfer between pipeline stages a and b leaves a node: stage r holds ranks
// r·t·c·d + x (x < t·c·d), and the boundary crosses when any pair a·t·c·d + x, b·t·c·d + x sits
// on two nodes. comm_group(pp, 2) alone describes the first boundary only: with t·c·d < GPUs per
// node, stages 0 and 1 may share a node where stages 1 and 2 do not.
inline bool pipeline_pair_crosses_nodes(const Scenario& s, int stage_a, int stage_b) {
  if (stage_a == stage_b) return false;
  const ParallelConfig& par = s.parallel;
  const int64_t stride = int64_t{par.tensor} * par.context * par.data;  // Megatron's order
  const int64_t gpn = s.cluster.gpus_per_node > 0 ? s.cluster.gpus_per_node : 1;
  if (stride >= gpn) return true;  // stages at least a node apart
  for (int64_t x = 0; x < stride; ++x) {
    if ((stage_a * stride + x) / gpn != (stage_b * stride + x) / gpn) return true;
  }
  return false;
}
// The shape of that transfer: comm_group(pp, 2) with its nodes from the stages' ranks (a group
// spanning ICI slices keeps comm_group's).
GroupShape pipeline_pair_shape(const Scenario& s, bool crosses_nodes);
// The ICI slices (cluster.dcn.num_slices) a group of `group_size` ranks at `stride` spans: chips
// are numbered slice-major, so a group reaching past one slice's chips has an equal part in each
// of stride·size / slice chips slices when the stride divides the slice (one rank per slice when
// the stride is whole slices); 1 on one slice, and for any other layout (the flat model).
int slices_spanned(int group_size, int stride, const ClusterConfig& c);

void assign_durations(Workload& w, const Scenario& s, const GpuSpec& gpu, const Fabric& fabric,
                      const Calibration* calibration = nullptr);

// What a calibration does not cover for this scenario (each falls back to the catalog), as
// warnings.
std::vector<std::string> calibration_fallbacks(const Scenario& s, const Calibration& c);

}  // namespace wt
