// The generated form on a shipped scenario: a field edited by typing, undone (value back, document
// clean), typing merged into one undo step, choices and check boxes, and bad input — a non-number,
// an out-of-range value, a broken JSON file — shown beside the field or reported, never a crash.
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include "core/error.hpp"
#include "gui/app/field_editor.hpp"
#include "gui/app/field_form.hpp"
#include "gui/app/file_controller.hpp"
#include "gui/app/run_controller.hpp"
#include "gui/app/scenario_document.hpp"
#include "sim/scenario/parse.hpp"
#include "test_support.hpp"

namespace wt::gui::test {
namespace {

QLineEdit* line_of(MainWindow& w, const std::string& path) {
  FieldEditor* e = w.form()->editor(path);
  return e == nullptr ? nullptr : qobject_cast<QLineEdit*>(e->input());
}

// Replaces the text as a user does: select all, type.
void type_into(QLineEdit* line, const QString& text) {
  line->setFocus();
  line->selectAll();
  QTest::keyClick(line, Qt::Key_Backspace);
  QTest::keyClicks(line, text);
}

// What the library says about the document with one override, as `run --set` would.
QString library_error(const ScenarioDocument& doc, const std::string& assignment) {
  try {
    wt::parse_scenario_text(doc.json().dump(), {assignment}, doc.base_dir());
  } catch (const wt::InputError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace

class FormTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { isolate_settings(settings_); }

  void opens_a_shipped_scenario_into_the_form() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    QVERIFY(t->errors.isEmpty());
    QVERIFY(w.document()->is_clean());
    QVERIFY(w.document()->validation().scenario.has_value());
    QCOMPARE(line_of(w, "parallel.tensor")->text(), QStringLiteral("2"));
    QCOMPARE(line_of(w, "training.global_batch_size")->text(), QStringLiteral("128"));
    QVERIFY(line_of(w, "parallel.pipeline")->text().isEmpty());  // not in the file: default
    QCOMPARE(line_of(w, "parallel.pipeline")->placeholderText(), QStringLiteral("default: 1"));
    // Fields the preset fills show the preset's value, as the library expanded it.
    const wt::Scenario s = wt::load_scenario_file(scenario_path("llama3-8b-1node-h100"));
    QCOMPARE(line_of(w, "model.num_layers")->placeholderText(),
             QStringLiteral("%1 (from llama3-8b)").arg(s.model.num_layers));
    QCOMPARE(line_of(w, "model.hidden_dropout")->placeholderText(),
             QStringLiteral("0 (from llama3-8b)"));  // Llama-era presets train without dropout
    auto* positions =
        qobject_cast<QComboBox*>(w.form()->editor("model.position_embedding")->input());
    QVERIFY(positions != nullptr);
    QCOMPARE(positions->itemText(0), QStringLiteral("rope (from llama3-8b)"));
    QVERIFY(w.windowTitle().startsWith(QStringLiteral("llama3-8b-1node-h100.json")));
    QVERIFY(w.form()->banner().isEmpty());
  }

  void edit_then_undo_restores_the_value_and_the_clean_state() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    QLineEdit* batch = line_of(w, "training.global_batch_size");
    type_into(batch, QStringLiteral("256"));
    QVERIFY(*w.document()->value("training.global_batch_size") == Json(256));
    QVERIFY(!w.document()->is_clean());
    QVERIFY(w.isWindowModified());
    QCOMPARE(w.document()->validation().scenario->training.global_batch_size, 256);
    QCOMPARE(w.document()->undo_stack()->count(), 1);  // the whole typing is one step

    w.document()->undo_stack()->undo();
    QVERIFY(*w.document()->value("training.global_batch_size") == Json(128));
    QCOMPARE(batch->text(), QStringLiteral("128"));
    QVERIFY(w.document()->is_clean());
    QVERIFY(!w.isWindowModified());
    w.document()->undo_stack()->redo();
    QCOMPARE(batch->text(), QStringLiteral("256"));
  }

  void a_new_typing_session_is_a_new_undo_step() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    QLineEdit* batch = line_of(w, "training.global_batch_size");
    type_into(batch, QStringLiteral("256"));
    QTest::keyClick(batch, Qt::Key_Return);  // ends the session
    type_into(batch, QStringLiteral("512"));
    QCOMPARE(w.document()->undo_stack()->count(), 2);
    w.document()->undo_stack()->undo();
    QVERIFY(*w.document()->value("training.global_batch_size") == Json(256));
  }

  void a_non_number_is_refused_beside_its_field() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    type_into(line_of(w, "parallel.tensor"), QStringLiteral("two"));
    const QString expected = library_error(*w.document(), "parallel.tensor=two");
    QVERIFY(!expected.isEmpty());
    QCOMPARE(w.form()->editor("parallel.tensor")->error(), expected);
    QVERIFY(!w.document()->validation().scenario);
    QVERIFY(w.form()->banner().contains(QStringLiteral("parallel.tensor")));
    QVERIFY(w.form()->editor("parallel.pipeline")->error().isEmpty());
    w.document()->undo_stack()->undo();
    QVERIFY(w.form()->editor("parallel.tensor")->error().isEmpty());
    QVERIFY(w.document()->validation().scenario.has_value());
  }

  void an_out_of_range_value_is_refused_beside_its_field() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    type_into(line_of(w, "parallel.zero_stage"), QStringLiteral("7"));
    const QString expected = library_error(*w.document(), "parallel.zero_stage=7");
    QVERIFY(expected.contains(QStringLiteral("0 .. 3")));
    QCOMPARE(w.form()->editor("parallel.zero_stage")->error(), expected);
    // The run refuses too, and says why.
    QVERIFY(!w.runs()->run());
  }

  void bad_text_never_crashes_data() {
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    const QString llama = QStringLiteral("llama3-8b-1node-h100");
    QTest::newRow("huge exponent") << llama << "training.total_tokens"
                                   << "1e999";
    QTest::newRow("negative") << llama << "cluster.num_nodes"
                              << "-4";
    QTest::newRow("fraction for an integer") << llama << "parallel.pipeline"
                                             << "1.5";
    QTest::newRow("json object") << llama << "parallel.tensor"
                                 << "{\"a\": 1}";
    QTest::newRow("list with a word") << "torus-llama2-7b"
                                      << "cluster.network.torus.dims"
                                      << "8, 4, x";
    QTest::newRow("unknown gpu") << llama << "cluster.gpu"
                                 << "tpu-v9";
    QTest::newRow("missing profile") << llama << "calibration"
                                     << "no-such-profile.json";
    QTest::newRow("unknown preset") << llama << "model.preset"
                                    << "gpt-17";
  }

  void bad_text_never_crashes() {
    QFETCH(QString, scenario);
    QFETCH(QString, path);
    QFETCH(QString, text);
    auto t = make_window(scenario);
    MainWindow& w = *t->window;
    type_into(line_of(w, path.toStdString()), text);
    QVERIFY(!w.document()->validation().scenario);
    const QString error = w.form()->editor(path.toStdString())->error() + w.form()->banner();
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY(!w.runs()->run());
    w.document()->undo_stack()->undo();
    QVERIFY(w.document()->validation().scenario.has_value());
    QVERIFY(w.document()->is_clean());
  }

  void choices_check_boxes_and_reset_edit_the_document() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    auto* precision = qobject_cast<QComboBox*>(w.form()->editor("training.precision")->input());
    QVERIFY(precision != nullptr);
    QCOMPARE(precision->currentText(), QStringLiteral("bf16"));
    precision->setFocus();
    QTest::keyClick(precision, Qt::Key_Up);
    QVERIFY(*w.document()->value("training.precision") ==
            Json(precision->currentText().toStdString()));
    QCOMPARE(QString::fromStdString(
                 wt::to_string(w.document()->validation().scenario->training.precision)),
             precision->currentText());

    auto* sp = qobject_cast<QCheckBox*>(w.form()->editor("parallel.sequence_parallel")->input());
    QVERIFY(sp->isChecked());
    sp->setFocus();
    QTest::keyClick(sp, Qt::Key_Space);
    QVERIFY(*w.document()->value("parallel.sequence_parallel") == Json(false));
    QVERIFY(!w.document()->validation().scenario->parallel.sequence_parallel);

    QToolButton* reset = w.form()->editor("parallel.sequence_parallel")->reset_button();
    QVERIFY(reset->isEnabled());
    QTest::mouseClick(reset, Qt::LeftButton);
    QVERIFY(!w.document()->value("parallel.sequence_parallel").has_value());
    QCOMPARE(w.document()->undo_stack()->count(), 3);
  }

  void a_broken_json_file_is_reported_and_changes_nothing() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    const Json before = w.document()->json();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\n  \"schema\": 1,\n  \"model\": {\"preset\": \"llama3-8b\",\n");
    file.close();
    QVERIFY(!w.files()->open(path));
    QCOMPARE(t->errors.size(), 1);
    QVERIFY(t->errors.front().contains(QStringLiteral("broken.json")));
    QVERIFY(w.document()->json() == before);
    QVERIFY(w.document()->is_clean());
    QVERIFY(w.document()->file_path().endsWith(QStringLiteral("llama3-8b-1node-h100.json")));
  }

  void a_valid_json_with_an_unknown_key_opens_with_its_error_shown() {
    auto t = make_window();
    MainWindow& w = *t->window;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("typo.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"schema": 1, "model": {"preset": "llama3-8b"}, "trainin": {}})");
    file.close();
    QVERIFY(w.files()->open(path));
    QVERIFY(!w.document()->validation().scenario);
    QVERIFY(w.form()->banner().contains(QStringLiteral("trainin")));
    QVERIFY(!w.runs()->run());
  }

 private:
  QTemporaryDir settings_;
};

}  // namespace wt::gui::test

QTEST_MAIN(wt::gui::test::FormTest)
#include "form_test.moc"
