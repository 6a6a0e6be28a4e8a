#include "gui/app/result_tabs.hpp"

#include "gui/app/summary_view.hpp"
#include "gui/topology/topology_view.hpp"
#include "gui/views/breakdown_view.hpp"
#include "gui/views/planner_view.hpp"
#include "gui/views/reliability_view.hpp"
#include "gui/views/scaling_view.hpp"
#include "gui/views/serving_view.hpp"
#include "gui/views/timeline_view.hpp"

namespace wt::gui {

ResultTabs::ResultTabs(QWidget* parent) : QTabWidget(parent) {
  summary_ = new SummaryView(this);
  timeline_ = new TimelineView(this);
  breakdown_ = new BreakdownView(this);
  reliability_ = new ReliabilityView(this);
  scaling_ = new ScalingView(this);
  planner_ = new PlannerView(this);
  serving_ = new ServingView(this);
  topology_ = new TopologyView(this);
  addTab(summary_, tr("Summary"));
  addTab(timeline_, tr("Timeline"));
  addTab(breakdown_, tr("Breakdown"));
  addTab(reliability_, tr("Reliability"));
  addTab(scaling_, tr("Scaling"));
  addTab(planner_, tr("Planner"));
  addTab(serving_, tr("Serving"));
  addTab(topology_, tr("Topology"));
  network_timer_.setSingleShot(true);
  network_timer_.setInterval(300);  // typing does not redraw a large network per key
  connect(&network_timer_, &QTimer::timeout, this, &ResultTabs::refresh_network);
  connect(this, &QTabWidget::currentChanged, this, [this](int tab) {
    if (tab == topology && pending_network_) refresh_network();
  });
}

void ResultTabs::show_run(const RunRecord& run) {
  summary_->show_run(run);
  timeline_->show_run(run.output.workload, run.output.timeline);
  breakdown_->show_run(run.scenario, run.output.result);
  reliability_->show_run(run.output.result, run.scenario.cost.usd_per_gpu_hour > 0.0);
  const bool loads = run.engine == wt::EngineKind::simgrid;
  topology_->show_network(run.scenario, loads ? &run.output.link_loads : nullptr);
  pending_network_.reset();
}

void ResultTabs::show_sweep(const wt::SweepResult& sweep) {
  scaling_->show_sweep(sweep);
}

void ResultTabs::show_plan(std::shared_ptr<const PlanRun> plan) {
  planner_->show_plan(std::move(plan));
}

void ResultTabs::show_serving(const wt::ServingResult& result, const wt::ServingSeries& series,
                              const wt::DailyReplicas* day, const wt::LatencyAgainstLoad* load) {
  serving_->show_serving(result, series, day, load);
}

void ResultTabs::scenario_changed(const std::optional<wt::Scenario>& scenario) {
  if (!scenario) return;  // an invalid document keeps the last drawing
  pending_network_ = scenario;
  if (currentIndex() == topology) network_timer_.start();
}

void ResultTabs::refresh_network() {
  if (!pending_network_) return;
  topology_->show_network(*pending_network_, nullptr);
  pending_network_.reset();
}

QWidget* ResultTabs::export_widget(int tab) {
  switch (tab) {
    case summary:
      return summary_->export_widget();
    case timeline:
      return timeline_->export_widget();
    case breakdown:
      return breakdown_->export_widget();
    case reliability:
      return reliability_->export_widget();
    case scaling:
      return scaling_->export_widget();
    case planner:
      return planner_->export_widget();
    case serving:
      return serving_->export_widget();
    case topology:
      return topology_->export_widget();
    default:
      return nullptr;
  }
}

QString ResultTabs::tab_name(int tab) const {
  return tabText(tab).toLower();
}

}  // namespace wt::gui
