// Export after a run: the Markdown report is the library's markdown_report (with the error band,
// as `run --report` writes it), the HTML is that
// Markdown converted, the Chrome trace is the library's write_chrome_trace, each tab renders to a
// PNG; without a run, or to a folder that does not exist, export fails with a message.
#include <QFile>
#include <QImage>
#include <QTest>
#include <sstream>

#include "gui/app/export_controller.hpp"
#include "gui/app/result_tabs.hpp"
#include "gui/app/run_controller.hpp"
#include "planner/commands/run_answer.hpp"
#include "sim/report/chrome_trace.hpp"
#include "sim/report/markdown_report.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/validation/error_bands.hpp"
#include "test_support.hpp"

namespace wt::gui::test {
namespace {

QByteArray read_all(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class ExportTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    isolate_settings(settings_);
    t_ = make_window("llama3-8b-1node-h100");
    QVERIFY(t_->window->runs()->run());
    QCOMPARE(wait_for_job(*t_->window), JobRunner::Outcome::done);
    scenario_ = wt::load_scenario_file(scenario_path("llama3-8b-1node-h100"));
    // The Monte Carlo and the band `run --report` attaches (planner/commands/run_answer.hpp).
    std::string note;
    const auto bands = wt::validation::default_error_bands(note);
    QVERIFY2(bands.has_value(), note.c_str());
    output_ = wt::run_with_figures(scenario_, wt::EngineKind::analytical, {}, bands);
    QVERIFY(output_.result.monte_carlo.has_value());
  }
  void cleanupTestCase() { t_.reset(); }

  void the_markdown_report_is_the_library_report() {
    const QString path = dir_.filePath(QStringLiteral("report.md"));
    QString error;
    QVERIFY2(t_->window->exports()->export_report(path, &error), qPrintable(error));
    QCOMPARE(read_all(path).toStdString(), wt::markdown_report(scenario_, output_.result));
    QVERIFY(read_all(path).contains("(\xc2\xb1"));  // "iteration … (±x%)"
  }

  void the_html_report_is_the_markdown_converted() {
    const QString path = dir_.filePath(QStringLiteral("report.html"));
    QString error;
    QVERIFY2(t_->window->exports()->export_report(path, &error), qPrintable(error));
    const QString html = QString::fromUtf8(read_all(path));
    const QString markdown = QString::fromStdString(wt::markdown_report(scenario_, output_.result));
    QCOMPARE(html, ExportController::report_html(markdown));
    QVERIFY(html.contains(QStringLiteral("<html")));
    QVERIFY(html.contains(QString::fromStdString(scenario_.name)));
  }

  void the_trace_is_the_library_trace() {
    const QString path = dir_.filePath(QStringLiteral("trace.json"));
    QString error;
    QVERIFY2(t_->window->exports()->export_trace(path, &error), qPrintable(error));
    std::ostringstream expected;
    wt::write_chrome_trace(expected, scenario_, output_.workload, output_.timeline);
    QCOMPARE(read_all(path).toStdString(), expected.str());
  }

  void every_tab_renders_to_a_png() {
    for (int tab = 0; tab < t_->window->tabs()->count(); ++tab) {
      t_->window->tabs()->setCurrentIndex(tab);
      const QString path = dir_.filePath(QStringLiteral("tab-%1.png").arg(tab));
      QString error;
      QVERIFY2(t_->window->exports()->export_png(tab, path, &error), qPrintable(error));
      const QImage image(path);
      QVERIFY2(!image.isNull() && image.width() > 50 && image.height() > 50, qPrintable(path));
    }
  }

  void a_missing_folder_fails_with_a_message() {
    const QString path = dir_.filePath(QStringLiteral("no/such/folder/report.md"));
    QString error;
    QVERIFY(!t_->window->exports()->export_report(path, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!QFile::exists(path));
  }

  void nothing_is_exported_before_a_run() {
    auto fresh = make_window();
    QString error;
    QVERIFY(
        !fresh->window->exports()->export_trace(dir_.filePath(QStringLiteral("t.json")), &error));
    QVERIFY(error.contains(QStringLiteral("run")));
  }

 private:
  QTemporaryDir settings_;
  QTemporaryDir dir_;
  std::unique_ptr<Window> t_;
  wt::Scenario scenario_;
  wt::RunOutput output_;
};

}  // namespace wt::gui::test

QTEST_MAIN(wt::gui::test::ExportTest)
#include "export_test.moc"
