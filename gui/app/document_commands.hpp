#pragma once
// The undo commands of a ScenarioDocument. Each keeps the whole document before and after (a few
// kilobytes), so undo restores exactly what was there, whatever shape the edit found.
#include <string>

#include <QUndoCommand>

#include "gui/app/json_path.hpp"

namespace wt::gui {

class ScenarioDocument;

// One field set or removed. Typing into one field merges into one step while the session lasts.
class SetFieldCommand : public QUndoCommand {
 public:
  static constexpr int kId = 0x5746;  // "WF"

  SetFieldCommand(ScenarioDocument* doc, std::string path, Json before, Json after, int session);
  void undo() override;
  void redo() override;
  int id() const override { return kId; }
  bool mergeWith(const QUndoCommand* other) override;
  const std::string& path() const { return path_; }

 private:
  ScenarioDocument* doc_;
  std::string path_;
  Json before_, after_;
  int session_;  // -1: never merges
};

// The whole document replaced at once, e.g. by a layout chosen in the planner.
class ReplaceDocumentCommand : public QUndoCommand {
 public:
  ReplaceDocumentCommand(ScenarioDocument* doc, Json before, Json after, const QString& label);
  void undo() override;
  void redo() override;

 private:
  ScenarioDocument* doc_;
  Json before_, after_;
};

}  // namespace wt::gui
