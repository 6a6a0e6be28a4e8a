#pragma once
// What the planner keeps of one evaluated candidate: the figures the recommendations rank by and
// explain with. The candidate's layout is not stored: its number rebuilds it (CandidateSpace).
#include <cstdint>
#include <string>

#include "planner/search/plan_spec.hpp"
#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

struct Outcome {
  uint64_t index = 0;
  std::string gpu;  // catalog id
  int num_gpus = 0;
  std::string engine = "analytical";
  double iteration_time_s = 0.0;
  double analytical_iteration_time_s = 0.0;  // before refinement (equal when not refined)
  double tokens_per_s = 0.0;
  double mfu = 0.0;
  double bubble_fraction = 0.0;         // of the iteration
  double exposed_comm_fraction = 0.0;   // of the iteration
  ExposedComm exposed_fraction_by_dim;  // of the iteration
  double memory_bytes = 0.0;            // on the GPU that needs the most
  double capacity_bytes = 0.0;
  bool memory_tight = false;     // the verdict is "tight": kept, and said so (docs/planner.md)
  double time_to_train_s = 0.0;  // failure-free
  double expected_time_s = 0.0;  // with failures (and spot preemptions)
  double gpu_hours = 0.0;        // expected, with failures
  double cost_usd = 0.0;         // expected, with failures
  double usd_per_gpu_hour = 0.0;
  double cluster_mtbf_s = 0.0;
  double checkpoint_interval_s = 0.0;
  // The Monte Carlo of the whole run (plan.rank_by "p90", after the search): 0 runs when not run.
  int monte_carlo_runs = 0;
  double p50_time_s = 0.0, p90_time_s = 0.0, p50_cost_usd = 0.0, p90_cost_usd = 0.0;
};

Outcome make_outcome(uint64_t index, const Scenario& s, const RunResult& r,
                     const SpotPreemption& spot);

// Total orders (the candidate number breaks the last tie).
bool faster(const Outcome& a, const Outcome& b);   // expected time, then cost
bool cheaper(const Outcome& a, const Outcome& b);  // expected cost, then time

// True without a deadline (budget). With RankBy::p90 a candidate the Monte Carlo ran for is
// judged by its P90: it finishes in time (within budget) in at least 90% of the runs.
bool meets_deadline(const Outcome& o, const PlanConstraints& c, RankBy by = RankBy::expected);
bool within_budget(const Outcome& o, const PlanConstraints& c, RankBy by = RankBy::expected);

// The order of the ranked list: candidates that satisfy the objective's constraint first, then by
// the objective's figure (the expectation, or with RankBy::p90 the P90 where the Monte Carlo ran).
bool ranks_before(const Outcome& a, const Outcome& b, Objective objective, const PlanConstraints& c,
                  RankBy by = RankBy::expected);

}  // namespace wt
