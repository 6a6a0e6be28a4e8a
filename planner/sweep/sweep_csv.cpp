// sweep_csv: the `sweep --json` points as one CSV table (docs/cli.md, "--csv").
#include "core/csv.hpp"
#include "planner/sweep/sweep_report.hpp"
#include "sim/report/csv_json.hpp"

namespace wt {
namespace {

// The figures of a point that ran, as named in `sweep --json`.
constexpr const char* kFigures[] = {"num_gpus",
                                    "iteration_time_s",
                                    "tokens_per_s",
                                    "tokens_per_s_per_gpu",
                                    "speedup",
                                    "scaling_efficiency",
                                    "mfu",
                                    "fits_in_memory",
                                    "memory_per_gpu_bytes",
                                    "time_to_train_s",
                                    "cost_usd"};

}  // namespace

std::string sweep_csv(const nlohmann::ordered_json& sweep) {
  std::vector<std::string> header = {"point"};
  for (const auto& axis : sweep["axes"])
    header.push_back(axis["path"].get<std::string>());
  header.insert(header.end(), {"ok", "reference", "memory_verdict"});
  header.insert(header.end(), std::begin(kFigures), std::end(kFigures));
  header.push_back("error");
  CsvTable table(header);
  const nlohmann::ordered_json& reference = sweep["reference_point"];
  long long index = 0;
  for (const auto& p : sweep["points"]) {
    std::vector<std::string> row = {csv_integer(index)};
    for (const auto& axis : sweep["axes"])
      row.push_back(csv_cell(p["values"], axis["path"].get<std::string>().c_str()));
    const bool ran = p["ok"].get<bool>();
    row.push_back(csv_cell(p["ok"]));
    row.push_back(reference.is_number() && reference.get<long long>() == index ? "true" : "false");
    row.push_back(ran ? csv_cell(p["result"], "memory_verdict") : "");
    for (const char* key : kFigures)
      row.push_back(csv_cell(p, key));
    row.push_back(csv_cell(p["error"]));
    table.add_row(row);
    ++index;
  }
  return table.str();
}

}  // namespace wt
