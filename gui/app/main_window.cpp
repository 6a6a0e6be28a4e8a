#include "gui/app/main_window.hpp"

#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QStatusBar>
#include <QUndoStack>
#include <QUndoView>

#include "gui/app/export_controller.hpp"
#include "gui/app/field_form.hpp"
#include "gui/app/file_controller.hpp"
#include "gui/app/job_runner.hpp"
#include "gui/app/job_status.hpp"
#include "gui/app/plan_controller.hpp"
#include "gui/app/result_tabs.hpp"
#include "gui/app/run_controller.hpp"
#include "gui/app/scenario_document.hpp"
#include "gui/app/serve_controller.hpp"
#include "gui/app/sweep_controller.hpp"
#include "gui/views/planner_view.hpp"

namespace wt::gui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), prompts_(default_prompts(this)) {
  jobs_ = new JobRunner(this);
  doc_ = new ScenarioDocument(this);
  tabs_ = new ResultTabs(this);
  setCentralWidget(tabs_);
  files_ = new FileController(doc_, &prompts_, this);
  runs_ = new RunController(doc_, jobs_, this);
  sweeps_ = new SweepController(doc_, jobs_, this);
  plans_ = new PlanController(doc_, jobs_, this);
  serves_ = new ServeController(doc_, jobs_, this);
  exports_ = new ExportController(runs_, tabs_, &prompts_, this);
  build_docks();
  build_actions();
  statusBar()->addPermanentWidget(new JobStatus(jobs_, this));
  connect_controllers();
  setAcceptDrops(true);
  doc_->reset(FileController::new_scenario(), QString());
  resize(1360, 860);
}

MainWindow::~MainWindow() = default;

void MainWindow::build_docks() {
  form_ = new FieldForm(doc_, this);
  auto* scenario = new QDockWidget(tr("Scenario"), this);
  scenario->setObjectName(QStringLiteral("scenario_dock"));
  scenario->setWidget(form_);
  scenario->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
  form_->setMinimumWidth(400);
  addDockWidget(Qt::LeftDockWidgetArea, scenario);
  auto* history = new QDockWidget(tr("History"), this);
  history->setObjectName(QStringLiteral("history_dock"));
  history->setWidget(new QUndoView(doc_->undo_stack(), history));
  addDockWidget(Qt::LeftDockWidgetArea, history);
  tabifyDockWidget(history, scenario);  // the form in front
}

void MainWindow::connect_controllers() {
  const auto status = [this](const QString& text) { statusBar()->showMessage(text, 8000); };
  connect(files_, &FileController::message, this, status);
  connect(runs_, &RunController::message, this, status);
  connect(sweeps_, &SweepController::message, this, status);
  connect(plans_, &PlanController::message, this, status);
  connect(serves_, &ServeController::message, this, status);
  connect(exports_, &ExportController::message, this, status);
  connect(runs_, &RunController::runFinished, this, [this](const auto& record) {
    tabs_->show_run(*record);
    if (tabs_->currentIndex() == ResultTabs::scaling ||
        tabs_->currentIndex() == ResultTabs::planner) {
      tabs_->setCurrentIndex(ResultTabs::summary);
    }
  });
  connect(sweeps_, &SweepController::sweepFinished, this, [this](const auto& sweep) {
    tabs_->show_sweep(*sweep);
    tabs_->setCurrentIndex(ResultTabs::scaling);
  });
  connect(plans_, &PlanController::planFinished, this, [this](const auto& plan) {
    tabs_->show_plan(plan);
    tabs_->setCurrentIndex(ResultTabs::planner);
  });
  connect(serves_, &ServeController::serveFinished, this, [this](const auto& record) {
    tabs_->show_serving(record->result, record->series, record->day ? &*record->day : nullptr,
                        record->load ? &*record->load : nullptr);
    tabs_->setCurrentIndex(ResultTabs::serving);
  });
  connect(tabs_->planner_view(), &PlannerView::layout_chosen, this, &MainWindow::load_layout);
  connect(jobs_, &JobRunner::finished, this, &MainWindow::job_finished);
  connect(doc_, &ScenarioDocument::cleanChanged, this, &MainWindow::update_title);
  connect(doc_, &ScenarioDocument::filePathChanged, this, &MainWindow::update_title);
  connect(doc_, &ScenarioDocument::validated, this,
          [this] { tabs_->scenario_changed(doc_->validation().scenario); });
}

void MainWindow::job_finished(const QString& title, JobRunner::Outcome outcome,
                              const QString& message) {
  switch (outcome) {
    case JobRunner::Outcome::done:
      statusBar()->showMessage(tr("%1: done").arg(title), 8000);
      break;
    case JobRunner::Outcome::cancelled:
      statusBar()->showMessage(tr("%1: cancelled").arg(title), 8000);
      break;
    case JobRunner::Outcome::failed:
      statusBar()->showMessage(tr("%1 failed: %2").arg(title, message));
      if (prompts_.show_error) prompts_.show_error(tr("%1 failed").arg(title), message);
      break;
  }
}

void MainWindow::load_layout(const QString& scenario_json) {
  try {
    doc_->replace(plans_->layout_for(scenario_json), tr("Load planner layout"));
    statusBar()->showMessage(tr("Layout loaded into the scenario (Undo restores it)"), 8000);
  } catch (const std::exception& e) {
    statusBar()->showMessage(
        tr("Cannot load the layout: %1").arg(QString::fromStdString(e.what())));
  }
}

void MainWindow::update_title() {
  setWindowTitle(QStringLiteral("%1[*] — Windtunnel").arg(doc_->display_name()));
  setWindowModified(!doc_->is_clean());
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!files_->maybe_save()) return event->ignore();
  jobs_->cancel();
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (!FileController::dropped_scenario(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QString path = FileController::dropped_scenario(event->mimeData());
  if (path.isEmpty()) return;
  event->acceptProposedAction();
  files_->open(path);
}

}  // namespace wt::gui
