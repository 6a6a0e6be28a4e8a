#pragma once
// The report `windtunnel run --report FILE.md` writes: the summary in a code block, a table of
// every field of the result (value as in `run --json`, plus a readable form) and the warnings.
#include <string>

#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

std::string markdown_report(const Scenario& s, const RunResult& r);

}  // namespace wt
