#pragma once
// Memory per GPU against the GPU's capacity, one stacked bar per pipeline stage (weights,
// gradients, optimizer state, activations) with the capacity marked, so a stage that does not fit
// stands out.
#include <vector>

#include <QPoint>
#include <QWidget>

#include "sim/report/run_result.hpp"

namespace wt::gui {

class MemoryBars : public QWidget {
  Q_OBJECT
 public:
  explicit MemoryBars(QWidget* parent = nullptr);

  void show_stages(std::vector<wt::MemoryUse> stages);
  void clear();
  const std::vector<wt::MemoryUse>& stages() const { return stages_; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;
  bool hasHeightForWidth() const override;
  int heightForWidth(int width) const override;
  // The width the "used / capacity" labels right of the bars take, from the widest one.
  int value_width() const;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  int row_height() const;
  // Where each legend entry starts at `width` (wrapping to more lines when narrow), and its height.
  std::vector<QPoint> legend_places(int width) const;
  int legend_height(int width) const;
  void paint_legend(QPainter& p) const;
  void paint_stage(QPainter& p, int index, double scale_bytes) const;
  std::vector<wt::MemoryUse> stages_;
};

}  // namespace wt::gui
