#include "gui/app/document_commands.hpp"

#include "gui/app/scenario_document.hpp"

namespace wt::gui {

SetFieldCommand::SetFieldCommand(ScenarioDocument* doc, std::string path, Json before, Json after,
                                 int session)
    : doc_(doc),
      path_(std::move(path)),
      before_(std::move(before)),
      after_(std::move(after)),
      session_(session) {
  setText(QStringLiteral("Set %1").arg(QString::fromStdString(path_)));
}

void SetFieldCommand::undo() {
  doc_->apply(before_, QString::fromStdString(path_));
}

void SetFieldCommand::redo() {
  doc_->apply(after_, QString::fromStdString(path_));
}

bool SetFieldCommand::mergeWith(const QUndoCommand* other) {
  const auto* next = static_cast<const SetFieldCommand*>(other);
  if (session_ < 0 || next->session_ != session_ || next->path_ != path_) return false;
  after_ = next->after_;
  setObsolete(after_ == before_);
  return true;
}

ReplaceDocumentCommand::ReplaceDocumentCommand(ScenarioDocument* doc, Json before, Json after,
                                               const QString& label)
    : doc_(doc), before_(std::move(before)), after_(std::move(after)) {
  setText(label);
}

void ReplaceDocumentCommand::undo() {
  doc_->apply(before_, QString());
}

void ReplaceDocumentCommand::redo() {
  doc_->apply(after_, QString());
}

}  // namespace wt::gui
