#pragma once
// The Breakdown tab: where one iteration's time goes, as a stacked bar (Qt Charts) with the same
// parts and numbers as `run --plot` (sim/report/breakdown_plot.hpp).
#include <QWidget>

#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"

class QChartView;
class QAbstractBarSeries;

namespace wt::gui {

class BreakdownView : public QWidget {
  Q_OBJECT
 public:
  explicit BreakdownView(QWidget* parent = nullptr);

  void show_run(const wt::Scenario& s, const wt::RunResult& r);
  void clear();
  QWidget* export_widget();
  // The bar: one set per part that is not zero, values in seconds; nullptr when nothing is shown.
  const QAbstractBarSeries* series() const;

 private:
  QChartView* view_ = nullptr;
};

}  // namespace wt::gui
