#pragma once
// The recently opened or saved scenario files, newest first, kept in the user's settings.
#include <QStringList>

namespace wt::gui {

class RecentFiles {
 public:
  static constexpr int kMax = 8;

  QStringList list() const;  // files that still exist
  void add(const QString& path);
  void remove(const QString& path);
};

}  // namespace wt::gui
