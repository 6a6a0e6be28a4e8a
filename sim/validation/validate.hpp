#pragma once
// `windtunnel validate`: builds a scenario from each row of a published-runs dataset (the format of
// scenarios/validation/published-runs-dev.json), runs it, and compares prediction with publication.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wt {

struct ValidationRow {
  int id = 0;
  std::string label;   // model, GPUs and layout in a few words
  std::string metric;  // what is compared, e.g. "iteration_time_s", "tflops_per_gpu"
  double published = 0.0;
  double predicted = 0.0;
  double error = 0.0;  // (predicted - published) / published
  // The measured time over the predicted one, less 1 (positive: the run was slower than
  // predicted): `error` of a throughput metric, published/predicted - 1 of a time metric.
  double time_residual = 0.0;
  // Its class for the error bands (sim/validation/error_class.hpp); "collective" for nccl-tests
  // entries; empty when the row was not expressed.
  std::string error_class;
  bool expressed = false;  // false: the row could not be run; `why_not` says why
  std::string why_not;
  std::vector<std::string> assumptions;  // what the row did not say and the scenario assumed
  std::vector<std::string> warnings;     // what the run warned about (e.g. does not fit in memory)
  bool fits_in_memory = true;            // the run's verdict (training rows) is not "does not fit"
  std::string memory_verdict = "fits";   // "fits", "tight" or "does not fit"
  nlohmann::json scenario;               // the scenario document a training row became (or null)
};

struct ValidationReport {
  std::string dataset;
  std::vector<ValidationRow> rows;
  int expressed = 0;
  double median_abs_error = 0.0;
  double p90_abs_error = 0.0;  // nearest rank: the smallest error at or above 90 % of the entries
  double max_abs_error = 0.0;
};

// The residuals (ValidationRow::time_residual) of the expressed rows of one error class.
struct ClassResiduals {
  std::string key;  // "megatron/16bit/3d", "collective", ...
  int count = 0;
  double median_abs = 0.0;
  double p90_abs = 0.0;  // nearest rank, as ValidationReport::p90_abs_error
  double max_abs = 0.0;
  double signed_mean = 0.0;  // > 0: the runs were slower than predicted on average
};

// `overrides` ("dotted.path=value", as `run --set`) are applied to every training row's scenario,
// and those under cluster.* to the collective rows' clusters: what-if runs of the whole dataset.
ValidationReport validate_dataset(const std::string& path,
                                  const std::vector<std::string>& overrides = {});
// Several datasets as one report: the rows of each in order, `dataset` their paths joined by
// " + ", the summary over all.
ValidationReport validate_datasets(const std::vector<std::string>& paths,
                                   const std::vector<std::string>& overrides = {});
// Per error class of the expressed rows, sorted by key.
std::vector<ClassResiduals> class_residuals(const ValidationReport& r);
nlohmann::json to_json(const ValidationReport& r);
std::string validation_table(const ValidationReport& r);
// `validate --csv`: one row per entry of the to_json document (docs/cli.md).
std::string validation_csv(const nlohmann::json& report_json);

}  // namespace wt
