// Fuzz target: bytes → a shard part, read as `plan --merge` and `plan --checkpoint` read one, for
// the small test plan. A part that parses as an object gets the plan's fingerprint written in
// (half of the time, by the first byte) so the fuzzer reaches the field checks behind it.
#include <string>
#include <vector>

#include "fuzz/fuzz_entry.hpp"
#include "planner/search/plan_report.hpp"
#include "planner/search/plan_spec.hpp"
#include "sim/scenario/json_text.hpp"

namespace {

const wt::PlanSpec& small_plan() {
  static const wt::PlanSpec spec =
      wt::load_plan_file(WT_SOURCE_DIR "/tests/planner/data/small-plan.json");
  return spec;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const wt::PlanSpec& spec = small_plan();
  wt::fuzz::expect_only_input_errors([&] {
    nlohmann::json part = wt::parse_json_text(wt::fuzz::as_text(data + 1, size - 1), "");
    if ((data[0] & 1) != 0 && part.is_object()) part["fingerprint"] = spec.fingerprint;
    const wt::SearchState s = wt::merge_shards(spec, {part}, {"fuzz-shard.json"});
    (void)s;
  });
  return 0;
}
