// --set key.path=value: edits the JSON document before it is read, so an override is checked
// exactly like file content. A value that parses as JSON is taken as JSON; anything else is a plain
// string; null removes the key (its default applies again).
#include "core/error.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {
namespace {

constexpr const char* kSetFlag = "--set";
constexpr const char* kSetForm = "dotted.path=value, e.g. parallel.tensor=4";

std::vector<std::string> split_path(const std::string& key, const std::string& assignment) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = key.find('.', start);
    const std::string part = key.substr(start, dot == std::string::npos ? dot : dot - start);
    if (part.empty()) {
      throw InputError(kSetFlag, "empty name in the key path", in_quotes(assignment), kSetForm);
    }
    parts.push_back(part);
    if (dot == std::string::npos) return parts;
    start = dot + 1;
  }
}

// Read by the same bounded reader as files: a value nested too deep or with a repeated key is
// refused, not taken as a string.
nlohmann::json parse_value(const std::string& text, const std::string& assignment) {
  try {
    return parse_json_text(text, "");
  } catch (const JsonSyntaxError&) {
    return nlohmann::json(text);
  } catch (const InputError& e) {
    const std::string inside = e.path().empty() ? "" : " at " + e.path();
    throw InputError(kSetFlag, "the value" + inside + ": " + e.problem(),
                     value_text(nlohmann::json(assignment)), e.allowed());
  }
}

// The object that holds the last key, created on the way unless only removing; nullptr when a
// removal finds nothing to remove.
nlohmann::json* holder_of(nlohmann::json& doc, const std::vector<std::string>& keys, bool create,
                          const std::string& assignment) {
  nlohmann::json* node = &doc;
  std::string walked = "the document";
  for (std::size_t i = 0;; ++i) {
    if (!node->is_object()) {
      throw InputError(kSetFlag, "cannot set a key inside " + walked + ", which is not an object",
                       in_quotes(assignment), kSetForm);
    }
    if (i + 1 == keys.size()) return node;
    if (!node->contains(keys[i]) && !create) return nullptr;
    nlohmann::json& child = (*node)[keys[i]];
    if (child.is_null()) child = nlohmann::json::object();
    if (i == 0) {
      walked = keys[0];
    } else {
      walked += "." + keys[i];
    }
    node = &child;
  }
}

}  // namespace

void apply_override(nlohmann::json& doc, const std::string& assignment) {
  // Names and values end up in JSON output, which must be UTF-8.
  require_utf8(assignment, kSetFlag, "the assignment", "UTF-8 text, e.g. parallel.tensor=4");
  const std::size_t eq = assignment.find('=');
  if (eq == std::string::npos) {
    throw InputError(kSetFlag, "expected key=value", in_quotes(assignment), kSetForm);
  }
  const std::vector<std::string> keys = split_path(assignment.substr(0, eq), assignment);
  const nlohmann::json value = parse_value(assignment.substr(eq + 1), assignment);
  if (doc.is_null()) doc = nlohmann::json::object();
  nlohmann::json* holder = holder_of(doc, keys, !value.is_null(), assignment);
  if (holder == nullptr) return;
  if (value.is_null()) {
    holder->erase(keys.back());
  } else {
    (*holder)[keys.back()] = value;
  }
}

}  // namespace wt
