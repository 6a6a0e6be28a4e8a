#pragma once
// The colour key under the drawing: the scale from 0% to 100% of the measure shown (busy share
// or time at line rate) with ticks, and the grey dashed line for links that carried nothing.
#include <QWidget>

#include "gui/topology/load_index.hpp"

namespace wt::gui {

class UtilisationLegend : public QWidget {
 public:
  explicit UtilisationLegend(QWidget* parent = nullptr);
  QSize sizeHint() const override;
  // The measure the scale stands for (load_index.hpp), named above the bar.
  void set_measure(LoadMeasure measure);

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  LoadMeasure measure_ = LoadMeasure::busy;
};

}  // namespace wt::gui
