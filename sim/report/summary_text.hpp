#pragma once
// The readable summary `windtunnel run` prints (docs/cli.md, "`windtunnel run SCENARIO`"): a
// headline of the scenario, then iteration time, throughput, MFU, memory, where the time goes and
// what training costs.
#include <string>

#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

std::string summary_text(const Scenario& s, const RunResult& r);

// Helpers shared with other tables: "23.6 s", "133k", "1.76M", "61.2 GiB".
std::string format_duration(double seconds);
std::string format_count(double value);  // 1234 → "1.23k", 1.5e6 → "1.50M"
std::string format_bytes(double bytes);  // binary units
// "±6%": the half-width of an iteration time's error band (docs/validation.md, "Error bands"), as
// `run`, `plan` and the GUI show it.
std::string band_half_width_text(const ErrorBand& b);

}  // namespace wt
