#pragma once
// The Summary tab: the scenario's headline, the key figures of the last run (the CLI summary's
// numbers), memory per GPU against the GPU's capacity for each pipeline stage, and the warnings.
#include <map>

#include <QWidget>

#include "gui/app/run_record.hpp"
#include "gui/app/summary_figures.hpp"

class QFormLayout;
class QLabel;
class QScrollArea;

namespace wt::gui {

class MemoryBars;

class SummaryView : public QWidget {
  Q_OBJECT
 public:
  explicit SummaryView(QWidget* parent = nullptr);

  void show_run(const RunRecord& run);
  void clear();
  QWidget* export_widget();

  QString figure(const QString& key) const;  // the shown text of a figure; "" when not shown
  QString headline() const;
  QStringList warnings() const;
  const MemoryBars* memory_bars() const { return memory_; }
  int figure_rows() const;  // the rows the three figure boxes take at the tab's width
  bool fits_width() const;  // the shown run is no wider than the tab (no horizontal scrolling)

 private:
  void fill(QFormLayout* form, const std::vector<Figure>& figures);
  QScrollArea* scroll_ = nullptr;
  QWidget* content_ = nullptr;
  QLabel* placeholder_ = nullptr;
  QLabel* headline_ = nullptr;
  QLabel* status_ = nullptr;
  QWidget* figure_boxes_ = nullptr;
  QFormLayout* iteration_ = nullptr;
  QFormLayout* split_ = nullptr;
  QFormLayout* training_ = nullptr;
  MemoryBars* memory_ = nullptr;
  QLabel* memory_note_ = nullptr;
  QLabel* warnings_ = nullptr;
  QStringList warning_list_;
  std::map<QString, QLabel*> figures_;
};

}  // namespace wt::gui
