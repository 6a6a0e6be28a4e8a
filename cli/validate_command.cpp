#include "cli/validate_command.hpp"

#include <filesystem>
#include <iostream>
#include <map>
#include <optional>

#include "cli/console.hpp"
#include "cli/interrupt.hpp"
#include "cli/output_files.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "core/input_file.hpp"
#include "planner/commands/validate_answer.hpp"
#include "sim/validation/error_bands.hpp"
#include "sim/validation/validate.hpp"

namespace wt::cli {

CLI::App* add_validate_command(CLI::App& app, ValidateOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "validate", "Compare predictions with published training runs (predicted vs published).");
  cmd->add_option("DATASET", o.datasets,
                  "Published-runs JSON files, e.g. scenarios/validation/published-runs-dev.json "
                  "(several: one report over all their rows)")
      ->required();
  cmd->add_flag("--json", o.json, "Print the report as JSON");
  cmd->add_option("--csv", o.csv_path,
                  "Write one row per entry (published, predicted, error %, memory verdict, error "
                  "class) as a CSV table")
      ->type_name("FILE.csv")
      ->check(non_empty_path());
  cmd->add_option("--emit-scenarios", o.emit_scenarios_dir,
                  "Write the scenario each training row became to DIR/row-<id>.json (run them "
                  "with `windtunnel run` to see the whole prediction)")
      ->check(non_empty_path());
  cmd->add_option("--set", o.sets,
                  "Override a scenario field in every training row (cluster.* ones also in "
                  "the nccl-tests rows), e.g. --set cluster.gpu_speed_spread=0")
      ->type_name("KEY.PATH=VALUE")
      ->allow_extra_args(false);
  cmd->add_option("--write-bands", o.write_bands,
                  "Write the residuals per error class to FILE, the error bands that `run` and "
                  "`plan` print (docs/validation.md, \"Error bands\")")
      ->type_name("FILE.json")
      ->check(non_empty_path());
  cmd->add_flag("--force", o.force, "Let --write-bands replace an existing file");
  return cmd;
}

namespace {

// One file per expressed row: row-<id>.json, and row-<id>-2.json, -3, ... for rows that share an
// id (rows without one have id 0), so that no row's scenario overwrites another's.
void emit_scenarios(const ValidationReport& report, const std::string& dir) {
  ensure_directory(dir, "--emit-scenarios");
  int written = 0;
  std::map<int, int> seen;
  for (const ValidationRow& row : report.rows) {
    if (row.scenario.is_null()) continue;
    const int n = ++seen[row.id];
    const std::string name =
        "row-" + std::to_string(row.id) + (n > 1 ? "-" + std::to_string(n) : "") + ".json";
    write_file_atomically(std::filesystem::path(dir) / name, row.scenario.dump(2) + "\n",
                          "--emit-scenarios");
    ++written;
  }
  note_out() << written << " scenarios written to " << dir << "\n";
}

void require_new_bands_file(const ValidateOptions& o) {
  std::error_code ec;
  if (!o.force && std::filesystem::exists(o.write_bands, ec)) {
    throw InputError("--write-bands", "names a file that exists", o.write_bands,
                     "a new file, or --force to replace it");
  }
}

// The output files against each other and the datasets, before any row is run.
void require_distinct_outputs(const ValidateOptions& o) {
  std::vector<NamedPath> inputs;
  for (const std::string& dataset : o.datasets)
    inputs.push_back({"DATASET", dataset});
  require_distinct_files({{"--write-bands", o.write_bands},
                          {"--csv", o.csv_path},
                          {"--emit-scenarios", o.emit_scenarios_dir}},
                         inputs);
}

}  // namespace

int validate_command(const ValidateOptions& o) {
  const InterruptGuard interrupts;
  for (const std::string& dataset : o.datasets)
    require_input_file("DATASET", dataset);
  require_scenario_field_assignments(o.sets, "--set");
  if (!o.emit_scenarios_dir.empty())
    require_output_folder(o.emit_scenarios_dir, "--emit-scenarios");
  if (!o.write_bands.empty()) require_new_bands_file(o);
  require_distinct_outputs(o);
  std::optional<AtomicFile> csv;
  if (!o.csv_path.empty()) csv.emplace(o.csv_path, "--csv");
  const ValidationReport report = validate_datasets(o.datasets, o.sets);
  if (!o.emit_scenarios_dir.empty()) emit_scenarios(report, o.emit_scenarios_dir);
  if (!o.write_bands.empty()) {
    const validation::ErrorBands bands =
        validation::build_error_bands(report, o.datasets, validation::today_utc());
    write_file_atomically(o.write_bands, validation::to_json(bands).dump(2) + "\n",
                          "--write-bands");
    note_out() << "error bands written to " << o.write_bands << "\n";
  }
  if (csv) {
    csv->stream() << validation_csv(to_json(report));
    csv->commit();
  }
  if (o.json) {
    std::cout << to_json(report).dump(2) << "\n";
  } else {
    report_out() << validation_table(report);
  }
  return to_int(ExitCode::ok);
}

}  // namespace wt::cli
