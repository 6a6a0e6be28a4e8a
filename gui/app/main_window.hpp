#pragma once
// The windtunnel-gui main window: the scenario form (a dock) beside the result tabs, with the
// work split among controllers (files, runs, sweeps, plans, serving runs, exports) that share one
// document and one job runner. The window only wires them together and handles drops and closing.
#include <QMainWindow>

#include "gui/app/job_runner.hpp"
#include "gui/app/prompts.hpp"

class QComboBox;
class QMenu;

namespace wt::gui {

class ExportController;
class FieldForm;
class FileController;
class PlanController;
class ResultTabs;
class RunController;
class ScenarioDocument;
class ServeController;
class SweepController;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // The questions the window asks; tests replace them so that no modal dialog blocks.
  Prompts& prompts() { return prompts_; }

  ScenarioDocument* document() const { return doc_; }
  JobRunner* jobs() const { return jobs_; }
  FieldForm* form() const { return form_; }
  ResultTabs* tabs() const { return tabs_; }
  FileController* files() const { return files_; }
  RunController* runs() const { return runs_; }
  SweepController* sweeps() const { return sweeps_; }
  PlanController* plans() const { return plans_; }
  ServeController* serves() const { return serves_; }
  ExportController* exports() const { return exports_; }
  QComboBox* engine_box() const { return engine_; }

 protected:
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void build_docks();
  void build_actions();  // main_window_actions.cpp
  QMenu* build_file_menu();
  QMenu* build_run_menu();
  void connect_controllers();
  void update_title();
  void job_finished(const QString& title, JobRunner::Outcome outcome, const QString& message);
  void load_layout(const QString& scenario_json);

  Prompts prompts_;
  JobRunner* jobs_ = nullptr;  // first: destroyed first, so no result arrives in a half-gone window
  ScenarioDocument* doc_ = nullptr;
  FieldForm* form_ = nullptr;
  ResultTabs* tabs_ = nullptr;
  FileController* files_ = nullptr;
  RunController* runs_ = nullptr;
  SweepController* sweeps_ = nullptr;
  PlanController* plans_ = nullptr;
  ServeController* serves_ = nullptr;
  ExportController* exports_ = nullptr;
  QComboBox* engine_ = nullptr;
};

}  // namespace wt::gui
