#pragma once
// The document checked by the library exactly as `windtunnel run` checks a file: the JSON text
// parsed, presets expanded and every rule validated. Never throws: failures become a message.
#include <optional>
#include <string>

#include <QString>

#include "sim/scenario/scenario.hpp"

namespace wt::gui {

struct Validation {
  std::optional<wt::Scenario> scenario;  // set when the document is valid
  QString error;                         // the library's message when it is not
  QString error_path;                    // the JSON path the error names; "" when none
};

// `base_dir` resolves relative paths inside the document (hf_config, calibration, profiles).
Validation validate_text(const std::string& json_text, const std::string& base_dir);

}  // namespace wt::gui
