// Fuzz target: bytes → a plan file, read as `windtunnel plan` reads it, then its candidate space
// built and a bounded number of candidates materialised (first, last and spread between).
#include <algorithm>

#include "fuzz/fuzz_entry.hpp"
#include "planner/search/candidate_space.hpp"
#include "planner/search/plan_spec.hpp"
#include "sim/scenario/json_text.hpp"

namespace {

constexpr uint64_t kCandidatesPerInput = 8;

void materialize_some(const wt::CandidateSpace& space) {
  wt::CandidateSpace::Cursor cursor(space);
  const uint64_t n = space.size();
  const uint64_t step = std::max<uint64_t>(1, n / kCandidatesPerInput);
  wt::Scenario scratch;
  for (uint64_t i = 0; i < n; i += step) {
    (void)cursor.materialize(i, scratch);
  }
  (void)cursor.materialize(n - 1, scratch);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  wt::fuzz::expect_only_input_errors([&] {
    const nlohmann::json doc = wt::parse_json_text(wt::fuzz::as_text(data, size), "");
    const wt::PlanSpec spec = wt::parse_plan(doc, WT_SOURCE_DIR "/scenarios", "fuzz");
    const wt::CandidateSpace space(spec);
    materialize_some(space);
  });
  return 0;
}
