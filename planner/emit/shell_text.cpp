#include "planner/emit/shell_text.hpp"

#include <algorithm>
#include <cctype>

namespace wt {
namespace {

bool is_safe(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
         c == '/' || c == ':' || c == '=' || c == ',' || c == '+' || c == '@';
}

}  // namespace

std::string shell_word(const std::string& text) {
  if (!text.empty() && std::all_of(text.begin(), text.end(), is_safe)) return text;
  std::string quoted = "'";
  for (const char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

std::string shell_arg(const CliArg& a) {
  if (a.value.empty()) return a.flag;
  const std::string value = a.variable ? "\"${" + a.value + "}\"" : shell_word(a.value);
  return a.flag + " " + value;
}

std::string comment_block(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines)
    out += line.empty() ? "#\n" : "# " + line + "\n";
  return out;
}

}  // namespace wt
