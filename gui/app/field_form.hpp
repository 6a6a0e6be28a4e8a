#pragma once
// The scenario as a form generated from the field table (sim/scenario/fields.hpp): one page per
// section (General, Model, Training, Parallel, Cluster, Cost, Reliability), one FieldEditor per
// field. Edits go to the document's undo stack; the library's error appears beside its field.
#include <map>
#include <string>
#include <vector>

#include <QWidget>

class QLabel;
class QToolBox;

namespace wt::gui {

class FieldEditor;
class ScenarioDocument;

class FieldForm : public QWidget {
  Q_OBJECT
 public:
  explicit FieldForm(ScenarioDocument* doc, QWidget* parent = nullptr);

  FieldEditor* editor(const std::string& path) const;  // nullptr for an unknown path
  QString banner() const;  // errors that no field owns, or where the field's error is
  QToolBox* pages() const { return pages_; }

 private:
  void build_pages();
  void refresh_values();
  void refresh_errors();
  void refresh_fallbacks();
  FieldEditor* editor_for_error(const QString& error_path) const;

  ScenarioDocument* doc_;
  QToolBox* pages_ = nullptr;
  QLabel* banner_ = nullptr;
  std::map<std::string, FieldEditor*> editors_;
  std::map<std::string, int> page_of_;  // field path -> page index
  std::vector<QString> page_titles_;
};

}  // namespace wt::gui
