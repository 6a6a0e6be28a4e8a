// TimelineView on real runs: rows are the groups of identical ranks, zoom and pan move the window
// by the factor and the distance asked, and the picture is not blank.
#include <QApplication>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

#include "gui/views/timeline_canvas.hpp"
#include "gui/views/timeline_rows.hpp"
#include "gui/views/timeline_view.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

using namespace wt;
using namespace wt::gui;

namespace {

RunOutput run_file(const char* name) {
  return run_scenario(load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/" + name));
}

int distinct_colours(const QImage& image) {
  QSet<QRgb> colours;
  for (int y = 0; y < image.height(); y += 3) {
    for (int x = 0; x < image.width(); x += 3)
      colours.insert(image.pixel(x, y));
  }
  return static_cast<int>(colours.size());
}

}  // namespace

class TimelineViewTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { gpt3_ = run_file("gpt3-175b-1024-a100.json"); }

  // GPT-3 175B on 1,024 GPUs at TP 8 · PP 8 · DP 16: the 128 ranks of a stage run one program,
  // and the 8 stages differ in timing (the pipeline's fill and drain), so 8 rows of 128 GPUs.
  void groups_identical_ranks_into_one_row_per_stage() {
    TimelineView view;
    view.show_run(gpt3_.workload, gpt3_.timeline);
    QCOMPARE(view.row_count(), 8);
    const std::vector<TimelineRow> rows = timeline_rows(gpt3_.workload, gpt3_.timeline);
    QCOMPARE(rows.size(), size_t{8});
    for (int stage = 0; stage < 8; ++stage) {
      const TimelineRow& row = rows[static_cast<size_t>(stage)];
      QCOMPARE(row.roles, std::vector<int>{stage});
      QCOMPARE(row.gpus, 128);
      QCOMPARE(QString::fromStdString(row.label), QStringLiteral("stage %1 · 128 GPUs").arg(stage));
      QVERIFY(!row.spans.empty());
    }
    QCOMPARE(QString::fromStdString(rows[3].detail), QStringLiteral("ranks 384–511"));
  }

  // One node, no pipeline (TP 2 · DP 4): every GPU runs the same program, one row of 8.
  void one_stage_is_one_row_of_every_gpu() {
    const RunOutput run = run_file("llama3-8b-1node-h100.json");
    TimelineView view;
    view.show_run(run.workload, run.timeline);
    QCOMPARE(view.row_count(), 1);
    const std::vector<TimelineRow> rows = timeline_rows(run.workload, run.timeline);
    QCOMPARE(rows.front().gpus, 8);
    QCOMPARE(QString::fromStdString(rows.front().label), QStringLiteral("stage 0 · 8 GPUs"));
  }

  // Rows keep the spans of the Chrome trace: the compute span with the latest end ends the role.
  void rows_end_where_the_timeline_ends() {
    const std::vector<TimelineRow> rows = timeline_rows(gpt3_.workload, gpt3_.timeline);
    for (const TimelineRow& row : rows) {
      double end_s = 0.0;
      for (const TraceSpan& s : row.spans)
        end_s = std::max(end_s, s.end_s);
      const double role_end_s = gpt3_.timeline.roles[static_cast<size_t>(row.roles.front())].end_s;
      QVERIFY(std::abs(end_s - role_end_s) <= 1e-9 * role_end_s);
    }
  }

  void zoom_changes_the_visible_span_by_the_factor() {
    TimelineView view;
    view.resize(1000, 500);
    view.show_run(gpt3_.workload, gpt3_.timeline);
    const double full_s = gpt3_.timeline.iteration_s;
    QCOMPARE(view.visible_start_s(), 0.0);
    QCOMPARE(view.visible_span_s(), full_s);
    view.zoom_by(4.0);
    QVERIFY(std::abs(view.visible_span_s() - full_s / 4.0) < 1e-12 * full_s);
    // Zoomed around the centre: the window is the middle quarter.
    QVERIFY(std::abs(view.visible_start_s() - full_s * 3.0 / 8.0) < 1e-12 * full_s);
    view.zoom_by(0.5);
    QVERIFY(std::abs(view.visible_span_s() - full_s / 2.0) < 1e-12 * full_s);
    view.zoom_by(0.1);  // never wider than the iteration
    QCOMPARE(view.visible_span_s(), full_s);
    view.zoom_by(2.0);
    view.fit();
    QCOMPARE(view.visible_start_s(), 0.0);
    QCOMPARE(view.visible_span_s(), full_s);
  }

  // The wheel zooms around the cursor: the time under it stays under it.
  void wheel_zooms_around_the_cursor() {
    TimelineView view;
    view.resize(1000, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.show_run(gpt3_.workload, gpt3_.timeline);
    auto* canvas = qobject_cast<TimelineCanvas*>(view.export_widget());
    QVERIFY(canvas != nullptr);
    const double full_s = gpt3_.timeline.iteration_s;
    const QPointF at(canvas->width() * 0.75, 80);
    const double before_s = canvas->time_at(at.x());
    QWheelEvent wheel(at, canvas->mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(canvas, &wheel);
    QVERIFY(std::abs(view.visible_span_s() - full_s / 1.5625) < 1e-9 * full_s);  // 1.25²
    QVERIFY(std::abs(canvas->time_at(at.x()) - before_s) < 1e-9 * full_s);
  }

  void drag_and_scrollbar_pan() {
    TimelineView view;
    view.resize(1000, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.show_run(gpt3_.workload, gpt3_.timeline);
    view.zoom_by(4.0);
    auto* canvas = qobject_cast<TimelineCanvas*>(view.export_widget());
    const double span_s = view.visible_span_s();
    const double start_s = view.visible_start_s();
    const double moved_s = canvas->time_at(600) - canvas->time_at(500);
    QTest::mousePress(canvas, Qt::LeftButton, {}, QPoint(600, 100));
    QTest::mouseMove(canvas, QPoint(500, 100));
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, QPoint(500, 100));
    // Dragging 100 px to the left shows what was 100 px to the right.
    QVERIFY(std::abs(view.visible_start_s() - (start_s + moved_s)) < 1e-9 * span_s);
    QCOMPARE(view.visible_span_s(), span_s);
    auto* bar = view.findChild<QScrollBar*>();
    QVERIFY(bar != nullptr);
    bar->setValue(bar->minimum());
    QCOMPARE(view.visible_start_s(), 0.0);
    bar->setValue(bar->maximum());
    const double end_s = view.visible_start_s() + view.visible_span_s();
    QVERIFY(std::abs(end_s - gpt3_.timeline.iteration_s) < 1e-4 * gpt3_.timeline.iteration_s);
  }

  void op_at_finds_the_op_under_a_time() {
    const Program& p = gpt3_.workload.programs[2];
    const RoleTimeline& t = gpt3_.timeline.roles[2];
    for (size_t i = 0; i < p.ops.size(); ++i) {
      if (p.ops[i].stream != Stream::compute || t.ops[i].end_s <= t.ops[i].start_s) continue;
      const double mid_s = (t.ops[i].start_s + t.ops[i].end_s) / 2.0;
      QCOMPARE(op_at(p, t, TraceThread::compute, mid_s), &p.ops[i]);
    }
    QCOMPARE(op_at(p, t, TraceThread::compute, -1.0), nullptr);
  }

  // Hovering the middle of stage 0's compute lane names a forward or backward pass with its
  // micro-batch and times; the label column says nothing.
  void tooltip_names_the_span() {
    TimelineView view;
    view.resize(1000, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.show_run(gpt3_.workload, gpt3_.timeline);
    auto* canvas = qobject_cast<TimelineCanvas*>(view.export_widget());
    const int compute_lane_y = timeline_px::kLegend + timeline_px::kAxis +
                               timeline_px::kRowPadding + timeline_px::kComputeLane / 2;
    const double middle_s = gpt3_.timeline.iteration_s / 2.0;
    const QPoint at(static_cast<int>(canvas->x_of(middle_s)), compute_lane_y);
    const QString tip = canvas->tooltip_at(at);
    QVERIFY2(tip.contains(QStringLiteral("phase ")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("micro-batch ")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("start ")) && tip.contains(QStringLiteral("duration ")),
             qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("stage 0 · 128 GPUs")), qPrintable(tip));
    QVERIFY(canvas->tooltip_at(QPoint(20, compute_lane_y)).isEmpty());
  }

  void picture_is_not_blank_and_clear_empties_it() {
    TimelineView view;
    view.resize(1000, 500);
    view.show_run(gpt3_.workload, gpt3_.timeline);
    const QImage drawn = view.export_widget()->grab().toImage();
    QVERIFY(distinct_colours(drawn) > 8);
    view.clear();
    QCOMPARE(view.row_count(), 0);
    QVERIFY(distinct_colours(view.export_widget()->grab().toImage()) < distinct_colours(drawn));
  }

 private:
  RunOutput gpt3_;
};

QTEST_MAIN(TimelineViewTest)
#include "timeline_view_test.moc"
