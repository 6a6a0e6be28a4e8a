#pragma once
// The one way the project writes a file (docs/cli.md, "Output files"): the bytes go to a temporary
// with a unique name in the target's folder (".NAME.tmp.XXXXXX", mkstemp), which is fsync'ed,
// renamed over the target and followed by an fsync of the folder. Readers see the old file or the
// whole new one; an error or an interruption leaves the target as it was and no temporary.
//
// Targets: a regular file or a new name is written; a symbolic link is written through (the file
// it names is replaced, the link kept); a folder, device, FIFO, socket or dangling link is refused
// before anything is written, so that no special file is ever replaced by a regular one.
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace wt {

// The file that writing `path` replaces: `path` itself, or the file a symbolic link names. Throws
// InputError at `option` (the path itself when `option` is empty) for an empty path or a target
// that is not a regular file, naming what it is.
std::filesystem::path resolve_output_path(const std::filesystem::path& path,
                                          const std::string& option = {});

// One output file being written. The temporary is created by the constructor, so a folder that
// cannot take the file fails there, before any work; commit() puts the file in place, and
// destruction without commit() removes the temporary.
class AtomicFile {
 public:
  // `executable` adds the execute bits the umask allows (shell scripts). Throws InputError at
  // `option` (or the path) when the target is refused or the temporary cannot be created.
  explicit AtomicFile(const std::filesystem::path& path, std::string option = {},
                      bool executable = false);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream();
  // Flushes, fsyncs, renames over the target and fsyncs the folder; InputError on any failure
  // (e.g. a full disk), with the temporary removed and the target untouched.
  void commit();

  const std::filesystem::path& target() const { return target_; }
  const std::filesystem::path& temporary() const { return temp_; }

 private:
  class Buffer;
  [[noreturn]] void fail(const std::string& problem, int error);

  std::filesystem::path given_, target_, temp_;
  std::string option_;
  bool executable_ = false;
  int fd_ = -1;
  std::unique_ptr<Buffer> buffer_;
  std::unique_ptr<std::ostream> stream_;
  bool committed_ = false;
};

// A whole text at once.
void write_file_atomically(const std::filesystem::path& path, std::string_view text,
                           const std::string& option = {}, bool executable = false);

// Creates `dir` (and its parents) if missing; InputError at `option` when it is not a folder or
// cannot be created.
void ensure_directory(const std::filesystem::path& dir, const std::string& option);

// The same check before any work, creating nothing: `dir` is a writable folder, or the nearest of
// its ancestors that exists is one (so that ensure_directory can create it).
void require_output_folder(const std::filesystem::path& dir, const std::string& option);

// Unlinks the temporaries of every AtomicFile alive now. For a thread that is about to end the
// process on a signal (cli/interrupt.cpp); the files' destructors will not run.
void remove_open_temporaries();

}  // namespace wt
