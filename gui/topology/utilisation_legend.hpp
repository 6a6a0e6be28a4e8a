#pragma once
// The colour key under the drawing: the utilisation scale from 0% to 100% with ticks, and the
// grey dashed line for links that carried nothing.
#include <QWidget>

namespace wt::gui {

class UtilisationLegend : public QWidget {
 public:
  explicit UtilisationLegend(QWidget* parent = nullptr);
  QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
};

}  // namespace wt::gui
