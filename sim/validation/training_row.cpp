#include <exception>

#include "core/error.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/validation/error_class.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_metric.hpp"
#include "sim/validation/row_to_scenario.hpp"
#include "sim/validation/rows.hpp"
#include "sim/validation/summary.hpp"

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

void run_row(const json& row, const PublishedMetric& published,
             const std::vector<std::string>& overrides, ValidationRow& out) {
  RowScenario rs = row_to_scenario(row);
  out.label = std::move(rs.label);
  out.assumptions = std::move(rs.assumptions);
  for (const std::string& assignment : overrides) {
    apply_override(rs.doc, assignment);
    out.assumptions.push_back("--set " + assignment);
  }
  out.scenario = rs.doc;
  const Scenario scenario = parse_scenario(rs.doc);
  out.assumptions.insert(out.assumptions.end(), scenario.framework_defaults.begin(),
                         scenario.framework_defaults.end());
  const RunOutput run = run_scenario(scenario);
  out.predicted = predicted_metric(published.metric, run.result);
  if (published.metric == Metric::iteration_time_s) out.predicted *= rs.iteration_scale;
  out.error = relative_error(out.predicted, out.published);
  // Every other metric is a rate of the same work per iteration: the time goes as its inverse.
  out.time_residual = published.metric == Metric::iteration_time_s
                          ? out.published / out.predicted - 1.0
                          : out.error;
  out.error_class = error_class(scenario).key();
  out.warnings = run.result.warnings;
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

ValidationRow validate_training_row(const json& row, const std::vector<std::string>& overrides) {
  ValidationRow out = unexpressed_row(row, "");
  try {
    const json metrics = row.contains("metrics") ? row.at("metrics") : json();
    const std::optional<PublishedMetric> published =
        published_metric(metrics, row_name(row) + ".metrics");
    if (!published) {
      out.why_not = std::string("no comparable metric (") + kMetricKeys + ")";
      return out;
    }
    out.metric = to_string(published->metric);
    out.published = published->value;
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
