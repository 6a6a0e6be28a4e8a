#include "planner/emit/atomic_write.hpp"

#include <fstream>
#include <system_error>

#include <unistd.h>

#include "sim/core/error.hpp"

namespace wt {
namespace fs = std::filesystem;
namespace {

fs::path temporary_beside(const fs::path& path) {
  return path.parent_path() / ("." + path.filename().string() + ".tmp" + std::to_string(getpid()));
}

void write_text(const fs::path& tmp, const std::string& text, const std::string& option) {
  std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
  if (!out) throw InputError(option, "cannot write the file", tmp.string(), "a writable folder");
  out << text;
  out.close();
  if (!out) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    throw InputError(option, "writing the file failed", tmp.string(), "a writable folder");
  }
}

void make_executable(const fs::path& file) {
  std::error_code ec;
  fs::permissions(file, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::add, ec);
}

}  // namespace

void write_file_atomically(const fs::path& path, const std::string& text, const std::string& option,
                           bool executable) {
  const fs::path tmp = temporary_beside(path);
  write_text(tmp, text, option);
  if (executable) make_executable(tmp);
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    throw InputError(option, "cannot replace the file: " + ec.message(), path.string(),
                     "a writable folder");
  }
}

void ensure_directory(const fs::path& dir, const std::string& option) {
  std::error_code ec;
  if (fs::is_directory(dir, ec)) return;
  if (fs::exists(dir, ec)) {
    throw InputError(option, "exists and is not a folder", dir.string(), "a folder path");
  }
  fs::create_directories(dir, ec);
  if (ec) {
    throw InputError(option, "cannot create the folder: " + ec.message(), dir.string(),
                     "a writable folder path");
  }
}

}  // namespace wt
