// Every shipped scenario's Chrome trace, as `windtunnel run --trace` writes it: slices of one
// thread nest exactly (disjoint or contained, in the nanoseconds the file holds), every pipeline
// flow has a start and a finish, each bound to a slice of its thread, and the event count that the
// --max-trace budget checks is the number written. Scenarios whose trace the CLI refuses under the
// default --max-trace (the 131,072-GPU ones: several GiB, one process per GPU) are skipped; their
// smaller siblings run the same programs.
#include <algorithm>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/engine/budget.hpp"
#include "sim/report/chrome_trace.hpp"
#include "sim/report/trace_size.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "trace_scan.hpp"

namespace wt::trace_test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> shipped_scenarios() {
  std::vector<std::string> files;
  for (const fs::directory_entry& e :
       fs::directory_iterator(fs::path(WT_SOURCE_DIR) / "scenarios")) {
    const bool plan = e.path().filename().string().starts_with("plan-");
    if (e.is_regular_file() && e.path().extension() == ".json" && !plan)
      files.push_back(e.path().stem().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

class ShippedTrace : public testing::TestWithParam<std::string> {};

TEST_P(ShippedTrace, NestsExactlyAndEveryFlowBinds) {
  const fs::path file = fs::path(WT_SOURCE_DIR) / "scenarios" / (GetParam() + ".json");
  const Scenario s = load_scenario_file(file.string());
  const RunOutput run = run_scenario(s, EngineKind::analytical);
  const double events = chrome_trace_event_count(run.workload, run.timeline);
  if (events * kTraceBytesPerEvent > ResourceLimits{}.trace_bytes) {
    GTEST_SKIP() << GetParam() << ": " << events
                 << " trace events, above the default --max-trace; the CLI refuses this trace";
  }
  test::TraceScan scan;
  {
    std::ostream out(&scan);
    write_chrome_trace(out, s, run.workload, run.timeline);
    out.flush();
  }
  for (const std::string& p : scan.problems())
    ADD_FAILURE() << p;
  EXPECT_EQ(static_cast<double>(scan.events), events);
  if (run.workload.pipeline > 1) {
    EXPECT_FALSE(scan.flow_starts.empty()) << "a pipeline without flow arrows";
  } else {
    EXPECT_TRUE(scan.flow_starts.empty());
  }
  // An arrow never points back in time: the receive's data left its send first.
  for (const auto& [id, start] : scan.flow_starts) {
    const auto end = scan.flow_ends.find(id);
    if (end == scan.flow_ends.end()) continue;
    ASSERT_LE(start.ts_ns, end->second.ts_ns) << "flow " << id;
    ASSERT_EQ(start.tid, 3) << "flow " << id << " starts off the pp send thread";
    ASSERT_EQ(end->second.tid, 0) << "flow " << id << " ends off the compute thread";
  }
}

INSTANTIATE_TEST_SUITE_P(Scenarios, ShippedTrace, testing::ValuesIn(shipped_scenarios()),
                         [](const testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace wt::trace_test
