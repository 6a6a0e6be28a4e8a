#include "cli/plan_command.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <optional>
#include <thread>

#include "cli/console.hpp"
#include "cli/interrupt.hpp"
#include "cli/output_files.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "core/input_file.hpp"
#include "planner/commands/plan_answer.hpp"
#include "planner/emit/emit.hpp"
#include "planner/prices/prices.hpp"
#include "planner/search/checkpoint.hpp"
#include "planner/search/plan_report.hpp"
#include "planner/search/search_budget.hpp"
#include "sim/report/text_table.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt::cli {
namespace {

void print_prices() {
  TextTable t({{"GPU"},
               {"provider"},
               {"on-demand $/GPU-h", Align::right},
               {"spot $/GPU-h", Align::right},
               {"offering"},
               {"date"},
               {"source"}});
  for (const GpuPrice& p : builtin_prices()) {
    char od[32], spot[32];
    std::snprintf(od, sizeof od, "%.4g", p.on_demand_usd_per_gpu_hour);
    std::snprintf(spot, sizeof spot, "%.4g", p.spot_usd_per_gpu_hour);
    t.add_row({p.gpu, p.provider, od, p.spot_usd_per_gpu_hour > 0 ? spot : "-", p.offering, p.date,
               p.source});
  }
  report_out() << t.str()
               << "From data/reference/hardware-and-prices.json (cloud_prices); override them "
                  "with \"plan\": {\"prices\": {...}}.\n";
}

void show_progress(uint64_t done, uint64_t total) {
  std::fprintf(stderr, "\rplan: %llu of %llu candidates (%.0f%%)",
               static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
               total > 0 ? 100.0 * static_cast<double>(done) / static_cast<double>(total) : 100.0);
}

// Ends the progress display: the terminal's line, or the last line of a log.
void end_progress(const SearchOptions& options, uint64_t total) {
  if (quiet()) return;
  if (isatty(STDERR_FILENO) != 0) {
    std::fprintf(stderr, "\n");
  } else {
    options.progress(total, total);
  }
}

SearchOptions search_options(const PlanOptions& o) {
  SearchOptions s = plan_search_options(o.jobs, o.top, o.refine);
  if (!o.shard.empty()) s.shard = parse_shard(o.shard);
  if (!quiet()) s.progress = isatty(STDERR_FILENO) != 0 ? show_progress : progress_lines();
  return s;
}

SearchState merged_state(const PlanOptions& o, const PlanSpec& spec) {
  std::vector<nlohmann::json> shards;
  for (const std::string& file : o.merge) {
    require_input_file("--merge", file);
    const std::optional<std::string> text = read_text_file(file);
    if (!text) throw InputError("--merge", "cannot read the shard", file, "a readable file");
    shards.push_back(parse_json_text(*text, file));
  }
  return merge_shards(spec, shards, o.merge);
}

void check_options(const PlanOptions& o) {
  if (o.plan.empty()) throw InputError("PLAN", "required (or --prices)", "", "a plan file");
  if (!o.shard.empty() && !o.merge.empty()) {
    throw InputError("--shard", "cannot be combined with --merge", o.shard,
                     "--shard to search one part, --merge to join the parts");
  }
  if (!o.shard.empty() && (o.refine > 0 || !o.emit_dir.empty() || !o.csv_path.empty())) {
    throw InputError("--shard",
                     "a shard prints its partial state only: refine, emit and write --csv when "
                     "merging",
                     o.shard, "--shard without --refine, --emit and --csv");
  }
  if (!o.checkpoint_dir.empty() && (!o.shard.empty() || !o.merge.empty())) {
    throw InputError("--checkpoint", "cannot be combined with --shard or --merge", o.checkpoint_dir,
                     "--checkpoint alone (it shards and merges by itself)");
  }
  require_refine_engine(o.refine, "--refine");
}

SearchState checkpointed_state(const PlanOptions& o, const CandidateSpace& space,
                               const SearchOptions& options) {
  ensure_directory(o.checkpoint_dir, "--checkpoint");
  const auto save = [](const std::string& path, const std::string& text) {
    write_file_atomically(path, text, "--checkpoint");
  };
  const CheckpointRun run = run_checkpointed_search(
      space, options, o.checkpoint_dir, static_cast<uint64_t>(o.checkpoint_shards), save);
  end_progress(options, space.size());
  if (run.resumed > 0) {
    note_out() << "plan: resumed " << run.resumed << " of " << o.checkpoint_shards << " parts from "
               << o.checkpoint_dir << "\n";
  }
  return run.state;
}

}  // namespace

CLI::App* add_plan_command(CLI::App& app, PlanOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "plan", "Search clusters and layouts for a training job; recommend what to rent.");
  cmd->add_option("PLAN", o.plan,
                  "Plan file: a scenario with lists/ranges and a \"plan\" block "
                  "(docs/planner.md)");
  cmd->add_flag("--json", o.json, "Print the result as one JSON object");
  cmd->add_option("--top", o.top, "Length of the ranked list")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  cmd->add_option("--jobs", o.jobs, "Threads (default: one per hardware thread)")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--shard", o.shard,
                  "Search only shard i of N (prints the partial state as JSON, for --merge)")
      ->type_name("i/N");
  cmd->add_option("--merge", o.merge, "Join the shards' outputs into the full answer")
      ->type_name("SHARD.json ...")
      ->check(non_empty_path());
  cmd->add_option("--refine", o.refine, "Re-time the best N with the SimGrid engine")
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--emit", o.emit_dir, "Write launch configs of the recommended plan into DIR")
      ->type_name("DIR")
      ->check(non_empty_path());
  cmd->add_option("--checkpoint", o.checkpoint_dir,
                  "Resumable search: save each finished part in DIR; run again with the same DIR "
                  "after an interruption to continue")
      ->type_name("DIR")
      ->check(non_empty_path());
  cmd->add_option("--checkpoint-shards", o.checkpoint_shards,
                  "Parts of a --checkpoint search (a rerun must use the same number)")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--csv", o.csv_path,
                  "Write the Pareto front, the right-sizing table and the ranked list as one CSV "
                  "table (a `table` column names the list)")
      ->type_name("FILE.csv")
      ->check(non_empty_path());
  add_max_search_time_option(cmd, o.budget);
  cmd->add_flag("--prices", o.prices, "List the built-in price table and exit");
  return cmd;
}

int plan_command(const PlanOptions& o) {
  const InterruptGuard interrupts;
  if (o.prices) {
    print_prices();
    return to_int(ExitCode::ok);
  }
  check_options(o);
  require_input_file("PLAN", o.plan);
  if (!o.emit_dir.empty()) require_output_folder(o.emit_dir, "--emit");
  if (!o.checkpoint_dir.empty()) require_output_folder(o.checkpoint_dir, "--checkpoint");
  std::optional<AtomicFile> csv;
  if (!o.csv_path.empty()) {
    std::vector<NamedPath> inputs = {{"PLAN", o.plan}};
    for (const std::string& shard : o.merge)
      inputs.push_back({"--merge", shard});
    require_distinct_files({{"--csv", o.csv_path}, {"--emit", o.emit_dir}}, inputs);
    csv.emplace(o.csv_path, "--csv");
  }
  const PlanSpec spec = load_plan_file(o.plan);
  const CandidateSpace space(spec);
  const SearchOptions options = search_options(o);
  const Shard& shard = options.shard;
  const uint64_t mine =
      space.size() / shard.count + (shard.index < space.size() % shard.count ? 1 : 0);
  if (o.merge.empty()) {
    check_search_time(estimate_search(mine, options.jobs), search_time_limit_s(o.budget));
  }
  // A malformed bands file is refused before the search; a missing one means no bands, with a note.
  std::string bands_note;
  PlanReport report = new_plan_report(o.shard.empty(), bands_note);
  if (!bands_note.empty()) note_out() << bands_note << "\n";
  if (!o.merge.empty()) {
    report.state = merged_state(o, spec);
  } else if (!o.checkpoint_dir.empty()) {
    report.state = checkpointed_state(o, space, options);
  } else {
    report.state = run_search(space, options);
    end_progress(options, mine);
  }
  if (!o.shard.empty()) {
    std::cout << shard_json(spec, report.state, options.shard).dump(2) << "\n";
    return to_int(ExitCode::ok);
  }
  refine_top(space, static_cast<size_t>(o.refine), report);
  rank_by_monte_carlo(space, report);
  const std::optional<Outcome> chosen = report.chosen();
  if (!o.emit_dir.empty() && chosen) {
    const Scenario best = space.scenario(chosen->index);
    if (const std::string why = why_no_launch_files(best); !why.empty()) {
      note_out() << "--emit: no launch files written: " << why << "\n";
    } else {
      emit_launch_configs(best, o.emit_dir);
    }
  }
  // Built for the text too: it is where a NaN or infinity is caught (docs/reliability.md).
  const nlohmann::ordered_json answer = plan_json(space, report);
  if (csv) {
    csv->stream() << plan_csv(answer);
    csv->commit();
  }
  if (o.json) {
    std::cout << answer.dump(2) << "\n";
  } else {
    report_out() << plan_text(space, report, static_cast<size_t>(o.top));
  }
  return to_int(chosen ? ExitCode::ok : ExitCode::infeasible);
}

}  // namespace wt::cli
