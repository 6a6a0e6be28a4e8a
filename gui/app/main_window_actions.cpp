// The main window's menus and tool bar: each action calls one controller.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>
#include <QUndoStack>

#include "gui/app/export_controller.hpp"
#include "gui/app/file_controller.hpp"
#include "gui/app/main_window.hpp"
#include "gui/app/plan_controller.hpp"
#include "gui/app/run_controller.hpp"
#include "gui/app/scenario_document.hpp"
#include "gui/app/serve_controller.hpp"
#include "gui/app/sweep_controller.hpp"

namespace wt::gui {
namespace {

// Actions that start a job: enabled when no job runs and the document is valid.
struct JobActions {
  QAction* run;
  QAction* serve;
  QAction* sweep;
  QAction* plan_around;
  QAction* plan_file;
  QAction* cancel;
};

void keep_job_actions_current(const JobActions& a, JobRunner* jobs, ScenarioDocument* doc) {
  const auto update = [a, jobs, doc] {
    const bool idle = !jobs->busy();
    const bool valid = doc->validation().scenario.has_value();
    a.run->setEnabled(idle && valid);
    a.serve->setEnabled(idle && valid && doc->validation().scenario->serving.enabled);
    a.sweep->setEnabled(idle && valid);
    a.plan_around->setEnabled(idle && valid);
    a.plan_file->setEnabled(idle);
    a.cancel->setEnabled(!idle);
  };
  QObject::connect(jobs, &JobRunner::started, a.run, update);
  QObject::connect(jobs, &JobRunner::finished, a.run, update);
  QObject::connect(doc, &ScenarioDocument::validated, a.run, update);
  update();
}

}  // namespace

QMenu* MainWindow::build_file_menu() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&New"), QKeySequence::New, files_, &FileController::new_document);
  file->addAction(tr("&Open…"), QKeySequence::Open, files_, &FileController::open_dialog);
  QMenu* recent = file->addMenu(tr("Open &Recent"));
  const auto refill = [this, recent] { files_->fill_recent_menu(recent); };
  connect(files_, &FileController::recentFilesChanged, recent, refill);
  refill();
  file->addAction(tr("&Save"), QKeySequence::Save, files_, &FileController::save);
  file->addAction(tr("Save &As…"), QKeySequence::SaveAs, files_, &FileController::save_as_dialog);
  file->addSeparator();
  QMenu* exports = file->addMenu(tr("&Export"));
  exports->addAction(tr("&Report (Markdown or HTML)…"), exports_, &ExportController::ask_report);
  exports->addAction(tr("Chrome &trace…"), exports_, &ExportController::ask_trace);
  exports->addAction(tr("&PNG of this tab…"), exports_, &ExportController::ask_png);
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  return file;
}

QMenu* MainWindow::build_run_menu() {
  QMenu* menu = menuBar()->addMenu(tr("&Run"));
  JobActions a{};
  // A file with a serving block and no training job runs as `windtunnel serve` runs it.
  a.run = menu->addAction(tr("&Run"), QKeySequence(tr("Ctrl+R")), this, [this] {
    const Validation& v = doc_->validation();
    if (v.scenario && v.scenario->serving_only()) {
      serves_->serve();
    } else {
      runs_->run();
    }
  });
  a.serve = menu->addAction(tr("&Serve"), QKeySequence(tr("Ctrl+Shift+R")), serves_,
                            &ServeController::serve);
  a.serve->setToolTip(tr("Simulate the scenario's serving block (windtunnel serve)"));
  a.cancel =
      menu->addAction(tr("&Cancel"), QKeySequence(Qt::Key_Escape), jobs_, &JobRunner::cancel);
  menu->addSeparator();
  a.sweep = menu->addAction(tr("Scaling &sweep…"), this, [this] { sweeps_->ask_and_sweep(this); });
  a.plan_around = menu->addAction(tr("&Plan around this scenario"), plans_,
                                  &PlanController::plan_around_document);
  a.plan_file = menu->addAction(tr("Plan from a plan &file…"), this,
                                [this] { plans_->ask_and_plan_file(this); });
  keep_job_actions_current(a, jobs_, doc_);

  QToolBar* bar = addToolBar(tr("Run"));
  bar->setObjectName(QStringLiteral("run_toolbar"));
  bar->addWidget(new QLabel(tr(" Engine "), bar));
  engine_ = new QComboBox(bar);
  engine_->addItem(tr("analytical"), static_cast<int>(wt::EngineKind::analytical));
  engine_->addItem(tr("simgrid"), static_cast<int>(wt::EngineKind::simgrid));
  engine_->setToolTip(
      tr("analytical: closed forms, milliseconds; simgrid: flows on the network "
         "with contention, slower"));
  connect(engine_, &QComboBox::currentIndexChanged, this, [this](int index) {
    runs_->set_engine(static_cast<wt::EngineKind>(engine_->itemData(index).toInt()));
  });
  bar->addWidget(engine_);
  for (QAction* action : {a.run, a.serve, a.cancel, a.sweep, a.plan_around})
    bar->addAction(action);
  return menu;
}

void MainWindow::build_actions() {
  QMenu* file = build_file_menu();
  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = doc_->undo_stack()->createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence::Undo);
  QAction* redo = doc_->undo_stack()->createRedoAction(this, tr("&Redo"));
  redo->setShortcut(QKeySequence::Redo);
  edit->addAction(undo);
  edit->addAction(redo);

  QToolBar* bar = addToolBar(tr("File"));
  bar->setObjectName(QStringLiteral("file_toolbar"));
  bar->addActions(file->actions().mid(0, 2));  // New, Open
  for (QAction* action : file->actions()) {
    if (action->shortcut() == QKeySequence::Save) bar->addAction(action);
  }
  bar->addSeparator();
  bar->addAction(undo);
  bar->addAction(redo);
  build_run_menu();

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About Windtunnel"), this, [this] {
    QMessageBox::about(this, tr("About Windtunnel"),
                       tr("<b>windtunnel-gui</b><br>Fly a distributed training job through a "
                          "simulated GPU cluster: edit a scenario, run it, sweep it, plan it. "
                          "Documentation: docs/gui.md."));
  });
}

}  // namespace wt::gui
