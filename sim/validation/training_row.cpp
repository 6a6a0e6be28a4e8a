#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "sim/run.hpp"
#include "sim/scenario/framework_profiles.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/validation/error_class.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_framework.hpp"
#include "sim/validation/row_metric.hpp"
#include "sim/validation/row_to_scenario.hpp"
#include "sim/validation/rows.hpp"
#include "sim/validation/summary.hpp"
#include "sim/workload/model_math.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

// "GPT 1.7B (…), 32 GPUs" — the label of a row that never became a scenario.
std::string fallback_label(const json& row) {
  std::string label = row_text(row, "model_name");
  if (label.empty()) label = row_text(row, "row_type");
  const auto gpus = row.find("num_gpus");
  // As written: get<int64_t>() would wrap 2^63 to a negative count. The row's mapping refuses a
  // count out of range with an InputError naming row N.num_gpus (row_fields.cpp).
  if (gpus != row.end() && gpus->is_number_integer()) label += ", " + gpus->dump() + " GPUs";
  return label;
}

std::string gib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", bytes / static_cast<double>(1ULL << 30));
  return text;
}

// Whether the row or a --set chose `section.key` (else its framework profile did).
bool stated(const json& doc, const std::vector<std::string>& overrides, const char* section,
            const char* key) {
  const auto s = doc.find(section);
  if (s != doc.end() && s->contains(key)) return true;
  const std::string prefix = std::string(section) + "." + key + "=";
  return std::any_of(overrides.begin(), overrides.end(),
                     [&](const std::string& a) { return a.rfind(prefix, 0) == 0; });
}

// One field of the row's document: doc[section][key] = value.
struct Setting {
  const char* section;
  const char* key;
  json value;
};

// What a candidate setting gave: its document, scenario and run.
struct Candidate {
  std::vector<Setting> settings;
  json doc;
  Scenario scenario;
  RunOutput run;
};

// "parallel.zero_stage = 1 and training.activation_recompute = \"full\""
std::string said(const std::vector<Setting>& settings) {
  std::string what;
  for (const Setting& s : settings) {
    what += (what.empty() ? "" : " and ") + std::string(s.section) + "." + s.key + " = " +
            s.value.dump();
  }
  return what;
}

// A published run trained, so it fit. When the row leaves memory settings to its profile and the
// profile's defaults do not fit, every combination of the settings its framework offers is run,
// and the fastest that fits is taken and said (docs/validation.md, "From a row to a scenario"):
// a published throughput is one its authors tuned, and the model prices what each setting costs.
// - Virtual stages, where the row states an interleaved schedule without their number: every
//   count that divides the layers per stage (RowScenario::virtual_stages_alternatives besides the
//   document's smallest). Searched whether or not the defaults fit: the count is as much the
//   authors' choice, and it moves both the bubble, (p − 1)/(v·m), and the warm-up's memory.
// - Sequence parallelism, where TP > 1 and the row does not state it: Megatron-LM's
//   --sequence-parallel (off by default) and rows without a profile published from 2022
//   (Korthikanti et al. 2022; every Megatron-style TP since offers it:
//   FrameworkProfile::fit_sequence_parallel). It costs no time (the TP all-reduce becomes a
//   reduce-scatter plus an all-gather of the same bytes) and divides the norm and dropout
//   activations by TP (§4.2.2).
// - A ZeRO stage the row does not name: each stage up to the highest its framework offers
//   (fit_zero_stage: DeepSpeed and no profile 3, Megatron-LM 1), with more than one replica.
// - Recompute not stated: the modes its framework offers (fit_recompute: NeMo, Megatron-Core and
//   Megatron-LM selective and full — full as the recipes that recompute run it, uniform, 1 layer
//   per checkpoint; DeepSpeed and no profile full, whole layers).
// - The pipeline split of a row naming DualPipe that states none (RowScenario::
//   pipeline_split_open): DualPipe places the first and the last chunk on one rank (Liu et al.
//   2024, §3.2.1), so the output layer and the MTP layers share a rank with the embedding instead
//   of loading the last stage with about two layers' more work. The model has no such placement;
//   it balances the stages by their layer counts instead: every first- and last-stage count
//   (Megatron-Core's --decoder-first/last-pipeline-num-layers) the scenario accepts, up to two
//   layers above an even share for the first and up to an even share for the last, is run.
//   Searched whether or not the defaults fit, like the virtual stages.
// The memory settings are searched only when the defaults do not fit. Ties go to the fewest
// changes, in that order; a combination the scenario refuses is skipped. Nothing changes when
// none fits, nor for other frameworks, whose rows keep the verdict.
void fastest_setting_that_fits(RowScenario& rs, Scenario& scenario, RunOutput& run,
                               const std::vector<std::string>& overrides, int publication_year,
                               std::vector<std::string>& assumptions) {
  const std::string profile = scenario.training.framework;
  const FrameworkProfile* offers = find_framework_profile(profile);
  if (offers == nullptr) return;
  const bool defaults_fit = run.result.fits_in_memory;
  std::vector<std::string> open;
  std::vector<std::vector<Setting>> choices;  // each dimension's alternatives to the default
  if (!rs.virtual_stages_alternatives.empty() &&
      !stated(json::object(), overrides, "parallel", "virtual_stages")) {
    open.push_back("the virtual stages");
    std::vector<Setting> counts;
    for (const int64_t v : rs.virtual_stages_alternatives)
      counts.push_back({"parallel", "virtual_stages", v});
    choices.push_back(std::move(counts));
  }
  const ParallelConfig& par = scenario.parallel;
  const bool split_open = rs.pipeline_split_open && par.pipeline > 1 &&
                          par.first_stage_layers == 0 && par.last_stage_layers == 0 &&
                          !par.account_for_embedding_in_pipeline_split &&
                          !par.account_for_loss_in_pipeline_split &&
                          !stated(rs.doc, overrides, "parallel", "first_stage_layers") &&
                          !stated(rs.doc, overrides, "parallel", "last_stage_layers");
  if (split_open) {
    const int v = par.virtual_stages;
    const int even = (scenario.model.num_layers + par.pipeline - 1) / par.pipeline;
    std::vector<Setting> first, last;
    for (int n = v; n <= even + 2; n += v)
      first.push_back({"parallel", "first_stage_layers", n});
    for (int n = v; n <= even; n += v)
      last.push_back({"parallel", "last_stage_layers", n});
    open.push_back("the pipeline split");
    choices.push_back(std::move(first));
    choices.push_back(std::move(last));
  }
  const bool sp_era = profile != "none" || publication_year == 0 || publication_year >= 2022;
  if (!defaults_fit && offers->fit_sequence_parallel && sp_era && scenario.parallel.tensor > 1 &&
      !scenario.parallel.sequence_parallel &&
      !stated(rs.doc, overrides, "parallel", "sequence_parallel")) {
    open.push_back("sequence parallelism");
    choices.push_back({{"parallel", "sequence_parallel", true}});
  }
  const int from = scenario.parallel.zero_stage;
  const bool replicated = scenario.parallel.data * scenario.parallel.context > 1;
  if (!defaults_fit && rs.zero_stage_open && replicated && offers->fit_zero_stage > from &&
      !stated(json::object(), overrides, "parallel", "zero_stage")) {
    open.push_back("the ZeRO stage");
    std::vector<Setting> stages;
    for (int stage = from + 1; stage <= offers->fit_zero_stage; ++stage)
      stages.push_back({"parallel", "zero_stage", stage});
    choices.push_back(std::move(stages));
  }
  if (!defaults_fit && !stated(rs.doc, overrides, "training", "activation_recompute")) {
    std::vector<Setting> modes;
    for (const Recompute r : offers->fit_recompute) {
      if (r > scenario.training.activation_recompute)
        modes.push_back({"training", "activation_recompute", to_string(r)});
    }
    if (!modes.empty()) {
      open.push_back("activation recompute");
      choices.push_back(std::move(modes));
    }
  }
  if (choices.empty()) return;
  // Every combination: index 0 of a dimension keeps the default, k > 0 takes choice k - 1.
  std::optional<Candidate> best;
  // The defaults count among the settings weighed where they fit (only the virtual stages open).
  int tried = defaults_fit ? 1 : 0;
  int fitting = tried;
  if (defaults_fit) best = Candidate{{}, rs.doc, scenario, run};
  std::vector<std::size_t> index(choices.size(), 0);
  const auto next = [&] {  // the next combination, the default (all 0) first; false after the last
    for (std::size_t d = choices.size(); d-- > 0;) {
      if (++index[d] <= choices[d].size()) return true;
      index[d] = 0;
    }
    return false;
  };
  while (next()) {
    Candidate c;
    for (std::size_t k = 0; k < choices.size(); ++k) {
      if (index[k] > 0) c.settings.push_back(choices[k][index[k] - 1]);
    }
    c.doc = rs.doc;
    for (const Setting& s : c.settings)
      c.doc[s.section][s.key] = s.value;
    ++tried;
    try {
      c.scenario = parse_scenario(c.doc);
    } catch (const InputError&) {
      continue;  // a combination the scenario refuses (qlora with ZeRO-3) is not on offer
    }
    c.run = run_scenario(c.scenario);
    if (!c.run.result.fits_in_memory) continue;
    ++fitting;
    const double t = c.run.result.iteration_time_s;
    if (!best || t < best->run.result.iteration_time_s ||
        (t == best->run.result.iteration_time_s && c.settings.size() < best->settings.size())) {
      best = std::move(c);
    }
  }
  if (!best) return;
  const MemoryUse& before = run.result.memory_per_gpu_bytes;
  const std::string fastest =
      ", the fastest setting that fits (" + gib(best->run.result.memory_per_gpu_bytes.total) +
      " GiB; " + std::to_string(fitting) + " of " + std::to_string(tried) + " settings fit)";
  if (defaults_fit) {
    // Only the virtual stages and the pipeline split were open.
    std::string chosen;
    if (!rs.virtual_stages_alternatives.empty()) {
      const bool kept =
          std::none_of(best->settings.begin(), best->settings.end(),
                       [](const Setting& s) { return s.key == std::string("virtual_stages"); });
      chosen =
          "parallel.virtual_stages = " + std::to_string(best->scenario.parallel.virtual_stages) +
          (kept ? std::string(" (the smallest)") : std::string());
    }
    std::vector<Setting> split;
    for (const Setting& s : best->settings) {
      if (s.key != std::string("virtual_stages")) split.push_back(s);
    }
    if (split_open) {
      chosen += (chosen.empty() ? "" : " and ") +
                (split.empty() ? std::string("the even pipeline split") : said(split));
    }
    assumptions.push_back(and_listed(open) + " not stated: " + chosen + fastest);
  } else {
    assumptions.push_back(and_listed(open) + " not stated and " +
                          (profile == "none"
                               ? std::string("the field table's defaults (no framework profile)")
                               : "the " + profile + " profile's defaults") +
                          " do not fit (" + gib(before.total) + " of " + gib(before.capacity) +
                          " GiB): the run trained, so " + said(best->settings) + fastest);
  }
  rs.doc = std::move(best->doc);
  scenario = std::move(best->scenario);
  run = std::move(best->run);
}

// `count` × b / n when it divides; else an InputError naming the row's field.
int64_t scaled_down(const json& row, const char* key, int64_t count, int64_t b, int64_t n) {
  int64_t product = 0;
  if (n <= 0 || __builtin_mul_overflow(count, b, &product) || product % n != 0) {
    throw InputError(row_name(row) + "." + key, "does not scale to the baseline's GPUs",
                     std::to_string(count),
                     "a count that " + std::to_string(b) + "/" + std::to_string(n) +
                         " of leaves whole (the per-GPU batch kept)");
  }
  return product / n;
}

// The weak-scaling baseline of a scaling_efficiency_pct row: the same row on `b` GPUs with the
// global batch (and dp) scaled by b / num_gpus, so each GPU keeps its batch; run with the same
// --set assignments. Returns its result and says what it ran in `assumptions`.
RunResult run_baseline(const json& row, int64_t b, const std::vector<std::string>& overrides,
                       std::vector<std::string>& assumptions) {
  const int64_t n = required_int(row, "num_gpus");
  if (b >= n) {
    throw InputError(row_name(row) + ".metrics.scaling_baseline_gpus",
                     "is not fewer than the row's GPUs", std::to_string(b),
                     "fewer than num_gpus (" + std::to_string(n) + ")");
  }
  json small = row;
  small["num_gpus"] = b;
  small["global_batch_size"] =
      scaled_down(row, "global_batch_size", required_int(row, "global_batch_size"), b, n);
  if (const auto dp = row_int(row, "dp")) small["dp"] = scaled_down(row, "dp", *dp, b, n);
  RowScenario rs = row_to_scenario(small);
  for (const std::string& assignment : overrides)
    apply_override(rs.doc, assignment);
  const RunResult r = run_scenario(parse_scenario(rs.doc)).result;
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.0f", r.samples_per_s);
  assumptions.push_back("scaling efficiency = samples/s per GPU on " + std::to_string(n) +
                        " GPUs over that of the same row on " + std::to_string(b) +
                        " (global batch " + small["global_batch_size"].dump() +
                        ", the per-GPU batch kept), predicted " + rate +
                        " samples/s, mapped as the row is");
  return r;
}

// A stated parameter count far from the one the mapped model counts says that a field was
// misread, or that the model has parts the row's fields do not describe (a vision encoder, layers
// of a kind the model lacks); said, not corrected. Within 25 %, a name's rounded size ("Llama 3.2
// 1B", 1.24B) and the embeddings' tying pass unremarked.
std::optional<std::string> parameter_gap(const json& row, const Scenario& s) {
  if (s.model.is_layer_list()) return std::nullopt;
  const std::optional<double> stated = stated_params(row);
  if (!stated || !(*stated > 0.0)) return std::nullopt;
  const double counted = total_params(s.model);
  if (std::abs(std::log(counted / *stated)) <= std::log(1.25)) return std::nullopt;
  char text[320];
  std::snprintf(text, sizeof text,
                "the row states %.3g parameters, the model as mapped counts %.3g (%+.0f %%): "
                "a field may be misread, or the model has parts its fields do not describe; "
                "the prediction prices the model as mapped",
                *stated, counted, 100.0 * (counted / *stated - 1.0));
  return std::string(text);
}

void run_row(const json& row, const PublishedMetric& published,
             const std::vector<std::string>& overrides, ValidationRow& out) {
  RowScenario rs = row_to_scenario(row);
  out.label = std::move(rs.label);
  out.assumptions.insert(out.assumptions.end(), rs.assumptions.begin(), rs.assumptions.end());
  for (const std::string& assignment : overrides) {
    apply_override(rs.doc, assignment);
    out.assumptions.push_back("--set " + assignment);
  }
  Scenario scenario = parse_scenario(rs.doc);
  out.assumptions.insert(out.assumptions.end(), scenario.framework_defaults.begin(),
                         scenario.framework_defaults.end());
  RunOutput run = run_scenario(scenario);
  if (!run.result.fits_in_memory || !rs.virtual_stages_alternatives.empty() ||
      rs.pipeline_split_open) {
    const std::string before = layout_text(rs.doc.at("parallel"));
    fastest_setting_that_fits(rs, scenario, run, overrides, publication_year(row), out.assumptions);
    // The label shows the layout that ran.
    const auto at = out.label.find(before);
    if (at != std::string::npos)
      out.label.replace(at, before.size(), layout_text(rs.doc.at("parallel")));
  }
  out.scenario = rs.doc;
  out.predicted =
      published.metric == Metric::scaling_efficiency_pct
          ? scaling_efficiency_pct(
                run.result, run_baseline(row, published.baseline_gpus, overrides, out.assumptions))
          : predicted_metric(published.metric, run.result);
  if (published.metric == Metric::iteration_time_s) out.predicted *= rs.iteration_scale;
  out.error = relative_error(out.predicted, out.published);
  // Every other metric is a rate of the same work per iteration: the time goes as its inverse.
  out.time_residual = published.metric == Metric::iteration_time_s
                          ? out.published / out.predicted - 1.0
                          : out.error;
  out.error_class = error_class(scenario).key();
  out.warnings = run.result.warnings;
  if (auto gap = parameter_gap(row, scenario)) out.warnings.push_back(std::move(*gap));
  out.fits_in_memory = run.result.fits_in_memory;
  out.memory_verdict = to_string(run.result.memory_verdict);
  out.expressed = true;
}

}  // namespace

ValidationRow unexpressed_row(const json& row, std::string why_not) {
  ValidationRow out;
  out.id = row_id(row).value_or(0);
  out.label = fallback_label(row);
  out.why_not = std::move(why_not);
  return out;
}

ValidationRow validate_training_row(const json& given, const std::vector<std::string>& overrides) {
  ValidationRow out = unexpressed_row(given, "");
  try {
    const json row = completed_row(given, out.assumptions);
    out.label = fallback_label(row);
    const json metrics = row.contains("metrics") ? row.at("metrics") : json();
    const std::optional<PublishedMetric> published =
        published_metric(metrics, row_name(row) + ".metrics");
    if (!published) {
      out.why_not = std::string("no comparable metric (") + kMetricKeys + ")";
      return out;
    }
    out.metric = to_string(published->metric);
    out.published = published->value;
    if (!published->reading.empty()) out.assumptions.push_back(published->reading);
    if (!(published->value > 0.0)) {
      out.why_not = "published " + out.metric + " is not positive";
      return out;
    }
    run_row(row, *published, overrides, out);
  } catch (const InputError& e) {
    out.why_not = e.what();
  } catch (const std::exception& e) {
    out.why_not = std::string("simulator error: ") + e.what();
  }
  return out;
}

}  // namespace wt::validation
