#include "gui/app/scenario_validation.hpp"

#include <exception>

#include "core/error.hpp"
#include "sim/scenario/parse.hpp"

namespace wt::gui {

Validation validate_text(const std::string& json_text, const std::string& base_dir) {
  Validation v;
  try {
    v.scenario = wt::parse_scenario_text(json_text, {}, base_dir);
  } catch (const wt::InputError& e) {
    v.error = QString::fromStdString(e.what());
    v.error_path = QString::fromStdString(e.path());
  } catch (const std::exception& e) {
    v.error = QString::fromStdString(e.what());
  }
  return v;
}

}  // namespace wt::gui
