#include "gui/views/timeline_canvas.hpp"

#include <algorithm>
#include <cmath>

#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>

namespace wt::gui {
namespace {

constexpr double kWheelStep = 1.25;       // zoom factor of one wheel notch
constexpr double kSmallestSpan_s = 1e-7;  // deepest zoom: 100 ns across the plot

}  // namespace

TimelineCanvas::TimelineCanvas(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setBackgroundRole(QPalette::Base);
  setAutoFillBackground(true);
  setFocusPolicy(Qt::WheelFocus);
}

void TimelineCanvas::show_run(const Workload& w, const Timeline& t) {
  rows_ = timeline_rows(w, t);
  programs_ = w.programs;
  role_timelines_ = t.roles;
  iteration_s_ = std::max(t.iteration_s, 0.0);
  view_start_s_ = 0.0;
  view_span_s_ = iteration_s_ > 0.0 ? iteration_s_ : 1.0;
  updateGeometry();
  update();
  emit view_changed();
}

void TimelineCanvas::clear() {
  rows_.clear();
  programs_.clear();
  role_timelines_.clear();
  iteration_s_ = 0.0;
  view_start_s_ = 0.0;
  view_span_s_ = 1.0;
  updateGeometry();
  update();
  emit view_changed();
}

void TimelineCanvas::set_view(double start_s, double span_s) {
  const double full_s = iteration_s_ > 0.0 ? iteration_s_ : 1.0;
  const double smallest_s = std::min(full_s, kSmallestSpan_s);
  span_s = std::clamp(std::isfinite(span_s) ? span_s : full_s, smallest_s, full_s);
  start_s = std::clamp(std::isfinite(start_s) ? start_s : 0.0, 0.0, full_s - span_s);
  if (start_s == view_start_s_ && span_s == view_span_s_) return;
  view_start_s_ = start_s;
  view_span_s_ = span_s;
  update();
  emit view_changed();
}

void TimelineCanvas::zoom_around(double time_s, double factor) {
  if (!(factor > 0.0)) return;
  const double span_s = view_span_s_ / factor;
  const double fraction = (time_s - view_start_s_) / view_span_s_;
  set_view(time_s - fraction * span_s, span_s);
}

QSize TimelineCanvas::sizeHint() const {
  int height = rows_top();
  for (const TimelineRow& row : rows_)
    height += row_height(row);
  return {900, std::max(height + timeline_px::kRowPadding, 220)};
}

QSize TimelineCanvas::minimumSizeHint() const {
  return {timeline_px::kGutter + 200, sizeHint().height()};
}

int TimelineCanvas::plot_left() const {
  return timeline_px::kGutter;
}

int TimelineCanvas::plot_width() const {
  return std::max(1, width() - timeline_px::kGutter - timeline_px::kRightMargin);
}

int TimelineCanvas::rows_top() const {
  return timeline_px::kLegend + timeline_px::kAxis;
}

int TimelineCanvas::lane_height(TraceThread lane) const {
  return lane == TraceThread::compute ? timeline_px::kComputeLane : timeline_px::kSideLane;
}

int TimelineCanvas::row_height(const TimelineRow& row) const {
  int lanes_px = 0;
  for (TraceThread lane : row.lanes)
    lanes_px += lane_height(lane) + timeline_px::kLaneGap;
  return std::max(lanes_px, 2 * fontMetrics().height()) + 2 * timeline_px::kRowPadding;
}

int TimelineCanvas::lane_top(const TimelineRow& row, int row_top, TraceThread lane) const {
  int y = row_top + timeline_px::kRowPadding;
  for (TraceThread l : row.lanes) {
    if (l == lane) return y;
    y += lane_height(l) + timeline_px::kLaneGap;
  }
  return y;
}

double TimelineCanvas::time_at(double x) const {
  return view_start_s_ + (x - plot_left()) / plot_width() * view_span_s_;
}

double TimelineCanvas::x_of(double time_s) const {
  return plot_left() + (time_s - view_start_s_) / view_span_s_ * plot_width();
}

void TimelineCanvas::wheelEvent(QWheelEvent* event) {
  if (rows_.empty()) return;
  const double notches = event->angleDelta().y() / 120.0;
  if (notches == 0.0) return;
  zoom_around(time_at(event->position().x()), std::pow(kWheelStep, notches));
  event->accept();
}

void TimelineCanvas::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  dragging_ = true;
  drag_from_ = event->position().toPoint();
  drag_start_s_ = view_start_s_;
  setCursor(Qt::ClosedHandCursor);
}

void TimelineCanvas::mouseMoveEvent(QMouseEvent* event) {
  if (!dragging_) return;
  const double dx_px = event->position().x() - drag_from_.x();
  set_view(drag_start_s_ - dx_px / plot_width() * view_span_s_, view_span_s_);
}

void TimelineCanvas::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  dragging_ = false;
  unsetCursor();
}

bool TimelineCanvas::event(QEvent* event) {
  if (event->type() != QEvent::ToolTip) return QWidget::event(event);
  const auto* help = static_cast<QHelpEvent*>(event);
  const QString text = tooltip_at(help->pos());
  if (text.isEmpty()) {
    QToolTip::hideText();
    event->ignore();
  } else {
    QToolTip::showText(help->globalPos(), text, this);
  }
  return true;
}

}  // namespace wt::gui
