#pragma once
// Serve: the document's serving block through serve_with_price (`windtunnel serve`'s figures,
// planner/commands/serve_answer.hpp) on the job runner, with the engine steps recorded for the
// batch and queue over time (sim/report/serving_series.hpp), and, when the traffic has a daily
// profile, the replicas per hour of the scenario's deployment (daily_replicas, the function
// `windtunnel serve-plan` plans its hours with), then the latency against load of the deployment
// (latency_load.hpp, the same simulation at multiples of the peak rate). The scenario is copied
// when the job starts.
#include <memory>
#include <optional>

#include <QDateTime>
#include <QObject>
#include <QString>

#include "planner/serving/daily_replicas.hpp"
#include "planner/serving/latency_load.hpp"
#include "sim/report/serving_result.hpp"
#include "sim/report/serving_series.hpp"

namespace wt::gui {

class JobRunner;
class ScenarioDocument;

struct ServeRecord {
  wt::ServingResult result;
  wt::ServingSeries series;
  // With serving.traffic.hourly_percent: the replicas per hour at serve-plan's default limits
  // (at least 1 replica an hour, at most 64), priced as `result` is.
  std::optional<wt::DailyReplicas> day;
  // When the replica fits: default_load_multiples() × the peak rate, up to the first saturated.
  std::optional<wt::LatencyAgainstLoad> load;
  QDateTime finished_at;
};

class ServeController : public QObject {
  Q_OBJECT
 public:
  ServeController(ScenarioDocument* doc, JobRunner* jobs, QObject* parent = nullptr);

  // Buckets of the batch and queue series.
  static constexpr int kSeriesBuckets = 200;

  // Starts a serving run; false (with message()) when the document is not valid, has no serving
  // block, or a job is running.
  bool serve();
  std::shared_ptr<const ServeRecord> last_serve() const { return last_; }

 signals:
  void serveFinished(std::shared_ptr<const wt::gui::ServeRecord> record);
  void message(const QString& text);

 private:
  ScenarioDocument* doc_;
  JobRunner* jobs_;
  std::shared_ptr<const ServeRecord> last_;
};

}  // namespace wt::gui
