#pragma once
// Shared by the app tests: a main window whose questions are answered without dialogs, settings
// kept in a temporary folder, and a wait for the job runner.
#include <memory>
#include <string>

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include "gui/app/job_runner.hpp"
#include "gui/app/main_window.hpp"

namespace wt::gui::test {

// Settings (recent files) go to `dir`, never to the user's.
void isolate_settings(const QTemporaryDir& dir);

struct Window {
  std::unique_ptr<MainWindow> window;
  QStringList errors;                       // what show_error was asked to show
  SaveChoice answer = SaveChoice::discard;  // to "save unsaved changes?"
  QString save_path;                        // what a Save As dialog answers
  int save_questions = 0;
};

// A window with silent prompts, shown (offscreen), with a scenario of scenarios/ opened when named.
std::unique_ptr<Window> make_window(const QString& scenario_name = {});

std::string scenario_path(const QString& name);  // scenarios/<name>.json
QString data_path(const QString& name);          // tests/gui/app/data/<name>

// Waits for the running job to finish; returns its outcome (failed on a timeout, with a message).
// The timeout only ends a stuck test: it is generous for a sanitizer build on a busy CI machine.
inline constexpr int kJobTimeoutMs = 60'000;
JobRunner::Outcome wait_for_job(MainWindow& w, int timeout_ms = kJobTimeoutMs,
                                QString* message = nullptr);

// Child processes of this process (all threads): a cancelled SimGrid run leaves none.
int child_process_count();

}  // namespace wt::gui::test
