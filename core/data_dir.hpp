#pragma once
// Where an installed program finds its data (docs/architecture.md, "Install"): `cmake --install`
// puts the programs in PREFIX/bin and their data in PREFIX/share/windtunnel, and the prefix is only
// known at install time, so the data folder is found from the running program's own location
// (/proc/self/exe) and the relative path from bin to share/windtunnel fixed at configure time.
#include <optional>
#include <string>
#include <string_view>

namespace wt {

// The folder of the running executable (symbolic links resolved); empty when it cannot be read.
std::string executable_dir();

// `name` in the installed data folder of a program in `bin_dir` (bin_dir/../share/windtunnel/name
// under the default GNU layout), when that file exists; nullopt otherwise (a build-tree program, a
// program that links the libraries from elsewhere).
std::optional<std::string> installed_data_file(const std::string& bin_dir, std::string_view name);

}  // namespace wt
