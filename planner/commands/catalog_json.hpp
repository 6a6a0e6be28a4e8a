#pragma once
// `windtunnel catalog --json` (and windtunnel.catalog() in Python): the GPU catalog and the model
// presets as one JSON document that keeps every figure's source.
#include <nlohmann/json.hpp>

namespace wt {

nlohmann::ordered_json catalog_json();

}  // namespace wt
