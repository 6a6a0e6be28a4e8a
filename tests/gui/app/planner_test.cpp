// The planner tab: a small plan file searched on the worker, a row of the planner's table
// activated, and the document then holding that layout as one undoable edit; a plan around the
// current scenario; a bad plan file refused with the library's message.
#include <QAbstractItemModel>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include "gui/app/plan_controller.hpp"
#include "gui/app/result_tabs.hpp"
#include "gui/app/scenario_document.hpp"
#include "gui/views/planner_view.hpp"
#include "test_support.hpp"

namespace wt::gui::test {
namespace {

struct PlanCapture {
  std::shared_ptr<const PlanRun> plan;
  QString chosen;
};

void capture(MainWindow& w, PlanCapture& c) {
  QObject::connect(w.plans(), &PlanController::planFinished, w.plans(),
                   [&c](const std::shared_ptr<const PlanRun>& p) { c.plan = p; });
  QObject::connect(w.tabs()->planner_view(), &PlannerView::layout_chosen, w.plans(),
                   [&c](const QString& json) { c.chosen = json; });
}

void double_click_row(QTableView* table, int row) {
  const QModelIndex index = table->model()->index(row, 0);
  table->scrollTo(index);
  const QPoint at = table->visualRect(index).center();
  QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::NoModifier, at);
  QTest::mouseDClick(table->viewport(), Qt::LeftButton, Qt::NoModifier, at);
}

bool is_ranked_candidate(const PlanRun& plan, const QString& json) {
  for (const wt::Outcome& o : plan.report.state.ranked) {
    if (Json::parse(plan.scenario_json(o.index)) == Json::parse(json.toStdString())) return true;
  }
  return false;
}

}  // namespace

class PlannerTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { isolate_settings(settings_); }

  void a_chosen_row_becomes_the_document_as_one_undo_step() {
    auto t = make_window("llama3-8b-1node-h100");
    MainWindow& w = *t->window;
    PlanCapture c;
    capture(w, c);
    QVERIFY(w.plans()->plan_file(data_path(QStringLiteral("small-plan.json"))));
    QString message;
    QCOMPARE(wait_for_job(w, kJobTimeoutMs, &message), JobRunner::Outcome::done);
    QVERIFY(c.plan != nullptr);
    QCOMPARE(c.plan->spec.combinations, uint64_t{16});
    QCOMPARE(w.tabs()->currentIndex(), static_cast<int>(ResultTabs::planner));
    QTableView* table = w.tabs()->planner_view()->table();
    QVERIFY(table->model()->rowCount() > 1);

    const Json before = w.document()->json();
    const int steps = w.document()->undo_stack()->count();
    double_click_row(table, 1);
    QVERIFY(!c.chosen.isEmpty());
    QVERIFY(is_ranked_candidate(*c.plan, c.chosen));
    QVERIFY(w.document()->json() == Json::parse(c.chosen.toStdString()));
    QCOMPARE(w.document()->undo_stack()->count(), steps + 1);
    QVERIFY(w.document()->validation().scenario.has_value());
    QVERIFY(!w.document()->is_clean());

    w.document()->undo_stack()->undo();
    QVERIFY(w.document()->json() == before);
    QVERIFY(w.document()->is_clean());
  }

  void a_plan_around_the_scenario_keeps_its_model_and_cluster() {
    auto t = make_window();
    MainWindow& w = *t->window;  // the new document has no training.total_tokens
    PlanCapture c;
    capture(w, c);
    QVERIFY(w.plans()->plan_around_document());
    QCOMPARE(wait_for_job(w), JobRunner::Outcome::done);
    QVERIFY(c.plan != nullptr);
    QVERIFY(!c.plan->report.state.ranked.empty());
    double_click_row(w.tabs()->planner_view()->table(), 0);
    QVERIFY(!c.chosen.isEmpty());
    const auto& s = w.document()->validation().scenario;
    QVERIFY(s.has_value());
    QCOMPARE(s->cluster.num_gpus(), 8);
    QCOMPARE(s->model.preset, std::string("llama3-8b"));
    // The token count the plan assumed to rank by is not left in the document.
    QVERIFY(!w.document()->value("training.total_tokens").has_value());
  }

  void a_bad_plan_file_is_refused_with_the_library_message() {
    auto t = make_window();
    MainWindow& w = *t->window;
    QString shown;
    QObject::connect(w.plans(), &PlanController::message, w.plans(),
                     [&shown](const QString& m) { shown = m; });
    QVERIFY(!w.plans()->plan_file(data_path(QStringLiteral("bad-plan.json"))));
    QVERIFY(!w.jobs()->busy());
    QVERIFY2(shown.contains(QStringLiteral("parallel.tensor[1]")), qPrintable(shown));
  }

 private:
  QTemporaryDir settings_;
};

}  // namespace wt::gui::test

QTEST_MAIN(wt::gui::test::PlannerTest)
#include "planner_test.moc"
