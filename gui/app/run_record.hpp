#pragma once
// One finished run as the result tabs and the exports read it: the scenario as it was run (the
// document may have changed since) and the library's output.
#include <QDateTime>

#include "sim/run.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt::gui {

struct RunRecord {
  wt::Scenario scenario;
  wt::RunOutput output;
  wt::EngineKind engine = wt::EngineKind::analytical;
  QDateTime finished_at;
};

const char* engine_name(wt::EngineKind engine);

}  // namespace wt::gui
