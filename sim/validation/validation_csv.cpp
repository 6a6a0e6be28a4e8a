// validation_csv: the rows of `validate --json` as one CSV table (docs/cli.md, "--csv").
#include "core/csv.hpp"
#include "sim/report/csv_json.hpp"
#include "sim/validation/validate.hpp"

namespace wt {

std::string validation_csv(const nlohmann::json& report) {
  CsvTable table({"id", "label", "metric", "published", "predicted", "error_percent",
                  "memory_verdict", "fits_in_memory", "error_class", "expressed", "why_not"});
  for (const nlohmann::json& r : report["rows"]) {
    const bool expressed = r["expressed"].get<bool>();
    const double error = r["error"].get<double>();
    table.add_row({csv_cell(r["id"]), csv_cell(r["label"]), csv_cell(r["metric"]),
                   csv_cell(r["published"]), expressed ? csv_cell(r["predicted"]) : "",
                   expressed ? csv_number(100.0 * error) : "",
                   expressed ? csv_cell(r["memory_verdict"]) : "",
                   expressed ? csv_cell(r["fits_in_memory"]) : "", csv_cell(r["error_class"]),
                   csv_cell(r["expressed"]), csv_cell(r["why_not"])});
  }
  return table.str();
}

}  // namespace wt
