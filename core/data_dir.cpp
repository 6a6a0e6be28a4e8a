#include "core/data_dir.hpp"

#include <filesystem>
#include <system_error>

// The relative path from the installed bin folder to the installed data folder
// (cmake/Install.cmake); the default is the GNU layout's.
#ifndef WT_DATA_FROM_BIN
#define WT_DATA_FROM_BIN "../share/windtunnel"
#endif

namespace wt {

std::string executable_dir() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return {};
  return exe.parent_path().string();
}

std::optional<std::string> installed_data_file(const std::string& bin_dir, std::string_view name) {
  if (bin_dir.empty()) return std::nullopt;
  const std::filesystem::path file =
      (std::filesystem::path(bin_dir) / WT_DATA_FROM_BIN / name).lexically_normal();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
  return file.string();
}

}  // namespace wt
