#include "gui/app/file_controller.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QUrl>

#include "core/error.hpp"
#include "gui/app/atomic_file.hpp"
#include "gui/app/prompts.hpp"
#include "gui/app/scenario_document.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt::gui {
namespace {

constexpr qint64 kMaxScenarioBytes = 64 * 1024 * 1024;  // a scenario is a few kilobytes
QString scenario_filter() {
  return QObject::tr("Scenario files (*.json);;All files (*)");
}

}  // namespace

FileController::FileController(ScenarioDocument* doc, const Prompts* prompts, QObject* parent)
    : QObject(parent), doc_(doc), prompts_(prompts) {}

Json FileController::new_scenario() {
  return Json::parse(R"({
    "schema": 1,
    "name": "untitled",
    "model": {"preset": "llama3-8b"},
    "training": {"global_batch_size": 128, "micro_batch_size": 1, "precision": "bf16"},
    "parallel": {"tensor": 2, "pipeline": 1},
    "cluster": {"gpu": "h100-sxm5-80gb", "num_nodes": 1, "gpus_per_node": 8}
  })");
}

bool FileController::new_document() {
  if (!maybe_save()) return false;
  doc_->reset(new_scenario(), QString());
  emit message(tr("New scenario"));
  return true;
}

bool FileController::open(const QString& path) {
  if (!maybe_save()) return false;
  if (!read_into_document(path)) return false;
  recent_.add(path);
  emit recentFilesChanged();
  emit message(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
  return true;
}

bool FileController::open_dialog() {
  const QString path = prompts_->ask_open_path(tr("Open a scenario"), scenario_filter());
  return !path.isEmpty() && open(path);
}

bool FileController::read_into_document(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    fail(tr("Cannot open"), tr("Cannot open %1: %2").arg(path, file.errorString()));
    return false;
  }
  if (file.size() > kMaxScenarioBytes) {
    fail(tr("Cannot open"), tr("%1 is too large for a scenario").arg(path));
    return false;
  }
  const std::string text = file.readAll().toStdString();
  try {
    const nlohmann::json checked = wt::parse_json_text(text, path.toStdString());
    if (!checked.is_object()) {
      throw wt::InputError(path.toStdString(), "a scenario must be a JSON object");
    }
    doc_->reset(Json::parse(text), QFileInfo(path).absoluteFilePath());
  } catch (const std::exception& e) {
    fail(tr("Cannot open"), QString::fromStdString(e.what()));
    return false;
  }
  return true;
}

bool FileController::save() {
  if (doc_->file_path().isEmpty()) return save_as_dialog();
  return save_as(doc_->file_path());
}

bool FileController::save_as(const QString& path) {
  QString error;
  if (!write_file_atomically(path, QByteArray::fromStdString(doc_->text()), &error)) {
    fail(tr("Cannot save"), error);
    return false;
  }
  doc_->mark_saved(QFileInfo(path).absoluteFilePath());
  recent_.add(path);
  emit recentFilesChanged();
  emit message(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
  return true;
}

bool FileController::save_as_dialog() {
  const QString suggested = doc_->file_path().isEmpty() ? doc_->display_name() : doc_->file_path();
  const QString path =
      prompts_->ask_save_path(tr("Save the scenario"), suggested, scenario_filter());
  return !path.isEmpty() && save_as(path);
}

bool FileController::maybe_save() {
  if (doc_->is_clean()) return true;
  switch (prompts_->ask_save(doc_->display_name())) {
    case SaveChoice::save:
      return save();
    case SaveChoice::discard:
      return true;
    case SaveChoice::cancel:
      break;
  }
  return false;
}

void FileController::fill_recent_menu(QMenu* menu) {
  menu->clear();
  const QStringList files = recent_files();
  for (const QString& f : files) {
    menu->addAction(QFileInfo(f).fileName(), this, [this, f] { open(f); })->setToolTip(f);
  }
  menu->setEnabled(!files.isEmpty());
}

QString FileController::dropped_scenario(const QMimeData* mime) {
  if (mime == nullptr || !mime->hasUrls() || mime->urls().size() != 1) return {};
  const QUrl url = mime->urls().front();
  if (!url.isLocalFile() ||
      !url.toLocalFile().endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
    return {};
  }
  return url.toLocalFile();
}

void FileController::fail(const QString& title, const QString& text) {
  emit message(text);
  if (prompts_->show_error) prompts_->show_error(title, text);
}

}  // namespace wt::gui
