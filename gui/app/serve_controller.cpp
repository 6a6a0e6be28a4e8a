#include "gui/app/serve_controller.hpp"

#include "gui/app/job_runner.hpp"
#include "gui/app/scenario_document.hpp"
#include "planner/commands/serve_answer.hpp"

namespace wt::gui {

ServeController::ServeController(ScenarioDocument* doc, JobRunner* jobs, QObject* parent)
    : QObject(parent), doc_(doc), jobs_(jobs) {}

bool ServeController::serve() {
  const Validation& v = doc_->validation();
  if (!v.scenario) {
    emit message(tr("Cannot serve: %1").arg(v.error));
    return false;
  }
  if (!v.scenario->serving.enabled) {
    emit message(tr("Cannot serve: the scenario has no serving block (docs/serving.md)"));
    return false;
  }
  const wt::Scenario scenario = *v.scenario;
  const bool started = jobs_->start(tr("Serve"), [this, scenario](JobControl& control) {
    const wt::ServeOutput out =
        wt::serve_with_price(scenario, wt::ServeOptions{.record_steps = true});
    auto record = std::make_shared<ServeRecord>();
    record->result = out.result;
    record->series = wt::serving_series(out.simulation, kSeriesBuckets);
    if (scenario.serving.traffic.hourly_percent.size() == 24) {
      control.throw_if_cancelled();
      record->day = wt::daily_replicas(scenario, out.result.usd_per_gpu_hour);
      control.throw_if_cancelled();
    }
    if (out.result.fits) {
      // Cancel takes effect between the rates' simulations.
      record->load = wt::latency_against_load(scenario, wt::default_load_multiples(), 0,
                                              [&control] { control.throw_if_cancelled(); });
    }
    record->finished_at = QDateTime::currentDateTime();
    return JobRunner::Completion(
        [this, record = std::shared_ptr<const ServeRecord>(std::move(record))] {
          last_ = record;
          emit serveFinished(record);
        });
  });
  if (!started) emit message(tr("Busy: %1 is running").arg(jobs_->title()));
  return started;
}

}  // namespace wt::gui
