#include "cli/console.hpp"

#include <unistd.h>

#include <iostream>
#include <streambuf>

namespace wt::cli {
namespace {

bool g_quiet = false;

// A stream that drops what it is given.
class NullBuffer : public std::streambuf {
 protected:
  int_type overflow(int_type c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

std::ostream& null_stream() {
  static NullBuffer buffer;
  static std::ostream stream(&buffer);
  return stream;
}

}  // namespace

void add_quiet_flag(CLI::App* cmd) {
  cmd->add_flag("-q,--quiet", g_quiet,
                "Print no report, progress or notes (errors, --json output and the files asked "
                "for still are)");
}

bool quiet() {
  return g_quiet;
}

void reset_quiet() {
  g_quiet = false;
}

std::ostream& report_out(bool to_stderr) {
  if (g_quiet) return null_stream();
  return to_stderr ? std::cerr : std::cout;
}

std::ostream& note_out() {
  return g_quiet ? null_stream() : std::cerr;
}

bool progress_on_terminal() {
  return !g_quiet && ::isatty(STDERR_FILENO) != 0;
}

}  // namespace wt::cli
