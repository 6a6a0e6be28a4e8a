#include "gui/app/atomic_file.hpp"

#include <QObject>
#include <QSaveFile>

namespace wt::gui {

bool write_file_atomically(const QString& path, const QByteArray& bytes, QString* error) {
  QSaveFile file(path);
  if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit()) {
    return true;
  }
  if (error != nullptr) {
    *error = QObject::tr("cannot write %1: %2").arg(path, file.errorString());
  }
  return false;
}

}  // namespace wt::gui
