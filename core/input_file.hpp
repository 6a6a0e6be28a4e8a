#pragma once
// Checks on the files named on the command line (or passed to the Python functions), so that a
// typo is a one-line bad-input error.
#include <filesystem>
#include <string>

#include "core/error.hpp"

namespace wt {

// Throws InputError naming the argument when `path` is empty, not a readable regular file, or an
// empty file (which no reader accepts: saying so beats a JSON parser's "unexpected end of input").
inline void require_input_file(const std::string& argument, const std::string& path) {
  if (path.empty()) throw InputError(argument, "the path is empty", "", "a path to a JSON file");
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw InputError(argument, "no such file", path, "a path to an existing JSON file");
  }
  if (std::filesystem::file_size(path, ec) == 0 && !ec) {
    throw InputError(argument, "the file is empty", path, "a JSON file");
  }
}

}  // namespace wt
