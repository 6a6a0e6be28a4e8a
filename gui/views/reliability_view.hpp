#pragma once
// The Reliability tab (issue 25): what failures do to a training run. Expected interruptions by
// cause over the run (the closed form, `run --json` failures.interruptions_by_cause), the
// Monte Carlo's ETTR distribution (monte_carlo.ettr_histogram, with the mean and the P50 and P90
// runs marked), and the checkpoint's cost; the figures beside them as reliability_figures.hpp
// words them. A result without them (no training.total_tokens) says so instead.
#include <QWidget>

#include "sim/report/run_result.hpp"

class QChartView;
class QLabel;
class QTableWidget;
class QAbstractBarSeries;
class QAreaSeries;

namespace wt::gui {

class ReliabilityView : public QWidget {
  Q_OBJECT
 public:
  explicit ReliabilityView(QWidget* parent = nullptr);

  // `priced`: the scenario has cost.usd_per_gpu_hour (else no cost rows).
  void show_run(const wt::RunResult& r, bool priced);
  void clear();
  QWidget* export_widget() { return this; }

  // For tests: the note above the charts ("" when there are figures), the interruptions' bars
  // (one set, a value per cause), the histogram's area (nullptr without a Monte Carlo), and the
  // table's text for a figure's key ("" when absent).
  QString note() const;
  const QAbstractBarSeries* interruption_series() const;
  const QAreaSeries* ettr_series() const;
  QString figure_text(const QString& key) const;

 private:
  QLabel* note_ = nullptr;
  QChartView* interruptions_ = nullptr;
  QChartView* ettr_ = nullptr;
  QTableWidget* table_ = nullptr;
};

}  // namespace wt::gui
