// windtunnel-gui: the desktop face of Windtunnel (docs/gui.md).
//   windtunnel-gui [SCENARIO.json]
#include <QApplication>
#include <QCommandLineParser>

#include "core/exit_code.hpp"
#include "gui/app/file_controller.hpp"
#include "gui/app/main_window.hpp"
#include "gui/app/screenshot_tour.hpp"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("windtunnel"));
  QApplication::setApplicationName(QStringLiteral("windtunnel-gui"));
  QApplication::setApplicationVersion(QStringLiteral(WT_VERSION));

  QCommandLineParser parser;
  parser.setApplicationDescription(
      QObject::tr("Windtunnel: a cluster simulator and capacity "
                  "planner for distributed training."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("scenario"),
                               QObject::tr("Scenario JSON file to open"),
                               QStringLiteral("[scenario.json]"));
  QCommandLineOption screenshots(
      QStringLiteral("screenshot-dir"),
      QObject::tr("Developer option: take screenshots of every tab into DIR and quit"),
      QStringLiteral("DIR"));
  screenshots.setFlags(QCommandLineOption::HiddenFromHelp);
  parser.addOption(screenshots);
  parser.process(app);

  wt::gui::MainWindow window;
  const QStringList files = parser.positionalArguments();
  if (parser.isSet(screenshots)) {
    window.prompts().show_error = [](const QString& title, const QString& text) {
      qWarning("%s: %s", qPrintable(title), qPrintable(text));
    };
  }
  if (!files.isEmpty() && !window.files()->open(files.front()) && parser.isSet(screenshots)) {
    return wt::to_int(wt::ExitCode::bad_input);
  }
  if (parser.isSet(screenshots)) {
    QString error;
    if (!wt::gui::take_screenshots(window, parser.value(screenshots), &error)) {
      qWarning("screenshots: %s", qPrintable(error));
      return wt::to_int(wt::ExitCode::internal_error);
    }
    return wt::to_int(wt::ExitCode::ok);
  }
  window.show();
  return QApplication::exec();
}
