#include "sim/engine/analytical/estimate_costs.hpp"

#include <algorithm>

#include "sim/comm/parameter_server.hpp"
#include "sim/hardware/speed_spread.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/layer_mix.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/side_streams.hpp"
#include "sim/workload/tp_overlap.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

// Sums the kernel times of a list as the cost model does (same order, same function).
class TimeSink final : public KernelSink {
 public:
  explicit TimeSink(const KernelPricer& pricer) : pricer_(pricer) {}
  void add(const KernelShape& k) override { total_s += pricer_.time_s(k); }
  double total_s = 0.0;

 private:
  const KernelPricer& pricer_;
};

// `slowdown`: compute_slowdown(s), taken once per scenario by the caller.
template <class Emit>
double list_time_s(const Scenario& s, const GpuSpec& gpu, const Calibration* calibration,
                   double slowdown, Emit emit) {
  const KernelPricer pricer(gpu, s.training.precision, calibration, slowdown, s.training.attention);
  TimeSink sink(pricer);
  emit(sink);
  return sink.total_s;
}

// Prices the collectives of one step_costs call. A layer's passes repeat the same calls (the
// forward's tensor-parallel all-gather and reduce-scatter run again in backward, and in recompute),
// so each distinct call is priced once per step_costs call and its price reused.
class Pricer {
 public:
  Pricer(const Scenario& s, const Fabric& fabric) : s_(s), fabric_(fabric) {}

  // `count` identical calls of one collective over `group` ranks of dimension `dim`.
  CommCost operator()(Collective c, double bytes, int count, CommDim dim, int group) {
    const CollectiveCost cost = price(c, bytes, dim, group);
    return {cost.time_s * count, cost.bytes_sent_per_gpu * count};
  }

  CommCost operator()(const LayerCollective& c) {
    return (*this)(c.collective, c.bytes, c.count, c.dim, c.group);
  }

  // `c` over a given shape (a pipeline boundary's: pipeline_pair_shape), not remembered.
  CommCost operator()(const LayerCollective& c, const GroupShape& shape) const {
    const CollectiveCost cost =
        collective_cost(c.collective, c.bytes, shape, fabric_, s_.parallel.collective_algorithm);
    return {cost.time_s * c.count, cost.bytes_sent_per_gpu * c.count};
  }

  // One pass of a layer's collectives (layer_work.hpp), summed per dimension; `layer` prices an
  // MoE model's dense layer (dense_layer_scenario) over the scenario's groups.
  LayerComm layer_comm(const CommSizes& z, Phase phase) { return layer_comm(s_, z, phase); }
  LayerComm layer_comm(const Scenario& layer, const CommSizes& z, Phase phase) {
    LayerComm out;
    for (const LayerCollective& c : layer_pass_collectives(layer, z, phase)) {
      const CommCost cost = (*this)(c);
      CommCost& sum = c.dim == CommDim::tp ? out.tp : c.dim == CommDim::cp ? out.cp : out.ep;
      sum.time_s += cost.time_s;
      sum.sent_bytes += cost.sent_bytes;
    }
    return out;
  }

  // comm_group(dim, group, s), each distinct group taken once per step_costs call (the data
  // group's shape serves the ZeRO gathers, reduce-scatters and the buckets).
  GroupShape shape(CommDim dim, int group) {
    for (int i = 0; i < shapes_size_; ++i) {
      if (shapes_[i].dim == dim && shapes_[i].group == group) return shapes_[i].shape;
    }
    const GroupShape out = comm_group(dim, group, s_);
    if (shapes_size_ < kRemembered) shapes_[shapes_size_++] = {dim, group, out};
    return out;
  }

 private:
  struct Priced {
    Collective collective;
    double bytes;
    CommDim dim;
    int group;
    CollectiveCost cost;
  };

  // collective_cost prices an all-gather and a reduce-scatter of the same bytes over the same
  // group alike (the same ring, protocol steps and hierarchical form: collective_cost.cpp), so
  // ZeRO-3's gradient reduce-scatters reuse the parameter gathers' price where the bytes agree.
  static Collective priced_as(Collective c) {
    return c == Collective::reduce_scatter ? Collective::all_gather : c;
  }

  CollectiveCost price(Collective c, double bytes, CommDim dim, int group) {
    const Collective as = priced_as(c);
    for (int i = 0; i < size_; ++i) {
      const Priced& p = priced_[i];
      if (p.collective == as && p.bytes == bytes && p.dim == dim && p.group == group) return p.cost;
    }
    const CollectiveCost cost =
        collective_cost(c, bytes, shape(dim, group), fabric_, s_.parallel.collective_algorithm);
    priced_[next_] = {as, bytes, dim, group, cost};
    next_ = (next_ + 1) % kRemembered;
    size_ = std::min(size_ + 1, kRemembered);
    return cost;
  }

  static constexpr int kRemembered = 4;  // a layer pass has at most four collectives
  const Scenario& s_;
  const Fabric& fabric_;
  Priced priced_[kRemembered];
  int size_ = 0, next_ = 0;
  struct Shape {
    CommDim dim;
    int group;
    GroupShape shape;
  };
  Shape shapes_[kRemembered];
  int shapes_size_ = 0;
};

}  // namespace

StepCosts step_costs(const Scenario& s, const GpuSpec& gpu, const Fabric& fabric,
                     const Calibration* calibration) {
  StepCosts c;
  const double slowdown = compute_slowdown(s, gpu);  // gpu: the scenario's
  c.compute_slowdown = slowdown;
  {
    const KernelPricer pricer(gpu, s.training.precision, calibration, slowdown,
                              s.training.attention);
    TimeSink layer_fwd(pricer), layer_bwd(pricer), embedding_fwd(pricer), embedding_bwd(pricer),
        logits_fwd(pricer), logits_bwd(pricer);
    emit_step_kernels(s,
                      {layer_fwd, layer_bwd, embedding_fwd, embedding_bwd, logits_fwd, logits_bwd});
    c.layer_fwd_s = layer_fwd.total_s;
    c.layer_bwd_s = layer_bwd.total_s;
    c.embedding_fwd_s = embedding_fwd.total_s;
    c.embedding_bwd_s = embedding_bwd.total_s;
    c.logits_fwd_s = logits_fwd.total_s;
    c.logits_bwd_s = logits_bwd.total_s;
  }

  const CommSizes z = comm_sizes(s);
  Pricer price(s, fabric);
  c.full_recompute = s.training.activation_recompute == Recompute::full;
  const bool per_op = s.training.activation_recompute == Recompute::per_op;
  c.comm_fwd = price.layer_comm(z, Phase::forward);
  if (c.full_recompute || per_op) c.comm_recompute = price.layer_comm(z, Phase::recompute);
  c.comm_bwd = price.layer_comm(z, Phase::backward);
  // The builder's ops under TP overlap (assign_durations): exposed transfers, stretched GEMMs. A
  // recompute reruns the forward's collectives; per-op only the all-gathers under sequence
  // parallelism, the all-reduces without it (layer_work.hpp), which block in a forward pass.
  const auto apply = [&](const TpOverlap& o, double& fwd_s, double& bwd_s, LayerComm& fwd,
                         LayerComm& recompute, LayerComm& bwd) {
    fwd_s += o.forward.gemm_stretch_s;
    bwd_s += o.backward.gemm_stretch_s;
    fwd.tp.time_s = o.forward.all_gather_s + o.forward.reduce_scatter_s;
    if (c.full_recompute) recompute.tp.time_s = fwd.tp.time_s;
    if (per_op) {
      recompute.tp.time_s =
          s.parallel.sequence_parallel ? o.forward.all_gather_s : o.forward.reduce_scatter_s;
    }
    bwd.tp.time_s = o.backward.all_gather_s + o.backward.reduce_scatter_s;
  };
  const TpOverlap overlap = tp_overlap(s, gpu, fabric, calibration, slowdown);
  if (overlap.on) {
    apply(overlap, c.layer_fwd_s, c.layer_bwd_s, c.comm_fwd, c.comm_recompute, c.comm_bwd);
    c.tp_stretch_fwd_s = overlap.forward.gemm_stretch_s;
    c.tp_stretch_bwd_s = overlap.backward.gemm_stretch_s;
  }

  // The dense first layers: the dense layer's kernels, collectives (no all-to-alls; both of FC1's
  // all-gathers in backward) and TP overlap, and the MTP input's kernels.
  if (has_dense_layers(s.model)) {
    const Scenario dense = dense_layer_scenario(s);
    c.dense_fwd_s = list_time_s(dense, gpu, calibration, slowdown,
                                [&](KernelSink& k) { emit_layer_forward_kernels(dense, k); });
    c.dense_bwd_s = list_time_s(dense, gpu, calibration, slowdown,
                                [&](KernelSink& k) { emit_layer_backward_kernels(dense, k); });
    c.dense_comm_fwd = price.layer_comm(dense, z, Phase::forward);
    if (c.full_recompute || per_op)
      c.dense_comm_recompute = price.layer_comm(dense, z, Phase::recompute);
    c.dense_comm_bwd = price.layer_comm(dense, z, Phase::backward);
    if (overlap.on) {
      const TpOverlap dense_overlap = tp_overlap(dense, gpu, fabric, calibration, slowdown);
      apply(dense_overlap, c.dense_fwd_s, c.dense_bwd_s, c.dense_comm_fwd, c.dense_comm_recompute,
            c.dense_comm_bwd);
      c.dense_tp_stretch_fwd_s = dense_overlap.forward.gemm_stretch_s;
      c.dense_tp_stretch_bwd_s = dense_overlap.backward.gemm_stretch_s;
    }
  }
  // The builder's layer ops beside their side-stream collectives (assign_durations).
  const SideStreams side =
      side_streams(s, gpu, z, [&](const LayerCollective& lc) { return price(lc).time_s; });
  if (side.on()) {
    c.side_fwd_s = side.forward_s(c.layer_fwd_s);
    c.side_bwd_s = side.backward_s(c.layer_bwd_s);
    c.side_final_bwd_s = side.final_backward_s(c.layer_bwd_s);
    c.dense_side_fwd_s = side.forward_s(c.dense_fwd_s);
    c.dense_side_bwd_s = side.backward_s(c.dense_bwd_s);
    c.dense_side_final_bwd_s = side.final_backward_s(c.dense_bwd_s);
  }
  if (s.model.mtp_layers > 0) {
    c.mtp_layers = s.model.mtp_layers;
    c.mtp_input_fwd_s = list_time_s(s, gpu, calibration, slowdown,
                                    [&](KernelSink& k) { emit_mtp_input_forward_kernels(s, k); });
    c.mtp_input_bwd_s = list_time_s(s, gpu, calibration, slowdown,
                                    [&](KernelSink& k) { emit_mtp_input_backward_kernels(s, k); });
    c.mtp_dense_grad_bytes = mtp_dense_grad_bytes(s, z);
    c.mtp_expert_grad_bytes = mtp_expert_grad_bytes(s, z);
  }

  // One stage sends nothing and syncs no tied embedding (syncs_tied_embedding needs two stages;
  // interleaving needs them too): p2p and tied_sync stay zero, unpriced.
  const bool stages = s.parallel.pipeline > 1 || s.parallel.virtual_stages > 1;
  if (stages) {
    // Only the links the boundaries use (most layouts cross nodes at every boundary); an unused
    // one takes the other's price, so p2p's sent bytes always stand for a send.
    bool inside = false, across = false;
    const int p = std::max(1, s.parallel.pipeline);
    for (int b = 0; b < p && !(inside && across); ++b)
      (pipeline_pair_crosses_nodes(s, b, (b + 1) % p) ? across : inside) = true;
    if (inside) c.p2p = price(pipeline_message(z), pipeline_pair_shape(s, false));
    if (across) c.p2p_across = price(pipeline_message(z), pipeline_pair_shape(s, true));
    if (!inside) c.p2p = c.p2p_across;
    if (!across) c.p2p_across = c.p2p;
  }
  c.dp_group = layer_dp_group(s);
  if (const LayerCollective amax = chunk_amax_sync(s, Phase::forward); amax.count > 0) {
    c.amax_dim = amax.dim;
    c.amax_fwd = price(amax);
    c.amax_bwd = price(chunk_amax_sync(s, Phase::backward));
  }
  // The parameter gathers of ZeRO 1 to 3, and ZeRO-3's reduce-scatters of each layer's and the
  // vocabulary's gradients, priced only where the recurrence runs them (estimate_pipeline.cpp).
  const bool zero3 = s.parallel.zero_stage == 3;
  if (s.parallel.zero_stage >= 1) c.layer_gather = price(layer_param_gather(s, z));
  c.compression = grad_compression_model(s, gpu, calibration, slowdown);
  c.layer_grad_bytes = layer_grad_bytes(s, z);
  if (zero3) c.layer_reduce = price(layer_grad_reduce_scatter(s, c.layer_grad_bytes));
  // layer_dense_grad_bytes, the layer's gradients taken once.
  c.layer_dense_grad_bytes =
      separate_expert_grads(s) ? layer_dense_grad_bytes(s, z) : c.layer_grad_bytes;
  c.layer_expert_grad_bytes = layer_expert_grad_bytes(s, z);
  c.embedding_grad_bytes = embedding_grad_bytes(s, z);
  if (stages) {
    const int last = std::max(1, s.parallel.pipeline) - 1;
    c.tied_sync = price(tied_embedding_sync(s, z),
                        pipeline_pair_shape(s, pipeline_pair_crosses_nodes(s, 0, last)));
  }
  if (zero3) c.vocab_gather = price(vocab_param_gather(s, z));
  if (zero3 && c.embedding_grad_bytes > 0.0)
    c.vocab_reduce = price(vocab_grad_reduce_scatter(s, z));
  c.bucket_bytes = z.bucket_bytes;
  c.dp_collective =
      s.parallel.zero_stage >= 1 ? Collective::reduce_scatter : Collective::all_reduce;
  c.dp_shape = price.shape(CommDim::dp, c.dp_group);
  c.edp_group = expert_dp_group(s);
  c.edp_shape = price.shape(CommDim::edp, c.edp_group);
  c.fabric = fabric;
  c.scenario = &s;
  c.algorithm = s.parallel.collective_algorithm;
  if (zero3 && c.compression.active() && c.dp_group > 1) {
    const auto compressed = [&](const LayerCollective& r) -> CommCost {
      const CollectiveCost cost = compressed_reduction_cost(c.compression, r.collective, r.bytes,
                                                            c.dp_shape, fabric, c.algorithm);
      return {cost.time_s, cost.bytes_sent_per_gpu};
    };
    c.layer_reduce = compressed(layer_grad_reduce_scatter(s, c.layer_grad_bytes));
    c.vocab_reduce = compressed(vocab_grad_reduce_scatter(s, z));
  }
  return c;
}

CommCost StepCosts::bucket(double bytes, const GroupShape& shape) const {
  const CollectiveCost cost =
      scenario != nullptr && scenario->parallel.data_sync != DataSync::allreduce
          ? ps_push_pull_cost(bytes, *scenario, fabric)
      : compression.active()
          ? compressed_reduction_cost(compression, dp_collective, bytes, shape, fabric, algorithm)
          : collective_cost(dp_collective, bytes, shape, fabric, algorithm);
  return {cost.time_s, cost.bytes_sent_per_gpu};
}

double optimizer_s(const Scenario& s, double params, double expert_params, const GpuSpec& gpu,
                   const Calibration* calibration, double slowdown) {
  const double owned = optimizer_owned_params(s, params, expert_params);
  return list_time_s(s, gpu, calibration, slowdown,
                     [&](KernelSink& k) { emit_optimizer_kernels(s, owned, k); });
}

}  // namespace wt
