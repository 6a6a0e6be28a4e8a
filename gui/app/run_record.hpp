#pragma once
// One finished run as the result tabs and the exports read it: the scenario as it was run (the
// document may have changed since) and the library's output.
#include <string>

#include <QDateTime>

#include "sim/run.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt::gui {

struct RunRecord {
  wt::Scenario scenario;
  wt::RunOutput output;
  wt::EngineKind engine = wt::EngineKind::analytical;
  QDateTime finished_at;
  // Why the error bands file could not be read (the run has no band then); empty when it was
  // read or does not exist.
  std::string band_error;
};

const char* engine_name(wt::EngineKind engine);

}  // namespace wt::gui
