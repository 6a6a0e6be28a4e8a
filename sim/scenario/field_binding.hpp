#pragma once
// The field table's private side: each FieldInfo of fields.hpp together with the code that reads
// its JSON value into a Scenario and re-checks its range. Parsing, validation and the docs all walk
// this one table.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/scenario/fields.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

struct ReadContext {
  std::string base_dir = ".";  // relative paths in the file (hf_config, calibration) resolve here
};

struct FieldBinding {
  FieldInfo info;
  // Reads the JSON value into the scenario, refusing wrong types and out-of-range values.
  std::function<void(const nlohmann::json&, Scenario&, const ReadContext&)> read;
  // Range check of the value a scenario holds (for scenarios built in code); a field holding its
  // default always passes. Empty for fields whose every value is valid.
  std::function<void(const Scenario&)> check;
};

const std::vector<FieldBinding>& field_bindings();
// The binding of a dotted field path; null when no field has that path.
const FieldBinding* find_field_binding(const std::string& path);

// A JSON object of the schema ("model", "cluster.network.torus", ...).
struct SectionInfo {
  std::string path;
  std::string doc;
  // Blocks that belong to one value of another field (the network topology blocks): that field's
  // path and the value the block needs; empty when the section is always allowed.
  std::string selector_path;
  std::string selector_value;
  std::function<std::string(const Scenario&)> selector;  // the field's current value, as spelled
};

const std::vector<SectionInfo>& scenario_sections();
const SectionInfo* find_section(std::string_view path);

}  // namespace wt
