#include "gui/app/run_controller.hpp"

#include "gui/app/job_runner.hpp"
#include "gui/app/scenario_document.hpp"
#include "gui/views/band_text.hpp"
#include "planner/commands/run_answer.hpp"

namespace wt::gui {

const char* engine_name(wt::EngineKind engine) {
  return engine == wt::EngineKind::simgrid ? "simgrid" : "analytical";
}

RunController::RunController(ScenarioDocument* doc, JobRunner* jobs, QObject* parent)
    : QObject(parent), doc_(doc), jobs_(jobs) {}

bool RunController::run() {
  const Validation& v = doc_->validation();
  if (!v.scenario) {
    emit message(tr("Cannot run: %1").arg(v.error));
    return false;
  }
  const wt::Scenario scenario = *v.scenario;
  const wt::EngineKind engine = engine_;
  const bool started =
      jobs_->start(tr("Run (%1)").arg(engine_name(engine)),
                   [this, scenario, engine](JobControl& control) -> JobRunner::Completion {
                     wt::EngineOptions options;
                     // Called inside the SimGrid child process: only the shared page is touched.
                     options.progress = [&control](double fraction) {
                       control.exit_child_if_cancelled();
                       control.report(fraction);
                     };
                     auto record = std::make_shared<RunRecord>();
                     record->scenario = scenario;
                     record->engine = engine;
                     // The bands as `run` reads them; a broken file is a warning, not fatal.
                     const LoadedBands loaded = load_error_bands();
                     // As `run` computes it: the engine's result, the Monte Carlo and the error
                     // band.
                     record->output = wt::run_with_figures(scenario, engine, options, loaded.bands);
                     record->finished_at = QDateTime::currentDateTime();
                     record->band_error = loaded.error;
                     return [this, record = std::shared_ptr<const RunRecord>(std::move(record))] {
                       last_ = record;
                       emit runFinished(record);
                     };
                   });
  if (!started) emit message(tr("Busy: %1 is running").arg(jobs_->title()));
  return started;
}

}  // namespace wt::gui
