#pragma once
// The Timeline tab: one iteration as a Gantt chart, one row per group of identical GPUs (ranks
// whose spans are the same share a row labelled with their count, so 1,024 GPUs stay readable),
// with zoom (wheel, +/-, fit) and pan (drag, scrollbar).
#include <QWidget>

#include "sim/engine/timeline.hpp"
#include "sim/workload/program.hpp"

class QLabel;
class QScrollBar;

namespace wt::gui {

class TimelineCanvas;

class TimelineView : public QWidget {
  Q_OBJECT
 public:
  explicit TimelineView(QWidget* parent = nullptr);

  void show_run(const wt::Workload& w, const wt::Timeline& t);
  void clear();
  QWidget* export_widget();
  int row_count() const;  // rows of GPUs shown (groups of identical ranks)

  // The visible window of the iteration, in seconds; zoom_by(2) halves its length.
  double visible_start_s() const;
  double visible_span_s() const;
  void zoom_by(double factor);
  void fit();

 private:
  void sync_scrollbar();
  TimelineCanvas* canvas_ = nullptr;
  QScrollBar* scroll_ = nullptr;
  QLabel* caption_ = nullptr;
};

}  // namespace wt::gui
