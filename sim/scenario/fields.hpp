#pragma once
// The scenario schema described once: every field's path, type, unit, default, allowed range and a
// one-line doc. The parser, the validator, --help, docs/scenario.md (and later the GUI forms) all
// read this table.
#include <string>
#include <vector>

namespace wt {

// layer_list: model.layers, an array of layer objects (sim/scenario/net_layer.hpp).
enum class FieldType {
  integer,
  number,
  boolean,
  string,
  choice,
  integer_list,
  choice_list,
  layer_list
};

struct FieldInfo {
  std::string path;  // dotted JSON path, e.g. "parallel.tensor"
  FieldType type;
  std::string unit;          // "" when dimensionless
  std::string default_text;  // as it would be written in JSON
  std::string allowed_text;  // e.g. "1 .. 1024", "bf16, fp16, ...", "a catalog id or alias"
  std::string doc;
};

const std::vector<FieldInfo>& scenario_fields();

// docs/scenario.md: the field reference generated from scenario_fields() (a test keeps the
// committed file current).
std::string scenario_reference_markdown();

}  // namespace wt
