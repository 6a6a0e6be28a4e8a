#pragma once
// "Plan around this scenario": the document turned into a plan file (docs/planner.md) that keeps
// its model, cluster and training and varies the layout — tensor and pipeline sizes, micro-batch,
// ZeRO stage and recomputation — with parallel.data derived per candidate.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gui/app/json_path.hpp"

namespace wt::gui {

struct PlanAround {
  nlohmann::json plan;  // the plan document, for wt::parse_plan
  // Paths the plan had to assume (training.total_tokens when the scenario has none, so that
  // candidates rank by time to train); a chosen layout drops them again.
  std::vector<std::string> assumed_paths;
};

PlanAround plan_around(const Json& scenario_doc);

// The document of a chosen layout: relative paths made absolute against the plan's folder, the
// plan's assumptions removed.
Json layout_document(const std::string& scenario_json, const std::string& plan_base_dir,
                     const std::vector<std::string>& assumed_paths);

}  // namespace wt::gui
