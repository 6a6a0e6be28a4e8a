#pragma once
// Ctrl-C and SIGTERM on a long command: the process exits within moments with code 130 and one
// line on stderr, kills any child it forked (the SimGrid engine runs each simulation in one), and
// leaves every output file complete or absent: outputs are written to a temporary file beside
// the target and renamed over it only when complete; temporaries are removed on interruption.
#include <fstream>
#include <string>
#include <thread>

namespace wt::cli {

inline constexpr int kInterruptedExitCode = 130;  // 128 + SIGINT, as shells report it

// While one lives, SIGINT and SIGTERM are blocked in every thread started after it (and in forked
// children) and taken by a watcher thread, which cleans up and ends the process. Construct it
// first in a command, before any thread or child exists.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  std::thread watcher_;
};

// An output file named on the command line: written to ".NAME.tmp.PID" in the same folder and
// renamed over NAME by commit(). Destroyed without commit() (an error, an interruption), the
// temporary is removed and NAME is left as it was.
class OutputFile {
 public:
  // Throws InputError naming `option` when the folder cannot take the file.
  OutputFile(std::string option, std::string path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::ofstream& stream() { return out_; }
  void commit();

 private:
  std::string option_, path_, temp_;
  std::ofstream out_;
  bool committed_ = false;
};

// The same for a whole text at once (plan checkpoints, small files).
void write_output_file(const std::string& option, const std::string& path, const std::string& text);

}  // namespace wt::cli
