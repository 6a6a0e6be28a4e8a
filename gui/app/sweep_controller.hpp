#pragma once
// Scaling: a sweep of the document's scenario over one field's values (planner/sweep run_sweep,
// as `windtunnel sweep --vary PATH=V1,V2,...`) on the job runner.
#include <memory>

#include <QObject>
#include <QString>

#include "planner/sweep/sweep.hpp"

class QWidget;

namespace wt::gui {

class JobRunner;
class ScenarioDocument;

struct SweepSettings {
  QString path = QStringLiteral("cluster.num_nodes");
  QString values;  // "1,2,4,8"
};

class SweepController : public QObject {
  Q_OBJECT
 public:
  SweepController(ScenarioDocument* doc, JobRunner* jobs, QObject* parent = nullptr);

  // cluster.num_nodes doubling four times from a quarter of the scenario's node count (n/4 .. 2n;
  // 1, 2, 4, 8 for a scenario of up to 7 nodes).
  SweepSettings default_settings() const;
  // Starts the sweep; false (with message()) on a bad axis, an invalid document or a busy runner.
  bool sweep(const SweepSettings& settings);
  // Asks for the settings in a small dialog, then sweeps.
  void ask_and_sweep(QWidget* parent);

 signals:
  void sweepFinished(std::shared_ptr<const wt::SweepResult> result);
  void message(const QString& text);

 private:
  ScenarioDocument* doc_;
  JobRunner* jobs_;
};

}  // namespace wt::gui
