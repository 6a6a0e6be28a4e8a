#pragma once
// What `windtunnel plan` prints: the named recommendations with a one-line why, the Pareto front,
// the right-sizing table and the ranked list, as text or as one JSON object; and the partial
// state of one shard, which `plan --merge` joins.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/search/candidate_space.hpp"
#include "planner/search/search.hpp"
#include "planner/search/search_state.hpp"
#include "sim/validation/error_bands.hpp"

namespace wt {

struct PlanReport {
  SearchState state;
  std::vector<Outcome> refined;  // the top of the ranked list re-timed with SimGrid, re-ranked
  std::string method;            // how candidates were evaluated
  // The committed error bands (sim/validation/error_bands.hpp): each candidate's iteration time
  // is shown with its band; none without a bands file.
  std::optional<validation::ErrorBands> bands;
  // The recommended candidate: the best refined one, else the head of the ranked list.
  std::optional<Outcome> chosen() const;
};

// The error band of a candidate's iteration time from the report's bands (the lookup `run` makes,
// validation::band_of on the candidate's scenario); none without a bands file.
std::optional<ErrorBand> candidate_band(const CandidateSpace& space, const PlanReport& report,
                                        const Outcome& o);

// Re-times the first `n` of the ranked list with the SimGrid engine and ranks them again.
void refine_top(const CandidateSpace& space, size_t n, PlanReport& report);

// With plan.rank_by "p90": runs plan.monte_carlo_runs Monte Carlo runs of the whole job (from the
// scenario's reliability.seed, the same for every candidate) for each candidate of the ranked and
// refined lists, fills in their P50/P90 time and cost and orders both lists by the P90. Nothing
// with the default "expected".
void rank_by_monte_carlo(const CandidateSpace& space, PlanReport& report);

// "MFU 46.2%; PP 4 bubble 4.5% (128 micro-batches); exposed comm 3.1% (mostly DP); memory 52.1 of
// 74.5 GiB (30% headroom)".
std::string why_text(const CandidateSpace& space, const Outcome& o);
// "TP 8 · PP 4 · DP 32 · mb 1 · ZeRO-1 · SP · selective · 1F1B" (plus the axes' other values).
std::string layout_text(const CandidateSpace& space, const Outcome& o);

nlohmann::ordered_json plan_json(const CandidateSpace& space, const PlanReport& report);
std::string plan_text(const CandidateSpace& space, const PlanReport& report, size_t top);
// `plan --csv`: the Pareto front, the right-sizing table, the refined and the ranked lists of the
// plan_json document as one CSV table, a `table` column naming the list (docs/cli.md).
std::string plan_csv(const nlohmann::ordered_json& plan_json);

// Shards: the state as JSON and back; merging checks that the shards are one plan's, each once.
nlohmann::ordered_json shard_json(const PlanSpec& spec, const SearchState& state,
                                  const Shard& shard);
SearchState merge_shards(const PlanSpec& spec, const std::vector<nlohmann::json>& shards,
                         const std::vector<std::string>& names);

// A fraction as a percentage with one decimal: 0.1234 → "12.3%".
std::string percent_text(double fraction);

}  // namespace wt
