#pragma once
// The Scaling tab: a sweep as a line chart (Qt Charts) of tokens/s, speedup or scaling efficiency
// against the points, the data of `sweep --plot` (planner/sweep/sweep_report.hpp sweep_chart).
#include <QWidget>

#include "planner/sweep/sweep.hpp"

class QChartView;
class QComboBox;
class QLabel;
class QLineSeries;

namespace wt::gui {

class ScalingView : public QWidget {
  Q_OBJECT
 public:
  enum class Metric { tokens_per_s = 0, speedup = 1, efficiency = 2 };

  explicit ScalingView(QWidget* parent = nullptr);

  void show_sweep(const wt::SweepResult& sweep);
  void clear();
  QWidget* export_widget();
  void set_metric(Metric m);
  const QLineSeries* series() const;  // the shown metric's line; nullptr when nothing is shown
  QString note() const;               // e.g. "2 of 6 points not drawn (...): ..."

 private:
  void redraw();
  QComboBox* metric_ = nullptr;
  QChartView* view_ = nullptr;
  QLabel* note_ = nullptr;
  wt::SweepResult sweep_;
  bool has_sweep_ = false;
};

}  // namespace wt::gui
