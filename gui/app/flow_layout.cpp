#include "gui/app/flow_layout.hpp"

#include <algorithm>

#include <QStyle>
#include <QWidget>

namespace wt::gui {
namespace {

int item_height(const QLayoutItem* item, int width) {
  return item->hasHeightForWidth() ? item->heightForWidth(width) : item->sizeHint().height();
}

}  // namespace

FlowLayout::FlowLayout(QWidget* parent) : QLayout(parent) {}

FlowLayout::~FlowLayout() {
  while (QLayoutItem* item = takeAt(0))
    delete item;
}

void FlowLayout::addItem(QLayoutItem* item) {
  items_.append(item);
}

int FlowLayout::count() const {
  return static_cast<int>(items_.size());
}

QLayoutItem* FlowLayout::itemAt(int index) const {
  return index >= 0 && index < items_.size() ? items_[index] : nullptr;
}

QLayoutItem* FlowLayout::takeAt(int index) {
  return index >= 0 && index < items_.size() ? items_.takeAt(index) : nullptr;
}

Qt::Orientations FlowLayout::expandingDirections() const {
  return Qt::Horizontal;
}

bool FlowLayout::hasHeightForWidth() const {
  return true;
}

int FlowLayout::heightForWidth(int width) const {
  return arrange(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const {
  QSize size;
  for (const QLayoutItem* item : items_)
    size = size.expandedTo(item->minimumSize());
  const QMargins m = contentsMargins();
  return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const {
  // All in one row.
  int width = 0;
  int height = 0;
  for (const QLayoutItem* item : items_) {
    if (width > 0) width += spacing_or_default();
    width += item->sizeHint().width();
    height = std::max(height, item->sizeHint().height());
  }
  const QMargins m = contentsMargins();
  return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

void FlowLayout::setGeometry(const QRect& rect) {
  QLayout::setGeometry(rect);
  arrange(rect, true);
}

int FlowLayout::rows_at(int width) const {
  int rows = 0;
  arrange(QRect(0, 0, width, 0), false, &rows);
  return rows;
}

int FlowLayout::spacing_or_default() const {
  if (spacing() >= 0) return spacing();
  const QWidget* parent = parentWidget();
  return parent == nullptr
             ? 6
             : parent->style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, parent);
}

int FlowLayout::arrange(const QRect& rect, bool apply, int* rows) const {
  const QRect area = rect.marginsRemoved(contentsMargins());
  const int gap = std::max(0, spacing_or_default());
  int y = area.y();
  int row_count = 0;
  int first = 0;
  const int n = count();
  while (first < n) {
    // Take as many items as fit the width (at least one), each at its size hint.
    int last = first;
    int used = items_[first]->sizeHint().width();
    while (last + 1 < n && used + gap + items_[last + 1]->sizeHint().width() <= area.width()) {
      ++last;
      used += gap + items_[last]->sizeHint().width();
    }
    // Share the spare width among the row's items.
    const int in_row = last - first + 1;
    const int spare = std::max(0, area.width() - used);
    int x = area.x();
    int row_height = 0;
    for (int i = first; i <= last; ++i) {
      const int extra = spare / in_row + (i - first < spare % in_row ? 1 : 0);
      const int w = std::max(items_[i]->minimumSize().width(),
                             std::min(area.width(), items_[i]->sizeHint().width() + extra));
      const int h = item_height(items_[i], w);
      if (apply) items_[i]->setGeometry(QRect(x, y, w, h));
      x += w + gap;
      row_height = std::max(row_height, h);
    }
    y += row_height + gap;
    ++row_count;
    first = last + 1;
  }
  if (rows != nullptr) *rows = row_count;
  const int used_height = row_count > 0 ? y - gap - area.y() : 0;
  const QMargins m = contentsMargins();
  return used_height + m.top() + m.bottom();
}

}  // namespace wt::gui
