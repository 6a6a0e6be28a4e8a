#include "gui/app/screenshot_tour.hpp"

#include <QComboBox>
#include <QDir>
#include <QEventLoop>
#include <QLineEdit>
#include <QTimer>
#include <QToolBox>
#include <QUndoStack>

#include "gui/app/field_editor.hpp"
#include "gui/app/field_form.hpp"
#include "gui/app/job_runner.hpp"
#include "gui/app/main_window.hpp"
#include "gui/app/plan_controller.hpp"
#include "gui/app/result_tabs.hpp"
#include "gui/app/run_controller.hpp"
#include "gui/app/scenario_document.hpp"
#include "gui/app/serve_controller.hpp"
#include "gui/app/sweep_controller.hpp"

namespace wt::gui {
namespace {

constexpr int kJobTimeoutMs = 180'000;

void settle(int ms) {
  QEventLoop loop;
  QTimer::singleShot(ms, &loop, &QEventLoop::quit);
  loop.exec();
}

// Waits for the job just started; false when it did not start, failed or took too long.
bool finish_job(MainWindow& w, bool started, const QString& step, QString* error) {
  if (!started) {
    *error = step + QObject::tr(" did not start");
    return false;
  }
  QEventLoop loop;
  JobRunner::Outcome outcome = JobRunner::Outcome::failed;
  QString message = QObject::tr("timed out");
  QObject::connect(w.jobs(), &JobRunner::finished, &loop,
                   [&](const QString&, JobRunner::Outcome o, const QString& m) {
                     outcome = o;
                     message = m;
                     loop.quit();
                   });
  QTimer::singleShot(kJobTimeoutMs, &loop, &QEventLoop::quit);
  loop.exec();
  if (w.jobs()->busy()) w.jobs()->cancel();
  if (outcome == JobRunner::Outcome::done) return true;
  *error = step + ": " + message;
  return false;
}

bool shoot(MainWindow& w, const QString& dir, const QString& name, QString* error) {
  settle(400);  // layouts and charts settle
  const QString path = QDir(dir).filePath(QStringLiteral("gui-%1.png").arg(name));
  if (w.grab().save(path)) return true;
  *error = QObject::tr("cannot write %1").arg(path);
  return false;
}

// The form with a value the library refuses, its message beside the field; undone afterwards.
bool shoot_validation(MainWindow& w, const QString& dir, QString* error) {
  FieldEditor* editor = w.form()->editor("parallel.tensor");
  if (editor == nullptr) return true;
  auto* line = qobject_cast<QLineEdit*>(editor->input());
  w.form()->pages()->setCurrentIndex(3);  // Parallel
  line->setFocus();
  line->setText(QStringLiteral("3"));
  emit line->textEdited(line->text());
  const bool ok = shoot(w, dir, QStringLiteral("validation"), error);
  w.document()->undo_stack()->undo();
  w.form()->pages()->setCurrentIndex(1);
  return ok;
}

}  // namespace

bool take_screenshots(MainWindow& w, const QString& dir, QString* error) {
  w.prompts().show_error = [error](const QString& title, const QString& text) {
    *error = title + ": " + text;
  };
  QDir().mkpath(dir);
  w.resize(1440, 900);
  w.show();
  w.form()->pages()->setCurrentIndex(1);  // Model
  const Validation& v = w.document()->validation();
  if (v.scenario && v.scenario->serving_only()) {  // a serving scenario: the Serving tab alone
    if (!finish_job(w, w.serves()->serve(), QObject::tr("serve"), error)) return false;
    w.tabs()->setCurrentIndex(ResultTabs::serving);
    return shoot(w, dir, w.tabs()->tab_name(ResultTabs::serving), error);
  }
  if (!finish_job(w, w.runs()->run(), QObject::tr("run"), error)) return false;
  if (!finish_job(w, w.sweeps()->sweep(w.sweeps()->default_settings()), QObject::tr("sweep"),
                  error)) {
    return false;
  }
  if (!finish_job(w, w.plans()->plan_around_document(), QObject::tr("plan"), error)) return false;
  for (int tab : {ResultTabs::summary, ResultTabs::timeline, ResultTabs::breakdown,
                  ResultTabs::reliability, ResultTabs::scaling, ResultTabs::planner}) {
    w.tabs()->setCurrentIndex(tab);
    if (!shoot(w, dir, w.tabs()->tab_name(tab), error)) return false;
  }
  w.engine_box()->setCurrentIndex(1);  // simgrid, for the link loads
  if (!finish_job(w, w.runs()->run(), QObject::tr("SimGrid run"), error)) return false;
  w.tabs()->setCurrentIndex(ResultTabs::topology);
  if (!shoot(w, dir, w.tabs()->tab_name(ResultTabs::topology), error)) return false;
  w.tabs()->setCurrentIndex(ResultTabs::summary);
  return shoot_validation(w, dir, error);
}

}  // namespace wt::gui
