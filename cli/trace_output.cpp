#include "cli/trace_output.hpp"

#include <iostream>

#include "core/gzip_stream.hpp"
#include "sim/report/chrome_trace.hpp"

namespace wt::cli {
namespace {

bool gzipped(const std::string& path) {
  return path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
}

}  // namespace

TraceOutput::TraceOutput(const std::string& path) : path_(path) {
  if (wanted() && !to_stdout()) file_.emplace(path_, "--trace");
}

void TraceOutput::write(const Scenario& s, const Workload& w, const Timeline& t) {
  if (!wanted()) return;
  if (to_stdout()) {
    write_chrome_trace(std::cout, s, w, t);
    return;
  }
  if (gzipped(path_)) {
    GzipStream gz(file_->stream());
    write_chrome_trace(gz.stream(), s, w, t);
    gz.finish();
  } else {
    write_chrome_trace(file_->stream(), s, w, t);
  }
  file_->commit();
}

}  // namespace wt::cli
