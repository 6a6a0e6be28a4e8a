#include "gui/app/plan_controller.hpp"

#include <QFileDialog>
#include <QFileInfo>

#include "core/error.hpp"
#include "gui/app/document_paths.hpp"
#include "gui/app/job_runner.hpp"
#include "gui/app/plan_around.hpp"
#include "gui/app/scenario_document.hpp"

namespace wt::gui {

PlanController::PlanController(ScenarioDocument* doc, JobRunner* jobs, QObject* parent)
    : QObject(parent), doc_(doc), jobs_(jobs) {}

bool PlanController::plan_file(const QString& path) {
  try {
    auto spec = std::make_shared<const wt::PlanSpec>(wt::load_plan_file(path.toStdString()));
    return start(tr("Plan %1").arg(QFileInfo(path).fileName()), std::move(spec), {});
  } catch (const std::exception& e) {
    emit message(tr("Plan: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
}

bool PlanController::plan_around_document() {
  if (!doc_->validation().scenario) {
    emit message(tr("Cannot plan: %1").arg(doc_->validation().error));
    return false;
  }
  try {
    PlanAround around = plan_around(with_absolute_paths(doc_->json(), doc_->base_dir()));
    auto spec = std::make_shared<const wt::PlanSpec>(
        wt::parse_plan(around.plan, doc_->base_dir(), doc_->display_name().toStdString()));
    return start(tr("Plan around %1").arg(doc_->display_name()), std::move(spec),
                 std::move(around.assumed_paths));
  } catch (const std::exception& e) {
    emit message(tr("Plan: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
}

bool PlanController::start(const QString& title, std::shared_ptr<const wt::PlanSpec> spec,
                           std::vector<std::string> assumed) {
  const bool started =
      jobs_->start(title, [this, spec, assumed](JobControl& control) -> JobRunner::Completion {
        PlanRunOptions options;
        options.progress = [&control](double fraction) { control.report(fraction); };
        options.cancel = control.cancel_flag();
        std::shared_ptr<const PlanRun> plan = run_plan(*spec, options);
        if (!plan) return {};  // cancelled
        return [this, plan, assumed] {
          base_dir_ = plan->spec.base_dir;
          assumed_ = assumed;
          emit planFinished(plan);
        };
      });
  if (!started) emit message(tr("Busy: %1 is running").arg(jobs_->title()));
  return started;
}

void PlanController::ask_and_plan_file(QWidget* parent) {
  const QString path = QFileDialog::getOpenFileName(parent, tr("Open a plan file"), QString(),
                                                    tr("Plan files (*.json)"));
  if (!path.isEmpty()) plan_file(path);
}

Json PlanController::layout_for(const QString& scenario_json) const {
  return layout_document(scenario_json.toStdString(), base_dir_, assumed_);
}

}  // namespace wt::gui
