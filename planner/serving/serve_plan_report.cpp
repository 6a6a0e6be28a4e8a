// serve-plan's output: one JSON object (docs/cli.md) or the text report with a why-line per choice.
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <map>

#include "planner/serving/serve_plan_search.hpp"
#include "sim/report/summary_text.hpp"

namespace wt {
namespace {

// "1 GPU", "3 GPUs".
std::string counted(int n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

using nlohmann::ordered_json;

std::string fmt(const char* format, ...) {
  char buf[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  return buf;
}

std::string usd(double v) {
  return v >= 10'000.0 ? "$" + format_count(v) : fmt("$%.2f", v);
}

ordered_json run_json(const RateRun& run) {
  if (run.replicas == 0) return nullptr;
  ordered_json slo = ordered_json::array();
  for (const SloCheck& c : run.slo) {
    slo.push_back({{"metric", c.metric},
                   {"target_ms", c.target_ms},
                   {"value_ms", c.value_ms},
                   {"met", c.met}});
  }
  return {{"replicas", run.replicas},
          {"rate_rps", run.rate_rps},
          {"meets_slo", run.meets},
          {"slo", slo},
          {"gpu_busy_fraction", run.gpu_busy_fraction},
          {"rejected", run.rejected}};
}

ordered_json deployment_json(const Deployment& d, const std::vector<std::string>& axes,
                             bool encode) {
  ordered_json values = ordered_json::object();
  for (size_t i = 0; i < axes.size() && i < d.values.size(); ++i)
    values[axes[i]] = d.values[i];
  ordered_json j = {{"index", d.index},
                    {"values", values},
                    {"status", to_string(d.status)},
                    {"reason", d.reason}};
  if (d.gpu.empty()) return j;
  j["gpu"] = d.gpu;
  j["tensor"] = d.tensor;
  j["weight_precision"] = d.weight_precision;
  j["kv_cache_precision"] = d.kv_cache_precision;
  j["batching"] = d.batching;
  j["max_num_seqs"] = d.max_num_seqs;
  j["max_num_batched_tokens"] = d.max_num_batched_tokens;
  j["usd_per_gpu_hour"] = d.usd_per_gpu_hour;
  j["price_source"] = d.price;
  j["kv_cache_gib_per_gpu"] = d.kv_cache_gib;
  if (d.screen.batch > 0 || d.status == DeploymentStatus::too_slow) {
    ordered_json screen = {{"prompt_tokens", d.screen.prompt},
                           {"output_tokens", d.screen.output},
                           {"batch", d.screen.batch},
                           {"batch_limit", d.screen.batch_limit},
                           {"step_s", d.screen.step_s},
                           {"max_rps_per_replica", d.screen.max_rps},
                           {"idle_ttft_ms", d.screen.idle_ttft_s * 1e3},
                           {"idle_tpot_ms", d.screen.idle_tpot_s * 1e3},
                           {"idle_e2e_ms", d.screen.idle_e2e_s * 1e3},
                           {"replicas_at_peak", d.screen_replicas},
                           {"bound_usd_per_hour", d.bound_usd_per_hour}};
    // An encoder decodes nothing: no output lengths, no TPOT (its TTFT is its e2e).
    if (encode) {
      screen.erase("output_tokens");
      screen.erase("idle_tpot_ms");
    }
    j["screen"] = screen;
  }
  if (d.status == DeploymentStatus::meets) {
    j["replicas"] = d.replicas;
    j["gpus"] = d.gpus();
    j["usd_per_hour"] = d.usd_per_hour;
    if (encode) j["usd_per_million_sequences"] = d.usd_per_million_sequences;
  }
  if (d.peak.replicas > 0) j["peak_run"] = run_json(d.peak);
  if (d.below.replicas > 0) j["run_below"] = run_json(d.below);
  return j;
}

std::string slo_values(const RateRun& run) {
  std::string text;
  for (const SloCheck& c : run.slo) {
    text += fmt("%s%s %.0f %s %.0f ms", text.empty() ? "" : ", ", c.metric.c_str(), c.value_ms,
                c.met ? "≤" : ">", c.target_ms);
  }
  return text;
}

std::string percentile_name(SloPercentile p) {
  return to_string(p);
}

}  // namespace

std::string deployment_text(const Deployment& d) {
  std::string text =
      fmt("%s · TP %d · %s weights", d.gpu.c_str(), d.tensor, d.weight_precision.c_str());
  if (d.kv_cache_precision == "fp8") text += " · fp8 KV";
  if (d.batching != "continuous") text += " · " + d.batching;
  text += fmt(" · max_num_seqs %d · max_num_batched_tokens %lld", d.max_num_seqs,
              static_cast<long long>(d.max_num_batched_tokens));
  return text;
}

nlohmann::ordered_json serve_plan_json(const ServePlanResult& r) {
  ordered_json j;
  j["name"] = r.name;
  if (r.encode) j["encode"] = true;
  j["slo"] = {{"percentile", percentile_name(r.slo.percentile)},
              {"ttft_ms", r.slo.ttft_ms},
              {"tpot_ms", r.slo.tpot_ms},
              {"e2e_ms", r.slo.e2e_ms}};
  j["rate_rps"] = r.rate_rps;
  j["peak_rate_rps"] = r.peak_rate_rps;
  j["peak_hour"] = r.peak_hour;
  j["requests_per_run"] = r.requests_per_run;
  j["confirm_requests_per_replica"] = kConfirmRequestsPerReplica;
  j["min_replicas"] = r.min_replicas;
  j["max_replicas"] = r.max_replicas;
  j["cold_start_s"] = r.cold_start_s;
  ordered_json counts = ordered_json::object();
  for (DeploymentStatus s :
       {DeploymentStatus::invalid, DeploymentStatus::no_price, DeploymentStatus::does_not_fit,
        DeploymentStatus::too_slow, DeploymentStatus::too_many, DeploymentStatus::bounded,
        DeploymentStatus::misses_slo, DeploymentStatus::meets}) {
    int n = 0;
    for (const Deployment& d : r.deployments)
      n += d.status == s ? 1 : 0;
    counts[to_string(s)] = n;
  }
  j["search"] = {
      {"deployments", r.deployments.size()}, {"by_status", counts}, {"simulations", r.des_runs}};
  if (r.best >= 0) {
    const Deployment& d = r.deployments[r.best];
    j["recommended"] = deployment_json(d, r.axes, r.encode);
    ordered_json hours = ordered_json::array();
    for (const HourPlan& h : r.day.hours) {
      hours.push_back({{"hour", h.hour},
                       {"rate_rps", h.rate_rps},
                       {"replicas", h.replicas},
                       {"gpus", h.replicas * d.tensor},
                       {"screen_replicas", h.screen_replicas},
                       {"cold_start", h.cold_start},
                       {"run", run_json(h.run)},
                       {"why", hour_why(h)}});
    }
    j["hours"] = hours;
    j["monthly_usd"] = r.day.monthly_usd;
    j["monthly_always_peak_usd"] = r.day.monthly_always_peak_usd;
    j["cold_starts_per_day"] = r.day.cold_starts_per_day;
    if (r.encode) j["usd_per_million_sequences"] = r.day.usd_per_million_sequences;
  } else {
    j["recommended"] = nullptr;
  }
  ordered_json all = ordered_json::array();
  for (const Deployment& d : r.deployments)
    all.push_back(deployment_json(d, r.axes, r.encode));
  j["deployments"] = all;
  j["warnings"] = r.warnings;
  return j;
}

std::string serve_plan_text(const ServePlanResult& r) {
  std::string out;
  std::string slo;
  if (r.slo.ttft_ms > 0) slo += fmt(" TTFT ≤ %.0f ms", r.slo.ttft_ms);
  if (r.slo.tpot_ms > 0) slo += fmt(" TPOT ≤ %.0f ms", r.slo.tpot_ms);
  if (r.slo.e2e_ms > 0) slo += fmt(" e2e ≤ %.0f ms", r.slo.e2e_ms);
  out += fmt("serve-plan %s · peak %.2f req/s (hour %d) · SLO %s:%s\n", r.name.c_str(),
             r.peak_rate_rps, r.peak_hour, percentile_name(r.slo.percentile).c_str(), slo.c_str());
  const ordered_json counts = serve_plan_json(r)["search"]["by_status"];
  out += fmt("searched %zu deployments:", r.deployments.size());
  std::string sep = " ";
  for (const auto& [status, n] : counts.items()) {
    if (n.get<int>() == 0) continue;
    out += fmt("%s%d %s", sep.c_str(), n.get<int>(), status.c_str());
    sep = ", ";
  }
  out +=
      fmt("; %lld simulations of %lld+ requests (a count that meets confirmed with %lld per "
          "replica)\n",
          static_cast<long long>(r.des_runs), static_cast<long long>(r.requests_per_run),
          static_cast<long long>(kConfirmRequestsPerReplica));
  if (r.best < 0) {
    out += "\nno deployment meets the SLOs at the peak rate\n";
  } else {
    const Deployment& d = r.deployments[r.best];
    out += "\nrecommended (cheapest meeting the SLOs at the peak):\n";
    out += fmt("  %d × %s\n", d.replicas, deployment_text(d).c_str());
    out += fmt("  %s/h at the peak (%s) at %s\n", usd(d.usd_per_hour).c_str(),
               counted(d.gpus(), "GPU").c_str(), d.price.c_str());
    if (r.encode) {
      out +=
          fmt("  encoder: $%.3f per million sequences at the peak\n", d.usd_per_million_sequences);
    }
    out +=
        fmt("  why: one replica serves at most %.2f req/s (batch %lld, limited by %s; a step "
            "%.1f ms), so the screen starts at %d; the simulation at %.2f req/s gives %s\n",
            d.screen.max_rps, static_cast<long long>(d.screen.batch), d.screen.batch_limit.c_str(),
            d.screen.step_s * 1e3, d.screen_replicas, r.peak_rate_rps, slo_values(d.peak).c_str());
    if (d.below.replicas > 0) {
      out += fmt("  with %s: %s\n", counted(d.below.replicas, "replica").c_str(),
                 slo_values(d.below).c_str());
    }
    const Deployment* next = nullptr;
    for (const Deployment& o : r.deployments) {
      if (o.status != DeploymentStatus::meets || &o == &d) continue;
      if (next == nullptr || o.usd_per_hour < next->usd_per_hour) next = &o;
    }
    if (next != nullptr) {
      out += fmt("  runner-up (simulated): %d × %s at %s/h\n", next->replicas,
                 deployment_text(*next).c_str(), usd(next->usd_per_hour).c_str());
    }
    out += "\nreplicas per hour (the fewest meeting the SLOs at each hour's rate):\n";
    out += "  hour   req/s  replicas  GPUs  why                                 SLO figures\n";
    for (const HourPlan& h : r.day.hours) {
      const std::string why = hour_why(h) + (h.cold_start ? " (cold start)" : "");
      out += fmt("  %4d  %6.2f  %8d  %4d  %-34s  %s\n", h.hour, h.rate_rps, h.replicas,
                 h.replicas * d.tensor, why.c_str(), slo_values(h.run).c_str());
    }
    out +=
        fmt("\nmonthly cost: %s autoscaled (30 days × Σ hourly replicas × %s × $%.2f/GPU-h)"
            "; %s always at the peak's %s\n",
            usd(r.day.monthly_usd).c_str(), counted(d.tensor, "GPU").c_str(), d.usd_per_gpu_hour,
            usd(r.day.monthly_always_peak_usd).c_str(), counted(d.replicas, "replica").c_str());
    if (r.encode) {
      out += fmt("encoder: $%.3f per million sequences autoscaled (the month over its requests)\n",
                 r.day.usd_per_million_sequences);
    }
  }
  std::map<std::string, int> pruned;
  std::vector<const Deployment*> ranked;
  for (const Deployment& d : r.deployments) {
    if (d.status == DeploymentStatus::meets || d.status == DeploymentStatus::bounded ||
        d.status == DeploymentStatus::misses_slo) {
      ranked.push_back(&d);
    } else {
      const std::string rule = d.status == DeploymentStatus::invalid
                                   ? d.reason.substr(0, d.reason.find(':'))
                                   : std::string(to_string(d.status));
      ++pruned[std::string(to_string(d.status)) +
               (d.status == DeploymentStatus::invalid ? " (" + rule + ")" : "")];
    }
  }
  if (!pruned.empty()) {
    out += "\npruned before simulating:";
    std::string joint = " ";
    for (const auto& [what, n] : pruned) {
      out += fmt("%s%s %d", joint.c_str(), what.c_str(), n);
      joint = ", ";
    }
    out += "\n";
  }
  auto cost_of = [](const Deployment* d) {
    return d->status == DeploymentStatus::meets ? d->usd_per_hour : d->bound_usd_per_hour;
  };
  std::stable_sort(ranked.begin(), ranked.end(), [&](const Deployment* a, const Deployment* b) {
    return cost_of(a) < cost_of(b);
  });
  const size_t shown = std::min<size_t>(ranked.size(), 10);
  out += fmt("\nranked by $/h at the peak (%zu of %zu; ≥: the screen's bound, not simulated):\n",
             shown, ranked.size());
  out += "       $/h  replicas  req/s/replica  status      deployment\n";
  for (size_t i = 0; i < shown; ++i) {
    const Deployment& d = *ranked[i];
    const bool met = d.status == DeploymentStatus::meets;
    const std::string cost = (met ? "" : "≥") + usd(cost_of(&d));
    const std::string reps =
        (met ? "" : "≥") + std::to_string(met ? d.replicas : d.screen_replicas);
    out += fmt("  %10s  %8s  %13.2f  %-10s  %s\n", cost.c_str(), reps.c_str(), d.screen.max_rps,
               to_string(d.status), deployment_text(d).c_str());
  }
  for (const std::string& w : r.warnings)
    out += "warning: " + w + "\n";
  return out;
}

}  // namespace wt
