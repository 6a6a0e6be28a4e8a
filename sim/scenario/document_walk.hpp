#pragma once
// The table-driven read of a scenario document: every object of the schema is visited in table
// order, each known key read by its field's reader, each unknown key refused with its full path and
// the closest known key.
#include <nlohmann/json.hpp>

#include "sim/scenario/field_binding.hpp"

namespace wt {

void read_document(const nlohmann::json& doc, Scenario& s, const ReadContext& ctx);

}  // namespace wt
