#pragma once
// A plan searched for the GUI the way `windtunnel plan` searches it (cli/plan_command.cpp): the
// whole candidate space on `jobs` threads, the best `refine` re-timed with SimGrid. It keeps what
// is needed to rebuild any ranked candidate's scenario (the spec and its CandidateSpace).
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "planner/search/candidate_space.hpp"
#include "planner/search/plan_report.hpp"
#include "planner/search/plan_spec.hpp"

namespace wt::gui {

struct PlanRunOptions {
  int jobs = 0;                               // 0: one per hardware thread
  int top = 10;                               // length of the ranked list
  int refine = 0;                             // re-time the best N with SimGrid (0: none)
  std::function<void(double)> progress;       // fraction looked at (0..1), from a worker thread
  const std::atomic<bool>* cancel = nullptr;  // set to stop; run_plan then returns nullptr
};

struct PlanRun {
  explicit PlanRun(wt::PlanSpec s);
  PlanRun(const PlanRun&) = delete;
  PlanRun& operator=(const PlanRun&) = delete;

  wt::PlanSpec spec;
  wt::CandidateSpace space;  // refers to `spec`
  wt::PlanReport report;
  size_t top = 10;  // rows of the ranked list shown, as `plan --top`

  // The head of the ranked list: what `plan` prints under "ranked".
  std::vector<wt::Outcome> rows() const;
  // Every candidate the report names once (ranked, Pareto front, right-sizing, picks), by number.
  std::vector<wt::Outcome> known_outcomes() const;
  // The candidate's concrete scenario document as JSON text: the scenario `plan --emit` writes
  // launch configs for, with relative file paths (hf_config, calibration) made absolute so that
  // it reads the same from anywhere. Throws wt::InputError when the candidate is invalid.
  std::string scenario_json(uint64_t index) const;
};

// Throws wt::InputError (bad plan, no price) like the CLI; returns nullptr when cancelled.
std::shared_ptr<const PlanRun> run_plan(const wt::PlanSpec& spec, const PlanRunOptions& options);

}  // namespace wt::gui
