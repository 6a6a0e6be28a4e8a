#include "planner/search/search_budget.hpp"

#include <algorithm>
#include <cstdio>

#include "core/error.hpp"

namespace wt {

SearchEstimate estimate_search(uint64_t candidates, int jobs) {
  SearchEstimate e;
  e.candidates = candidates;
  e.jobs = std::max(1, jobs);
  e.seconds = static_cast<double>(candidates) / (kCandidatesPerSecondPerThread * e.jobs);
  return e;
}

std::string duration_text(double seconds) {
  char buf[48];
  if (seconds < 120.0) {
    std::snprintf(buf, sizeof buf, "%.0f s", seconds);
  } else if (seconds < 7200.0) {
    std::snprintf(buf, sizeof buf, "%.0f min", seconds / 60.0);
  } else if (seconds < 3.0 * 86400.0) {
    std::snprintf(buf, sizeof buf, "%.1f h", seconds / 3600.0);
  } else {
    std::snprintf(buf, sizeof buf, "%.3g days", seconds / 86400.0);
  }
  return buf;
}

void check_search_time(const SearchEstimate& e, double limit_s) {
  if (e.seconds <= limit_s) return;
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.0f", kCandidatesPerSecondPerThread);
  throw InputError("--max-search-time",
                   "the estimated search time, " + duration_text(e.seconds) + " (" +
                       std::to_string(e.candidates) + " candidates at " + rate +
                       " per second per thread on " + std::to_string(e.jobs) +
                       " threads), is above the limit of " + duration_text(limit_s),
                   "",
                   "fewer values per axis, a --shard of the plan per machine, or raise the "
                   "limit, e.g. --max-search-time 6h");
}

}  // namespace wt
