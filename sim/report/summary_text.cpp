#include "sim/report/summary_text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "sim/hardware/power_limit.hpp"
#include "sim/hardware/speed_spread.hpp"
#include "sim/report/headline.hpp"
#include "sim/report/text_table.hpp"
#include "sim/workload/finetune.hpp"
#include "sim/workload/layer_list.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

constexpr size_t kTerminalWidth = 100;
constexpr const char* kGap = "   ";
constexpr const char* kDot = " · ";

// A line of the summary: pieces, each with the separator that joins it to the previous one. A line
// longer than the terminal breaks before the piece that would overflow; the next line starts with
// `indent`.
struct Piece {
  std::string separator;
  std::string text;
};

std::string wrapped(const std::vector<Piece>& pieces, const std::string& indent) {
  std::string out, line;
  for (const Piece& p : pieces) {
    if (line.empty()) {
      line = p.text;
    } else if (display_width(line + p.separator + p.text) <= kTerminalWidth) {
      line += p.separator + p.text;
    } else {
      out += trimmed_right(line + p.separator) + "\n";
      line = indent + p.text;
    }
  }
  return out + line + "\n";
}

std::string percent_text(double fraction, int decimals) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.*f%%", decimals, fraction * 100.0);
  return buf.data();
}

// A share of the iteration: "<1%" rather than "0%" for a part that is there but small.
std::string share_text(double part_s, double total_s) {
  const double fraction = part_s / total_s;
  if (fraction > 0.0 && fraction < 0.005) return "<1%";
  return percent_text(fraction, 0);
}

std::string gpu_memory_text(const MemoryUse& m, bool fits) {
  std::string t = "memory " + format_bytes(m.total) + " / " + format_bytes(m.capacity) + " per GPU";
  if (fits && memory_verdict(m) == MemoryVerdict::tight) {
    return t + " (tight: " + format_bytes(m.total_low) + " to " + format_bytes(m.total_high) + ")";
  }
  if (fits) return t + " (fits)";
  const double missing = m.total - m.capacity;
  if (missing <= 0.0) return t + " (does NOT fit)";
  return t + " (does NOT fit: needs " + format_bytes(missing) + " more)";
}

// With parallel.offload, the model states the host holds for each GPU follow.
std::string memory_text(const MemoryUse& m, bool fits) {
  const std::string t = gpu_memory_text(m, fits);
  return m.host > 0.0 ? t + " + " + format_bytes(m.host) + " in host memory" : t;
}

std::string headline(const Scenario& s) {
  std::vector<Piece> pieces;
  for (std::string& part : scenario_headline_parts(s))
    pieces.push_back({kDot, std::move(part)});
  return wrapped(pieces, "  ");
}

// "model 70.6B parameters", with the active share of an MoE model and its MTP layers; nothing for
// a model whose fields are not filled in (a scenario built in code and never validated).
std::string parameter_line(const Scenario& s) {
  if (s.model.is_layer_list()) {
    return "model " + format_count(net_params(s.model.layers)) + " parameters, " +
           std::to_string(s.model.layers.size()) + " layers\n";
  }
  const ParamCount count = param_count(s.model);
  if (!(count.total > 0.0)) return "";
  std::string text = "model " + format_count(count.total) + " parameters";
  if (s.model.moe.num_experts > 0) text += ", " + format_count(count.active) + " active per token";
  if (count.mtp > 0.0) text += " (+" + format_count(count.mtp) + " in MTP layers)";
  if (s.training.finetune.method != FinetuneMethod::full) {
    text += ", " + format_count(trainable_params(s)) + " trainable (adapters; base frozen)";
  }
  return text + "\n";
}

// " (±6%)": the error band of the iteration time (docs/validation.md, "Error bands"), if any. The
// bands were measured on transformer runs: a layer-list model has none.
std::string band_text(const RunResult& r) {
  if (r.samples_not_tokens) return " (no error band yet for convolutional networks)";
  if (!r.error_band) return "";
  return " (" + band_half_width_text(*r.error_band) + ")";
}

std::string throughput_line(const RunResult& r) {
  return wrapped({{"", "iteration " + format_duration(r.iteration_time_s) + band_text(r)},
                  {kGap, r.samples_not_tokens ? "samples/s " + format_count(r.samples_per_s)
                                              : "tokens/s " + format_count(r.tokens_per_s)},
                  {kGap, "MFU " + percent_text(r.mfu, 1)},
                  {kGap, memory_text(r.memory_per_gpu_bytes, r.fits_in_memory)}},
                 "");
}

// " (TP 5%, DP 1%)": the exposed communication by the dimension it serves.
std::string exposed_split_text(const RunResult& r) {
  const ExposedComm& e = r.exposed_comm_by_dim_s;
  const std::vector<std::pair<const char*, double>> dims = {
      {"TP", e.tp}, {"PP", e.pp}, {"DP", e.dp}, {"CP", e.cp}, {"EP", e.ep}};
  std::vector<std::string> shares;
  for (const auto& [label, seconds] : dims) {
    if (seconds > 0.0)
      shares.push_back(label + std::string(" ") + share_text(seconds, r.iteration_time_s));
  }
  if (shares.empty()) return "";
  std::string text = " (" + shares.front();
  for (size_t i = 1; i < shares.size(); ++i)
    text += ", " + shares[i];
  return text + ")";
}

// " (90% of benchmark speed, slowest of 128 GPUs +6.9%, SMs shared with collectives +4.2%)": what
// stretched the compute, the GPUs' sustained speed (cluster.gpu_sustained_speed, lowered by a power
// limit: " at 500 W"), waiting for the slowest of them, and the SMs the collectives running beside
// the layers took (RunResult::compute_beside_comm_s; shown from +1%).
std::string gpu_speed_text(const Scenario& s, const RunResult& r) {
  const int n = s.cluster.num_gpus();
  const double mean = mean_compute_speed(s);
  std::string speed;
  if (mean < 1.0) {
    speed = std::to_string(static_cast<int>(std::lround(mean * 100.0))) + "% of benchmark speed";
    const GpuSpec* gpu = find_gpu(s.cluster.gpu);
    if (gpu != nullptr && power_clock_factor(*gpu, s.cluster.gpu_power_limit_W) < 1.0) {
      std::array<char, 32> watts{};
      std::snprintf(watts.data(), watts.size(), " at %g W",
                    effective_power_limit_W(*gpu, s.cluster.gpu_power_limit_W));
      speed += watts.data();
    }
  }
  // Outside allreduce the stragglers' line below gives the spread's stretch.
  const double slowdown =
      s.parallel.data_sync == DataSync::allreduce ? slowest_gpu_slowdown(s) : 1.0;
  std::string slowest;
  if (slowdown > 1.0) {
    std::array<char, 64> buf{};
    std::snprintf(buf.data(), buf.size(), "slowest of %d GPUs +%.1f%%", n,
                  (slowdown - 1.0) * 100.0);
    slowest = buf.data();
  }
  std::string shared;
  const double own_s = r.breakdown_s.compute - r.compute_beside_comm_s;
  if (own_s > 0.0 && r.compute_beside_comm_s >= 0.01 * own_s) {
    std::array<char, 64> buf{};
    std::snprintf(buf.data(), buf.size(), "SMs shared with collectives +%.1f%%",
                  r.compute_beside_comm_s / own_s * 100.0);
    shared = buf.data();
  }
  std::string text;
  for (const std::string* part : {&speed, &slowest, &shared}) {
    if (part->empty()) continue;
    text += (text.empty() ? " (" : ", ") + *part;
  }
  return text.empty() ? "" : text + ")";
}

std::string time_split_line(const Scenario& s, const RunResult& r) {
  const Breakdown& b = r.breakdown_s;
  const std::vector<std::pair<const char*, double>> parts = {{"compute", b.compute},
                                                             {"pipeline bubble", b.pipeline_bubble},
                                                             {"exposed comm", b.exposed_comm},
                                                             {"optimizer", b.optimizer},
                                                             {"other", b.other}};
  std::vector<Piece> pieces = {{"", "where the time goes"}};
  for (const auto& [label, seconds] : parts) {
    if (seconds > 0.0) {
      std::string text = std::string(label) + " " + share_text(seconds, r.iteration_time_s);
      if (std::string_view(label) == "exposed comm") text += exposed_split_text(r);
      if (std::string_view(label) == "compute") text += gpu_speed_text(s, r);
      pieces.push_back({kGap, std::move(text)});
    }
  }
  return wrapped(pieces, "  ");
}

std::string price_text(double usd_per_gpu_hour) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "$%.2f/GPU-h", usd_per_gpu_hour);
  return buf.data();
}

std::string failures_text(double with_failures_s) {
  if (std::isinf(with_failures_s)) return "(with failures: never, failures outpace progress)";
  return "(with failures: " + format_duration(with_failures_s) + ")";
}

std::string training_line(const Scenario& s, const RunResult& r) {
  std::vector<Piece> pieces = {
      {"", "to train " + format_count(s.training.total_tokens) + " tokens"},
      {"  ", format_duration(r.time_to_train_s)},
      {kDot, format_count(r.gpu_hours) + " GPU-hours"}};
  if (s.cost.usd_per_gpu_hour > 0.0) {
    pieces.push_back(
        {kDot, "$" + format_count(r.cost_usd) + " at " + price_text(s.cost.usd_per_gpu_hour)});
  }
  pieces.push_back({" ", failures_text(r.expected_time_to_train_with_failures_s)});
  return wrapped(pieces, "  ");
}

std::string percent_text(double fraction) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.1f%%", 100.0 * fraction);
  return buf.data();
}

// "failures  ~700 interruptions (one every 3.1 h) · ETTR 92.9% · checkpoint 5.3 TiB, 2.8 s
// every 4.2 min" and, with the Monte Carlo, "Monte Carlo  P50 162 days · P90 163 days · cost P50
// $274M, P90 $274M · ETTR 92.6% (10000 runs, seed 1)".
std::string failure_lines(const Scenario& s, const RunResult& r) {
  const FailureFigures& f = r.failures;
  if (f.cluster_mtbf_s <= 0.0 || std::isinf(f.expected_interruptions)) return "";
  std::vector<Piece> pieces = {
      {"", "failures  ~" + format_count(f.expected_interruptions) + " interruptions (one every " +
               format_duration(f.cluster_mtbf_s) + ")"},
      {kDot, "ETTR " + percent_text(f.ettr)},
      {kDot, "checkpoint " + format_bytes(f.checkpoint_bytes) + ", " +
                 format_duration(f.checkpoint_blocking_s) + " every " +
                 format_duration(f.checkpoint_interval_s)}};
  std::string text = wrapped(pieces, "  ");
  if (!r.monte_carlo) return text;
  const MonteCarloFigures& m = *r.monte_carlo;
  if (m.runs == 0) return text + "  (no Monte Carlo: " + m.why_not + ")\n";
  std::vector<Piece> mc = {{"", "Monte Carlo  P50 " + format_duration(m.p50_time_s)},
                           {kDot, "P90 " + format_duration(m.p90_time_s)}};
  if (s.cost.usd_per_gpu_hour > 0.0) {
    mc.push_back({kDot, "cost P50 $" + format_count(m.p50_cost_usd) + ", P90 $" +
                            format_count(m.p90_cost_usd)});
  }
  mc.push_back({kDot, "ETTR " + percent_text(m.ettr)});
  mc.push_back({" ", "(" + std::to_string(m.runs) + " runs, seed " + std::to_string(m.seed) + ")"});
  return text + wrapped(mc, "  ");
}

std::string factor_text(double f) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "x%.3f", f);
  return buf.data();
}

std::string count_text(double v) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.1f", v);
  return buf.data();
}

// "data sync  parameter_server · 4 colocated servers, 4 worker nodes · server NIC 1.3 GiB/step
// (61.0% busy, the bottleneck) · worker NIC 680 MiB (32.0%)", then the stragglers' stretch, the
// backup workers and the staleness (docs/models.md, "Data synchronisation beyond all-reduce").
std::string data_sync_lines(const RunResult& r) {
  if (!r.data_sync) return "";
  const DataSyncFigures& f = *r.data_sync;
  std::string text;
  if (f.servers > 0) {
    std::vector<Piece> ps = {
        {"", "data sync  " + f.mode},
        {kDot, std::to_string(f.servers) + " " + f.server_placement + " servers, " +
                   std::to_string(f.worker_nodes) + " worker nodes"},
        {kDot, "server NIC " + format_bytes(f.server_nic_bytes) + "/step (" +
                   percent_text(f.server_nic_busy) + " busy" +
                   (f.bottleneck == "server NIC" ? ", the bottleneck)" : ")")},
        {kDot, "worker NIC " + format_bytes(f.worker_nic_bytes) + " (" +
                   percent_text(f.worker_nic_busy) + ")"}};
    text += wrapped(ps, "  ");
  }
  if (f.worker_nodes > f.counted_nodes) {
    text += wrapped({{"", "backup workers  " + std::to_string(f.worker_nodes) + " nodes run"},
                     {", ", "each step keeps the first " + std::to_string(f.counted_nodes)},
                     {kDot, std::to_string(f.gpus_paid) + " GPUs paid"}},
                    "  ");
  }
  text += wrapped(
      {{"",
        "stragglers  compute " + factor_text(f.spread_stretch * f.noise_stretch * f.slow_stretch)},
       {" ", "(speed spread " + factor_text(f.spread_stretch) + ", step noise " +
                 factor_text(f.noise_stretch) + ", slow nodes " + factor_text(f.slow_stretch) +
                 " in " + percent_text(f.slow_step_probability) + " of steps)"}},
      "  ");
  if (f.has_staleness) {
    text += wrapped({{"", "staleness  mean " + count_text(f.staleness_mean) + " updates"},
                     {kDot, "P50 " + count_text(f.staleness_p50)},
                     {kDot, "P90 " + count_text(f.staleness_p90)},
                     {kDot, "max " + count_text(f.staleness_max)}},
                    "  ");
  }
  return text;
}

// "  - <warning>", broken between words to fit the terminal, continued under the text.
std::string warning_lines(const std::string& warning) {
  std::vector<Piece> pieces;
  size_t start = 0;
  while (start <= warning.size()) {
    const size_t end = std::min(warning.find(' ', start), warning.size());
    pieces.push_back({" ", warning.substr(start, end - start)});
    start = end + 1;
  }
  pieces.front().text = "  - " + pieces.front().text;
  return wrapped(pieces, "    ");
}

}  // namespace

std::string band_half_width_text(const ErrorBand& b) {
  return "±" + percent_text(b.half_width, 0);
}

std::string summary_text(const Scenario& s, const RunResult& r) {
  std::string text = headline(s) + parameter_line(s) + throughput_line(r);
  if (r.iteration_time_s > 0.0 && std::isfinite(r.iteration_time_s)) text += time_split_line(s, r);
  text += data_sync_lines(r);
  if (s.training.total_tokens > 0.0) text += training_line(s, r) + failure_lines(s, r);
  if (!r.warnings.empty()) {
    text += "warnings:\n";
    for (const std::string& w : r.warnings)
      text += warning_lines(w);
  }
  return text;
}

}  // namespace wt
