// Profiles on disk: reading with file-named errors, and writing through the one atomic writer
// (core/atomic_file.hpp), so that an interrupted calibrator never leaves a truncated profile.
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "sim/hardware/calibration_profile.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt {

void write_profile(const CalibrationProfile& p, const std::string& path) {
  const nlohmann::json doc = to_json(p);
  profile_from_json(doc, path + " (not written)");  // never write what read_profile would refuse
  write_file_atomically(path,
                        doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

CalibrationProfile read_profile(const std::string& path) {
  const std::optional<std::string> text = read_text_file(path);
  if (!text) {
    throw InputError(path, "cannot read the calibration profile", "",
                     "an existing, readable JSON file written by windtunnel-calibrate");
  }
  return profile_from_text(*text, path);
}

CalibrationProfile profile_from_text(std::string_view text, const std::string& origin) {
  nlohmann::json doc;
  try {
    doc = parse_json_text(text, origin);
  } catch (const InputError& e) {
    if (e.path() == origin) throw;
    throw InputError("profile." + e.path(), e.problem() + " in " + origin, e.value(), e.allowed());
  }
  return profile_from_json(doc, origin);
}

}  // namespace wt
