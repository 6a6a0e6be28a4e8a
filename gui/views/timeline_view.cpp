#include "gui/views/timeline_view.hpp"

#include <cmath>

#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include "gui/views/timeline_canvas.hpp"
#include "sim/report/summary_text.hpp"

namespace wt::gui {
namespace {

constexpr int kScrollUnits = 100000;  // scrollbar steps over the whole iteration
constexpr double kButtonZoom = 2.0;

QToolButton* tool_button(const QString& text, const QString& tip, QWidget* parent) {
  auto* b = new QToolButton(parent);
  b->setText(text);
  b->setToolTip(tip);
  b->setAutoRaise(true);
  return b;
}

}  // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent) {
  canvas_ = new TimelineCanvas(this);
  auto* area = new QScrollArea(this);
  area->setWidget(canvas_);
  area->setWidgetResizable(true);
  area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  area->setFrameShape(QFrame::NoFrame);
  scroll_ = new QScrollBar(Qt::Horizontal, this);
  caption_ = new QLabel(this);

  auto* zoom_in = tool_button(QStringLiteral("+"), tr("Zoom in (or turn the wheel)"), this);
  auto* zoom_out = tool_button(QStringLiteral("−"), tr("Zoom out"), this);
  auto* fit_all = tool_button(tr("Fit"), tr("Show the whole iteration"), this);
  auto* bar = new QHBoxLayout;
  bar->addWidget(zoom_in);
  bar->addWidget(zoom_out);
  bar->addWidget(fit_all);
  bar->addSpacing(12);
  bar->addWidget(caption_, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(bar);
  layout->addWidget(area, 1);
  layout->addWidget(scroll_);

  connect(zoom_in, &QToolButton::clicked, this, [this] { zoom_by(kButtonZoom); });
  connect(zoom_out, &QToolButton::clicked, this, [this] { zoom_by(1.0 / kButtonZoom); });
  connect(fit_all, &QToolButton::clicked, this, &TimelineView::fit);
  connect(canvas_, &TimelineCanvas::view_changed, this, &TimelineView::sync_scrollbar);
  connect(scroll_, &QScrollBar::valueChanged, this, [this](int value) {
    const double full_s = canvas_->iteration_s();
    canvas_->set_view(full_s * value / kScrollUnits, canvas_->view_span_s());
  });
  sync_scrollbar();
}

void TimelineView::show_run(const Workload& w, const Timeline& t) {
  canvas_->show_run(w, t);
}

void TimelineView::clear() {
  canvas_->clear();
}

QWidget* TimelineView::export_widget() {
  return canvas_;
}

int TimelineView::row_count() const {
  return canvas_->row_count();
}

double TimelineView::visible_start_s() const {
  return canvas_->view_start_s();
}

double TimelineView::visible_span_s() const {
  return canvas_->view_span_s();
}

void TimelineView::zoom_by(double factor) {
  canvas_->zoom_around(canvas_->view_start_s() + canvas_->view_span_s() / 2.0, factor);
}

void TimelineView::fit() {
  canvas_->set_view(0.0, canvas_->iteration_s());
}

void TimelineView::sync_scrollbar() {
  const QSignalBlocker block(scroll_);
  const double full_s = canvas_->iteration_s();
  if (canvas_->row_count() == 0 || full_s <= 0.0) {
    scroll_->setRange(0, 0);
    caption_->setText(tr("No run yet."));
    return;
  }
  const int page = static_cast<int>(std::lround(canvas_->view_span_s() / full_s * kScrollUnits));
  scroll_->setPageStep(std::max(1, page));
  scroll_->setSingleStep(std::max(1, page / 10));
  scroll_->setRange(0, kScrollUnits - page);
  scroll_->setValue(static_cast<int>(std::lround(canvas_->view_start_s() / full_s * kScrollUnits)));
  const QString rows = canvas_->row_count() == 1
                           ? tr("1 row of identical GPUs")
                           : tr("%1 rows of identical GPUs").arg(canvas_->row_count());
  caption_->setText(tr("%1 · iteration %2 · showing %3 from %4 · wheel to zoom, drag to pan")
                        .arg(rows)
                        .arg(QString::fromStdString(format_duration(full_s)),
                             QString::fromStdString(format_duration(canvas_->view_span_s())),
                             QString::fromStdString(format_duration(canvas_->view_start_s()))));
}

}  // namespace wt::gui
