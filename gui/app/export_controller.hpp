#pragma once
// Export: the last run's report (Markdown as `run --report` writes it, or HTML converted from that
// Markdown by QTextDocument), its Chrome trace (as `run --trace`), and a PNG of the current tab.
// Every file is written atomically.
#include <QObject>
#include <QString>

namespace wt::gui {

class ResultTabs;
class RunController;
struct Prompts;

class ExportController : public QObject {
  Q_OBJECT
 public:
  ExportController(RunController* runs, ResultTabs* tabs, const Prompts* prompts,
                   QObject* parent = nullptr);

  // Each returns false with a message in `error` (no run yet, an unwritable path).
  bool export_report(const QString& path, QString* error);  // .html/.htm: HTML, else Markdown
  bool export_trace(const QString& path, QString* error);
  bool export_png(int tab, const QString& path, QString* error);

  // The same behind a save dialog; a failure is shown.
  void ask_report();
  void ask_trace();
  void ask_png();

  static QString report_html(const QString& markdown);

 signals:
  void message(const QString& text);

 private:
  void finish(bool ok, const QString& path, const QString& error);
  RunController* runs_;
  ResultTabs* tabs_;
  const Prompts* prompts_;
};

}  // namespace wt::gui
