#include "cli/output_files.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>

#include "core/error.hpp"
#include "core/exit_code.hpp"

namespace wt::cli {
namespace {

namespace fs = std::filesystem;

// What makes two spellings one file: the normal absolute path with existing symlinks resolved,
// and for an existing file its device and inode (hard links).
struct FileIdentity {
  fs::path resolved;
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
};

FileIdentity identity_of(const std::string& path) {
  FileIdentity id;
  std::error_code ec;
  id.resolved = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) id.resolved = fs::absolute(path, ec).lexically_normal();
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    id.exists = true;
    id.device = st.st_dev;
    id.inode = st.st_ino;
  }
  return id;
}

// stdout redirected to a file (`> r.md`): that file is an input too, in that an output renamed
// over it would take the summary's place.
std::optional<FileIdentity> stdout_identity() {
  struct stat st {};
  if (::fstat(STDOUT_FILENO, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  FileIdentity id;
  id.exists = true;
  id.device = st.st_dev;
  id.inode = st.st_ino;
  return id;
}

bool same_file(const FileIdentity& a, const FileIdentity& b) {
  if (a.exists && b.exists) return a.device == b.device && a.inode == b.inode;
  return a.resolved == b.resolved;
}

}  // namespace

CLI::Validator non_empty_path() {
  return CLI::Validator(
      [](std::string& value) {
        return value.empty() ? std::string("the path is empty; give a file or folder path")
                             : std::string();
      },
      "", "non-empty path");
}

void require_distinct_files(const std::vector<NamedPath>& outputs,
                            const std::vector<NamedPath>& inputs) {
  std::vector<std::pair<std::string, FileIdentity>> seen;  // what it is, for the message
  for (const NamedPath& in : inputs) {
    if (!in.path.empty())
      seen.emplace_back(in.option + " (" + in.path + "), an input", identity_of(in.path));
  }
  if (const std::optional<FileIdentity> out = stdout_identity()) {
    seen.emplace_back("stdout, which is redirected to it", *out);
  }
  for (const NamedPath& out : outputs) {
    if (out.path.empty()) continue;
    const FileIdentity id = identity_of(out.path);
    for (const auto& [what, other] : seen) {
      if (same_file(id, other)) {
        throw InputError(out.option, "names the same file as " + what, out.path,
                         "a different file for each output, none of them an input");
      }
    }
    seen.emplace_back(out.option + " (" + out.path + ")", id);
  }
}

int finish_stdout(int exit_code) {
  errno = 0;
  std::cout.flush();  // synchronised with stdio: this is fflush(stdout)
  int error = errno;
  const bool failed = std::cout.fail() || std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  if (!failed) return exit_code;
  if (error == 0) error = errno;
  // A write that failed while the command ran left its errno long overwritten: no reason then.
  const std::string reason = error != 0 ? std::strerror(error) : "a write failed";
  std::cerr << "windtunnel: error: stdout: cannot write the output (" << reason
            << "); allowed: a writable stdout (a terminal, a pipe or a file on a disk with room)\n";
  const bool succeeded =
      exit_code == to_int(ExitCode::ok) || exit_code == to_int(ExitCode::infeasible);
  return succeeded ? to_int(ExitCode::bad_input) : exit_code;
}

}  // namespace wt::cli
