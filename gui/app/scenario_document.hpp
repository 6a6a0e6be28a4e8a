#pragma once
// The scenario being edited (STYLE.md habit 11, as Tiled's MapDocument): the JSON document in file
// order, its file, and the undo stack through which every edit goes. Views and forms listen to
// changed(); nothing edits the JSON except the undo commands.
#include <optional>
#include <string>

#include <QObject>
#include <QString>

#include "gui/app/json_path.hpp"
#include "gui/app/scenario_validation.hpp"

class QUndoStack;

namespace wt::gui {

class ScenarioDocument : public QObject {
  Q_OBJECT
 public:
  explicit ScenarioDocument(QObject* parent = nullptr);

  const Json& json() const { return doc_; }
  std::string text() const;  // what Save writes
  std::optional<Json> value(const std::string& path) const { return value_at(doc_, path); }

  // Undoable edits. `value` nullopt removes the key (the field takes its default). Consecutive
  // edits of one field in one typing `session` merge into one undo step.
  void set_field(const std::string& path, const std::optional<Json>& value, int session = -1);
  void replace(const Json& doc, const QString& label);

  // A new or opened document: the undo history starts again, and the document is clean.
  void reset(const Json& doc, const QString& file_path);
  void mark_saved(const QString& file_path);

  QString file_path() const { return file_path_; }
  QString display_name() const;  // the file name, or "untitled.json"
  std::string base_dir() const;  // the file's folder; the working folder for a new document
  QUndoStack* undo_stack() const { return stack_; }
  bool is_clean() const;

  const Validation& validation() const { return validation_; }

  // For the undo commands only: the document becomes `doc` without a new undo step.
  void apply(const Json& doc, const QString& changed_path);

 signals:
  void changed(const QString& path);  // "" when the whole document changed
  void validated();                   // validation() was recomputed
  void cleanChanged(bool clean);
  void filePathChanged(const QString& path);

 private:
  void revalidate();
  Json doc_ = Json::object();
  QString file_path_;
  QUndoStack* stack_ = nullptr;
  Validation validation_;
};

}  // namespace wt::gui
