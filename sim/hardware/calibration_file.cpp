// Profiles on disk: reading with file-named errors, and atomic writing (temporary file in the same
// folder, flushed and fsync'ed, then renamed over the target), so that an interrupted calibrator
// never leaves a truncated profile behind.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "sim/core/error.hpp"
#include "sim/hardware/calibration_profile.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt {
namespace {

[[noreturn]] void fail_write(const std::string& path, const std::string& problem, int error) {
  throw InputError(path, problem, std::strerror(error),
                   "a writable file path in an existing folder");
}

// Writes `contents` to a new file at `temp` and forces it to the disk; throws naming `path`.
void write_and_sync(const std::string& temp, const std::string& path, const std::string& contents) {
  std::FILE* file = std::fopen(temp.c_str(), "wb");
  if (file == nullptr) fail_write(path, "cannot create a temporary file beside it", errno);
  const std::size_t written = std::fwrite(contents.data(), 1, contents.size(), file);
  int error = written == contents.size() ? 0 : errno;
  if (error == 0 && std::fflush(file) != 0) error = errno;
  if (error == 0 && ::fsync(::fileno(file)) != 0) error = errno;
  if (std::fclose(file) != 0 && error == 0) error = errno;
  if (error != 0) fail_write(path, "cannot write the file", error);
}

// Makes the rename itself durable. Best effort: a folder that cannot be opened is not an error,
// since the file is already complete under its final name.
void sync_folder_of(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  const std::string folder = parent.empty() ? "." : parent.string();
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

void write_file_atomically(const std::string& path, const std::string& contents) {
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  try {
    write_and_sync(temp, path, contents);
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
      fail_write(path, "cannot replace the file", errno);
    }
  } catch (const InputError&) {
    std::remove(temp.c_str());
    throw;
  }
  sync_folder_of(path);
}

void write_profile(const CalibrationProfile& p, const std::string& path) {
  const nlohmann::json doc = to_json(p);
  profile_from_json(doc, path + " (not written)");  // never write what read_profile would refuse
  write_file_atomically(path,
                        doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

CalibrationProfile read_profile(const std::string& path) {
  const std::optional<std::string> text = read_text_file(path);
  if (!text) {
    throw InputError(path, "cannot read the calibration profile", "",
                     "an existing, readable JSON file written by windtunnel-calibrate");
  }
  return profile_from_text(*text, path);
}

CalibrationProfile profile_from_text(std::string_view text, const std::string& origin) {
  nlohmann::json doc;
  try {
    doc = parse_json_text(text, origin);
  } catch (const InputError& e) {
    if (e.path() == origin) throw;
    throw InputError("profile." + e.path(), e.problem() + " in " + origin, e.value(), e.allowed());
  }
  return profile_from_json(doc, origin);
}

}  // namespace wt
