#pragma once
// Reads launch files back the way their tools would, for the tests: shell words (quotes removed),
// Megatron's flags from the MEGATRON_ARGS array, #SBATCH directives, torchrun's options, and the
// scalars and lists of the PyTorchJob manifest (line-based: the manifest is also checked by
// python3's yaml in tests/cli).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace wt::test {

// Splits at blanks outside quotes; single and double quotes are removed, a backslash-newline
// continues the line.
std::vector<std::string> shell_words(const std::string& line);

// flag → value ("" for a switch), from the words between "MEGATRON_ARGS=(" and ")".
std::map<std::string, std::string> megatron_flags(const std::string& sh);

// "--nodes" → "4" for every "#SBATCH --nodes=4" line.
std::map<std::string, std::string> sbatch_directives(const std::string& text);

// torchrun's "--option value" pairs, from the word "torchrun" to the first word that is not an
// option.
std::map<std::string, std::string> torchrun_options(const std::string& text);

// The scalar after "key: " on every line whose content starts with "key:", in order (a quoted
// scalar is unquoted).
std::vector<std::string> yaml_scalars(const std::string& yaml, const std::string& key);

// The "- item" lines that follow the n-th "key:" line, unquoted.
std::vector<std::string> yaml_list(const std::string& yaml, const std::string& key, size_t n = 0);

// The names in data/reference/FILE, one a line ('#' lines are comments).
std::set<std::string> reference_names(const std::string& file);

// Every scenario in scenarios/ but the plan-*.json files.
std::vector<Scenario> shipped_scenarios();

// A scenario from scenarios/NAME.json with --set overrides.
Scenario shipped_scenario(const std::string& name, const std::vector<std::string>& sets = {});

}  // namespace wt::test
