#include "gui/views/png_export.hpp"

#include <QPixmap>
#include <QSaveFile>
#include <QWidget>

namespace wt::gui {
namespace {

bool fail(QString* error, const QString& message) {
  if (error != nullptr) *error = message;
  return false;
}

}  // namespace

bool save_widget_png(QWidget* w, const QString& path, QString* error) {
  if (w == nullptr) return fail(error, QObject::tr("Nothing to save to %1.").arg(path));
  if (path.isEmpty()) return fail(error, QObject::tr("No file name given for the PNG."));
  const QPixmap image = w->grab();
  if (image.isNull())
    return fail(error, QObject::tr("The view is empty; %1 not written.").arg(path));
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) {
    return fail(error, QObject::tr("Cannot write %1: %2").arg(path, file.errorString()));
  }
  if (!image.save(&file, "PNG")) {
    file.cancelWriting();
    return fail(error, QObject::tr("Cannot encode the PNG for %1.").arg(path));
  }
  if (!file.commit()) {
    return fail(error, QObject::tr("Cannot write %1: %2").arg(path, file.errorString()));
  }
  return true;
}

}  // namespace wt::gui
