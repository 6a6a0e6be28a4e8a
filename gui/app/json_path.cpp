#include "gui/app/json_path.hpp"

#include <string>
#include <vector>

namespace wt::gui {
namespace {

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> keys;
  size_t start = 0;
  while (start <= path.size()) {
    const size_t dot = path.find('.', start);
    const size_t end = dot == std::string_view::npos ? path.size() : dot;
    keys.emplace_back(path.substr(start, end - start));
    start = end + 1;
  }
  return keys;
}

bool erase_keys(Json& node, const std::vector<std::string>& keys, size_t depth) {
  if (!node.is_object()) return false;
  const auto it = node.find(keys[depth]);
  if (it == node.end()) return false;
  if (depth + 1 == keys.size()) {
    node.erase(it);
    return true;
  }
  if (!erase_keys(*it, keys, depth + 1)) return false;
  if (it->is_object() && it->empty()) node.erase(it);
  return true;
}

}  // namespace

std::optional<Json> value_at(const Json& doc, std::string_view path) {
  const Json* node = &doc;
  for (const std::string& key : split_path(path)) {
    if (!node->is_object()) return std::nullopt;
    const auto it = node->find(key);
    if (it == node->end()) return std::nullopt;
    node = &*it;
  }
  return *node;
}

void set_at(Json& doc, std::string_view path, const Json& value) {
  Json* node = &doc;
  for (const std::string& key : split_path(path)) {
    if (!node->is_object()) *node = Json::object();
    node = &(*node)[key];
  }
  *node = value;
}

void erase_at(Json& doc, std::string_view path) {
  erase_keys(doc, split_path(path), 0);
}

}  // namespace wt::gui
