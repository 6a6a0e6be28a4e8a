// plan_csv: the candidate lists of `plan --json` as one CSV table (docs/cli.md, "--csv").
#include "core/csv.hpp"
#include "planner/search/plan_report.hpp"
#include "sim/report/csv_json.hpp"

namespace wt {
namespace {

// The lists, in the order of the text output, as `table` names them (their plan_json keys).
constexpr const char* kTables[] = {"pareto", "right_sizing", "refined", "ranked"};

// The figures of a candidate, as named in `plan --json`.
constexpr const char* kFigures[] = {"gpu",
                                    "num_gpus",
                                    "num_nodes",
                                    "layout",
                                    "expected_days",
                                    "expected_time_to_train_with_failures_s",
                                    "time_to_train_s",
                                    "cost_usd",
                                    "gpu_hours",
                                    "usd_per_gpu_hour",
                                    "iteration_time_s",
                                    "tokens_per_s",
                                    "mfu",
                                    "bubble_fraction",
                                    "exposed_comm_fraction",
                                    "memory_per_gpu_bytes",
                                    "memory_capacity_bytes",
                                    "memory_verdict",
                                    "meets_deadline",
                                    "within_budget",
                                    "engine",
                                    "price",
                                    "index"};

// iteration_time_s_range and error_band, flattened: null without a bands file.
void band_cells(std::vector<std::string>& row, const nlohmann::ordered_json& c) {
  const nlohmann::ordered_json& range = c["iteration_time_s_range"];
  const nlohmann::ordered_json& band = c["error_band"];
  row.push_back(range.is_array() ? csv_cell(range[0]) : "");
  row.push_back(range.is_array() ? csv_cell(range[1]) : "");
  row.push_back(band.is_object() ? csv_cell(band, "half_width") : "");
  row.push_back(band.is_object() ? csv_cell(band, "class") : "");
}

// The Monte Carlo's P50/P90 days and cost (plan.rank_by "p90"); empty when it was not run.
void monte_carlo_cells(std::vector<std::string>& row, const nlohmann::ordered_json& c) {
  const nlohmann::ordered_json& m = c["monte_carlo"];
  for (const char* key : {"p50_days", "p90_days", "p50_cost_usd", "p90_cost_usd"})
    row.push_back(m.is_object() ? csv_cell(m, key) : "");
}

}  // namespace

std::string plan_csv(const nlohmann::ordered_json& plan) {
  std::vector<std::string> header = {"table", "rank"};
  header.insert(header.end(), std::begin(kFigures), std::end(kFigures));
  header.insert(header.end(), {"iteration_time_low_s", "iteration_time_high_s",
                               "error_band_half_width", "error_band_class", "p50_days", "p90_days",
                               "p50_cost_usd", "p90_cost_usd", "why"});
  CsvTable table(header);
  for (const char* name : kTables) {
    long long rank = 1;
    for (const auto& c : plan[name]) {
      std::vector<std::string> row = {name, csv_integer(rank++)};
      for (const char* key : kFigures)
        row.push_back(csv_cell(c, key));
      band_cells(row, c);
      monte_carlo_cells(row, c);
      row.push_back(csv_cell(c, "why"));
      table.add_row(row);
    }
  }
  return table.str();
}

}  // namespace wt
