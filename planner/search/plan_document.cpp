#include "planner/search/plan_document.hpp"

#include <array>
#include <utility>

namespace wt {

void set_at_path(nlohmann::json& doc, const std::string& dotted_path, const nlohmann::json& value) {
  nlohmann::json* node = &doc;
  size_t start = 0;
  while (true) {
    const size_t dot = dotted_path.find('.', start);
    const std::string key = dotted_path.substr(start, dot == std::string::npos ? dot : dot - start);
    if (dot == std::string::npos) {
      (*node)[key] = value;
      return;
    }
    node = &(*node)[key];
    start = dot + 1;
  }
}

void keep_only_chosen_topology_block(nlohmann::json& doc) {
  static constexpr std::array<std::pair<const char*, const char*>, 3> kBlocks = {
      {{"fat-tree", "fat_tree"}, {"torus", "torus"}, {"dragonfly", "dragonfly"}}};
  if (!doc.contains("cluster") || !doc["cluster"].contains("network")) return;
  nlohmann::json& network = doc["cluster"]["network"];
  if (!network.is_object()) return;
  const auto it = network.find("topology");
  const std::string chosen =
      it != network.end() && it->is_string() ? it->get<std::string>() : "fat-tree";
  for (const auto& [topology, block] : kBlocks) {
    if (chosen != topology) network.erase(block);
  }
}

}  // namespace wt
