#include "sim/validation/validate.hpp"

#include "core/error.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/rows.hpp"
#include "sim/validation/summary.hpp"

namespace wt {
namespace {

using nlohmann::json;

json read_dataset(const std::string& path) {
  // The path is written into the JSON report, which must be UTF-8.
  require_utf8(path, "DATASET", "the path", "a UTF-8 file path");
  const std::optional<std::string> text = read_text_file(path);
  if (!text) throw InputError(path, "cannot be read", "", "a readable JSON file");
  json doc = parse_json_text(*text, path);
  if (!doc.is_array()) {
    throw InputError(path, "is not a JSON array", doc.type_name(), "a JSON array of rows");
  }
  return doc;
}

void validate_row(const json& row, const std::vector<std::string>& overrides,
                  std::vector<ValidationRow>& out) {
  if (!row.is_object()) {
    ValidationRow r;
    r.label = "(not an object)";
    r.why_not = "a row must be a JSON object";
    out.push_back(std::move(r));
    return;
  }
  const std::string type = validation::row_text(row, "row_type");
  // Another name for a training run ("training", "pretraining_throughput", "finetuning_throughput",
  // "lora"), or none on a row that gives a model and metrics: validated as one, and said.
  const std::string lower_type = validation::lower(type);
  const bool other_training_name =
      type != "training_throughput" &&
      (validation::contains(lower_type, "train") || validation::contains(lower_type, "tun") ||
       validation::contains(lower_type, "lora") || validation::contains(lower_type, "sft"));
  const auto given_type = row.find("row_type");
  const bool no_type = given_type == row.end() || given_type->is_null() || given_type->is_string();
  const bool untyped_training = type.empty() && no_type && row.contains("metrics") &&
                                row.contains("model_name") &&
                                (row.contains("num_gpus") || row.contains("num_nodes"));
  if (type == "training_throughput" || other_training_name || untyped_training) {
    ValidationRow r = validation::validate_training_row(row, overrides);
    if (type != "training_throughput") {
      r.assumptions.insert(r.assumptions.begin(),
                           type.empty() ? "row_type not given: a training run (the row gives a "
                                          "model, GPUs and metrics)"
                                        : "row_type '" + type + "' read as training_throughput");
    }
    out.push_back(std::move(r));
  } else if (type == "collective_benchmark") {
    for (ValidationRow& r : validation::validate_collective_row(row, overrides))
      out.push_back(std::move(r));
  } else {
    const std::string named =
        no_type ? "'" + type + "'" : given_type->dump();  // a number or an object, as written
    out.push_back(validation::unexpressed_row(
        row, "row_type " + named + " is not handled (training_throughput, collective_benchmark)"));
  }
}

}  // namespace

ValidationReport validate_dataset(const std::string& path,
                                  const std::vector<std::string>& overrides) {
  const json rows = read_dataset(path);
  ValidationReport report;
  report.dataset = path;
  for (const json& row : rows)
    validate_row(row, overrides, report.rows);
  validation::summarize(report);
  return report;
}

ValidationReport validate_datasets(const std::vector<std::string>& paths,
                                   const std::vector<std::string>& overrides) {
  ValidationReport all;
  for (const std::string& path : paths) {
    ValidationReport one = validate_dataset(path, overrides);
    all.dataset += (all.dataset.empty() ? "" : " + ") + one.dataset;
    for (ValidationRow& row : one.rows)
      all.rows.push_back(std::move(row));
  }
  validation::summarize(all);
  return all;
}

}  // namespace wt
