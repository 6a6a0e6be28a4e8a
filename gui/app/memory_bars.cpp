#include "gui/app/memory_bars.hpp"

#include <algorithm>
#include <array>

#include <QPainter>

#include "sim/report/summary_text.hpp"

namespace wt::gui {
namespace {

constexpr int kLegendHeight = 24;
constexpr int kLabelWidth = 64;
constexpr int kValueWidth = 150;
constexpr int kGap = 4;

struct Part {
  const char* name;
  QColor color;
  double wt::MemoryUse::*bytes;
};

const std::array<Part, 6>& parts() {
  static const std::array<Part, 6> kParts = {{
      {"weights", QColor(0x4e, 0x79, 0xa7), &wt::MemoryUse::weights},
      {"gradients", QColor(0xf2, 0x8e, 0x2b), &wt::MemoryUse::gradients},
      {"optimizer", QColor(0x59, 0xa1, 0x4f), &wt::MemoryUse::optimizer},
      {"activations", QColor(0xe1, 0x57, 0x59), &wt::MemoryUse::activations},
      {"CUDA context", QColor(0x9c, 0x75, 0x5f), &wt::MemoryUse::cuda_context},
      {"NCCL buffers", QColor(0xba, 0xb0, 0xac), &wt::MemoryUse::comm_buffers},
  }};
  return kParts;
}

}  // namespace

MemoryBars::MemoryBars(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void MemoryBars::show_stages(std::vector<wt::MemoryUse> stages) {
  stages_ = std::move(stages);
  updateGeometry();
  update();
}

void MemoryBars::clear() {
  show_stages({});
}

int MemoryBars::row_height() const {
  const int n = static_cast<int>(stages_.size());
  return n <= 16 ? 20 : std::max(6, 320 / n);
}

QSize MemoryBars::sizeHint() const {
  const int n = static_cast<int>(stages_.size());
  return {480, kLegendHeight + n * (row_height() + kGap) + kGap};
}

QSize MemoryBars::minimumSizeHint() const {
  return {320, sizeHint().height()};
}

void MemoryBars::paintEvent(QPaintEvent*) {
  if (stages_.empty()) return;
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  paint_legend(p);
  double scale = 0.0;
  for (const wt::MemoryUse& m : stages_)
    scale = std::max({scale, m.total, m.capacity});
  if (scale <= 0.0) return;
  for (int i = 0; i < static_cast<int>(stages_.size()); ++i)
    paint_stage(p, i, scale * 1.02);
}

void MemoryBars::paint_legend(QPainter& p) const {
  int x = kLabelWidth;
  const QFontMetrics fm = p.fontMetrics();
  for (const Part& part : parts()) {
    p.fillRect(x, 6, 12, 12, part.color);
    x += 16;
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(x, 16, QString::fromLatin1(part.name));
    x += fm.horizontalAdvance(QString::fromLatin1(part.name)) + 14;
  }
  p.setPen(QPen(Qt::black, 2, Qt::DashLine));
  p.drawLine(x, 4, x, 20);
  p.setPen(palette().color(QPalette::WindowText));
  p.drawText(x + 6, 16, tr("GPU memory"));
}

void MemoryBars::paint_stage(QPainter& p, int index, double scale_bytes) const {
  const wt::MemoryUse& m = stages_[index];
  const int h = row_height();
  const int y = kLegendHeight + index * (h + kGap);
  const int bar_width = std::max(40, width() - kLabelWidth - kValueWidth);
  const auto x_of = [&](double bytes) {
    return kLabelWidth + static_cast<int>(bytes / scale_bytes * bar_width);
  };
  p.setPen(palette().color(QPalette::WindowText));
  if (h >= 12 || index % std::max(1, 14 / h) == 0) {
    p.drawText(QRect(0, y, kLabelWidth - 6, h), Qt::AlignRight | Qt::AlignVCenter,
               tr("stage %1").arg(index));
  }
  double start = 0.0;
  for (const Part& part : parts()) {
    const double bytes = m.*(part.bytes);
    p.fillRect(QRect(QPoint(x_of(start), y), QPoint(x_of(start + bytes), y + h - 1)), part.color);
    start += bytes;
  }
  const bool fits = m.total <= m.capacity;
  p.setPen(QPen(Qt::black, 2, Qt::DashLine));
  p.drawLine(x_of(m.capacity), y - 2, x_of(m.capacity), y + h + 1);
  if (h < 12) return;
  p.setPen(fits ? palette().color(QPalette::WindowText) : QColor(0xc6, 0x28, 0x28));
  const QString text =
      QStringLiteral("%1 / %2").arg(QString::fromStdString(wt::format_bytes(m.total)),
                                    QString::fromStdString(wt::format_bytes(m.capacity)));
  p.drawText(QRect(kLabelWidth + bar_width + 8, y, kValueWidth - 8, h),
             Qt::AlignLeft | Qt::AlignVCenter, fits ? text : text + tr("  ✗"));
}

}  // namespace wt::gui
