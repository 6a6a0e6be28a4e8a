#pragma once
// What `windtunnel catalog` shows: the GPU catalog and the model presets as terminal tables, or as
// one JSON document that keeps every figure's source (planner/commands/catalog_json.hpp, shared
// with the Python module).
#include <string>

namespace wt::cli {

std::string gpu_table();
std::string model_table();

}  // namespace wt::cli
