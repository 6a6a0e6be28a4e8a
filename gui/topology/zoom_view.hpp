#pragma once
// A QGraphicsView for the network drawing: the wheel zooms about the cursor, dragging pans, and
// fit() shows the whole drawing without enlarging it past a readable size.
#include <QGraphicsView>

namespace wt::gui {

class ZoomView : public QGraphicsView {
 public:
  explicit ZoomView(QGraphicsScene* scene, QWidget* parent = nullptr);
  void fit();  // and keep fitting on resize until the user zooms
  void zoom_by(double factor);

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  bool auto_fit_ = true;
};

}  // namespace wt::gui
