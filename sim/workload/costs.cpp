#include "sim/workload/costs.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "sim/comm/dragonfly_collective.hpp"
#include "sim/comm/fabric.hpp"
#include "sim/comm/parameter_server.hpp"
#include "sim/comm/torus_collective.hpp"
#include "sim/hardware/attention_tables.hpp"
#include "sim/hardware/gemm_efficiency.hpp"
#include "sim/hardware/host_platform.hpp"
#include "sim/hardware/speed_spread.hpp"
#include "sim/scenario/expert_layout.hpp"
#include "sim/scenario/precision.hpp"
#include "sim/workload/grad_compression.hpp"
#include "sim/workload/layer_mix.hpp"
#include "sim/workload/side_streams.hpp"
#include "sim/workload/tp_overlap.hpp"

namespace wt {
namespace {

// Attention runs in 16 bits under fp8, mxfp8 and nvfp4 training (Transformer Engine's default).
Precision attention_precision(Precision p) {
  return quantized_gemms(p) ? Precision::bf16 : p;
}

KernelShape shape_of(const Kernel& k) {
  KernelShape shape{k.cls, k.name.c_str()};
  shape.m = k.m;
  shape.n = k.n;
  shape.k = k.k;
  shape.batch = k.batch;
  shape.flops = k.flops;
  shape.bytes = k.bytes;
  return shape;
}

double list_time_s(KernelList& kernels, const GpuSpec& gpu, Precision p,
                   const Calibration* calibration, double compute_slowdown,
                   AttentionKernel attention) {
  const KernelPricer pricer(gpu, p, calibration, compute_slowdown, attention);
  double total = 0.0;
  for (Kernel& k : kernels) {
    k.time_s = pricer.time_s(shape_of(k));
    total += k.time_s;
  }
  return total;
}

}  // namespace

double best_gemm_efficiency(const GpuSpec& gpu, Precision p) {
  const bool fp8_rate = p == Precision::fp8 || p == Precision::mxfp8;
  return fp8_rate && gpu.fp8_gemm_efficiency.value > 0.0 ? gpu.fp8_gemm_efficiency.value
                                                         : gpu.gemm_efficiency.value;
}

double kernel_time_s(const Kernel& k, const GpuSpec& gpu, Precision p,
                     const Calibration* calibration, double compute_slowdown,
                     AttentionKernel attention) {
  return kernel_time_s(shape_of(k), gpu, p, calibration, compute_slowdown, attention);
}

double kernel_time_s(const KernelShape& k, const GpuSpec& gpu, Precision p,
                     const Calibration* calibration, double compute_slowdown,
                     AttentionKernel attention) {
  return KernelPricer(gpu, p, calibration, compute_slowdown, attention).time_s(k);
}

KernelPricer::KernelPricer(const GpuSpec& gpu, Precision p, const Calibration* calibration,
                           double compute_slowdown, AttentionKernel attention)
    : gpu_(gpu),
      p_(p),
      attention_p_(attention_precision(p)),
      calibration_(calibration),
      compute_slowdown_(compute_slowdown),
      attention_(attention) {
  double memory_eff = gpu.memory_efficiency.value;
  if (calibration != nullptr) memory_eff = calibration->memory_efficiency().value_or(memory_eff);
  memory_Bps_ = gpu.memory_bw_GBps.value * 1e9 * memory_eff;
  gemm_peak_flops_ = gpu.peak_flops(p);
  attention_peak_flops_ = gpu.peak_flops(attention_p_);
  best_gemm_efficiency_ = best_gemm_efficiency(gpu, p);
  launch_s_ = gpu.kernel_launch_us.value * 1e-6;
  sm_count_ = static_cast<int>(gpu.sm_count.value);
}

double KernelPricer::time_s(const KernelShape& k) const {
  const GpuSpec& gpu = gpu_;
  const Calibration* calibration = calibration_;
  if (k.cls == KernelClass::host_link) {
    const std::optional<double> measured =
        calibration != nullptr ? calibration->host_link_GBps() : std::nullopt;
    const double GBps = measured ? *measured : gpu.pcie_GBps.value * kHostLinkEfficiency;
    return k.bytes / (GBps * 1e9);
  }
  if (k.cls == KernelClass::host_cpu) {
    return k.bytes / (host_memory_share_GBps(gpu).value * 1e9 * kHostMemoryEfficiency);
  }
  const double memory_s = k.bytes / memory_Bps_;
  double compute_s = 0.0;
  switch (k.cls) {
    case KernelClass::gemm: {
      const std::optional<double> measured =
          calibration != nullptr ? calibration->gemm_efficiency(p_, k.m, k.n, k.k) : std::nullopt;
      // The best-shape efficiency scaled for the shape (sim/hardware/gemm_efficiency).
      const double eff =
          measured ? *measured
                   : best_gemm_efficiency_ * gemm_shape_factor(k.m, k.n, k.k, k.batch, sm_count_);
      compute_s = k.flops / (gemm_peak_flops_ * eff);
      break;
    }
    case KernelClass::attention: {
      const Precision ap = attention_p_;
      // Under context parallelism a rank's s/c queries meet the s keys as c ring steps, each one
      // kernel over a block of s/c keys (Megatron-Core's default cp_comm_type p2p; Transformer
      // Engine's AttnFuncWithCPAndKVP2P), so the tables are read at the shorter of the two.
      const int64_t seq = std::max<int64_t>(std::min(k.m, k.n), 1);
      const int64_t batch_heads = std::max<int64_t>(k.batch, 1);
      const int64_t head_dim = std::max<int64_t>(k.k, 1);
      double eff = kAttentionEfficiency;
      eff = measured_attention_efficiency(attention_, gpu, ap, batch_heads, seq, head_dim)
                .value_or(eff);
      if (calibration != nullptr) {
        eff = calibration->attention_efficiency(ap, batch_heads, seq, head_dim).value_or(eff);
      }
      compute_s = k.flops / (attention_peak_flops_ * eff);
      break;
    }
    case KernelClass::memory_bound:
    case KernelClass::optimizer:
    case KernelClass::host_link:
    case KernelClass::host_cpu:
      break;
  }
  return std::max(compute_s * compute_slowdown_, memory_s) + launch_s_;
}

std::vector<std::string> calibration_fallbacks(const Scenario& s, const Calibration& c) {
  const std::string from = "calibration " + *s.calibration + ": ";
  std::vector<std::string> out;
  const Precision p = s.training.precision;
  if (!c.gemm_efficiency(p, 4096, 4096, 4096)) {
    out.push_back(from + "no " + std::string(to_string(p)) +
                  " GEMM measured: GEMMs use the catalog efficiency");
  }
  if (!c.has_fused_attention(attention_precision(p))) {
    out.push_back(from + "no fused attention measured: attention uses the default efficiency");
  }
  if (!c.memory_efficiency()) {
    out.push_back(from + "no memory bandwidth measured: memory-bound kernels use the catalog");
  }
  if (!c.collective("all_reduce", s.cluster.gpus_per_node, LinkKind::nvlink)) {
    out.push_back(from + "no NVLink all-reduce measured: intra-node collectives use the catalog");
  }
  if (s.cluster.num_nodes > 1 && !c.collective("all_reduce", 2, LinkKind::network)) {
    out.push_back(from + "no network collectives measured: inter-node collectives use the catalog");
  }
  for (const std::string& note : c.notes())
    out.push_back(from + note);
  return out;
}

GroupShape comm_group(const Op& op, const Scenario& s) {
  return comm_group(op.dim, op.group_size, s);
}

namespace {

// The rank stride of a dimension's groups in Megatron's order (tensor fastest, then context, data,
// pipeline; the expert layers ETP, EP, EDP); 0 for none.
int comm_stride(CommDim dim, const ParallelConfig& par) {
  switch (dim) {
    case CommDim::tp:
      return 1;
    case CommDim::cp:
      return par.tensor;
    // The expert layers' ranks in Megatron-Core's order: ETP fastest, then EP, then EDP
    // (sim/scenario/expert_layout.hpp).
    case CommDim::ep:
      return expert_tensor_size(par);
    case CommDim::edp:
      return expert_tensor_size(par) * par.expert;
    case CommDim::dp:
      return par.tensor;
    case CommDim::pp:
      return par.tensor * par.context * par.data;
    case CommDim::none:
      break;
  }
  return 0;
}

}  // namespace

int slices_spanned(int group_size, int stride, const ClusterConfig& c) {
  stride = std::max(1, stride);
  const int64_t span = int64_t{stride} * std::max(1, group_size);
  const int64_t chips = std::max(1, c.slice_chips());
  if (c.num_slices() < 2 || span <= chips || span % chips != 0) return 1;
  // A stride that skips whole slices puts one rank in each; a stride that divides the slice fills
  // span / chips slices with equal parts. Any other layout is left to the flat model.
  if (stride % chips == 0) return group_size;
  return chips % stride == 0 ? static_cast<int>(span / chips) : 1;
}

GroupShape comm_group(CommDim dim, int group_size, const Scenario& s) {
  const int stride = comm_stride(dim, s.parallel);
  if (stride == 0) return GroupShape{};
  GroupShape shape = group_shape(group_size, stride, s.cluster.gpus_per_node);
  // Across ICI slices (TPU multi-slice, chips numbered slice-major): m equal parts, one per slice.
  shape.slices = slices_spanned(group_size, stride, s.cluster);
  const int in_slice = group_size / shape.slices;
  // On an ICI slice the group (its part in one slice) is a sub-block of the chips' torus (chips
  // numbered dimension 0 fastest, ranks in the same order); inside a Trainium2 node the chips are
  // a 4 × 4 NeuronLink torus, both dimensions wrapped.
  // (chip_torus: the same torus the SimGrid engine lays these groups' rings on.)
  const ChipTorus chips = chip_torus(s.cluster);
  std::optional<TorusGroup> torus;
  if (!chips.dims.empty() && dim != CommDim::pp &&
      (s.cluster.ici() || int64_t{stride} * group_size <= chips.block_gpus)) {
    torus = torus_group(in_slice, stride, chips.dims, chips.wrap);
  }
  if (torus) {
    shape.on_torus = true;
    shape.torus = *torus;
  }
  // On a dragonfly, the groups the nodes fill (from the first node of a dragonfly group, as the
  // first pipeline stage's groups lie); pipeline sends stay point-to-point.
  const int gpn = std::max(1, s.cluster.gpus_per_node);
  if (dim != CommDim::pp && s.cluster.network.topology == NetworkTopology::dragonfly &&
      (stride < gpn ? gpn % stride == 0 : stride % gpn == 0)) {
    const DragonflyConfig& df = s.cluster.network.dragonfly;
    shape.dragonfly =
        dragonfly_span(shape.nodes, std::max(1, stride / gpn),
                       df.routers_per_group * df.nodes_per_router, df.nodes_per_router);
  }
  return shape;
}

GroupShape pipeline_pair_shape(const Scenario& s, bool crosses_nodes) {
  GroupShape shape = comm_group(CommDim::pp, 2, s);
  if (shape.slices == 1) shape.nodes = crosses_nodes ? 2 : 1;
  return shape;
}

void assign_durations(Workload& w, const Scenario& s, const GpuSpec& gpu, const Fabric& fabric,
                      const Calibration* calibration) {
  std::vector<double> list_s;
  list_s.reserve(w.kernel_lists.size());
  const double slowdown = compute_slowdown(s);
  for (KernelList& list : w.kernel_lists) {
    list_s.push_back(
        list_time_s(list, gpu, s.training.precision, calibration, slowdown, s.training.attention));
  }
  const CollectiveAlgorithm pin = s.parallel.collective_algorithm;
  // With TP overlap a layer pass's TP collectives expose only what their GEMMs do not cover, and
  // its compute takes the GEMMs' loss to the transfers (sim/workload/tp_overlap.hpp).
  const TpOverlap overlap = tp_overlap(s, gpu, fabric, calibration, slowdown);
  const GradCompressionModel compression = grad_compression_model(s, gpu, calibration, slowdown);
  // An MoE model's dense layers (each chunk's first ones, layer_mix.hpp) pair their collectives
  // with a dense MLP's GEMMs.
  const bool mixed = overlap.on && has_dense_layers(s.model);
  const TpOverlap dense_overlap =
      mixed ? tp_overlap(dense_layer_scenario(s), gpu, fabric, calibration, slowdown) : TpOverlap{};
  // Per chunk of the role being priced: the first layer past its dense ones.
  std::vector<int> dense_end;
  const auto pass_of = [&](const Op& op) -> const TpOverlapPass& {
    const bool dense = mixed && op.layer < dense_end[static_cast<size_t>(op.chunk)];
    const TpOverlap& o = dense ? dense_overlap : overlap;
    return op.phase == Phase::backward ? o.backward : o.forward;
  };
  // Collectives on the other streams take SMs from the layer passes they run beside
  // (sim/workload/side_streams.hpp).
  const SideStreams side = side_streams(s, gpu, fabric);
  // Per chunk of the role being priced: the micro-batch of its last backward pass (its final pass,
  // whose layers' gradients fill the buckets).
  std::vector<int32_t> final_mb;
  const auto side_loss_s = [&](const Op& op, double compute_s) {
    if (op.phase == Phase::forward) return side.forward_s(compute_s);
    if (op.phase != Phase::backward) return 0.0;
    const bool final_pass = op.micro_batch == final_mb[static_cast<size_t>(op.chunk)] &&
                            op.layer < s.model.num_layers;  // MTP layers: their own flush
    return side.backward_s(compute_s) + (final_pass ? side.final_backward_s(compute_s) : 0.0);
  };
  const int stages = static_cast<int>(w.programs.size());
  for (int role = 0; role < stages; ++role) {
    if (side.on()) {
      final_mb.assign(static_cast<size_t>(std::max(1, s.parallel.virtual_stages)), -1);
      for (const Op& op : w.programs[static_cast<size_t>(role)].ops) {
        if (op.kind == OpKind::compute && op.phase == Phase::backward && op.layer >= 0)
          final_mb[static_cast<size_t>(op.chunk)] = op.micro_batch;
      }
    }
    if (mixed) {
      dense_end.clear();
      for (int chunk = 0; chunk < s.parallel.virtual_stages; ++chunk) {
        dense_end.push_back(chunk_first_layer(s, role, chunk) + chunk_dense_layers(s, role, chunk));
      }
    }
    Program& program = w.programs[static_cast<size_t>(role)];
    for (Op& op : program.ops) {
      switch (op.kind) {
        case OpKind::compute:
          op.duration_s = op.kernels >= 0 ? list_s[op.kernels] : 0.0;
          op.beside_comm_s = 0.0;
          if (overlap.on && op.layer >= 0) op.beside_comm_s += pass_of(op).gemm_stretch_s;
          if (side.on() && op.layer >= 0)
            op.beside_comm_s += side_loss_s(op, op.duration_s + op.beside_comm_s);
          op.duration_s += op.beside_comm_s;
          break;
        case OpKind::collective:
        case OpKind::send: {
          // Outside all-reduce the gradients go to parameter servers (pure DP only, never
          // compressed: validation refuses the pair).
          const bool ps =
              op.dim == CommDim::dp && !op.amax_sync && s.parallel.data_sync != DataSync::allreduce;
          const bool compressed = !ps && compression.active() && op.phase == Phase::grad_sync &&
                                  (op.dim == CommDim::dp || op.dim == CommDim::edp);
          // A pipeline transfer (a send, or the tied embedding's sync between the first and the
          // last stage) over its own boundary.
          const int peer = op.kind == OpKind::send ? op.peer_role : (role == 0 ? stages - 1 : 0);
          const GroupShape shape =
              op.dim == CommDim::pp
                  ? pipeline_pair_shape(s, pipeline_pair_crosses_nodes(s, role, peer))
                  : comm_group(op, s);
          const CollectiveCost c =
              ps           ? ps_push_pull_cost(op.bytes, s, fabric)
              : compressed ? compressed_reduction_cost(compression, op.collective, op.bytes, shape,
                                                       fabric, pin)
                           : collective_cost(op.collective, op.bytes, shape, fabric, pin);
          op.closed_form = compressed || op.amax_sync;
          op.duration_s = c.time_s * op.count;
          if (op.phase == Phase::grad_sync && (op.dim == CommDim::dp || op.dim == CommDim::edp)) {
            op.duration_s += s.parallel.grad_fusion_cycle_ms * 1e-3 * op.count;
          }
          op.bytes_sent = c.bytes_sent_per_gpu * op.count;
          // A layer's TP collectives take their exposed parts; delayed scaling's amax all-reduce
          // over the TP group (no data ranks) keeps its own time.
          if (overlap.on && op.dim == CommDim::tp && !op.amax_sync) {
            op.duration_s = op.collective == Collective::all_gather ? pass_of(op).all_gather_s
                                                                    : pass_of(op).reduce_scatter_s;
          }
          break;
        }
        case OpKind::recv:
          op.duration_s = 0.0;
          break;
      }
    }
  }
}

}  // namespace wt
