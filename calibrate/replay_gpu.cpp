#include "calibrate/replay_gpu.hpp"

#include <cmath>
#include <cstdio>
#include <ostream>

#include "calibrate/fixed_text.hpp"
#include "calibrate/gpu_match.hpp"
#include "sim/scenario/precision.hpp"

namespace wt::calibrate {
namespace {

int64_t round_up_16(int64_t v) {
  return (v + 15) / 16 * 16;
}

KernelMeasurement replay_gemm(gpu::Bench& bench, const Kernel& k, Precision p, const Repeat& r) {
  if (k.m <= 0 || k.n <= 0 || k.k <= 0) return {0.0, "empty GEMM: not run"};
  gpu::GemmType t = gpu::gemm_type_for(p);
  int64_t m = k.m, n = k.n, kk = k.k;
  std::string note;
  if (t == gpu::GemmType::fp8_e4m3 && (m % 16 != 0 || n % 16 != 0 || kk % 16 != 0)) {
    m = round_up_16(m);
    n = round_up_16(n);
    kk = round_up_16(kk);
    note = "padded to multiples of 16 for fp8";
  }
  if (block_scaled(p)) {
    note += std::string(note.empty() ? "" : "; ") + to_string(p) +
            " ran as per-tensor fp8 e4m3 (the calibrator has no block-scaled GEMM)";
  }
  std::vector<double> samples = bench.gemm(t, m, n, kk, r, 7, k.batch);
  if (samples.empty() && t == gpu::GemmType::fp8_e4m3) {
    samples = bench.gemm(gpu::GemmType::bf16, k.m, k.n, k.k, r, 7, k.batch);
    note = "cuBLASLt has no fp8 algorithm for this shape: ran in bf16";
  }
  if (samples.empty()) {
    throw GpuFailure("cuBLASLt has no algorithm for a " + std::to_string(k.m) + "×" +
                     std::to_string(k.n) + "×" + std::to_string(k.k) + " GEMM");
  }
  return {make_timing(std::move(samples)).median_s, note};
}

// The builder writes the attention backward (and nothing else) with twice the forward's FLOPs.
KernelMeasurement replay_attention(gpu::Bench& bench, const Kernel& k, Precision p,
                                   const Repeat& r) {
  const gpu::AttentionShape shape{k.batch, k.m, k.n, k.k};
  const double forward_flops = 4.0 * static_cast<double>(k.batch) * static_cast<double>(k.m) *
                               static_cast<double>(k.n) * static_cast<double>(k.k);
  if (forward_flops <= 0.0) return {0.0, "empty attention: not run"};
  const double ratio = k.flops / forward_flops;
  const bool backward = ratio > 1.5;
  const double scale = ratio / (backward ? 2.0 : 1.0);
  gpu::AttentionRun run =
      bench.attention(gpu::attention_type_for(p), shape,
                      backward ? gpu::AttentionPass::backward : gpu::AttentionPass::forward, r, 9);
  std::string note;
  if (quantized_gemms(p)) {
    note += std::string("in bf16, as the cost model assumes under ") + to_string(p) + "; ";
  }
  if (run.chunks > 1) note += "ran in " + std::to_string(run.chunks) + " pieces to fit memory; ";
  if (std::abs(scale - 1.0) > 1e-9) note += "time scaled by " + fixed(scale, "%.3f") + "; ";
  if (!note.empty()) note.resize(note.size() - 2);
  return {make_timing(std::move(run.samples_s)).median_s * scale, note};
}

KernelMeasurement replay_kernel(gpu::Bench& bench, const Kernel& k, Precision p, const Repeat& r) {
  switch (k.cls) {
    case KernelClass::gemm:
      return replay_gemm(bench, k, p, r);
    case KernelClass::attention:
      return replay_attention(bench, k, p, r);
    case KernelClass::memory_bound:
    case KernelClass::optimizer:
      return {make_timing(bench.rmw_traffic(k.bytes, r)).median_s, ""};
    case KernelClass::host_link:
    case KernelClass::host_cpu:
      return {0.0, "host work: not replayed"};  // plan_replay leaves it out
  }
  return {};
}

}  // namespace

std::vector<KernelMeasurement> measure_plan(gpu::Bench& bench, const ReplayPlan& plan,
                                            Precision precision, const Repeat& r,
                                            std::ostream& log) {
  std::vector<KernelMeasurement> measured;
  for (std::size_t i = 0; i < plan.kernels.size(); ++i) {
    const ReplayKernel& k = plan.kernels[i];
    log << "replay: [" << i + 1 << "/" << plan.kernels.size() << "] " << k.names.front() << " ("
        << to_string(k.kernel.cls) << ")\n"
        << std::flush;
    measured.push_back(replay_kernel(bench, k.kernel, precision, r));
  }
  return measured;
}

int replay_command(const ReplayOptions& o, std::ostream& out, std::ostream& log) {
  PreparedReplay prepared = prepare_replay(o);
  const std::vector<gpu::Device> devices = gpu::devices();
  const gpu::Device& d = devices.front();
  const std::string catalog = catalog_id_for_device(d.name, static_cast<double>(d.memory_bytes));
  prepared.context.measured_gpu =
      d.name + " (" + (catalog.empty() ? "not in the catalog" : catalog) + ")";
  if (catalog != prepared.catalog_gpu) {
    log << "windtunnel-calibrate: warning: the scenario predicts for "
        << prepared.context.predicted_gpu << " but this GPU is " << prepared.context.measured_gpu
        << "; use --set cluster.gpu=<id> to compare like with like\n";
  }
  gpu::Bench bench(0);
  Repeat r;
  r.warmup = 2;
  r.reps = o.reps > 0 ? o.reps : 10;
  r.budget_s = 1.0;
  std::vector<KernelMeasurement> measured =
      measure_plan(bench, prepared.plan, prepared.precision, r, log);
  const ReplayResult result =
      summarize_replay(prepared.context, std::move(prepared.plan), std::move(measured));
  if (o.json) {
    out << replay_json(result).dump(2) << "\n";
  } else {
    out << replay_text(result);
  }
  return 0;
}

}  // namespace wt::calibrate
