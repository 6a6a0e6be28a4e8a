#pragma once
// File paths inside a scenario document (model.hf_config, calibration, a profile as cluster.gpu)
// are relative to the file's folder. A copy of the document that runs from elsewhere (a sweep's
// temporary file) or a layout that comes from a plan in another folder gets them made absolute.
#include <string>

#include "gui/app/json_path.hpp"

namespace wt::gui {

Json with_absolute_paths(Json doc, const std::string& base_dir);

}  // namespace wt::gui
