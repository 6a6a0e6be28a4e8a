#include "test_support.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QSettings>
#include <QTimer>
#include <filesystem>
#include <fstream>

#include "gui/app/file_controller.hpp"

namespace wt::gui::test {

void isolate_settings(const QTemporaryDir& dir) {
  QCoreApplication::setOrganizationName(QStringLiteral("windtunnel-tests"));
  QCoreApplication::setApplicationName(QStringLiteral("windtunnel-gui-tests"));
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
  QSettings().clear();
}

std::unique_ptr<Window> make_window(const QString& scenario_name) {
  auto w = std::make_unique<Window>();
  w->window = std::make_unique<MainWindow>();
  Window* raw = w.get();
  Prompts& p = w->window->prompts();
  p.ask_save = [raw](const QString&) {
    ++raw->save_questions;
    return raw->answer;
  };
  p.show_error = [raw](const QString& title, const QString& text) {
    raw->errors << title + ": " + text;
  };
  p.ask_open_path = [](const QString&, const QString&) { return QString(); };
  p.ask_save_path = [raw](const QString&, const QString&, const QString&) {
    return raw->save_path;
  };
  w->window->show();
  if (!scenario_name.isEmpty()) {
    w->window->files()->open(QString::fromStdString(scenario_path(scenario_name)));
  }
  return w;
}

std::string scenario_path(const QString& name) {
  return std::string(WT_SOURCE_DIR) + "/scenarios/" + name.toStdString() + ".json";
}

QString data_path(const QString& name) {
  return QStringLiteral(WT_SOURCE_DIR) + QStringLiteral("/tests/gui/app/data/") + name;
}

JobRunner::Outcome wait_for_job(MainWindow& w, int timeout_ms, QString* message) {
  if (!w.jobs()->busy()) {
    if (message != nullptr) *message = QStringLiteral("no job running");
    return JobRunner::Outcome::failed;
  }
  QEventLoop loop;
  JobRunner::Outcome outcome = JobRunner::Outcome::failed;
  QString text = QStringLiteral("timed out");
  const auto c = QObject::connect(w.jobs(), &JobRunner::finished, &loop,
                                  [&](const QString&, JobRunner::Outcome o, const QString& m) {
                                    outcome = o;
                                    text = m;
                                    loop.quit();
                                  });
  QTimer::singleShot(timeout_ms, &loop, &QEventLoop::quit);
  loop.exec();
  QObject::disconnect(c);
  if (message != nullptr) *message = text;
  return outcome;
}

int child_process_count() {
  int count = 0;
  std::error_code ec;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task", ec)) {
    std::ifstream in(task.path() / "children");
    for (long pid = 0; in >> pid;)
      ++count;
  }
  return count;
}

}  // namespace wt::gui::test
