#pragma once
// Every file the GUI writes goes through QSaveFile: the target is replaced only by a complete file.
#include <QByteArray>
#include <QString>

namespace wt::gui {

// False with a message naming the path when the file cannot be written.
bool write_file_atomically(const QString& path, const QByteArray& bytes, QString* error);

}  // namespace wt::gui
