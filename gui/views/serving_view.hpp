#pragma once
// The Serving tab (issue 23): a serving run (`windtunnel serve`) as figures and charts. The
// latency percentiles of TTFT, TPOT and end to end against the SLO's targets (a chart of each
// percentile as a share of its target, and the table), throughput, KV-cache use and cost as
// `serve --json` gives them, and the batch (sequences decoding) and the queue (requests waiting)
// over the run (sim/report/serving_series.hpp). When the traffic has a daily profile, the replicas
// per hour of the deployment (planner/serving/daily_replicas.hpp, serve-plan's hours) as bars
// beside the hour's request rate, with the monthly cost and each hour's why in the table. The
// latency against load (planner/serving/latency_load.hpp): TTFT, TPOT and end-to-end percentiles
// of the deployment at multiples of its peak rate, with the SLO targets.
#include <QWidget>

#include "planner/serving/daily_replicas.hpp"
#include "planner/serving/latency_load.hpp"

#include "sim/report/serving_result.hpp"
#include "sim/report/serving_series.hpp"

class QChartView;
class QGridLayout;
class QLabel;
class QTableWidget;
class QAbstractBarSeries;
class QLineSeries;

namespace wt::gui {

class ServingView : public QWidget {
  Q_OBJECT
 public:
  explicit ServingView(QWidget* parent = nullptr);

  // `day`: the replicas per hour; nullptr when the traffic has no daily profile (the view says so).
  // `load`: the latency against load; nullptr: none was computed (the view says so).
  void show_serving(const wt::ServingResult& r, const wt::ServingSeries& series,
                    const wt::DailyReplicas* day = nullptr,
                    const wt::LatencyAgainstLoad* load = nullptr);
  void clear();
  QWidget* export_widget() { return this; }

  // For tests: the headline, the table's text for a key ("ttft_p95", "output_tokens_per_s",
  // "kv_peak", …; "" when absent), the latency chart's bars (one set per percentile, one value
  // per metric with a target, in % of it) and the series over time.
  QString headline() const;
  QString figure_text(const QString& key) const;
  const QAbstractBarSeries* latency_series() const;
  const QLineSeries* decoding_series() const;
  const QLineSeries* waiting_series() const;
  // The replicas-per-hour chart: one bar set of 24 replica counts and the hours' req/s (nullptr
  // when there is no schedule), and the note shown instead of it ("" when the chart is shown).
  const QAbstractBarSeries* replicas_series() const;
  const QLineSeries* hourly_rate_series() const;
  QString daily_note() const;
  // The latency-against-load chart's lines (latency_load_chart.hpp's order; empty without points).
  std::vector<const QLineSeries*> load_series() const;
  QString load_title() const;

 private:
  QLabel* headline_ = nullptr;
  void show_day(const wt::DailyReplicas* day);
  void show_load(const wt::LatencyAgainstLoad* load);

  QGridLayout* charts_ = nullptr;
  QChartView* latency_ = nullptr;
  QChartView* over_time_ = nullptr;
  QChartView* daily_ = nullptr;
  QChartView* load_ = nullptr;
  QLabel* daily_note_ = nullptr;
  QTableWidget* table_ = nullptr;
};

}  // namespace wt::gui
