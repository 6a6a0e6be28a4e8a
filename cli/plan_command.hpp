#pragma once
// `windtunnel plan PLAN`: search the layouts and clusters of a plan file (docs/planner.md) and
// recommend one; shards of a search (--shard) and their merge (--merge); the price table
// (--prices); a resumable search (--checkpoint).
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/budget_options.hpp"

namespace wt::cli {

struct PlanOptions {
  std::string plan;
  bool json = false;
  int top = 5;
  int jobs = 0;  // 0 = one per hardware thread
  std::string shard;
  std::vector<std::string> merge;
  int refine = 0;
  std::string emit_dir;
  std::string csv_path;  // --csv: the candidate lists as a CSV table
  bool prices = false;
  std::string checkpoint_dir;  // resumable: finished parts saved here, found parts not searched
  int checkpoint_shards = 16;
  BudgetOptions budget;  // --max-search-time (planner/search/search_budget.hpp)
};

CLI::App* add_plan_command(CLI::App& app, PlanOptions& options);
int plan_command(const PlanOptions& options);  // exit code; bad input throws wt::InputError

}  // namespace wt::cli
