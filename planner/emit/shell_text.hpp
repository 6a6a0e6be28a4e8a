#pragma once
// Command-line arguments as launch files write them: a shell script quotes them and expands
// placeholders as "${VAR}", a Kubernetes manifest expands them as "$(VAR)".
#include <string>
#include <vector>

namespace wt {

struct CliArg {
  std::string flag;       // e.g. "--tensor-model-parallel-size"
  std::string value;      // empty for a switch such as "--bf16"
  bool variable = false;  // value names an environment variable (a placeholder), not a literal
};

// A word the shell reads back unchanged: bare when it is safe, else in single quotes.
std::string shell_word(const std::string& text);

// `flag value` for a bash array line: literals via shell_word, variables as "${VAR}".
std::string shell_arg(const CliArg& a);

// The comment block at the top of a file: each line prefixed with "# ".
std::string comment_block(const std::vector<std::string>& lines);

}  // namespace wt
