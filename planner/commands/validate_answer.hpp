#pragma once
// What `windtunnel validate` checks before it runs, shared by the CLI and the Python module.
#include <string>
#include <vector>

namespace wt {

// A misspelt path would make every row unexpressed: InputError at `argument` for an assignment
// without '=' or whose path is not a field of docs/scenario.md.
void require_scenario_field_assignments(const std::vector<std::string>& sets,
                                        const std::string& argument);

}  // namespace wt
