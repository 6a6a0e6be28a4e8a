#pragma once
// Where `run --trace PATH` writes the Chrome trace (docs/cli.md): FILE.json, FILE.json.gz
// (gzip-compressed as it is written, core/gzip_stream.hpp), or "-" for stdout. A file is opened
// (checked) before the run and renamed into place only when complete (core/atomic_file.hpp).
#include <optional>
#include <string>

#include "core/atomic_file.hpp"
#include "sim/engine/timeline.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/program.hpp"

namespace wt::cli {

inline bool is_stdout_path(const std::string& path) {
  return path == "-";
}

class TraceOutput {
 public:
  // `path` as given to --trace; empty for none.
  explicit TraceOutput(const std::string& path);
  bool wanted() const { return !path_.empty(); }
  bool to_stdout() const { return is_stdout_path(path_); }
  // Writes the trace (to stdout, flushed and checked at the end of the command, or to the file).
  void write(const Scenario& s, const Workload& w, const Timeline& t);

 private:
  std::string path_;
  std::optional<AtomicFile> file_;
};

}  // namespace wt::cli
