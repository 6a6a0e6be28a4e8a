#pragma once
// "PNG of any chart": a widget rendered as it shows on screen and written atomically.
#include <QString>

class QWidget;

namespace wt::gui {

// Renders `w` (w->grab()) and writes it to `path` as a PNG through the one file writer
// (core/atomic_file.hpp), so an existing file is replaced only by a complete image. Returns false
// with a message that names the path.
bool save_widget_png(QWidget* w, const QString& path, QString* error);

}  // namespace wt::gui
