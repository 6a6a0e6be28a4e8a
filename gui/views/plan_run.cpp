#include "gui/views/plan_run.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <thread>

#include "gui/views/band_text.hpp"
#include "planner/search/evaluate.hpp"
#include "planner/search/search.hpp"
#include "sim/scenario/special_fields.hpp"

namespace wt::gui {
namespace {

// The fields whose value is a file path read relative to the plan file (sim/scenario).
void make_paths_absolute(nlohmann::json& doc, const std::string& base_dir) {
  const auto absolute = [&](nlohmann::json& v) {
    if (!v.is_string()) return;
    const std::string resolved = resolve_relative(base_dir, v.get<std::string>());
    v = std::filesystem::absolute(resolved).lexically_normal().string();
  };
  if (doc.contains("calibration")) absolute(doc["calibration"]);
  if (doc.contains("model") && doc["model"].contains("hf_config")) {
    absolute(doc["model"]["hf_config"]);
  }
  if (doc.contains("cluster") && doc["cluster"].contains("gpu")) {
    nlohmann::json& gpu = doc["cluster"]["gpu"];
    if (gpu.is_string() && gpu.get<std::string>().ends_with(".json")) absolute(gpu);
  }
}

// `windtunnel plan`'s search options (cli/plan_command.cpp search_options): one thread per
// hardware thread unless told, and a ranked list long enough for both --top and --refine.
SearchOptions search_options(const PlanRunOptions& o) {
  SearchOptions s;
  s.jobs =
      o.jobs > 0 ? o.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  s.keep = static_cast<size_t>(std::max({o.top, o.refine, 1}));
  s.cancel = o.cancel;
  if (o.progress) {
    s.progress = [progress = o.progress](uint64_t done, uint64_t total) {
      progress(total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 1.0);
    };
  }
  return s;
}

bool cancelled(const PlanRunOptions& o) {
  return o.cancel != nullptr && o.cancel->load();
}

}  // namespace

PlanRun::PlanRun(PlanSpec s) : spec(std::move(s)), space(spec) {}

std::vector<Outcome> PlanRun::rows() const {
  const std::vector<Outcome>& ranked = report.state.ranked;
  return {ranked.begin(), ranked.begin() + static_cast<long>(std::min(top, ranked.size()))};
}

std::vector<Outcome> PlanRun::known_outcomes() const {
  std::map<uint64_t, Outcome> by_index;
  const SearchState& st = report.state;
  for (const std::vector<Outcome>* list : {&st.ranked, &st.pareto}) {
    for (const Outcome& o : *list)
      by_index.emplace(o.index, o);
  }
  for (const auto& [key, o] : st.right_sizing)
    by_index.emplace(o.index, o);
  for (const std::optional<Outcome>* pick :
       {&st.fastest, &st.cheapest, &st.cheapest_within_deadline, &st.fastest_within_budget}) {
    if (*pick) by_index.emplace((*pick)->index, **pick);
  }
  std::vector<Outcome> out;
  for (const auto& [index, o] : by_index)
    out.push_back(o);
  return out;
}

std::string PlanRun::scenario_json(uint64_t index) const {
  nlohmann::json doc = space.document(index);
  make_paths_absolute(doc, spec.base_dir);
  return doc.dump(2);
}

std::shared_ptr<const PlanRun> run_plan(const PlanSpec& spec, const PlanRunOptions& options) {
  auto run = std::make_shared<PlanRun>(spec);
  run->top = static_cast<size_t>(std::max(1, options.top));
  const SearchOptions search = search_options(options);
  run->report.method = evaluation_method();
  run->report.bands = load_error_bands().bands;  // as `plan` reads them; none: no ± column text
  run->report.state = run_search(run->space, search);
  if (cancelled(options)) return nullptr;
  refine_top(run->space, static_cast<size_t>(std::max(0, options.refine)), run->report);
  rank_by_monte_carlo(run->space, run->report);
  if (cancelled(options)) return nullptr;
  if (options.progress) options.progress(1.0);
  return run;
}

}  // namespace wt::gui
