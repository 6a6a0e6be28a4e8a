#pragma once
// The search: every candidate of the space (or of one shard of it) materialized, checked, pruned
// or evaluated, on `jobs` threads. The result does not depend on `jobs` or on the shard split.
#include <atomic>
#include <cstdint>
#include <functional>

#include "planner/search/candidate_space.hpp"
#include "planner/search/search_state.hpp"

namespace wt {

// Shard i of n takes the candidates whose number is i modulo n (round robin, so that every shard
// gets its share of large and small clusters).
struct Shard {
  uint64_t index = 0;
  uint64_t count = 1;
};
Shard parse_shard(const std::string& text);  // "i/N"; InputError naming --shard

struct SearchOptions {
  int jobs = 1;
  Shard shard;
  size_t keep = 10;  // length of the ranked list
  // Called from a reporter thread about ten times a second with (looked at, to look at).
  std::function<void(uint64_t, uint64_t)> progress;
  // When set and true, every thread stops after its current chunk and the state is partial (the
  // GUI's cancel button; the CLI leaves it unset).
  const std::atomic<bool>* cancel = nullptr;
};

SearchState run_search(const CandidateSpace& space, const SearchOptions& options);

// One candidate through the checks and the engine into `state` (exposed for tests and benches).
void search_one(CandidateSpace::Cursor& cursor, uint64_t index, const PlanSpec& spec,
                Scenario& scratch, SearchState& state);

}  // namespace wt
