#include "sim/workload/layer_list.hpp"

#include <algorithm>

#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/memory.hpp"

namespace wt {
namespace {

double d(int64_t v) {
  return static_cast<double>(v);
}

// The shortest reduction slice of a split-K weight-gradient GEMM: the k at which the catalog's
// best-shape GEMM efficiency was measured (sim/hardware/gemm_efficiency.hpp, kReferenceK).
constexpr int64_t kSplitK = 4096;

// Elements of a layer's input and output tensors for `batch` samples.
double input_elements(const NetLayer& l, int64_t batch) {
  if (l.type == NetLayerType::linear) return d(batch) * d(l.in_features);
  return d(batch) * d(l.in_channels) * d(l.input_h) * d(l.input_w);
}

double output_elements(const NetLayer& l, int64_t batch) {
  switch (l.type) {
    case NetLayerType::linear:
      return d(batch) * d(l.out_features);
    case NetLayerType::conv2d:
      return d(batch) * d(l.out_channels) * d(l.output_h()) * d(l.output_w());
    default:
      return d(batch) * d(l.in_channels) * d(l.output_h()) * d(l.output_w());
  }
}

Kernel gemm(const char* name, int64_t m, int64_t n, int64_t k, double bytes) {
  Kernel g{KernelClass::gemm, name};
  g.m = m;
  g.n = n;
  g.k = k;
  g.flops = 2.0 * d(m) * d(n) * d(k);
  g.bytes = bytes;
  return g;
}

Kernel pass(const char* name, double bytes) {
  Kernel p{KernelClass::memory_bound, name};
  p.bytes = bytes;
  return p;
}

// The GEMM dimensions of a conv or linear layer: M rows (output pixels × batch), N output
// channels, K the reduction (C_in·k²).
struct GemmDims {
  int64_t m, n, k;
};
GemmDims gemm_dims(const NetLayer& l, int64_t batch) {
  if (l.type == NetLayerType::linear) return {batch, l.out_features, l.in_features};
  return {batch * l.output_h() * l.output_w(), l.out_channels,
          l.in_channels * int64_t{l.kernel} * l.kernel};
}

// HBM passes of the memory-bound layers, in tensors of the input size (T_in) and output size
// (T_out): batch norm reads its input twice (statistics, then normalisation) and writes once,
// backward reads input and gradient twice and writes the gradient; ReLU reads and writes, backward
// reads output and gradient and writes; pools read the input and write the output, backward reads
// the output gradient (and max pool its input) and writes the input gradient; add reads two and
// writes one, backward sums the two branches' gradients at the fork (3 tensors).
double pass_elements(const NetLayer& l, int64_t batch, bool backward) {
  const double in = input_elements(l, batch), out = output_elements(l, batch);
  switch (l.type) {
    case NetLayerType::batch_norm:
      return backward ? 5.0 * in : 3.0 * in;
    case NetLayerType::relu:
      return backward ? 3.0 * in : 2.0 * in;
    case NetLayerType::max_pool:
      return backward ? 2.0 * in + out : in + out;
    case NetLayerType::avg_pool:
      return backward ? in + out : in + out;
    case NetLayerType::add:
      return 3.0 * in;
    case NetLayerType::conv2d:
    case NetLayerType::linear:
      break;
  }
  return 0.0;
}

}  // namespace

double net_layer_params(const NetLayer& l) {
  switch (l.type) {
    case NetLayerType::conv2d:
      return d(l.out_channels) * d(l.in_channels) * l.kernel * l.kernel +
             (l.bias ? d(l.out_channels) : 0.0);
    case NetLayerType::linear:
      return d(l.in_features) * d(l.out_features) + (l.bias ? d(l.out_features) : 0.0);
    case NetLayerType::batch_norm:
      return 2.0 * d(l.in_channels);
    default:
      return 0.0;
  }
}

double net_params(const std::vector<NetLayer>& layers) {
  double total = 0.0;
  for (const NetLayer& l : layers)
    total += net_layer_params(l);
  return total;
}

double net_layer_forward_flops(const NetLayer& l, int64_t batch) {
  if (l.type != NetLayerType::conv2d && l.type != NetLayerType::linear) return 0.0;
  const GemmDims g = gemm_dims(l, batch);
  return 2.0 * d(g.m) * d(g.n) * d(g.k);
}

double net_forward_flops(const std::vector<NetLayer>& layers, int64_t batch) {
  double total = 0.0;
  for (const NetLayer& l : layers)
    total += net_layer_forward_flops(l, batch);
  return total;
}

double net_activation_width(Precision p) {
  return p == Precision::fp32 || p == Precision::tf32 ? 4.0 : 2.0;
}

KernelList net_layer_forward_kernels(const NetLayer& l, int64_t batch, double e, bool /*first*/) {
  if (l.type != NetLayerType::conv2d && l.type != NetLayerType::linear) {
    return {pass(to_string(l.type), pass_elements(l, batch, false) * e)};
  }
  const GemmDims g = gemm_dims(l, batch);
  const double bytes =
      (input_elements(l, batch) + output_elements(l, batch) + net_layer_params(l)) * e;
  return {gemm(l.type == NetLayerType::conv2d ? "conv_fprop" : "fc", g.m, g.n, g.k, bytes)};
}

KernelList net_layer_backward_kernels(const NetLayer& l, int64_t batch, double e, bool first) {
  if (l.type != NetLayerType::conv2d && l.type != NetLayerType::linear) {
    const double elements = pass_elements(l, batch, true);
    if (elements <= 0.0) return {};
    return {pass(l.type == NetLayerType::add ? "add_grad" : to_string(l.type), elements * e)};
  }
  const GemmDims g = gemm_dims(l, batch);
  const bool conv = l.type == NetLayerType::conv2d;
  const double in = input_elements(l, batch), out = output_elements(l, batch);
  const double w = net_layer_params(l);
  KernelList list;
  // Data gradient dX = dY·Wᵀ (M = N·H_out·W_out, N = C_in·k², K = C_out), none for the input.
  if (!first)
    list.push_back(gemm(conv ? "conv_dgrad" : "fc_dgrad", g.m, g.k, g.n, (out + w + in) * e));
  // Weight gradient dW = dYᵀ·X (M = C_out, N = C_in·k², K = N·H_out·W_out). Its few output tiles
  // would leave most SMs idle; cuDNN's and cuBLAS's weight-gradient kernels split the long
  // reduction instead (split-K), here into slices of at least kSplitK, run as a batched GEMM.
  const int64_t slices = std::max<int64_t>(1, g.m / kSplitK);
  Kernel wgrad = gemm(conv ? "conv_wgrad" : "fc_wgrad", g.n, g.k, g.m / slices, (out + in + w) * e);
  wgrad.batch = slices;
  wgrad.flops = 2.0 * d(g.m) * d(g.n) * d(g.k);
  list.push_back(wgrad);
  return list;
}

double net_kept_activation_bytes(const std::vector<NetLayer>& layers, int64_t batch, double e) {
  double total = 0.0;
  for (const NetLayer& l : layers) {
    switch (l.type) {
      case NetLayerType::conv2d:
      case NetLayerType::linear:
      case NetLayerType::batch_norm:
      case NetLayerType::max_pool:
        total += input_elements(l, batch) * e;
        break;
      default:
        break;
    }
  }
  return total;
}

namespace {

class NetProgram {
 public:
  NetProgram(const Scenario& s, const std::vector<double>& layer_params)
      : s_(s), params_(layer_params) {}

  Program build(int64_t micro_batches, int32_t optimizer_list) {
    const int layers = static_cast<int>(params_.size());
    for (int64_t mb = 0; mb < micro_batches; ++mb) {
      const auto m = static_cast<int32_t>(mb);
      for (int l = 0; l < layers; ++l)
        push(compute(Phase::forward, m, l, 2 * l));
      const bool final_pass = mb == micro_batches - 1;
      for (int l = layers - 1; l >= 0; --l) {
        push(compute(Phase::backward, m, l, 2 * l + 1));
        if (!final_pass) continue;
        pending_ += params_[l] * gradient_width(s_.training);
        first_layer_ = l;
        if (s_.parallel.overlap_grad_reduce && pending_ >= bucket_bytes()) flush();
      }
    }
    flush();
    int32_t last_dp = -1;
    for (int32_t i = 0; i < static_cast<int32_t>(program_.ops.size()); ++i) {
      if (program_.ops[i].stream == Stream::dp_comm) last_dp = i;
    }
    Op opt = compute(Phase::optimizer, -1, -1, optimizer_list);
    opt.deps[0] = last_dp;
    push(opt);
    // ZeRO-1: each rank updated its shard; the updated weights are all-gathered.
    if (s_.parallel.zero_stage == 1 && s_.parallel.data > 1) {
      double params = 0.0;
      for (double p : params_)
        params += p;
      Op gather = collective(Collective::all_gather, params * stored_weight_bytes(s_.training), 1,
                             Stream::param_gather, Phase::param_gather);
      gather.deps[0] = last_compute_;
      push(gather);
    }
    return std::move(program_);
  }

 private:
  double bucket_bytes() const { return s_.parallel.dp_bucket_mb * 1e6; }

  Op compute(Phase phase, int32_t mb, int layer, int32_t list) const {
    Op op;
    op.phase = phase;
    op.micro_batch = mb;
    op.layer = layer;
    op.num_layers = layer >= 0 ? 1 : 0;
    op.kernels = list;
    return op;
  }

  Op collective(Collective c, double bytes, int count, Stream stream, Phase phase) const {
    Op op;
    op.kind = OpKind::collective;
    op.phase = phase;
    op.dim = CommDim::dp;
    op.collective = c;
    op.bytes = bytes;
    op.count = count;
    op.group_size = s_.parallel.data;
    op.stream = stream;
    op.layer = first_layer_;
    op.num_layers = 1;
    return op;
  }

  void push(const Op& op) {
    program_.ops.push_back(op);
    if (op.stream == Stream::compute) last_compute_ = static_cast<int32_t>(program_.ops.size() - 1);
  }

  // The pending gradients as bucket-sized calls, launched when the layer completing them is done.
  void flush() {
    if (pending_ <= 0.0 || s_.parallel.data <= 1) {
      pending_ = 0.0;
      return;
    }
    const int calls = std::max(1, static_cast<int>(pending_ / bucket_bytes()));
    const Collective c =
        s_.parallel.zero_stage >= 1 ? Collective::reduce_scatter : Collective::all_reduce;
    Op op = collective(c, pending_ / calls, calls, Stream::dp_comm, Phase::grad_sync);
    op.deps[0] = last_compute_;
    push(op);
    pending_ = 0.0;
  }

  const Scenario& s_;
  const std::vector<double>& params_;
  Program program_;
  double pending_ = 0.0;
  int first_layer_ = -1;
  int32_t last_compute_ = -1;
};

}  // namespace

Workload build_layer_list_workload(const Scenario& s) {
  const std::vector<NetLayer>& layers = s.model.layers;
  const int64_t batch = s.training.micro_batch_size;
  const double e = net_activation_width(s.training.precision);
  Workload w;
  w.num_gpus = s.cluster.num_gpus();
  w.data = s.parallel.data;
  w.num_micro_batches = s.num_micro_batches();
  w.stage_layers = {{static_cast<int>(layers.size())}};
  std::vector<double> params;
  for (size_t i = 0; i < layers.size(); ++i) {
    w.kernel_lists.push_back(net_layer_forward_kernels(layers[i], batch, e, i == 0));
    w.kernel_lists.push_back(net_layer_backward_kernels(layers[i], batch, e, i == 0));
    params.push_back(net_layer_params(layers[i]));
  }
  const double total_params = net_params(layers);
  const int zero_shards = s.parallel.zero_stage >= 1 ? std::max(1, s.parallel.data) : 1;
  w.kernel_lists.push_back(optimizer_kernels(s, total_params / zero_shards));
  w.stage_params = {total_params};
  w.stage_expert_params = {0.0};
  w.stage_in_flight_layers = {static_cast<int>(layers.size())};
  w.stage_has_logits = {false};
  NetProgram builder(s, params);
  w.programs.push_back(
      builder.build(w.num_micro_batches, static_cast<int32_t>(w.kernel_lists.size() - 1)));
  // Per micro-batch on each GPU, the kernels as run (the input layer has no data gradient).
  double per_micro_batch = 0.0;
  for (size_t i = 0; i + 1 < w.kernel_lists.size(); ++i)
    per_micro_batch += sum_flops(w.kernel_lists[i]);
  w.model_flops = per_micro_batch * static_cast<double>(w.num_micro_batches) * w.data;
  w.hardware_flops = w.model_flops;
  for (Op& op : w.programs.front().ops) {
    if (op.kind == OpKind::compute && op.kernels >= 0)
      op.flops = sum_flops(w.kernel_lists[op.kernels]);
  }
  return w;
}

PeakMemory layer_list_peak_memory(const Scenario& s, const Workload& w, double capacity_bytes) {
  const std::vector<NetLayer>& layers = s.model.layers;
  const int64_t batch = s.training.micro_batch_size;
  const double e = net_activation_width(s.training.precision);
  const ModelStateMemory states = model_state_memory(w.stage_params.front(), s.parallel.zero_stage,
                                                     s.parallel.data, s.training);
  MemoryUse m;
  m.weights = states.weights;
  m.gradients = states.gradients;
  m.optimizer = states.optimizer;
  // What backward keeps, plus the largest output and its gradient in flight.
  double largest = 0.0;
  for (const NetLayer& l : layers)
    largest = std::max(largest, output_elements(l, batch) * e);
  m.activations = net_kept_activation_bytes(layers, batch, e) + 2.0 * largest;
  add_runtime_memory(s, m, capacity_bytes);
  return {0, m};
}

}  // namespace wt
