#pragma once
// `run --chakra DIR`: the per-rank workload as Chakra execution traces, DIR/windtunnel.<rank>.et
// (sim/report/chakra_trace.hpp; docs/cli.md). Each file is written atomically with the rules of
// every output (core/atomic_file.hpp): a special file or folder in the way is refused before the
// run, a symlink is written through.
#include <filesystem>
#include <string>

#include "sim/engine/budget.hpp"
#include "sim/engine/timeline.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/program.hpp"

namespace wt::cli {

inline constexpr const char* kChakraPrefix = "windtunnel";

std::filesystem::path chakra_file(const std::string& dir, int rank);

// Before the run: every rank's file can be written (DIR need not exist yet).
void check_chakra_targets(const std::string& dir, int num_gpus);

// After the run: checks the size against --max-trace, creates DIR and writes the files.
void write_chakra_traces(const std::string& dir, const Scenario& s, const Workload& w,
                         const Timeline& t, const ResourceLimits& limits);

}  // namespace wt::cli
