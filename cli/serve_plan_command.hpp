#pragma once
// `windtunnel serve-plan PLAN`: the cheapest deployment (GPU, TP, precision, batch limits,
// replicas) meeting a serving plan's SLOs at its peak rate, the replicas of each hour of its
// daily profile and the monthly cost (docs/serving.md), as text or one JSON object.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace wt::cli {

struct ServePlanOptions {
  std::string plan;
  std::vector<std::string> sets;
  bool json = false;
};

CLI::App* add_serve_plan_command(CLI::App& app, ServePlanOptions& options);
int serve_plan_command(const ServePlanOptions& options);  // 0; 3 when nothing meets the SLOs

}  // namespace wt::cli
