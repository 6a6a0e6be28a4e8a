#include "sim/scenario/document_walk.hpp"

#include "core/error.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/schema_tree.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {
namespace {

using nlohmann::json;

// "; did you mean ..." for an unknown key: a close key of the same object, else the same key in
// another section ("tensor" at the top level → "parallel.tensor").
std::string suggestion_for(const std::string& key, const SchemaNode& node) {
  if (const auto match = closest_match(key, node.keys())) {
    return "; did you mean " + in_quotes(*match) + "?";
  }
  for (const auto& [section_path, section] : schema_tree()) {
    for (const SchemaChild& child : section.children) {
      if (iequals(child.key, key)) {
        return "; did you mean " + in_quotes(join_path(section_path, child.key)) + "?";
      }
    }
  }
  return "";
}

void require_object(const json& value, const std::string& path, const SchemaNode& node) {
  if (value.is_object()) return;
  const std::string problem =
      path.empty() ? "a scenario must be a JSON object" : "must be an object";
  throw InputError(path, problem, value_text(value), "an object with keys " + join(node.keys()));
}

void refuse_unknown_keys(const json& object, const std::string& path, const SchemaNode& node) {
  for (const auto& item : object.items()) {
    bool known = false;
    for (const SchemaChild& child : node.children) {
      known = known || child.key == item.key();
    }
    if (!known) {
      throw InputError(join_path(path, item.key()),
                       "unknown key" + suggestion_for(item.key(), node), "", join(node.keys()));
    }
  }
}

// A topology block beside another topology is refused rather than ignored.
void check_selector(const SectionInfo& section, const Scenario& s) {
  if (!section.selector) return;
  const std::string current = section.selector(s);
  if (current == section.selector_value) return;
  throw InputError(
      section.path,
      "only the block of the chosen topology may appear here; " + section.selector_path + " is " +
          in_quotes(current),
      "a " + leaf_key(section.path) + " block",
      "remove it, or set " + section.selector_path + " to " + in_quotes(section.selector_value));
}

void read_object(const json& object, const std::string& path, Scenario& s, const ReadContext& ctx) {
  const SchemaNode& node = schema_tree().at(path);
  require_object(object, path, node);
  refuse_unknown_keys(object, path, node);
  for (const SchemaChild& child : node.children) {
    const auto it = object.find(child.key);
    if (it == object.end()) continue;
    if (child.field != nullptr) {
      child.field->read(*it, s, ctx);
      continue;
    }
    check_selector(*schema_tree().at(child.section_path).info, s);
    read_object(*it, child.section_path, s, ctx);
  }
}

}  // namespace

void read_document(const nlohmann::json& doc, Scenario& s, const ReadContext& ctx) {
  read_object(doc, "", s, ctx);
}

}  // namespace wt
