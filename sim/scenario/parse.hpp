#pragma once
// Scenario loading: JSON text → overrides (--set) → model preset / hf_config → fields → validation.
// Every failure is an InputError naming the JSON path, the value and what is allowed.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/scenario/scenario.hpp"

namespace wt {

// Reads and validates a scenario file. `overrides` are "dotted.path=value" strings as given to
// --set; they are applied to the JSON document before anything else, so they are validated exactly
// like file content. Relative paths inside the file (hf_config, calibration) resolve against the
// file's folder.
Scenario load_scenario_file(const std::string& path,
                            const std::vector<std::string>& overrides = {});

// The same for a document already in memory; `base_dir` resolves relative paths.
Scenario parse_scenario(nlohmann::json doc, const std::vector<std::string>& overrides = {},
                        const std::string& base_dir = ".");
Scenario parse_scenario_text(std::string_view text, const std::vector<std::string>& overrides = {},
                             const std::string& base_dir = ".");

// Applies one "dotted.path=value" override to a document. The value is read as JSON when it parses
// as JSON (numbers, true/false, [lists], "quoted strings"), else as a plain string.
void apply_override(nlohmann::json& doc, const std::string& assignment);

// Cross-field checks (layout divides the model and the cluster, batch divides, …). Called by the
// parsers; exposed for callers that build a Scenario in code. Fills `parallel.data` when it is 0
// and appends warnings to `s.warnings`.
void validate(Scenario& s);

}  // namespace wt
