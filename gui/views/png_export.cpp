#include "gui/views/png_export.hpp"

#include <QBuffer>
#include <QPixmap>
#include <QWidget>

#include "core/atomic_file.hpp"
#include "core/error.hpp"

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
  QByteArray bytes;
  QBuffer buffer(&bytes);
  if (!buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG")) {
    return fail(error, QObject::tr("Cannot encode the PNG for %1.").arg(path));
  }
  try {
    wt::write_file_atomically(
        path.toStdString(), std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
  } catch (const InputError& e) {
    return fail(error, QObject::tr("Cannot write %1").arg(QString::fromStdString(e.what())));
  }
  return true;
}

}  // namespace wt::gui
