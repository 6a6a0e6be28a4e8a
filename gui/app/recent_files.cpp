#include "gui/app/recent_files.hpp"

#include <QFileInfo>
#include <QSettings>

namespace wt::gui {
namespace {

constexpr const char* kKey = "recent_files";

QStringList stored() {
  return QSettings().value(kKey).toStringList();
}

void store(const QStringList& files) {
  QSettings().setValue(kKey, files);
}

}  // namespace

QStringList RecentFiles::list() const {
  QStringList out;
  for (const QString& f : stored()) {
    if (QFileInfo::exists(f)) out << f;
  }
  return out;
}

void RecentFiles::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList files = stored();
  files.removeAll(absolute);
  files.prepend(absolute);
  while (files.size() > kMax)
    files.removeLast();
  store(files);
}

void RecentFiles::remove(const QString& path) {
  QStringList files = stored();
  files.removeAll(QFileInfo(path).absoluteFilePath());
  store(files);
}

}  // namespace wt::gui
