// Painting of the Timeline canvas: legend, axis, rows and spans.
#include <algorithm>

#include <QPainter>
#include <QPainterPath>

#include "gui/views/chart_style.hpp"
#include "gui/views/timeline_canvas.hpp"
#include "sim/report/plot_axis.hpp"
#include "sim/report/plot_svg.hpp"

namespace wt::gui {
namespace {

constexpr int kTickSpacing_px = 110;  // about one axis label per this many pixels
constexpr int kSwatch_px = 12;
constexpr double kSeparatorFrom_px = 6.0;

// Exposed communication: the compute stream waiting on a transfer of another stream.
bool is_wait(const TraceSpan& span) {
  return span.name.ends_with(" wait");
}

QColor text_colour_on(const QColor& fill) {
  return fill.lightnessF() > 0.6 ? QColor(Qt::black) : QColor(Qt::white);
}

}  // namespace

void TimelineCanvas::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing, false);
  if (rows_.empty()) {
    paint_empty(p);
    return;
  }
  paint_legend(p);
  paint_axis(p);
  int top = rows_top();
  for (const TimelineRow& row : rows_) {
    paint_row(p, row, top);
    top += row_height(row);
  }
}

void TimelineCanvas::paint_empty(QPainter& p) const {
  p.setPen(palette().color(QPalette::PlaceholderText));
  p.drawText(rect(), Qt::AlignCenter, tr("Run a scenario to see one iteration per GPU here."));
}

void TimelineCanvas::paint_legend(QPainter& p) const {
  const QFontMetrics fm = fontMetrics();
  int x = 8;
  const int y = (timeline_px::kLegend - kSwatch_px) / 2;
  for (const CategoryStyle& s : category_styles()) {
    p.fillRect(QRect(x, y, kSwatch_px, kSwatch_px), s.colour);
    x += kSwatch_px + 4;
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QPoint(x, y + kSwatch_px - 1), s.legend);
    x += fm.horizontalAdvance(s.legend) + 14;
  }
  const QRect hatch(x, y, kSwatch_px, kSwatch_px);
  p.fillRect(hatch, QColor(235, 235, 235));
  p.fillRect(hatch, QBrush(palette().color(QPalette::Text), Qt::BDiagPattern));
  p.drawText(QPoint(x + kSwatch_px + 4, y + kSwatch_px - 1), tr("exposed communication (waiting)"));
}

void TimelineCanvas::paint_axis(QPainter& p) const {
  const int axis_y = rows_top() - 4;
  const QColor grid = palette().color(QPalette::Mid);
  const int target = std::max(2, plot_width() / kTickSpacing_px);
  const AxisTicks ticks = nice_ticks(view_start_s_, view_start_s_ + view_span_s_, target);
  const int bottom = height();
  for (double t : ticks.values) {
    const double x = x_of(t);
    if (x < plot_left() - 0.5 || x > plot_left() + plot_width() + 0.5) continue;
    p.setPen(QPen(grid, 0, Qt::DotLine));
    p.drawLine(QPointF(x, axis_y), QPointF(x, bottom));
    p.setPen(palette().color(QPalette::Text));
    const QString label = QString::fromStdString(tick_text(t, TickFormat::seconds));
    const int w = fontMetrics().horizontalAdvance(label);
    const double left = std::clamp(x - w / 2.0, 0.0, static_cast<double>(width() - w));
    p.drawText(QPointF(left, axis_y - 5), label);
  }
  p.setPen(grid);
  p.drawLine(plot_left(), axis_y, plot_left() + plot_width(), axis_y);
}

void TimelineCanvas::paint_row(QPainter& p, const TimelineRow& row, int top) const {
  const int h = row_height(row);
  p.setPen(palette().color(QPalette::Midlight));
  p.drawLine(0, top + h - 1, width(), top + h - 1);
  const QFontMetrics fm = fontMetrics();
  p.setPen(palette().color(QPalette::Text));
  const QRect label_box(8, top + timeline_px::kRowPadding, plot_left() - 14, fm.height());
  p.drawText(label_box, Qt::AlignLeft | Qt::AlignVCenter,
             fm.elidedText(QString::fromStdString(row.label), Qt::ElideRight, label_box.width()));
  p.setPen(palette().color(QPalette::PlaceholderText));
  const int detail_px = label_box.width() - (row.lanes.size() > 1 ? timeline_px::kLaneName : 0);
  p.drawText(label_box.translated(0, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
             fm.elidedText(QString::fromStdString(row.detail), Qt::ElideRight, detail_px));
  paint_lane_names(p, row, top);
  p.save();
  p.setClipRect(QRect(plot_left(), top, plot_width(), h));
  const double view_end_s = view_start_s_ + view_span_s_;
  for (const TraceSpan& span : row.spans) {
    if (span.end_s < view_start_s_ || span.start_s > view_end_s) continue;
    const int y = lane_top(row, top, span.thread);
    paint_span(p, span, QRectF(0, y, 0, lane_height(span.thread)));
  }
  p.restore();
}

// The side streams' names, small, at the right of the label column.
void TimelineCanvas::paint_lane_names(QPainter& p, const TimelineRow& row, int top) const {
  QFont small = font();
  small.setPointSizeF(small.pointSizeF() * 0.75);
  p.save();
  p.setFont(small);
  p.setPen(palette().color(QPalette::PlaceholderText));
  for (TraceThread lane : row.lanes) {
    if (lane == TraceThread::compute) continue;
    const QRect box(plot_left() - timeline_px::kLaneName - 6, lane_top(row, top, lane) - 3,
                    timeline_px::kLaneName, lane_height(lane) + 6);
    p.drawText(box, Qt::AlignRight | Qt::AlignVCenter, trace_thread_name(lane));
  }
  p.restore();
}

void TimelineCanvas::paint_span(QPainter& p, const TraceSpan& span, const QRectF& lane) const {
  const double x0 = x_of(span.start_s);
  const double x1 = std::max(x_of(span.end_s), x0 + 1.0);  // never thinner than a pixel
  const QRectF box(x0, lane.top(), x1 - x0, lane.height());
  const QColor fill = category_colour(span.category);
  if (is_wait(span)) {
    p.fillRect(box, fill.lighter(150));
    p.fillRect(box, QBrush(fill.darker(160), Qt::BDiagPattern));
    return;
  }
  p.fillRect(box, fill);
  if (box.width() >= kSeparatorFrom_px) {  // where spans of one colour meet
    p.setPen(fill.lighter(140));
    p.drawLine(QPointF(x0, box.top()), QPointF(x0, box.bottom()));
  }
  const QString name = QString::fromStdString(span.name);
  const QFontMetrics fm = fontMetrics();
  if (lane.height() < fm.height() || box.width() < fm.horizontalAdvance(name) + 6) return;
  p.setPen(text_colour_on(fill));
  p.drawText(box, Qt::AlignCenter, name);
}

}  // namespace wt::gui
