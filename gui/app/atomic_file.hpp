#pragma once
// The GUI's face of the project's one file writer (core/atomic_file.hpp): the target is
// replaced only by a complete, fsync'ed file, a symlink is written through, and a folder, device
// or FIFO is refused.
#include <QByteArray>
#include <QString>

namespace wt::gui {

// False with a message naming the path when the file cannot be written.
bool write_file_atomically(const QString& path, const QByteArray& bytes, QString* error);

}  // namespace wt::gui
