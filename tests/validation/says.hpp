#pragma once
// Whether a validated row's assumptions (what validate says it read or chose) hold a text.
#include <algorithm>
#include <string>

#include "sim/validation/rows.hpp"

namespace wt::validation::test {

inline bool says(const ValidationRow& r, const std::string& text) {
  return std::any_of(r.assumptions.begin(), r.assumptions.end(),
                     [&](const std::string& a) { return a.find(text) != std::string::npos; });
}

}  // namespace wt::validation::test
