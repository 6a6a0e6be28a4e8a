#include "gui/topology/zoom_view.hpp"

#include <QResizeEvent>
#include <QWheelEvent>
#include <algorithm>

namespace wt::gui {

ZoomView::ZoomView(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent) {
  setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
  setDragMode(QGraphicsView::ScrollHandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setBackgroundBrush(Qt::white);
}

void ZoomView::fit() {
  auto_fit_ = true;
  if (scene() == nullptr || scene()->items().isEmpty()) return;
  const QRectF bounds = scene()->itemsBoundingRect().adjusted(-20, -20, 20, 20);
  setSceneRect(bounds);
  resetTransform();
  const double sx = viewport()->width() / bounds.width();
  const double sy = viewport()->height() / bounds.height();
  const double s = std::clamp(std::min(sx, sy), 0.05, 1.5);
  scale(s, s);
  centerOn(bounds.center());
}

void ZoomView::zoom_by(double factor) {
  auto_fit_ = false;
  const double now = transform().m11();
  const double next = std::clamp(now * factor, 0.05, 8.0);
  scale(next / now, next / now);
}

void ZoomView::wheelEvent(QWheelEvent* event) {
  const int steps = event->angleDelta().y();
  if (steps == 0) return QGraphicsView::wheelEvent(event);
  zoom_by(steps > 0 ? 1.2 : 1.0 / 1.2);
  event->accept();
}

void ZoomView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (auto_fit_) fit();
}

}  // namespace wt::gui
