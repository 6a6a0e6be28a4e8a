#pragma once
// The field table arranged as the JSON objects it describes: for each section, its keys in table
// order, each a field or a nested section. Built once from field_bindings().
#include <map>
#include <string>
#include <vector>

#include "sim/scenario/field_binding.hpp"

namespace wt {

struct SchemaChild {
  std::string key;
  const FieldBinding* field = nullptr;  // set for a field
  std::string section_path;             // set for a nested section
};

struct SchemaNode {
  const SectionInfo* info = nullptr;
  std::vector<SchemaChild> children;
  std::vector<std::string> keys() const;
};

// Sections by path ("" is the top level).
const std::map<std::string, SchemaNode>& schema_tree();

std::string parent_path(const std::string& path);  // "a.b.c" → "a.b", "a" → ""
std::string leaf_key(const std::string& path);     // "a.b.c" → "c"
std::string join_path(const std::string& parent, const std::string& key);

}  // namespace wt
