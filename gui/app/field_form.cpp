#include "gui/app/field_form.hpp"

#include <QFormLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollArea>
#include <QToolBox>
#include <QVBoxLayout>

#include "gui/app/derived_values.hpp"
#include "gui/app/field_editor.hpp"
#include "gui/app/scenario_document.hpp"
#include "sim/scenario/fields.hpp"

namespace wt::gui {
namespace {

std::string section_of(const std::string& path) {
  const size_t dot = path.rfind('.');
  return dot == std::string::npos ? std::string() : path.substr(0, dot);
}

std::string page_key(const std::string& path) {
  const size_t dot = path.find('.');
  return dot == std::string::npos ? std::string() : path.substr(0, dot);
}

QString page_title(const std::string& key) {
  if (key.empty()) return QObject::tr("General");
  QString title = QString::fromStdString(key);
  title[0] = title[0].toUpper();
  return title;
}

// The header of a section within its page ("network › fat_tree" on the Cluster page). A field of
// the page itself that follows a subsection's gets the page's name: the field table may order
// them either way, and substr past the page's name would throw.
QLabel* section_header(const std::string& page, const std::string& section, QWidget* parent) {
  QString text = section.size() > page.size()
                     ? QString::fromStdString(section.substr(page.size() + 1))
                     : page_title(page);
  auto* label =
      new QLabel(QStringLiteral("<b>%1</b>").arg(text.replace('.', QStringLiteral(" › "))), parent);
  label->setContentsMargins(0, 8, 0, 0);
  return label;
}

QWidget* scrolled(QWidget* content) {
  auto* scroll = new QScrollArea;
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  return scroll;
}

}  // namespace

FieldForm::FieldForm(ScenarioDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(4, 4, 4, 4);
  banner_ = new QLabel(this);
  banner_->setWordWrap(true);
  banner_->setStyleSheet(QStringLiteral("color: #c62828;"));
  banner_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  column->addWidget(banner_);
  pages_ = new QToolBox(this);
  column->addWidget(pages_, 1);
  build_pages();
  connect(doc_, &ScenarioDocument::changed, this, [this] { refresh_values(); });
  connect(doc_, &ScenarioDocument::validated, this, [this] {
    refresh_errors();
    refresh_fallbacks();
  });
  refresh_values();
  refresh_errors();
  refresh_fallbacks();
}

void FieldForm::build_pages() {
  std::map<std::string, QFormLayout*> forms;
  std::map<std::string, std::string> last_section;
  for (const wt::FieldInfo& info : wt::scenario_fields()) {
    const std::string key = page_key(info.path);
    if (!forms.count(key)) {
      auto* content = new QWidget;
      forms[key] = new QFormLayout(content);
      forms[key]->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
      last_section[key] = key;
      page_titles_.push_back(page_title(key));
      pages_->addItem(scrolled(content), page_titles_.back());
    }
    QFormLayout* form = forms[key];
    const std::string section = section_of(info.path);
    if (section != last_section[key] && !key.empty()) {
      form->addRow(section_header(key, section, form->parentWidget()));
      last_section[key] = section;
    }
    auto* editor = new FieldEditor(info, form->parentWidget());
    auto* label = new QLabel(
        QString::fromStdString(info.path.substr(section.empty() ? 0 : section.size() + 1)),
        form->parentWidget());
    label->setToolTip(editor->tooltip());
    label->setBuddy(editor->input());
    form->addRow(label, editor);
    editors_[info.path] = editor;
    page_of_[info.path] = pages_->count() - 1;
    connect(editor, &FieldEditor::edited, this, [this, editor] {
      doc_->set_field(editor->info().path, editor->edited_value(), editor->session());
    });
  }
}

FieldEditor* FieldForm::editor(const std::string& path) const {
  const auto it = editors_.find(path);
  return it == editors_.end() ? nullptr : it->second;
}

QString FieldForm::banner() const {
  return banner_->text();
}

void FieldForm::refresh_values() {
  for (const auto& [path, editor] : editors_)
    editor->show_value(doc_->value(path));
}

// "cluster.network.torus.dims[1]" is the dims field's error; a path no field owns (a section, a
// file) is shown above the pages.
FieldEditor* FieldForm::editor_for_error(const QString& error_path) const {
  static const QRegularExpression index(QStringLiteral("\\[[0-9]+\\]"));
  QString path = error_path;
  path.remove(index);
  return editor(path.toStdString());
}

// While the document is not valid the last fallbacks stay, so typing does not make them flicker.
void FieldForm::refresh_fallbacks() {
  const Validation& v = doc_->validation();
  if (!v.scenario) return;
  const std::map<std::string, DerivedValue> derived = derived_values(*v.scenario);
  for (const auto& [path, editor] : editors_) {
    const auto it = derived.find(path);
    if (it == derived.end()) {
      editor->show_fallback({}, {});
    } else {
      editor->show_fallback(it->second.text, it->second.source);
    }
  }
}

void FieldForm::refresh_errors() {
  const Validation& v = doc_->validation();
  for (const auto& [path, editor] : editors_)
    editor->show_error(QString());
  for (int i = 0; i < pages_->count(); ++i)
    pages_->setItemText(i, page_titles_[i]);
  FieldEditor* owner = v.error.isEmpty() ? nullptr : editor_for_error(v.error_path);
  if (owner != nullptr) {
    owner->show_error(v.error);
    const int page = page_of_.at(owner->info().path);
    pages_->setItemText(page, page_titles_[page] + QStringLiteral("  ⚠"));
    banner_->setText(tr("Not valid: see %1 on the %2 page.")
                         .arg(QString::fromStdString(owner->info().path), page_titles_[page]));
  } else {
    banner_->setText(v.error);
  }
  banner_->setVisible(!banner_->text().isEmpty());
}

}  // namespace wt::gui
