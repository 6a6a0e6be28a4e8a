#pragma once
// The running answer of a search: counts, the best candidate by each criterion, the Pareto front
// of time against cost, the fastest layout per (GPU type, GPU count) and the ranked list. Adding
// candidates and merging states are exact and order-independent (every choice is a total order),
// so threads and shards give the answer of one sequential search.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "planner/search/outcome.hpp"

namespace wt {

struct SearchState {
  PlanConstraints constraints;
  Objective objective = Objective::fastest;
  size_t keep = 10;  // length of the ranked list

  uint64_t combinations = 0;  // looked at
  uint64_t evaluated = 0;     // timed by the engine
  uint64_t equivalent = 0;    // the twin of a lower-numbered one (CandidateSpace::equivalent)
  std::map<std::string, uint64_t> invalid;  // by the JSON path of the broken rule
  std::map<std::string, uint64_t> pruned;   // by reason
  std::optional<Outcome> fastest, cheapest, cheapest_within_deadline, fastest_within_budget;
  std::vector<Outcome> pareto;  // no candidate is both faster and cheaper; by time
  std::map<std::pair<std::string, int>, Outcome> right_sizing;  // fastest per (GPU, count)
  std::vector<Outcome> ranked;                                  // best `keep` by the objective

  void add(const Outcome& o);
  void merge(const SearchState& other);
};

SearchState empty_state(const PlanSpec& spec, size_t keep);

}  // namespace wt
