#pragma once
// The painted part of the Timeline tab: legend, time axis and one Gantt row per group of identical
// ranks, over a window [view_start_s, view_start_s + view_span_s] of the iteration. The wheel zooms
// around the cursor, dragging pans, hovering shows the span under the cursor.
#include <vector>

#include <QPoint>
#include <QWidget>

#include "gui/views/timeline_rows.hpp"

namespace wt::gui {

// Pixel sizes of the canvas parts.
namespace timeline_px {
inline constexpr int kGutter = 210;   // row labels
inline constexpr int kLaneName = 72;  // side-stream names, at the right of the labels
inline constexpr int kRightMargin = 16;
inline constexpr int kLegend = 28;
inline constexpr int kAxis = 24;
inline constexpr int kRowPadding = 7;
inline constexpr int kComputeLane = 20;
inline constexpr int kSideLane = 9;  // dp comm, param gather, pp send
inline constexpr int kLaneGap = 2;
}  // namespace timeline_px

class TimelineCanvas : public QWidget {
  Q_OBJECT
 public:
  explicit TimelineCanvas(QWidget* parent = nullptr);

  void show_run(const wt::Workload& w, const wt::Timeline& t);
  void clear();
  int row_count() const { return static_cast<int>(rows_.size()); }
  double iteration_s() const { return iteration_s_; }
  double view_start_s() const { return view_start_s_; }
  double view_span_s() const { return view_span_s_; }
  void set_view(double start_s, double span_s);  // clamped to the iteration
  void zoom_around(double time_s, double factor);
  double time_at(double x) const;  // the time at a horizontal pixel position of the plot
  double x_of(double time_s) const;
  QString tooltip_at(QPoint pos) const;  // what hovering at `pos` shows; empty over no span

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 signals:
  void view_changed();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  bool event(QEvent* event) override;

 private:
  struct Hit {
    const TimelineRow* row = nullptr;
    const wt::TraceSpan* span = nullptr;
  };
  // Geometry
  int plot_left() const;
  int plot_width() const;
  int rows_top() const;
  int row_height(const TimelineRow& row) const;
  int lane_top(const TimelineRow& row, int row_top, wt::TraceThread lane) const;
  int lane_height(wt::TraceThread lane) const;
  // Painting (timeline_paint.cpp)
  void paint_empty(QPainter& p) const;
  void paint_legend(QPainter& p) const;
  void paint_axis(QPainter& p) const;
  void paint_row(QPainter& p, const TimelineRow& row, int top) const;
  void paint_lane_names(QPainter& p, const TimelineRow& row, int top) const;
  void paint_span(QPainter& p, const wt::TraceSpan& span, const QRectF& lane) const;
  // Tooltips
  Hit hit_at(QPoint pos) const;

  std::vector<TimelineRow> rows_;
  std::vector<wt::Program> programs_;
  std::vector<wt::RoleTimeline> role_timelines_;
  double iteration_s_ = 0.0;
  double view_start_s_ = 0.0;
  double view_span_s_ = 1.0;
  bool dragging_ = false;
  QPoint drag_from_;
  double drag_start_s_ = 0.0;
};

}  // namespace wt::gui
