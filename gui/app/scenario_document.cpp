#include "gui/app/scenario_document.hpp"

#include <QDir>
#include <QFileInfo>
#include <QUndoStack>

#include "gui/app/document_commands.hpp"

namespace wt::gui {

ScenarioDocument::ScenarioDocument(QObject* parent)
    : QObject(parent), stack_(new QUndoStack(this)) {
  connect(stack_, &QUndoStack::cleanChanged, this, &ScenarioDocument::cleanChanged);
  revalidate();
}

std::string ScenarioDocument::text() const {
  return doc_.dump(2) + "\n";
}

void ScenarioDocument::set_field(const std::string& path, const std::optional<Json>& value,
                                 int session) {
  Json after = doc_;
  if (value) {
    set_at(after, path, *value);
  } else {
    erase_at(after, path);
  }
  if (after == doc_) return;
  stack_->push(new SetFieldCommand(this, path, doc_, std::move(after), session));
}

void ScenarioDocument::replace(const Json& doc, const QString& label) {
  if (doc == doc_) return;
  stack_->push(new ReplaceDocumentCommand(this, doc_, doc, label));
}

void ScenarioDocument::reset(const Json& doc, const QString& file_path) {
  stack_->clear();
  file_path_ = file_path;
  apply(doc, QString());
  stack_->setClean();
  emit filePathChanged(file_path_);
  emit cleanChanged(true);
}

void ScenarioDocument::mark_saved(const QString& file_path) {
  const bool moved = file_path != file_path_;
  file_path_ = file_path;
  stack_->setClean();
  if (moved) {
    emit filePathChanged(file_path_);
    revalidate();  // relative paths now resolve against the new folder
  }
}

QString ScenarioDocument::display_name() const {
  return file_path_.isEmpty() ? QStringLiteral("untitled.json") : QFileInfo(file_path_).fileName();
}

std::string ScenarioDocument::base_dir() const {
  const QString dir = file_path_.isEmpty() ? QDir::currentPath() : QFileInfo(file_path_).path();
  return dir.toStdString();
}

bool ScenarioDocument::is_clean() const {
  return stack_->isClean();
}

void ScenarioDocument::apply(const Json& doc, const QString& changed_path) {
  doc_ = doc;
  revalidate();
  emit changed(changed_path);
}

void ScenarioDocument::revalidate() {
  validation_ = validate_text(doc_.dump(), base_dir());
  emit validated();
}

}  // namespace wt::gui
