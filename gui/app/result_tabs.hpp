#pragma once
// The tabs that show results: Summary, Timeline, Breakdown, Reliability (of the last run), Scaling
// (of the last sweep), Planner (of the last plan), Serving (of the last serving run) and Topology
// (the scenario's network, with link loads after a SimGrid run). Each tab's view has an
// export_widget() that Export PNG renders.
#include <memory>
#include <optional>

#include <QTabWidget>
#include <QTimer>

#include "gui/app/run_record.hpp"
#include "planner/serving/daily_replicas.hpp"
#include "planner/serving/latency_load.hpp"
#include "planner/sweep/sweep.hpp"
#include "sim/report/serving_result.hpp"
#include "sim/report/serving_series.hpp"

namespace wt::gui {

class BreakdownView;
class PlannerView;
class ReliabilityView;
class ServingView;
class ScalingView;
class SummaryView;
class TimelineView;
class TopologyView;
struct PlanRun;

class ResultTabs : public QTabWidget {
  Q_OBJECT
 public:
  enum Tab { summary = 0, timeline, breakdown, reliability, scaling, planner, serving, topology };

  explicit ResultTabs(QWidget* parent = nullptr);

  void show_run(const RunRecord& run);
  void show_sweep(const wt::SweepResult& sweep);
  void show_plan(std::shared_ptr<const PlanRun> plan);
  // `day`: the replicas per hour when the traffic has a daily profile (nullptr: it has none).
  void show_serving(const wt::ServingResult& result, const wt::ServingSeries& series,
                    const wt::DailyReplicas* day, const wt::LatencyAgainstLoad* load);
  // The document's scenario changed: the Topology tab draws it (without loads) when next shown.
  void scenario_changed(const std::optional<wt::Scenario>& scenario);

  QWidget* export_widget(int tab);
  QString tab_name(int tab) const;

  SummaryView* summary_view() const { return summary_; }
  TimelineView* timeline_view() const { return timeline_; }
  BreakdownView* breakdown_view() const { return breakdown_; }
  ScalingView* scaling_view() const { return scaling_; }
  PlannerView* planner_view() const { return planner_; }
  TopologyView* topology_view() const { return topology_; }
  ReliabilityView* reliability_view() const { return reliability_; }
  ServingView* serving_view() const { return serving_; }

 private:
  void refresh_network();

  SummaryView* summary_ = nullptr;
  TimelineView* timeline_ = nullptr;
  BreakdownView* breakdown_ = nullptr;
  ReliabilityView* reliability_ = nullptr;
  ServingView* serving_ = nullptr;
  ScalingView* scaling_ = nullptr;
  PlannerView* planner_ = nullptr;
  TopologyView* topology_ = nullptr;
  std::optional<wt::Scenario> pending_network_;  // drawn when the Topology tab shows
  QTimer network_timer_;
};

}  // namespace wt::gui
