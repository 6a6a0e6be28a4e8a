#include "gui/app/sweep_controller.hpp"

#include <algorithm>

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "gui/app/document_paths.hpp"
#include "gui/app/job_runner.hpp"
#include "gui/app/scenario_document.hpp"
#include "gui/app/sweep_dialog.hpp"

namespace wt::gui {
namespace {

constexpr size_t kMaxSweepPoints = 10'000;  // as `windtunnel sweep`

// run_sweep reads a file: the document as it is now goes to a temporary one, named like the
// document so that the sweep carries its name.
std::string write_snapshot(const QTemporaryDir& dir, const QString& file_name,
                           const std::string& text) {
  const QString path = QDir(dir.path()).filePath(file_name);
  try {
    wt::write_file_atomically(path.toStdString(), text);
  } catch (const InputError& e) {
    throw std::runtime_error(std::string("cannot write a temporary copy of the scenario: ") +
                             e.what());
  }
  return path.toStdString();
}

}  // namespace

SweepController::SweepController(ScenarioDocument* doc, JobRunner* jobs, QObject* parent)
    : QObject(parent), doc_(doc), jobs_(jobs) {}

SweepSettings SweepController::default_settings() const {
  const Validation& v = doc_->validation();
  const int nodes = v.scenario ? v.scenario->cluster.num_nodes : 1;
  const int first = std::max(1, nodes / 4);
  SweepSettings s;
  s.values = QStringLiteral("%1,%2,%3,%4").arg(first).arg(2 * first).arg(4 * first).arg(8 * first);
  return s;
}

bool SweepController::sweep(const SweepSettings& settings) {
  wt::SweepRequest request;
  try {
    request.axes.push_back(
        wt::parse_vary((settings.path.trimmed() + '=' + settings.values.trimmed()).toStdString()));
  } catch (const wt::InputError& e) {
    emit message(tr("Sweep: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  if (request.axes.front().values.size() > kMaxSweepPoints) {
    emit message(tr("Sweep: at most %1 values").arg(kMaxSweepPoints));
    return false;
  }
  if (!doc_->validation().scenario) {
    emit message(tr("Cannot sweep: %1").arg(doc_->validation().error));
    return false;
  }
  const std::string text = with_absolute_paths(doc_->json(), doc_->base_dir()).dump(2);
  const QString file_name = doc_->display_name();
  const bool started = jobs_->start(
      tr("Sweep %1").arg(settings.path),
      [this, request, text, file_name](JobControl& control) mutable -> JobRunner::Completion {
        const QTemporaryDir dir;
        if (!dir.isValid()) throw std::runtime_error("cannot create a temporary folder");
        request.scenario_path = write_snapshot(dir, file_name, text);
        auto result = std::make_shared<const wt::SweepResult>(
            wt::run_sweep(request, [&control](size_t done, size_t total) {
              control.throw_if_cancelled();
              control.report(static_cast<double>(done) / static_cast<double>(total));
            }));
        return [this, result] { emit sweepFinished(result); };
      });
  if (!started) emit message(tr("Busy: %1 is running").arg(jobs_->title()));
  return started;
}

void SweepController::ask_and_sweep(QWidget* parent) {
  SweepDialog dialog(default_settings(), parent);
  if (dialog.exec() == QDialog::Accepted) sweep(dialog.settings());
}

}  // namespace wt::gui
