#include "cli/chakra_output.hpp"

#include <system_error>

#include "cli/console.hpp"
#include "core/atomic_file.hpp"
#include "sim/report/chakra_trace.hpp"

namespace wt::cli {

std::filesystem::path chakra_file(const std::string& dir, int rank) {
  return std::filesystem::path(dir) /
         (std::string(kChakraPrefix) + "." + std::to_string(rank) + ".et");
}

void check_chakra_targets(const std::string& dir, int num_gpus) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return;  // created when written
  for (int rank = 0; rank < num_gpus; ++rank) {
    const std::filesystem::path file = chakra_file(dir, rank);
    if (std::filesystem::exists(std::filesystem::symlink_status(file, ec)))
      resolve_output_path(file, "--chakra");
  }
}

void write_chakra_traces(const std::string& dir, const Scenario& s, const Workload& w,
                         const Timeline& t, const ResourceLimits& limits) {
  const ChakraTraces traces(s, w, t);
  check_chakra_size(traces.estimated_bytes(), w.num_gpus, limits);
  ensure_directory(dir, "--chakra");
  for (int rank = 0; rank < w.num_gpus; ++rank)
    write_file_atomically(chakra_file(dir, rank), traces.rank_file(rank), "--chakra");
  note_out() << "Chakra execution traces (schema " << kChakraSchemaVersion << ") of " << w.num_gpus
             << " ranks written to " << dir << "/" << kChakraPrefix << ".<rank>.et\n";
}

}  // namespace wt::cli
