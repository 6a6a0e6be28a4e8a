// What the Timeline canvas says about the span under the cursor.
#include <QStringList>

#include "gui/views/timeline_canvas.hpp"
#include "sim/report/summary_text.hpp"

namespace wt::gui {

TimelineCanvas::Hit TimelineCanvas::hit_at(QPoint pos) const {
  if (pos.x() < plot_left() || pos.x() > plot_left() + plot_width()) return {};
  const double time_s = time_at(pos.x());
  int top = rows_top();
  for (const TimelineRow& row : rows_) {
    const int h = row_height(row);
    if (pos.y() >= top && pos.y() < top + h) {
      for (const TraceSpan& span : row.spans) {
        const int y = lane_top(row, top, span.thread);
        const bool in_lane = pos.y() >= y && pos.y() < y + lane_height(span.thread);
        if (in_lane && span.start_s <= time_s && time_s < span.end_s) return {&row, &span};
      }
      return {&row, nullptr};
    }
    top += h;
  }
  return {};
}

QString TimelineCanvas::tooltip_at(QPoint pos) const {
  const Hit hit = hit_at(pos);
  if (hit.span == nullptr) return {};
  const TraceSpan& s = *hit.span;
  QStringList lines;
  lines << QStringLiteral("<b>%1</b>").arg(QString::fromStdString(s.name).toHtmlEscaped());
  lines
      << tr("%1 · %2 stream").arg(QString::fromStdString(s.category), trace_thread_name(s.thread));
  const size_t role = static_cast<size_t>(hit.row->roles.front());
  const Op* op = role < programs_.size() ? op_at(programs_[role], role_timelines_[role], s.thread,
                                                 (s.start_s + s.end_s) / 2.0)
                                         : nullptr;
  if (op != nullptr && !s.name.ends_with(" wait") && s.category != "bubble") {
    QString phase = tr("phase %1").arg(to_string(op->phase));
    if (op->micro_batch >= 0) phase += tr(" · micro-batch %1").arg(op->micro_batch);
    lines << phase;
  }
  lines << tr("start %1 · duration %2")
               .arg(QString::fromStdString(format_duration(s.start_s)),
                    QString::fromStdString(format_duration(s.end_s - s.start_s)));
  if (s.bytes > 0.0) {
    lines << tr("%1 on the wire").arg(QString::fromStdString(format_bytes(s.bytes)));
  }
  lines << QString::fromStdString(hit.row->label);
  return lines.join(QStringLiteral("<br>"));
}

}  // namespace wt::gui
