#pragma once
// Edits of a plan's scenario document: a value at a dotted path, and the removal of the network
// blocks that do not belong to the chosen topology (a plan that varies the topology gives the
// block of each).
#include <string>

#include <nlohmann/json.hpp>

namespace wt {

void set_at_path(nlohmann::json& doc, const std::string& dotted_path, const nlohmann::json& value);
void keep_only_chosen_topology_block(nlohmann::json& doc);

}  // namespace wt
