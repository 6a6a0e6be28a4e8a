#pragma once
// Checks on the files named on the command line, so that a typo is a one-line bad-input error.
#include <filesystem>
#include <fstream>
#include <string>

#include "sim/core/error.hpp"

namespace wt::cli {

// Throws InputError naming the argument when `path` is not a readable regular file.
inline void require_input_file(const std::string& argument, const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw InputError(argument, "no such file", path, "a path to an existing JSON file");
  }
}

// Opens `path` for writing or throws InputError naming the option.
inline std::ofstream open_output_file(const std::string& option, const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw InputError(option, "cannot write the file", path, "a writable path");
  return out;
}

}  // namespace wt::cli
