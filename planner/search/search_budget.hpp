#pragma once
// How long a plan's search will take, before it starts: the candidates of the space (or of one
// shard) over the measured evaluation rate times the threads; refused above the limit
// (--max-search-time, default 1 hour) with the estimate.
#include <cstdint>
#include <string>

namespace wt {

// Candidates looked at per second by one thread (materialized, prechecked, pruned or evaluated
// with the analytical engine), measured on the reference machine (docs/performance.md): 17,500/s
// on a dense plan where 77% of the candidates are evaluated, 312,000/s on a sparse one where 0.6%
// are; the dense figure, rounded down, so that the estimate errs long.
inline constexpr double kCandidatesPerSecondPerThread = 15000.0;
inline constexpr double kDefaultMaxSearch_s = 3600.0;

struct SearchEstimate {
  uint64_t candidates = 0;
  int jobs = 1;
  double seconds = 0.0;
};

SearchEstimate estimate_search(uint64_t candidates, int jobs);

// InputError at "--max-search-time" when the estimate passes `limit_s`, naming the candidates, the
// rate, the threads and the estimated time.
void check_search_time(const SearchEstimate& e, double limit_s);

// "42 s", "3.5 h", "12 days".
std::string duration_text(double seconds);

}  // namespace wt
