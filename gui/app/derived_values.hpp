#pragma once
// What applies to fields the file leaves out but the scenario fills in another way: the model
// fields a preset (or a Hugging Face config) sets, and the data-parallel degree derived from the
// GPU count. The form shows them in place of the generic default.
#include <map>
#include <string>

#include <QString>

#include "sim/scenario/scenario.hpp"

namespace wt::gui {

struct DerivedValue {
  QString text;    // as the field would hold it, e.g. "80", "true"
  QString source;  // "from llama3-70b", "derived"
};

std::map<std::string, DerivedValue> derived_values(const wt::Scenario& s);

}  // namespace wt::gui
