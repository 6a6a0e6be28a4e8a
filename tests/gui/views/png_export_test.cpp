// save_widget_png writes a PNG of the widget as drawn, and says which path it could not write.
#include <QApplication>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>

#include "gui/views/png_export.hpp"

using namespace wt::gui;

class PngExportTest : public QObject {
  Q_OBJECT

 private slots:
  void writes_a_png_of_the_widget() {
    QTemporaryDir dir;
    QLabel label(QStringLiteral("Windtunnel"));
    label.setStyleSheet(QStringLiteral("background: #0072B2; color: white"));
    label.resize(160, 48);
    const QString path = dir.filePath(QStringLiteral("label.png"));
    QString error;
    QVERIFY2(save_widget_png(&label, path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.read(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
    const QImage image(path);
    QCOMPARE(image.size(), label.grab().size());
    QCOMPARE(QColor(image.pixel(2, 2)), QColor(0x00, 0x72, 0xB2));
    // Saving again replaces the file.
    label.resize(80, 40);
    QVERIFY(save_widget_png(&label, path, &error));
    QCOMPARE(QImage(path).size(), label.grab().size());
  }

  void reports_an_unwritable_path() {
    QLabel label(QStringLiteral("x"));
    label.resize(20, 20);
    const QString path = QStringLiteral("/nonexistent-folder-wt/sub/chart.png");
    QString error;
    QVERIFY(!save_widget_png(&label, path, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY(!QFile::exists(path));
    QVERIFY(!save_widget_png(nullptr, QStringLiteral("/tmp/x.png"), &error));
    QVERIFY(error.contains(QStringLiteral("/tmp/x.png")));
    QVERIFY(!save_widget_png(&label, QString(), nullptr));  // no message wanted: no crash
  }
};

QTEST_MAIN(PngExportTest)
#include "png_export_test.moc"
