#include "gui/app/export_controller.hpp"

#include <sstream>

#include <QDir>
#include <QTextDocument>

#include "gui/app/atomic_file.hpp"
#include "gui/app/prompts.hpp"
#include "gui/app/result_tabs.hpp"
#include "gui/app/run_controller.hpp"
#include "gui/views/png_export.hpp"
#include "sim/report/chrome_trace.hpp"
#include "sim/report/markdown_report.hpp"

namespace wt::gui {
namespace {

bool no_run(QString* error) {
  if (error != nullptr) *error = QObject::tr("Nothing to export yet: run the scenario first.");
  return false;
}

bool is_html(const QString& path) {
  return path.endsWith(QLatin1String(".html"), Qt::CaseInsensitive) ||
         path.endsWith(QLatin1String(".htm"), Qt::CaseInsensitive);
}

}  // namespace

ExportController::ExportController(RunController* runs, ResultTabs* tabs, const Prompts* prompts,
                                   QObject* parent)
    : QObject(parent), runs_(runs), tabs_(tabs), prompts_(prompts) {}

QString ExportController::report_html(const QString& markdown) {
  QTextDocument doc;
  doc.setMarkdown(markdown);
  return doc.toHtml();
}

bool ExportController::export_report(const QString& path, QString* error) {
  const auto run = runs_->last_run();
  if (!run) return no_run(error);
  const QString markdown =
      QString::fromStdString(wt::markdown_report(run->scenario, run->output.result));
  const QString text = is_html(path) ? report_html(markdown) : markdown;
  return write_file_atomically(path, text.toUtf8(), error);
}

bool ExportController::export_trace(const QString& path, QString* error) {
  const auto run = runs_->last_run();
  if (!run) return no_run(error);
  std::ostringstream out;
  wt::write_chrome_trace(out, run->scenario, run->output.workload, run->output.timeline);
  return write_file_atomically(path, QByteArray::fromStdString(out.str()), error);
}

bool ExportController::export_png(int tab, const QString& path, QString* error) {
  QWidget* widget = tabs_->export_widget(tab);
  if (widget == nullptr) {
    if (error != nullptr) *error = tr("This tab has nothing to export.");
    return false;
  }
  return save_widget_png(widget, path, error);
}

void ExportController::ask_report() {
  const QString path = prompts_->ask_save_path(tr("Export the report"), QStringLiteral("report.md"),
                                               tr("Markdown (*.md);;HTML (*.html)"));
  if (path.isEmpty()) return;
  QString error;
  finish(export_report(path, &error), path, error);
}

void ExportController::ask_trace() {
  const QString path = prompts_->ask_save_path(tr("Export the Chrome trace"),
                                               QStringLiteral("trace.json"), tr("Trace (*.json)"));
  if (path.isEmpty()) return;
  QString error;
  finish(export_trace(path, &error), path, error);
}

void ExportController::ask_png() {
  const int tab = tabs_->currentIndex();
  const QString path = prompts_->ask_save_path(
      tr("Export the %1 tab as PNG").arg(tabs_->tab_name(tab)),
      QStringLiteral("%1.png").arg(tabs_->tab_name(tab)), tr("PNG image (*.png)"));
  if (path.isEmpty()) return;
  QString error;
  finish(export_png(tab, path, &error), path, error);
}

void ExportController::finish(bool ok, const QString& path, const QString& error) {
  if (ok) {
    emit message(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
    return;
  }
  emit message(error);
  if (prompts_->show_error) prompts_->show_error(tr("Export failed"), error);
}

}  // namespace wt::gui
