// Wire bytes and kernels of each gradient compression (docs/models.md, "Gradient compression").
#include "sim/workload/grad_compression.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "sim/workload/costs.hpp"
#include "sim/workload/finetune.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/memory.hpp"

namespace wt {
namespace {

constexpr double kIndexBytes = 4.0;     // topk: an int32 index per value sent
constexpr double kMomentumBytes = 4.0;  // onebit_adam: Adam's fp32 momentum
constexpr double kScaleBytes = 4.0;     // onebit_adam: one fp32 scale per chunk

// The weight matrices of a layer on one GPU: the shapes of its weight-gradient GEMMs (dW is k×n,
// `batch` of them side by side), the attention core's batched GEMMs (scores, context) excepted.
class MatrixSink final : public KernelSink {
 public:
  MatrixSink(const GpuSpec& gpu, const Calibration* calibration, double slowdown, Precision p,
             double width, int rank)
      : gpu_(gpu), calibration_(calibration), slowdown_(slowdown), p_(p), w_(width), r_(rank) {}

  void add(const KernelShape& k) override {
    const std::string_view name(k.name);
    if (k.cls != KernelClass::gemm || std::string_view(k.suffix) != "_wgrad" ||
        name == "attn_scores" || name == "attn_context") {
      return;
    }
    const double m = static_cast<double>(k.m), n = static_cast<double>(k.n);
    const double b = static_cast<double>(std::max<int64_t>(k.batch, 1));
    const double r = r_;
    elements += b * m * n;
    p_elements += b * m * r;
    q_elements += b * n * r;
    // P = M·Q (m×r, inner n), Q = Mᵀ·P (n×r, inner m), M̂ = P·Qᵀ (m×n, inner r).
    double t = gemm_s(k.m, r_, k.n) + gemm_s(k.n, r_, k.m) + gemm_s(k.m, k.n, r_);
    // Gram-Schmidt of P: r passes that read and write P.
    for (int i = 0; i < r_; ++i)
      t += memory_s(2.0 * m * r * w_);
    // Error feedback: M = G + E before, E = M − M̂ after (read two, write one, each).
    t += 2.0 * memory_s(3.0 * m * n * w_);
    seconds += b * t;
  }

  double elements = 0.0, p_elements = 0.0, q_elements = 0.0, seconds = 0.0;

 private:
  // A rank-r GEMM reads or writes an m×n matrix for 2r FLOPs per element: memory-bound. The GEMM
  // model's tile-wave factor (64×64 to 128×256 tiles) does not describe the split-K / GEMV-like
  // kernels cuBLAS runs for an output r wide, so its best-shape efficiency (m, n, k left 0) bounds
  // the compute side, the memory bandwidth the rest (docs/models.md, "Gradient compression").
  double gemm_s(int64_t m, int64_t n, int64_t k) const {
    KernelShape g{KernelClass::gemm, "powersgd", ""};
    const double dm = static_cast<double>(m), dn = static_cast<double>(n),
                 dk = static_cast<double>(k);
    g.flops = 2.0 * dm * dn * dk;
    g.bytes = w_ * (dm * dk + dk * dn + dm * dn);
    return kernel_time_s(g, gpu_, p_, nullptr, slowdown_);
  }
  double memory_s(double bytes) const {
    KernelShape k{KernelClass::memory_bound, "powersgd", ""};
    k.bytes = bytes;
    return kernel_time_s(k, gpu_, p_, calibration_, slowdown_);
  }

  const GpuSpec& gpu_;
  const Calibration* calibration_;
  double slowdown_;
  Precision p_;
  double w_;
  int r_;
};

// The gradient buffer's dtype: fp32 (4 bytes), else the training precision's 16-bit type.
bool fp16_buffer(const Scenario& s) {
  return s.training.precision == Precision::fp16;
}

double wire_width(GradCompression c) {
  return c == GradCompression::fp8 ? 1.0 : 2.0;
}

bool needs_cast(const Scenario& s, double grad_width) {
  const GradCompression c = s.parallel.grad_compression;
  if (c == GradCompression::fp8 || grad_width > 2.0) return true;
  return (c == GradCompression::fp16) != fp16_buffer(s);
}

void add_wire(CompressedReduction& out, Collective c, double bytes) {
  out.wire[static_cast<size_t>(out.calls++)] = {c, bytes};
}

}  // namespace

GradCompressionModel grad_compression_model(const Scenario& s, const GpuSpec& gpu,
                                            const Calibration* calibration, double slowdown) {
  GradCompressionModel m;
  m.kind = s.parallel.grad_compression;
  if (!m.active()) return m;
  m.grad_width = gradient_width(s.training);
  m.wire_width = wire_width(m.kind);
  m.cast = needs_cast(s, m.grad_width);
  m.ratio = s.parallel.compression_ratio;
  const Precision p = s.training.precision;
  KernelShape probe{KernelClass::memory_bound, "compress", ""};
  m.launch_s = kernel_time_s(probe, gpu, p, calibration, slowdown);
  probe.bytes = 1e9;
  m.memory_s_per_byte = (kernel_time_s(probe, gpu, p, calibration, slowdown) - m.launch_s) / 1e9;
  if (m.kind == GradCompression::powersgd) {
    const Precision gemm_p = m.grad_width > 2.0 ? Precision::fp32
                             : fp16_buffer(s)   ? Precision::fp16
                                                : Precision::bf16;
    MatrixSink sink(gpu, calibration, slowdown, gemm_p, m.grad_width, s.parallel.powersgd_rank);
    emit_layer_backward_kernels(s, sink);
    const double params = layer_trainable_params_on_gpu(s);
    if (sink.elements > 0.0 && params > 0.0) {
      m.matrix_share = std::min(1.0, sink.elements / params);
      m.p_per_element = sink.p_elements / sink.elements;
      m.q_per_element = sink.q_elements / sink.elements;
      m.powersgd_s_per_element = sink.seconds / sink.elements;
    }
  }
  return m;
}

CompressedReduction compressed_reduction(const GradCompressionModel& m, Collective c,
                                         double grad_bytes, int group) {
  CompressedReduction out;
  const double w = m.grad_width;
  const double values = grad_bytes / w;
  const double n = group;
  switch (m.kind) {
    case GradCompression::none:
      add_wire(out, c, grad_bytes);
      break;
    case GradCompression::fp16:
    case GradCompression::bf16:
    case GradCompression::fp8: {
      const double v = m.wire_width;
      add_wire(out, c, values * v);
      if (!m.cast) break;
      // Cast to the wire dtype (fp8: an amax pass first for the bucket's scale), and back: all of
      // an all-reduce's result, a reduce-scatter's shard of it.
      const double back = c == Collective::reduce_scatter ? values / n : values;
      const bool fp8 = m.kind == GradCompression::fp8;
      out.kernel_bytes = values * (w + v) + back * (v + w) + (fp8 ? values * w : 0.0);
      out.kernels = fp8 ? 3 : 2;
      break;
    }
    case GradCompression::topk: {
      // k values with their int32 indices from each rank, all-gathered (Lin et al. 2018; Shi et
      // al. 2019): the gathered output is n·k·(w + 4) bytes.
      const double k = std::ceil(m.ratio * values);
      const double sparse = k * (w + kIndexBytes);
      add_wire(out, Collective::all_gather, n * sparse);
      // Error feedback G + E (3 passes), threshold and compaction (2 passes, writing the k
      // pairs), then zero a dense buffer and scatter-add the n·k gathered pairs into it.
      out.kernel_bytes = 5.0 * values * w + sparse + values * w + n * sparse + 2.0 * n * k * w;
      out.kernels = 5;
      break;
    }
    case GradCompression::powersgd: {
      // P (with the vectors, which go uncompressed) and Q, each all-reduced (Vogels et al. 2019).
      const double matrix = m.matrix_share * values;
      add_wire(out, Collective::all_reduce, (matrix * m.p_per_element + (values - matrix)) * w);
      add_wire(out, Collective::all_reduce, matrix * m.q_per_element * w);
      out.gemm_s = matrix * m.powersgd_s_per_element;
      break;
    }
    case GradCompression::onebit_adam: {
      // 1 bit per momentum value plus one scale per chunk: all-to-all to the rank that owns each
      // chunk, which averages and recompresses it; all-gather of the n compressed chunks (Tang
      // et al. 2021, compressed all-reduce).
      const double u = kMomentumBytes;
      const double bits = values / 8.0;
      add_wire(out, Collective::all_to_all, bits + n * kScaleBytes);
      add_wire(out, Collective::all_gather, bits + n * kScaleBytes);
      // Worker: E + m (3 passes), norm (1), sign-pack (read u, write 1 bit), error update (read
      // u and the bits, write u). Owner of 1/n: unpack and average the n chunks, then the same
      // five kernels on its chunk. Decompress the gathered bits into the momentum.
      const double worker = 7.0 * values * u + 2.0 * bits;
      const double owner = bits + values * u / n + 7.0 * values * u / n + 2.0 * bits / n;
      const double unpack = bits + values * u;
      out.kernel_bytes = worker + owner + unpack;
      out.kernels = 10;
      break;
    }
  }
  return out;
}

CollectiveCost compressed_reduction_cost(const GradCompressionModel& m, Collective c,
                                         double grad_bytes, GroupShape shape, const Fabric& fabric,
                                         CollectiveAlgorithm pin) {
  const CompressedReduction r = compressed_reduction(m, c, grad_bytes, shape.ranks);
  CollectiveCost out;
  for (int i = 0; i < r.calls; ++i) {
    const WireCall& call = r.wire[static_cast<size_t>(i)];
    const CollectiveCost wire = collective_cost(call.collective, call.bytes, shape, fabric, pin);
    if (i == 0)
      out = wire;
    else {
      out.time_s += wire.time_s;
      out.bytes_sent_per_gpu += wire.bytes_sent_per_gpu;
    }
  }
  out.time_s += r.kernel_bytes * m.memory_s_per_byte + r.kernels * m.launch_s + r.gemm_s;
  return out;
}

}  // namespace wt
