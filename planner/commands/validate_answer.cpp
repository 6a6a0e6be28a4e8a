#include "planner/commands/validate_answer.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "sim/scenario/fields.hpp"

namespace wt {

void require_scenario_field_assignments(const std::vector<std::string>& sets,
                                        const std::string& argument) {
  for (const std::string& assignment : sets) {
    const std::string key = assignment.substr(0, assignment.find('='));
    const auto& fields = scenario_fields();
    const bool known = std::any_of(fields.begin(), fields.end(),
                                   [&](const FieldInfo& f) { return f.path == key; });
    if (assignment.find('=') == std::string::npos || !known) {
      throw InputError(argument, "is not a scenario field assignment", assignment,
                       "KEY.PATH=VALUE with a field of docs/scenario.md");
    }
  }
}

}  // namespace wt
