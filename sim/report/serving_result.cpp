#include "sim/report/serving_result.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace wt {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

double interpolate(const std::vector<double>& sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}

void add_slo(ServingResult& r, const char* metric, double target_ms, const Percentiles& p,
             const std::vector<double>& values, SloPercentile at) {
  if (target_ms <= 0.0) return;
  SloCheck c{metric, target_ms, p.at(at)};
  c.met = c.value_ms <= target_ms;
  const auto within =
      std::count_if(values.begin(), values.end(), [&](double v) { return v <= target_ms; });
  c.attainment = values.empty() ? 0.0 : static_cast<double>(within) / values.size();
  r.slo_met = r.slo_met && c.met;
  r.slo.push_back(c);
}

nlohmann::json percentiles_json(const Percentiles& p) {
  return {{"mean", p.mean}, {"p50", p.p50}, {"p95", p.p95}, {"p99", p.p99}};
}

}  // namespace

double mean_length(const LengthConfig& l) {
  if (l.distribution == LengthDistribution::uniform) return (l.min + l.max) / 2.0;
  return l.mean;
}

double Percentiles::at(SloPercentile p) const {
  switch (p) {
    case SloPercentile::p50:
      return p50;
    case SloPercentile::p95:
      return p95;
    case SloPercentile::p99:
      return p99;
  }
  return p99;
}

Percentiles percentiles(std::vector<double> values) {
  Percentiles p;
  if (values.empty()) return p;
  std::sort(values.begin(), values.end());
  double sum = 0.0;
  for (double v : values) {
    sum += v;
  }
  p.mean = sum / static_cast<double>(values.size());
  p.p50 = interpolate(values, 0.50);
  p.p95 = interpolate(values, 0.95);
  p.p99 = interpolate(values, 0.99);
  return p;
}

ServingResult assemble_serving_result(const Scenario& s, const ServingMemory& memory,
                                      const serving::SimulationOutput& sim) {
  const ServingConfig& v = s.serving;
  ServingResult r;
  r.scenario = s.name;
  r.gpu = s.cluster.gpu;
  if (const SpeculativeConfig& sp = s.serving.speculative; sp.enabled()) {
    r.draft_model = sp.draft_model;
    r.draft_tokens = sp.num_tokens;
    r.acceptance_rate = sp.acceptance_rate;
    r.tokens_per_verification = expected_tokens_per_verification(sp.num_tokens, sp.acceptance_rate);
  }
  r.tensor = v.tensor;
  r.replicas = v.replicas;
  r.gpus = v.tensor * v.replicas;
  r.memory = memory;
  r.fits = memory.fits;
  r.encode = v.encode;
  r.requests = static_cast<int64_t>(sim.requests.size());
  std::vector<double> ttft, tpot, e2e, queue;
  double output_tokens = 0.0, prompt_tokens = 0.0;
  for (const serving::RequestRecord& q : sim.requests) {
    if (q.finish_s < 0.0) continue;
    ++r.completed;
    if (!v.encode) output_tokens += static_cast<double>(q.output);
    prompt_tokens += static_cast<double>(q.prompt);
    ttft.push_back((q.first_token_s - q.arrival_s) * 1e3);
    e2e.push_back((q.finish_s - q.arrival_s) * 1e3);
    queue.push_back((q.start_s - q.arrival_s) * 1e3);
    if (q.output > 1) {
      tpot.push_back((q.finish_s - q.first_token_s) * 1e3 / static_cast<double>(q.output - 1));
    }
  }
  r.duration_s = sim.end_s;
  if (r.duration_s > 0.0) {
    r.output_tokens_per_s = output_tokens / r.duration_s;
    r.prompt_tokens_per_s = prompt_tokens / r.duration_s;
    r.requests_per_s = static_cast<double>(r.completed) / r.duration_s;
    r.output_tokens_per_s_per_gpu = r.output_tokens_per_s / r.gpus;
  }
  r.ttft_ms = percentiles(ttft);
  r.tpot_ms = percentiles(tpot);
  r.e2e_ms = percentiles(e2e);
  r.queue_ms = percentiles(queue);
  add_slo(r, "ttft", v.slo.ttft_ms, r.ttft_ms, ttft, v.slo.percentile);
  add_slo(r, "tpot", v.slo.tpot_ms, r.tpot_ms, tpot, v.slo.percentile);
  add_slo(r, "e2e", v.slo.e2e_ms, r.e2e_ms, e2e, v.slo.percentile);
  if (!r.slo.empty() && r.completed > 0) {
    int64_t all = 0;
    std::size_t k = 0;
    for (const serving::RequestRecord& q : sim.requests) {
      if (q.finish_s < 0.0) continue;
      const double t = (q.first_token_s - q.arrival_s) * 1e3;
      const double e = (q.finish_s - q.arrival_s) * 1e3;
      const double o = q.output > 1 ? (q.finish_s - q.first_token_s) * 1e3 / (q.output - 1) : 0.0;
      const bool ok = (v.slo.ttft_ms <= 0.0 || t <= v.slo.ttft_ms) &&
                      (v.slo.tpot_ms <= 0.0 || o <= v.slo.tpot_ms) &&
                      (v.slo.e2e_ms <= 0.0 || e <= v.slo.e2e_ms);
      all += ok ? 1 : 0;
      ++k;
    }
    r.slo_attainment = static_cast<double>(all) / static_cast<double>(k);
  }
  double busy = 0.0, block_seconds = 0.0;
  int64_t peak = 0;
  for (const serving::ReplicaStats& st : sim.replicas) {
    busy += st.busy_s;
    block_seconds += st.kv_block_seconds;
    peak = std::max(peak, st.peak_kv_blocks);
    r.steps += st.steps;
    r.preemptions += st.preemptions;
    r.rejected += st.rejected;
  }
  const double replica_time = r.duration_s * v.replicas;
  if (replica_time > 0.0) {
    r.gpu_busy_fraction = busy / replica_time;
    if (memory.kv_blocks > 0) {
      r.kv_in_use_mean_fraction = block_seconds / replica_time / memory.kv_blocks;
    }
  }
  if (memory.kv_blocks > 0) {
    r.kv_in_use_peak_fraction = static_cast<double>(peak) / memory.kv_blocks;
  }
  auto fit = [&](double tokens) {
    const auto per_seq = static_cast<int64_t>(std::ceil(tokens / v.kv_block_size));
    return per_seq > 0 ? memory.kv_blocks / per_seq : 0;
  };
  r.max_concurrency_mean_length =
      fit(mean_length(v.traffic.prompt_tokens) + mean_length(v.traffic.output_tokens));
  r.max_concurrency_max_length = fit(static_cast<double>(s.model.seq_length));
  if (r.rejected > 0) {
    r.warnings.push_back(std::to_string(r.rejected) +
                         " requests were refused: their prompt and output exceed the KV cache");
  }
  if (r.preemptions > 0) {
    r.warnings.push_back(std::to_string(r.preemptions) +
                         " preemptions: the KV cache ran out and requests were computed again");
  }
  for (const std::string& w : s.warnings) {
    r.warnings.push_back(w);
  }
  return r;
}

void price_serving_result(ServingResult& r, double usd_per_gpu_hour, const std::string& source) {
  r.usd_per_gpu_hour = usd_per_gpu_hour;
  r.price_source = source;
  const double sequences = r.requests_per_s * r.duration_s;
  if (r.encode && sequences > 0.0 && usd_per_gpu_hour > 0.0) {
    r.usd_per_million_sequences =
        usd_per_gpu_hour * r.gpus * (r.duration_s / 3600.0) / sequences * 1e6;
  }
  const double tokens = r.output_tokens_per_s * r.duration_s;
  if (tokens <= 0.0 || usd_per_gpu_hour <= 0.0) return;
  r.usd_per_million_output_tokens =
      usd_per_gpu_hour * r.gpus * (r.duration_s / 3600.0) / tokens * 1e6;
}

nlohmann::json serving_result_json(const ServingResult& r) {
  nlohmann::json slo = nlohmann::json::array();
  for (const SloCheck& c : r.slo) {
    slo.push_back({{"metric", c.metric},
                   {"target_ms", c.target_ms},
                   {"value_ms", c.value_ms},
                   {"met", c.met},
                   {"attainment", c.attainment}});
  }
  const ServingMemory& m = r.memory;
  nlohmann::json j = {
      {"scenario", r.scenario},
      {"gpu", r.gpu},
      {"fits_in_memory", r.fits},
      {"tensor", r.tensor},
      {"replicas", r.replicas},
      {"gpus", r.gpus},
      {"requests",
       {{"arrived", r.requests},
        {"completed", r.completed},
        {"rejected", r.rejected},
        {"preemptions", r.preemptions}}},
      {"duration_s", r.duration_s},
      {"throughput",
       {{"output_tokens_per_s", r.output_tokens_per_s},
        {"prompt_tokens_per_s", r.prompt_tokens_per_s},
        {"requests_per_s", r.requests_per_s},
        {"output_tokens_per_s_per_gpu", r.output_tokens_per_s_per_gpu}}},
      {"latency_ms",
       {{"ttft", percentiles_json(r.ttft_ms)},
        {"tpot", percentiles_json(r.tpot_ms)},
        {"e2e", percentiles_json(r.e2e_ms)},
        {"queue", percentiles_json(r.queue_ms)}}},
      {"slo", {{"checks", slo}, {"attainment", r.slo_attainment}, {"met", r.slo_met}}},
      {"memory_per_gpu_GiB",
       {{"capacity", m.capacity / kGiB},
        {"budget", m.budget / kGiB},
        {"weights", m.weights / kGiB},
        {"activations", m.activations / kGiB},
        {"cuda_context", m.cuda_context / kGiB},
        {"comm_buffers", m.comm_buffers / kGiB},
        {"kv_cache", m.kv_cache / kGiB}}},
      {"kv_cache",
       {{"bytes_per_token_per_gpu", m.kv_bytes_per_token},
        {"blocks", m.kv_blocks},
        {"in_use_mean_fraction", r.kv_in_use_mean_fraction},
        {"in_use_peak_fraction", r.kv_in_use_peak_fraction},
        {"max_concurrency_mean_length", r.max_concurrency_mean_length},
        {"max_concurrency_max_length", r.max_concurrency_max_length}}},
      {"gpu_busy_fraction", r.gpu_busy_fraction},
      {"steps", r.steps},
      {"cost",
       {{"usd_per_gpu_hour", r.usd_per_gpu_hour},
        {"price_source", r.price_source},
        {"usd_per_million_output_tokens", r.usd_per_million_output_tokens}}},
      {"warnings", r.warnings},
  };
  if (r.encode) {
    j["encode"] = {{"sequences_per_s", r.requests_per_s},
                   {"usd_per_million_sequences", r.usd_per_million_sequences}};
  }
  if (!r.draft_model.empty()) {
    j["speculative"] = {{"draft_model", r.draft_model},
                        {"num_tokens", r.draft_tokens},
                        {"acceptance_rate", r.acceptance_rate},
                        {"tokens_per_verification", r.tokens_per_verification}};
  }
  return j;
}

std::string serving_summary_text(const ServingResult& r) {
  std::string out;
  char line[256];
  auto add = [&](const char* fmt, auto... args) {
    std::snprintf(line, sizeof line, fmt, args...);
    out += line;
  };
  add("%s: %d replica(s) x TP %d on %s (%d GPUs)\n", r.scenario.c_str(), r.replicas, r.tensor,
      r.gpu.c_str(), r.gpus);
  if (!r.fits) {
    add("does not fit: %.1f GiB of weights, %.1f GiB of workspace and %.1f GiB of context leave no "
        "KV block in %.1f GiB (gpu_memory_utilization x %.1f GiB)\n",
        r.memory.weights / kGiB, r.memory.activations / kGiB,
        (r.memory.cuda_context + r.memory.comm_buffers) / kGiB, r.memory.budget / kGiB,
        r.memory.capacity / kGiB);
    return out;
  }
  add("requests      %lld arrived, %lld completed in %.1f s (%lld refused, %lld preemptions)\n",
      static_cast<long long>(r.requests), static_cast<long long>(r.completed), r.duration_s,
      static_cast<long long>(r.rejected), static_cast<long long>(r.preemptions));
  if (r.encode) {
    add("throughput    %.2f sequences/s (%.2f per GPU), %.0f prompt tokens/s; encoder: no decode, "
        "latency = TTFT\n",
        r.requests_per_s, r.requests_per_s / r.gpus, r.prompt_tokens_per_s);
  } else {
    add("throughput    %.1f output tokens/s (%.1f per GPU), %.2f requests/s\n",
        r.output_tokens_per_s, r.output_tokens_per_s_per_gpu, r.requests_per_s);
  }
  for (const auto& [name, p] : {std::pair{"TTFT", &r.ttft_ms}, std::pair{"TPOT", &r.tpot_ms},
                                std::pair{"e2e ", &r.e2e_ms}, std::pair{"queue", &r.queue_ms}}) {
    if (r.encode && p == &r.tpot_ms) continue;
    add("%-13s p50 %.1f ms, p95 %.1f ms, p99 %.1f ms (mean %.1f)\n", name, p->p50, p->p95, p->p99,
        p->mean);
  }
  for (const SloCheck& c : r.slo) {
    add("SLO %-9s %.1f ms vs %.1f ms target: %s (%.1f%% of requests within)\n", c.metric.c_str(),
        c.value_ms, c.target_ms, c.met ? "met" : "MISSED", c.attainment * 100.0);
  }
  if (!r.encode) {
    add("KV cache      %.1f GiB per GPU, %lld blocks; in use %.0f%% mean, %.0f%% peak\n",
        r.memory.kv_cache / kGiB, static_cast<long long>(r.memory.kv_blocks),
        r.kv_in_use_mean_fraction * 100.0, r.kv_in_use_peak_fraction * 100.0);
    add("concurrency   %lld sequences of mean length fit per replica, %lld of the full context\n",
        static_cast<long long>(r.max_concurrency_mean_length),
        static_cast<long long>(r.max_concurrency_max_length));
  }
  add("GPU busy      %.0f%%\n", r.gpu_busy_fraction * 100.0);
  if (!r.draft_model.empty()) {
    add("speculative   %s drafts %d tokens per step, each accepted with p = %.2f: %.2f tokens per "
        "verification on average (Leviathan et al. 2023)\n",
        r.draft_model.c_str(), r.draft_tokens, r.acceptance_rate, r.tokens_per_verification);
  }
  if (r.usd_per_million_sequences > 0.0) {
    add("cost          $%.3f per million sequences at %s\n", r.usd_per_million_sequences,
        r.price_source.c_str());
  }
  if (r.usd_per_million_output_tokens > 0.0) {
    add("cost          $%.3f per million output tokens at %s\n", r.usd_per_million_output_tokens,
        r.price_source.c_str());
  }
  for (const std::string& w : r.warnings) {
    out += "warning: " + w + "\n";
  }
  return out;
}

nlohmann::json serving_trace_json(const ServingResult& r, const serving::SimulationOutput& sim) {
  nlohmann::json events = nlohmann::json::array();
  for (int i = 0; i < r.replicas; ++i) {
    events.push_back({{"name", "thread_name"},
                      {"ph", "M"},
                      {"pid", 0},
                      {"tid", i},
                      {"args", {{"name", "replica " + std::to_string(i)}}}});
  }
  for (const serving::StepRecord& st : sim.steps) {
    const char* name =
        st.prefill_tokens > 0 ? (st.decode_seqs > 0 ? "mixed" : "prefill") : "decode";
    events.push_back(
        {{"name", name},
         {"ph", "X"},
         {"pid", 0},
         {"tid", st.replica},
         {"ts", st.start_s * 1e6},
         {"dur", st.duration_s * 1e6},
         {"args", {{"prefill_tokens", st.prefill_tokens}, {"decode_seqs", st.decode_seqs}}}});
  }
  return {{"traceEvents", events}, {"displayTimeUnit", "ms"}};
}

}  // namespace wt
