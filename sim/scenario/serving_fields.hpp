#pragma once
// The serving block's rows of the field table (serving_fields.cpp), appended by fields.cpp.
#include <vector>

#include "sim/scenario/field_binding.hpp"

namespace wt {

std::vector<FieldBinding> serving_fields();

}  // namespace wt
