#include "gui/app/atomic_file.hpp"

#include <QObject>

#include "core/atomic_file.hpp"
#include "core/error.hpp"

namespace wt::gui {

bool write_file_atomically(const QString& path, const QByteArray& bytes, QString* error) {
  try {
    wt::write_file_atomically(
        path.toStdString(), std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
    return true;
  } catch (const InputError& e) {
    if (error != nullptr)
      *error = QObject::tr("Cannot write %1").arg(QString::fromStdString(e.what()));
    return false;
  }
}

}  // namespace wt::gui
