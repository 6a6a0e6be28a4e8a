#include "gui/app/memory_bars.hpp"

#include <algorithm>
#include <array>

#include <QPainter>

#include "sim/report/summary_text.hpp"

namespace wt::gui {
namespace {

constexpr int kLegendLine = 20;
constexpr int kLabelWidth = 64;
constexpr int kMinBarWidth = 80;
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

QString value_text(const wt::MemoryUse& m) {
  const QString text =
      QStringLiteral("%1 / %2").arg(QString::fromStdString(wt::format_bytes(m.total)),
                                    QString::fromStdString(wt::format_bytes(m.capacity)));
  return m.total <= m.capacity ? text : text + QStringLiteral("  ✗");
}

}  // namespace

MemoryBars::MemoryBars(QWidget* parent) : QWidget(parent) {
  QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  policy.setHeightForWidth(true);
  setSizePolicy(policy);
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

int MemoryBars::value_width() const {
  int widest = 0;
  for (const wt::MemoryUse& m : stages_)
    widest = std::max(widest, fontMetrics().horizontalAdvance(value_text(m)));
  return widest + 16;
}

std::vector<QPoint> MemoryBars::legend_places(int width) const {
  // Each entry is a swatch and its name; the last is the dashed line and "GPU memory". An entry
  // that would cross the right edge starts a new line, under the first.
  std::vector<QPoint> places;
  const QFontMetrics fm = fontMetrics();
  int x = kLabelWidth;
  int line = 0;
  const auto place = [&](int entry_width) {
    if (x > kLabelWidth && x + entry_width > width) {
      x = kLabelWidth;
      ++line;
    }
    places.emplace_back(x, line * kLegendLine);
    x += entry_width + 14;
  };
  for (const Part& part : parts())
    place(16 + fm.horizontalAdvance(QString::fromLatin1(part.name)));
  place(6 + fm.horizontalAdvance(tr("GPU memory")));
  return places;
}

int MemoryBars::legend_height(int width) const {
  return legend_places(width).back().y() + kLegendLine + 4;
}

bool MemoryBars::hasHeightForWidth() const {
  return true;
}

int MemoryBars::heightForWidth(int width) const {
  const int n = static_cast<int>(stages_.size());
  return legend_height(width) + n * (row_height() + kGap) + kGap;
}

QSize MemoryBars::sizeHint() const {
  const int width = std::max(480, minimumSizeHint().width());
  return {width, heightForWidth(width)};
}

QSize MemoryBars::minimumSizeHint() const {
  return {kLabelWidth + kMinBarWidth + value_width(), heightForWidth(kLabelWidth + kMinBarWidth)};
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
  const std::vector<QPoint> places = legend_places(width());
  for (int i = 0; i < static_cast<int>(parts().size()); ++i) {
    const Part& part = parts()[i];
    const QPoint at = places[i];
    p.fillRect(at.x(), at.y() + 6, 12, 12, part.color);
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(at.x() + 16, at.y() + 16, QString::fromLatin1(part.name));
  }
  const QPoint at = places.back();
  p.setPen(QPen(Qt::black, 2, Qt::DashLine));
  p.drawLine(at.x(), at.y() + 4, at.x(), at.y() + 20);
  p.setPen(palette().color(QPalette::WindowText));
  p.drawText(at.x() + 6, at.y() + 16, tr("GPU memory"));
}

void MemoryBars::paint_stage(QPainter& p, int index, double scale_bytes) const {
  const wt::MemoryUse& m = stages_[index];
  const int h = row_height();
  const int y = legend_height(width()) + index * (h + kGap);
  const int values = value_width();
  const int bar_width = std::max(40, width() - kLabelWidth - values);
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
  p.drawText(QRect(kLabelWidth + bar_width + 8, y, values - 8, h), Qt::AlignLeft | Qt::AlignVCenter,
             value_text(m));
}

}  // namespace wt::gui
