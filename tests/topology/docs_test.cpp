// docs/topology.md lists every registered topology with a parameter table whose rows come from the
// scenario field table (unit, default, allowed values, doc), so nothing is written twice by hand:
// a row that drifts from fields.cpp fails here, printing the row expected.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "sim/scenario/fields.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

std::string read_doc() {
  std::ifstream in(std::string(WT_SOURCE_DIR) + "/docs/topology.md", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

const FieldInfo* field(const std::string& path) {
  for (const FieldInfo& f : scenario_fields()) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

// | `path` | unit | default | allowed | doc |
std::string parameter_row(const FieldInfo& f) {
  return "| `" + f.path + "` | " + cell(f.unit) + " | " + cell(f.default_text) + " | " +
         cell(f.allowed_text) + " | " + cell(f.doc) + " |";
}

void expect_documented(const std::string& doc, const TopologyInfo& info) {
  EXPECT_NE(doc.find("### `" + info.name + "`"), std::string::npos) << info.name;
  EXPECT_NE(doc.find(info.description), std::string::npos) << info.name << ": " << info.description;
  for (const std::string& path : info.parameter_paths) {
    const FieldInfo* f = field(path);
    ASSERT_NE(f, nullptr) << path;
    EXPECT_NE(doc.find(parameter_row(*f)), std::string::npos)
        << "docs/topology.md, " << info.name << ": missing or stale row\n"
        << parameter_row(*f);
  }
}

TEST(TopologyDocs, EveryTopologyAndParameterFromTheTables) {
  const std::string doc = read_doc();
  ASSERT_FALSE(doc.empty()) << "docs/topology.md is missing";
  for (const TopologyInfo& info : registered_topologies()) {
    expect_documented(doc, info);
  }
  expect_documented(doc, node_fabric_info());
}

}  // namespace
}  // namespace wt::topo
