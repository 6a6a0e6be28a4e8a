// PlannerView and run_plan on a small plan: the ranked rows of the report, their error bands in
// the ± column and on the scatter, numeric sorting, the whole "why" under the table, the scatter's
// front over the recommendation, and a double-click that hands over the candidate's scenario.
#include <memory>

#include <QApplication>
#include <QChart>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

#include "core/error.hpp"
#include "core/units.hpp"
#include "gui/views/pareto_chart.hpp"
#include "gui/views/plan_table_model.hpp"
#include "gui/views/planner_view.hpp"
#include "sim/scenario/parse.hpp"

using namespace wt;
using namespace wt::gui;

namespace {

PlanSpec tiny_plan() {
  return load_plan_file(std::string(WT_SOURCE_DIR) + "/tests/gui/views/data/tiny-plan.json");
}

PlanRunOptions options(int top) {
  PlanRunOptions o;
  o.jobs = 2;
  o.top = top;
  return o;
}

}  // namespace

class PlannerViewTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    std::vector<double> progress;
    PlanRunOptions o = options(5);
    o.progress = [&](double f) { progress.push_back(f); };
    plan_ = run_plan(tiny_plan(), o);
    QVERIFY(plan_ != nullptr);
    QCOMPARE(plan_->report.state.ranked.size(), size_t{5});  // more candidates fit than --top
    QCOMPARE(progress.back(), 1.0);
  }

  // The same search as `windtunnel plan`: the plain library calls give the same ranked list.
  void run_plan_matches_the_library_search() {
    const PlanSpec spec = tiny_plan();
    const CandidateSpace space(spec);
    SearchOptions s;
    s.keep = 5;
    const SearchState state = run_search(space, s);
    QCOMPARE(plan_->report.state.combinations, state.combinations);
    QCOMPARE(plan_->report.state.ranked.size(), state.ranked.size());
    for (size_t i = 0; i < state.ranked.size(); ++i)
      QCOMPARE(plan_->report.state.ranked[i].index, state.ranked[i].index);
  }

  void table_has_the_report_rows() {
    PlannerView view;
    view.show_plan(plan_);
    QCOMPARE(view.table()->model()->rowCount(), 5);
    QCOMPARE(static_cast<size_t>(view.table()->model()->rowCount()), plan_->rows().size());
    // Row 0 is the recommendation, marked.
    const QString rank = view.table()->model()->index(0, PlanTableModel::rank).data().toString();
    QVERIFY2(rank.contains(QStringLiteral("★")), qPrintable(rank));
    QCOMPARE(plan_->report.chosen()->index, plan_->rows().front().index);
  }

  // The ± column is `plan`'s: each row's band looked up with validation::band_of on its scenario
  // from data/error-bands.json; its tooltip gives the range and the class.
  void the_band_column_shows_each_rows_error_band() {
    QVERIFY(plan_->report.bands.has_value());
    PlannerView view;
    view.show_plan(plan_);
    const QAbstractItemModel* m = view.table()->model();
    const std::vector<Outcome> rows = plan_->rows();
    QCOMPARE(m->headerData(PlanTableModel::band, Qt::Horizontal).toString(), QStringLiteral("±"));
    for (int row = 0; row < m->rowCount(); ++row) {
      const Outcome& o = rows[static_cast<size_t>(row)];
      const ErrorBand b = validation::band_of(*plan_->report.bands, plan_->space.scenario(o.index),
                                              o.iteration_time_s);
      QVERIFY(b.half_width > 0.0);
      const QModelIndex cell = m->index(row, PlanTableModel::band);
      QCOMPARE(cell.data().toString(), QStringLiteral("±%1%").arg(b.half_width * 100.0, 0, 'f', 0));
      QCOMPARE(cell.data(PlanTableModel::kSortRole).toDouble(), b.half_width);
      QVERIFY(
          cell.data(Qt::ToolTipRole).toString().contains(QString::fromStdString(b.error_class)));
    }
  }

  // Days and cost both go as the iteration time: a band is the segment point × (1 ± h), one per
  // front point and one for the recommendation.
  void the_chart_draws_the_bands_of_the_front() {
    std::unique_ptr<QChart> chart(pareto_chart(*plan_));
    std::vector<QLineSeries*> bands;
    for (QAbstractSeries* s : chart->series()) {
      if (s->name() == QStringLiteral("error band")) bands.push_back(qobject_cast<QLineSeries*>(s));
    }
    QCOMPARE(bands.size(), plan_->report.state.pareto.size() + 1);
    const Outcome& o = plan_->report.state.pareto.front();
    const double h = candidate_band(plan_->space, plan_->report, o)->half_width;
    const QPointF p(o.expected_time_s / units::kSecondsPerDay, o.cost_usd);
    QCOMPARE(bands.front()->count(), 2);
    QCOMPARE(bands.front()->at(0), p * (1.0 - h));
    QCOMPARE(bands.front()->at(1), p * (1.0 + h));
  }

  void sorting_by_cost_is_numeric() {
    PlannerView view;
    view.show_plan(plan_);
    QTableView* table = view.table();
    table->sortByColumn(PlanTableModel::cost, Qt::AscendingOrder);
    const QAbstractItemModel* m = table->model();
    std::vector<double> costs;
    for (int row = 0; row < m->rowCount(); ++row) {
      costs.push_back(
          m->index(row, PlanTableModel::cost).data(PlanTableModel::kSortRole).toDouble());
    }
    QVERIFY(std::is_sorted(costs.begin(), costs.end()));
    std::vector<double> expected;
    for (const Outcome& o : plan_->rows())
      expected.push_back(o.cost_usd);
    std::sort(expected.begin(), expected.end());
    QCOMPARE(costs, expected);
    table->sortByColumn(PlanTableModel::cost, Qt::DescendingOrder);
    QCOMPARE(m->index(0, PlanTableModel::cost).data(PlanTableModel::kSortRole).toDouble(),
             expected.back());
  }

  // The "why" column is cut with "…" where it does not fit; the line under the table has the
  // whole text of the current row, the recommended one first.
  void the_whole_why_is_under_the_table() {
    PlannerView view;
    view.resize(1100, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.show_plan(plan_);
    QTableView* table = view.table();
    const auto why = [&](const Outcome& o) {
      return QString::fromStdString(why_text(plan_->space, o)).toHtmlEscaped();
    };
    QVERIFY2(view.detail()->text().contains(why(*plan_->report.chosen())),
             qPrintable(view.detail()->text()));
    // The column starts on screen, without scrolling sideways.
    QVERIFY(table->columnViewportPosition(PlanTableModel::why) + 40 < table->viewport()->width());
    table->sortByColumn(PlanTableModel::cost, Qt::DescendingOrder);
    table->selectRow(0);
    const auto* proxy = qobject_cast<const QSortFilterProxyModel*>(table->model());
    const auto* model = qobject_cast<const PlanTableModel*>(proxy->sourceModel());
    const Outcome* dearest = model->outcome(proxy->mapToSource(proxy->index(0, 0)).row());
    QVERIFY2(view.detail()->text().contains(why(*dearest)), qPrintable(view.detail()->text()));
    QCOMPARE(proxy->index(0, PlanTableModel::why).data(Qt::ToolTipRole).toString(),
             QString::fromStdString(why_text(plan_->space, *dearest)));
    view.clear();
    QVERIFY(view.detail()->text().isEmpty());
  }

  // The recommendation is a hollow square drawn under the front, so a front point it sits on
  // shows; the front's points are the report's.
  void the_front_is_drawn_over_the_recommendation() {
    std::unique_ptr<QChart> chart(pareto_chart(*plan_));
    int recommended = -1, front = -1;
    const QList<QAbstractSeries*> series = chart->series();
    for (int i = 0; i < series.size(); ++i) {
      auto* s = qobject_cast<QScatterSeries*>(series[i]);
      if (s == nullptr) continue;
      if (s->name() == QStringLiteral("recommended")) {
        recommended = i;
        QCOMPARE(s->brush().style(), Qt::NoBrush);
        QCOMPARE(s->count(), 1);
        const Outcome chosen = *plan_->report.chosen();
        QCOMPARE(s->at(0),
                 QPointF(chosen.expected_time_s / units::kSecondsPerDay, chosen.cost_usd));
      }
      if (s->name() == QStringLiteral("Pareto front")) {
        front = i;
        QCOMPARE(static_cast<size_t>(s->count()), plan_->report.state.pareto.size());
        for (size_t k = 0; k < plan_->report.state.pareto.size(); ++k) {
          const Outcome& o = plan_->report.state.pareto[k];
          QCOMPARE(s->at(static_cast<int>(k)),
                   QPointF(o.expected_time_s / units::kSecondsPerDay, o.cost_usd));
        }
      }
    }
    QVERIFY(recommended >= 0 && front >= 0);
    QVERIFY(recommended < front);
  }

  void double_click_emits_the_row_scenario() {
    PlannerView view;
    view.resize(1100, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.show_plan(plan_);
    QTableView* table = view.table();
    table->sortByColumn(PlanTableModel::cost, Qt::DescendingOrder);  // row 0: the dearest
    QSignalSpy chosen(&view, &PlannerView::layout_chosen);
    const QModelIndex cell = table->model()->index(0, PlanTableModel::layout);
    const QPoint at = table->visualRect(cell).center();
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(chosen.count(), 1);
    const Scenario s = parse_scenario_text(chosen.front().front().toString().toStdString());
    const auto* proxy = qobject_cast<const QSortFilterProxyModel*>(table->model());
    const auto* model = qobject_cast<const PlanTableModel*>(proxy->sourceModel());
    const Outcome* o = model->outcome(proxy->mapToSource(cell).row());
    const Scenario expected = plan_->space.scenario(o->index);
    QCOMPARE(s.parallel.tensor, expected.parallel.tensor);
    QCOMPARE(s.parallel.pipeline, expected.parallel.pipeline);
    QCOMPARE(s.parallel.data, expected.parallel.data);
    QCOMPARE(s.cluster.num_nodes, expected.cluster.num_nodes);
    QCOMPARE(s.cluster.gpu, expected.cluster.gpu);
    const QString layout = cell.data().toString();
    QVERIFY2(layout.contains(QStringLiteral("TP %1").arg(s.parallel.tensor)), qPrintable(layout));
    QVERIFY2(layout.contains(QStringLiteral("DP %1").arg(s.parallel.data)), qPrintable(layout));
    double dearest_usd = 0.0;
    for (const Outcome& r : plan_->rows())
      dearest_usd = std::max(dearest_usd, r.cost_usd);
    QCOMPARE(o->cost_usd, dearest_usd);
  }

  void cancel_returns_nothing() {
    const std::atomic<bool> cancel{true};
    PlanRunOptions o = options(5);
    o.cancel = &cancel;
    QCOMPARE(run_plan(tiny_plan(), o), nullptr);
    // The flag reaches the search itself: set before it starts, nothing is looked at.
    const PlanSpec spec = tiny_plan();
    const CandidateSpace space(spec);
    SearchOptions s;
    s.cancel = &cancel;
    QCOMPARE(run_search(space, s).combinations, uint64_t{0});
  }

  void bad_plan_throws_input_error() {
    PlanSpec spec = tiny_plan();
    spec.prices.provider = "no-such-cloud";  // no price for the plan's GPUs
    QVERIFY_THROWS_EXCEPTION(InputError, run_plan(spec, options(5)));
  }

  void clear_empties_the_table() {
    PlannerView view;
    view.show_plan(plan_);
    view.clear();
    QCOMPARE(view.table()->model()->rowCount(), 0);
    view.show_plan(nullptr);
    QCOMPARE(view.table()->model()->rowCount(), 0);
  }

 private:
  std::shared_ptr<const PlanRun> plan_;
};

QTEST_MAIN(PlannerViewTest)
#include "planner_view_test.moc"
