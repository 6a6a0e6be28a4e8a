#include "sim/scenario/schema_tree.hpp"

#include <stdexcept>

namespace wt {
namespace {

using Tree = std::map<std::string, SchemaNode>;

SchemaNode& ensure_section(Tree& tree, const std::string& path) {
  if (auto it = tree.find(path); it != tree.end()) return it->second;
  const SectionInfo* info = find_section(path);
  if (info == nullptr) throw std::logic_error("scenario field table: no SectionInfo for " + path);
  if (!path.empty()) {
    ensure_section(tree, parent_path(path)).children.push_back({leaf_key(path), nullptr, path});
  }
  SchemaNode& node = tree[path];
  node.info = info;
  return node;
}

Tree build_tree() {
  Tree tree;
  ensure_section(tree, "");
  for (const FieldBinding& field : field_bindings()) {
    const std::string& path = field.info.path;
    ensure_section(tree, parent_path(path)).children.push_back({leaf_key(path), &field, ""});
  }
  return tree;
}

}  // namespace

std::vector<std::string> SchemaNode::keys() const {
  std::vector<std::string> out;
  for (const SchemaChild& c : children) {
    out.push_back(c.key);
  }
  return out;
}

const std::map<std::string, SchemaNode>& schema_tree() {
  static const Tree tree = build_tree();
  return tree;
}

std::string parent_path(const std::string& path) {
  const std::size_t dot = path.rfind('.');
  return dot == std::string::npos ? "" : path.substr(0, dot);
}

std::string leaf_key(const std::string& path) {
  const std::size_t dot = path.rfind('.');
  return dot == std::string::npos ? path : path.substr(dot + 1);
}

std::string join_path(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}

}  // namespace wt
