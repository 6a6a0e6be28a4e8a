#include "gui/app/field_editor.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include "gui/app/field_text.hpp"

namespace wt::gui {
namespace {

QString html_escape(const std::string& text) {
  return QString::fromStdString(text).toHtmlEscaped();
}

}  // namespace

FieldEditor::FieldEditor(wt::FieldInfo info, QWidget* parent)
    : QWidget(parent), info_(std::move(info)) {
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(0, 0, 0, 0);
  column->setSpacing(2);
  auto* row = new QHBoxLayout;
  row->setSpacing(4);
  row->addWidget(make_input(), 1);
  if (!info_.unit.empty()) row->addWidget(new QLabel(QString::fromStdString(info_.unit), this));
  reset_ = new QToolButton(this);
  reset_->setText(QStringLiteral("↺"));
  reset_->setToolTip(tr("Remove from the file: the default applies"));
  reset_->setAutoRaise(true);
  reset_->setEnabled(false);
  connect(reset_, &QToolButton::clicked, this, [this] { emit_edit(std::nullopt, -1); });
  row->addWidget(reset_);
  column->addLayout(row);
  error_ = new QLabel(this);
  error_->setWordWrap(true);
  error_->setStyleSheet(QStringLiteral("color: #c62828;"));
  error_->setVisible(false);
  column->addWidget(error_);
  input()->setToolTip(tooltip());
}

QString FieldEditor::tooltip() const {
  QString tip =
      QStringLiteral("<b>%1</b><br>%2").arg(html_escape(info_.path), html_escape(info_.doc));
  if (!info_.allowed_text.empty())
    tip += tr("<br>Allowed: %1").arg(html_escape(info_.allowed_text));
  tip += tr("<br>Default: %1").arg(default_of(info_).toHtmlEscaped());
  if (!info_.unit.empty()) tip += tr("<br>Unit: %1").arg(html_escape(info_.unit));
  return tip;
}

QWidget* FieldEditor::make_input() {
  switch (info_.type) {
    case wt::FieldType::boolean:
      check_ = new QCheckBox(this);
      connect(check_, &QCheckBox::clicked, this, [this](bool on) { emit_edit(Json(on), -1); });
      return check_;
    case wt::FieldType::choice:
      combo_ = new QComboBox(this);
      // Sized by its choices, not by the first item's text, which names a preset's value.
      combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
      combo_->setMinimumContentsLength(8);
      combo_->addItem(tr("default (%1)").arg(default_of(info_)));
      combo_->addItems(choices_of(info_));
      connect(combo_, &QComboBox::activated, this, [this](int index) {
        if (index == 0) return emit_edit(std::nullopt, -1);
        emit_edit(Json(combo_->itemText(index).toStdString()), -1);
      });
      return combo_;
    default:
      break;
  }
  line_ = new QLineEdit(this);
  line_->setPlaceholderText(tr("default: %1").arg(default_of(info_)));
  line_->setAcceptDrops(false);  // a dropped scenario file goes to the window, which opens it
  connect(line_, &QLineEdit::textEdited, this, [this](const QString& text) {
    emit_edit(value_of_text(info_.type, text), typing_session_);
  });
  connect(line_, &QLineEdit::editingFinished, this, [this] { ++typing_session_; });
  return line_;
}

QWidget* FieldEditor::input() const {
  if (line_ != nullptr) return line_;
  if (check_ != nullptr) return check_;
  return combo_;
}

void FieldEditor::emit_edit(std::optional<Json> value, int session) {
  edited_value_ = std::move(value);
  session_ = session;
  emit edited();
}

void FieldEditor::show_value(const std::optional<Json>& value) {
  shown_value_ = value;
  reset_->setEnabled(value.has_value());
  if (line_ != nullptr) show_in_line(value);
  if (check_ != nullptr) show_in_check(value);
  if (combo_ != nullptr) show_in_combo(value);
}

void FieldEditor::show_in_line(const std::optional<Json>& value) {
  if (value_of_text(info_.type, line_->text()) == value) return;
  const QSignalBlocker block(line_);
  line_->setText(value ? text_of_value(*value) : QString());
}

void FieldEditor::show_in_check(const std::optional<Json>& value) {
  const QSignalBlocker block(check_);
  const QString absent = fallback_text_.isEmpty() ? default_of(info_) : fallback_text_;
  check_->setChecked(value && value->is_boolean() ? value->get<bool>()
                                                  : absent == QLatin1String("true"));
  if (!value) {
    check_->setText(fallback_text_.isEmpty() ? tr("(default)") : '(' + fallback_source_ + ')');
  } else {
    check_->setText(value->is_boolean() ? QString() : text_of_value(*value));
  }
}

void FieldEditor::show_in_combo(const std::optional<Json>& value) {
  const QSignalBlocker block(combo_);
  const int known = 1 + static_cast<int>(choices_of(info_).size());
  while (combo_->count() > known)
    combo_->removeItem(known);  // a stale unknown value
  if (!value) return combo_->setCurrentIndex(0);
  const QString text = text_of_value(*value);
  int index = combo_->findText(text);
  if (index <= 0) {
    combo_->addItem(text);  // not a choice: shown so that its error makes sense
    index = combo_->count() - 1;
  }
  combo_->setCurrentIndex(index);
}

void FieldEditor::show_error(const QString& message) {
  error_->setText(message);
  error_->setVisible(!message.isEmpty());
}

QString FieldEditor::error() const {
  return error_->text();
}

void FieldEditor::show_fallback(const QString& text, const QString& source) {
  if (text == fallback_text_ && source == fallback_source_) return;
  fallback_text_ = text;
  fallback_source_ = source;
  if (line_ != nullptr) {
    line_->setPlaceholderText(text.isEmpty() ? tr("default: %1").arg(default_of(info_))
                                             : QStringLiteral("%1 (%2)").arg(text, source));
  }
  if (check_ != nullptr && !shown_value_) show_in_check(shown_value_);
  // A choice the preset fills (model.position_embedding) names its value in the first item.
  if (combo_ != nullptr) {
    combo_->setItemText(0, text.isEmpty() ? tr("default (%1)").arg(default_of(info_))
                                          : QStringLiteral("%1 (%2)").arg(text, source));
  }
}

}  // namespace wt::gui
