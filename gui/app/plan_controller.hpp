#pragma once
// Planner: a plan file, or a plan around the document's scenario (plan_around.hpp), searched by
// the views' run_plan (as `windtunnel plan` searches) on the job runner. A layout chosen in the
// planner view comes back through layout_for() as the document to load.
#include <memory>
#include <string>
#include <vector>

#include <QObject>
#include <QString>

#include "gui/app/json_path.hpp"
#include "gui/views/plan_run.hpp"

class QWidget;

namespace wt::gui {

class JobRunner;
class ScenarioDocument;

class PlanController : public QObject {
  Q_OBJECT
 public:
  PlanController(ScenarioDocument* doc, JobRunner* jobs, QObject* parent = nullptr);

  // Each starts the search; false (with message()) on a bad plan or a busy runner.
  bool plan_file(const QString& path);
  bool plan_around_document();
  void ask_and_plan_file(QWidget* parent);

  // The scenario document of a layout the planner view emitted (layout_chosen).
  Json layout_for(const QString& scenario_json) const;

 signals:
  void planFinished(std::shared_ptr<const wt::gui::PlanRun> plan);
  void message(const QString& text);

 private:
  bool start(const QString& title, std::shared_ptr<const wt::PlanSpec> spec,
             std::vector<std::string> assumed);

  ScenarioDocument* doc_;
  JobRunner* jobs_;
  std::string base_dir_;              // of the plan shown
  std::vector<std::string> assumed_;  // of the plan shown
};

}  // namespace wt::gui
