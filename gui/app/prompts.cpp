#include "gui/app/prompts.hpp"

#include <QFileDialog>
#include <QMessageBox>

namespace wt::gui {

Prompts default_prompts(QWidget* window) {
  Prompts p;
  p.ask_save = [window](const QString& name) {
    const auto answer = QMessageBox::warning(
        window, QObject::tr("Unsaved changes"),
        QObject::tr("%1 has unsaved changes. Save them?").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return SaveChoice::save;
    return answer == QMessageBox::Discard ? SaveChoice::discard : SaveChoice::cancel;
  };
  p.show_error = [window](const QString& title, const QString& text) {
    QMessageBox::warning(window, title, text);
  };
  p.ask_open_path = [window](const QString& title, const QString& filter) {
    return QFileDialog::getOpenFileName(window, title, QString(), filter);
  };
  p.ask_save_path = [window](const QString& title, const QString& suggested,
                             const QString& filter) {
    return QFileDialog::getSaveFileName(window, title, suggested, filter);
  };
  return p;
}

}  // namespace wt::gui
