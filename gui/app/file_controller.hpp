#pragma once
// New, Open, Save, Save As, recent files, drag-and-drop and the unsaved-changes question. A file
// is read with the library's JSON reader (syntax errors with line and column, duplicate keys
// refused); a broken file is reported and the document is left as it was.
#include <QObject>
#include <QString>

#include "gui/app/json_path.hpp"
#include "gui/app/recent_files.hpp"

class QMenu;
class QMimeData;

namespace wt::gui {

class ScenarioDocument;
struct Prompts;

class FileController : public QObject {
  Q_OBJECT
 public:
  FileController(ScenarioDocument* doc, const Prompts* prompts, QObject* parent = nullptr);

  // New and Open ask first whether to save unsaved changes; each returns false when nothing
  // happened (cancelled, or an error that was shown).
  bool new_document();
  bool open(const QString& path);
  bool open_dialog();
  bool save();  // Save As when the document has no file yet
  bool save_as(const QString& path);
  bool save_as_dialog();
  bool maybe_save();  // true when it is fine to drop the document now

  QStringList recent_files() const { return recent_.list(); }
  void fill_recent_menu(QMenu* menu);

  // The scenario file a drag carries (one local .json file), or "".
  static QString dropped_scenario(const QMimeData* mime);
  // What New starts from: a small valid scenario (Llama 3 8B on one 8-GPU H100 node).
  static Json new_scenario();

 signals:
  void recentFilesChanged();
  void message(const QString& text);

 private:
  bool read_into_document(const QString& path);
  void fail(const QString& title, const QString& text);

  ScenarioDocument* doc_;
  const Prompts* prompts_;
  RecentFiles recent_;
};

}  // namespace wt::gui
