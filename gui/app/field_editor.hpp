#pragma once
// One scenario field in the form: an input chosen by the field's type (a line edit for numbers,
// lists and strings, a check box for booleans, a combo box for choices), its unit, a button that
// resets it to its default, and the library's error for it in red underneath.
#include <optional>

#include <QWidget>

#include "gui/app/json_path.hpp"
#include "sim/scenario/fields.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace wt::gui {

class FieldEditor : public QWidget {
  Q_OBJECT
 public:
  explicit FieldEditor(wt::FieldInfo info, QWidget* parent = nullptr);

  const wt::FieldInfo& info() const { return info_; }
  QString tooltip() const;

  // Shows the document's value (nullopt: not in the document, the default applies). Text being
  // typed that already stands for this value is left as it is.
  void show_value(const std::optional<Json>& value);
  void show_error(const QString& message);  // "" hides it
  // What applies while the field is not in the document when it is not the field's default (a
  // preset's value, a derived one): shown greyed, e.g. "80 (from llama3-70b)". "" restores the
  // default.
  void show_fallback(const QString& text, const QString& source);
  QString error() const;

  // The edit the user just made, read in the edited() handler; nullopt removes the key.
  std::optional<Json> edited_value() const { return edited_value_; }
  // Typing session: edits of one field merge into one undo step until the field loses focus (or
  // Enter); -1 for one-click edits, which never merge.
  int session() const { return session_; }

  QWidget* input() const;  // the line edit, check box or combo box
  QToolButton* reset_button() const { return reset_; }

 signals:
  void edited();

 private:
  QWidget* make_input();
  void emit_edit(std::optional<Json> value, int session);
  void show_in_line(const std::optional<Json>& value);
  void show_in_check(const std::optional<Json>& value);
  void show_in_combo(const std::optional<Json>& value);

  wt::FieldInfo info_;
  QLineEdit* line_ = nullptr;
  QCheckBox* check_ = nullptr;
  QComboBox* combo_ = nullptr;
  QToolButton* reset_ = nullptr;
  QLabel* error_ = nullptr;
  std::optional<Json> shown_value_;
  QString fallback_text_, fallback_source_;
  std::optional<Json> edited_value_;
  int session_ = -1;
  int typing_session_ = 0;
};

}  // namespace wt::gui
