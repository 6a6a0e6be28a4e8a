#pragma once
// Run: the document's scenario through run_with_figures (run_scenario, analytical or SimGrid, with
// the Monte Carlo and the error band `run` adds) on the
// job runner. The scenario is copied when the run starts, so editing during a run is safe.
#include <memory>

#include <QObject>
#include <QString>

#include "gui/app/run_record.hpp"

namespace wt::gui {

class JobRunner;
class ScenarioDocument;

class RunController : public QObject {
  Q_OBJECT
 public:
  RunController(ScenarioDocument* doc, JobRunner* jobs, QObject* parent = nullptr);

  void set_engine(wt::EngineKind engine) { engine_ = engine; }
  wt::EngineKind engine() const { return engine_; }

  // Starts a run; false (with message()) when the document is not valid or a job is running.
  bool run();
  std::shared_ptr<const RunRecord> last_run() const { return last_; }

 signals:
  void runFinished(std::shared_ptr<const wt::gui::RunRecord> record);
  void message(const QString& text);

 private:
  ScenarioDocument* doc_;
  JobRunner* jobs_;
  wt::EngineKind engine_ = wt::EngineKind::analytical;
  std::shared_ptr<const RunRecord> last_;
};

}  // namespace wt::gui
