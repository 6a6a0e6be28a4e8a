// views_gallery OUT_DIR: every view of wt_gui_views on shipped scenarios, saved as PNGs (the whole
// tab and its export widget) for a person to look at. Not a test: it asserts nothing.
#include <cstdio>

#include <QApplication>
#include <QDir>

#include "gui/views/breakdown_view.hpp"
#include "gui/views/planner_view.hpp"
#include "gui/views/png_export.hpp"
#include "gui/views/scaling_view.hpp"
#include "gui/views/timeline_view.hpp"
#include "planner/sweep/sweep.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

using namespace wt;
using namespace wt::gui;

namespace {

const std::string kSource = WT_SOURCE_DIR;

void save(QWidget& tab, QWidget* exported, const QString& dir, const QString& name) {
  tab.resize(1200, 700);
  tab.show();
  QApplication::processEvents();
  QString error;
  const bool ok = save_widget_png(&tab, dir + "/" + name + "-tab.png", &error) &&
                  save_widget_png(exported, dir + "/" + name + ".png", &error);
  std::printf("%s %s\n", ok ? "wrote" : "failed:", qPrintable(ok ? name : error));
}

void timelines(const QString& dir) {
  for (const char* name : {"gpt3-175b-1024-a100", "interleaved-gpt3-13b", "zero3-llama2-13b"}) {
    const RunOutput run =
        run_scenario(load_scenario_file(kSource + "/scenarios/" + name + ".json"));
    TimelineView view;
    view.show_run(run.workload, run.timeline);
    save(view, view.export_widget(), dir, QStringLiteral("timeline-%1").arg(name));
    view.zoom_by(12.0);
    save(view, view.export_widget(), dir, QStringLiteral("timeline-%1-zoomed").arg(name));
  }
}

void breakdown(const QString& dir) {
  const Scenario s = load_scenario_file(kSource + "/scenarios/gpt3-175b-1024-a100.json");
  BreakdownView view;
  view.show_run(s, run_scenario(s).result);
  save(view, view.export_widget(), dir, QStringLiteral("breakdown"));
}

void scaling(const QString& dir) {
  SweepRequest request;
  request.scenario_path = kSource + "/scenarios/llama2-70b-64-h100.json";
  request.axes = {parse_vary("cluster.num_nodes=1,2,4,8,16,32")};
  ScalingView view;
  view.show_sweep(run_sweep(request));
  save(view, view.export_widget(), dir, QStringLiteral("scaling"));
  view.set_metric(ScalingView::Metric::speedup);
  save(view, view.export_widget(), dir, QStringLiteral("scaling-speedup"));
  view.set_metric(ScalingView::Metric::efficiency);
  save(view, view.export_widget(), dir, QStringLiteral("scaling-efficiency"));
  request.sets = {"parallel.data=0"};  // derived from the GPU count at every point
  request.axes = {parse_vary("parallel.tensor=2,4,8")};
  view.show_sweep(run_sweep(request));
  view.set_metric(ScalingView::Metric::tokens_per_s);
  save(view, view.export_widget(), dir, QStringLiteral("scaling-by-tensor"));
}

void planner(const QString& dir) {
  PlanRunOptions options;
  options.top = 15;
  const auto plan =
      run_plan(load_plan_file(kSource + "/tests/gui/views/data/tiny-plan.json"), options);
  PlannerView view;
  view.show_plan(plan);
  save(view, view.export_widget(), dir, QStringLiteral("planner"));
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: views_gallery OUT_DIR\n");
    return 2;
  }
  const QString dir = QString::fromLocal8Bit(argv[1]);
  QDir().mkpath(dir);
  try {
    timelines(dir);
    breakdown(dir);
    scaling(dir);
    planner(dir);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "views_gallery: %s\n", e.what());
    return 1;
  }
  return 0;
}
