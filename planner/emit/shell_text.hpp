#pragma once
// Command-line arguments and free text as launch files write them: a shell script quotes them and
// expands placeholders as "${VAR}", a Kubernetes manifest expands them as "$(VAR)"; comments and
// YAML scalars are escaped so that no value (a scenario name above all) can start a line of its
// own.
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

// `text` as one line of printable text: control characters (C0, DEL, C1), the Unicode line and
// paragraph separators and bytes that are not UTF-8 become visible "\xNN" escapes, so nothing
// written into a comment can end it.
std::string one_line(const std::string& text);

// The comment block at the top of a file: each line made one_line() and prefixed with "# ".
std::string comment_block(const std::vector<std::string>& lines);

// A YAML double-quoted scalar that reads back as `text`: quotes and backslashes escaped, control
// characters and line separators as \xNN / \uNNNN escapes, bytes that are not UTF-8 as U+FFFD.
std::string yaml_quoted(const std::string& text);

}  // namespace wt
