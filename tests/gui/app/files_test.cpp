// New, Save As, Open, recent files, the unsaved-changes question and drag-and-drop, on the real
// window.
#include <sys/stat.h>

#include <QDropEvent>
#include <QFileInfo>
#include <QLineEdit>
#include <QMimeData>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QUrl>

#include "gui/app/field_editor.hpp"
#include "gui/app/field_form.hpp"
#include "gui/app/file_controller.hpp"
#include "gui/app/scenario_document.hpp"
#include "sim/scenario/json_text.hpp"
#include "test_support.hpp"

namespace wt::gui::test {
namespace {

void edit_batch(MainWindow& w, int value) {
  w.document()->set_field("training.global_batch_size", Json(value));
}

}  // namespace

class FilesTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { isolate_settings(settings_); }

  void new_starts_from_a_valid_scenario() {
    auto t = make_window();
    MainWindow& w = *t->window;
    QVERIFY(w.document()->validation().scenario.has_value());
    QVERIFY(w.document()->is_clean());
    QCOMPARE(w.document()->display_name(), QStringLiteral("untitled.json"));
    QCOMPARE(w.document()->validation().scenario->cluster.num_gpus(), 8);
  }

  void unsaved_changes_are_asked_about() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    edit_batch(w, 256);
    t->answer = SaveChoice::cancel;
    QVERIFY(!w.files()->new_document());
    QCOMPARE(t->save_questions, 1);
    QVERIFY(*w.document()->value("training.global_batch_size") == Json(256));
    t->answer = SaveChoice::discard;
    QVERIFY(w.files()->new_document());
    QCOMPARE(t->save_questions, 2);
    QVERIFY(w.document()->file_path().isEmpty());
    QVERIFY(w.document()->is_clean());
    QCOMPARE(w.document()->undo_stack()->count(), 0);
  }

  void save_as_writes_the_document_and_records_it_as_recent() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    edit_batch(w, 512);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("copy.json"));
    t->save_path = path;
    QVERIFY(w.files()->save_as_dialog());
    QVERIFY(w.document()->is_clean());
    QCOMPARE(w.document()->file_path(), path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const nlohmann::json saved = wt::parse_json_text(file.readAll().toStdString(), "copy.json");
    QVERIFY(saved == nlohmann::json::parse(w.document()->json().dump()));
    QVERIFY(saved["training"]["global_batch_size"] == nlohmann::json(512));
    QCOMPARE(w.files()->recent_files().front(), path);

    // Saved and reopened, the document is the same, in the same key order.
    const Json before = w.document()->json();
    QVERIFY(w.files()->new_document());
    QVERIFY(w.files()->open(path));
    QCOMPARE(w.document()->json().dump(), before.dump());
  }

  // Saves go through the project's one writer (core/atomic_file.hpp): onto a symlink the file
  // it names is replaced and the link kept (QSaveFile did the same); onto a FIFO the save is
  // refused with a message and the FIFO is left as it was.
  void save_as_writes_through_a_symlink_and_refuses_a_fifo() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    QTemporaryDir dir;
    const QString real = dir.filePath(QStringLiteral("real.json"));
    const QString link = dir.filePath(QStringLiteral("link.json"));
    QFile old(real);
    QVERIFY(old.open(QIODevice::WriteOnly) && old.write("{}") == 2);
    old.close();
    QVERIFY(QFile::link(real, link));
    QVERIFY(w.files()->save_as(link));
    QVERIFY(QFileInfo(link).isSymLink());
    QFile saved(real);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QCOMPARE(saved.readAll().toStdString(), w.document()->text());

    const QString pipe = dir.filePath(QStringLiteral("pipe.json"));
    QCOMPARE(::mkfifo(pipe.toLocal8Bit().constData(), 0644), 0);
    QVERIFY(!w.files()->save_as(pipe));
    QVERIFY(!t->errors.isEmpty());
    QVERIFY2(t->errors.last().contains(QStringLiteral("FIFO")), qPrintable(t->errors.last()));
    struct stat st {};
    QCOMPARE(::stat(pipe.toLocal8Bit().constData(), &st), 0);
    QVERIFY(S_ISFIFO(st.st_mode));
  }

  void closing_with_unsaved_changes_can_be_cancelled() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    edit_batch(w, 64);
    t->answer = SaveChoice::cancel;
    QVERIFY(!w.close());
    QVERIFY(w.isVisible());
    t->answer = SaveChoice::discard;
    QVERIFY(w.close());
  }

  void a_dropped_scenario_file_opens() {
    auto t = make_window();
    MainWindow& w = *t->window;
    const QString path = QString::fromStdString(scenario_path("dragonfly-llama3-8b"));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QCOMPARE(w.document()->file_path(), path);
    QCOMPARE(w.document()->validation().scenario->cluster.num_nodes, 32);

    QMimeData text;
    text.setText(QStringLiteral("not a file"));
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    refused.ignore();
    QApplication::sendEvent(&w, &refused);
    QVERIFY(!refused.isAccepted());
  }

 private:
  QTemporaryDir settings_;
};

}  // namespace wt::gui::test

QTEST_MAIN(wt::gui::test::FilesTest)
#include "files_test.moc"
