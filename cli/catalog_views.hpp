#pragma once
// What `windtunnel catalog` shows: the GPU catalog and the model presets as terminal tables, or as
// one JSON document that keeps every figure's source.
#include <string>

#include <nlohmann/json.hpp>

namespace wt::cli {

std::string gpu_table();
std::string model_table();
nlohmann::ordered_json catalog_json();

}  // namespace wt::cli
