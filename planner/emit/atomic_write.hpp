#pragma once
// Writing a file so that readers see the old file or the whole new one, never a part: the text
// goes to a temporary file beside the target, which is then renamed over it.
#include <filesystem>
#include <string>

namespace wt {

// Throws InputError at `option` (e.g. "--emit") naming the path when it cannot be written.
void write_file_atomically(const std::filesystem::path& path, const std::string& text,
                           const std::string& option, bool executable = false);

// Creates `dir` (and its parents) if missing; InputError at `option` when it is not a folder or
// cannot be created.
void ensure_directory(const std::filesystem::path& dir, const std::string& option);

}  // namespace wt
