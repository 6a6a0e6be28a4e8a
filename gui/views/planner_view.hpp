#pragma once
// The Planner tab: the ranked candidates in a sortable table, the current row's whole "why" under
// it, and a time-vs-cost scatter with the Pareto front and the recommendation marked.
// Double-clicking a row emits that candidate's full scenario document, which the application loads
// as one undoable edit.
#include <memory>

#include <QString>
#include <QWidget>

#include "gui/views/plan_run.hpp"

class QChartView;
class QLabel;
class QModelIndex;
class QSortFilterProxyModel;
class QTableView;

namespace wt::gui {

class PlanTableModel;

class PlannerView : public QWidget {
  Q_OBJECT
 public:
  explicit PlannerView(QWidget* parent = nullptr);

  void show_plan(std::shared_ptr<const PlanRun> plan);
  void clear();
  QTableView* table();
  const QLabel* detail() const;  // the line under the table
  QWidget* export_widget();

 signals:
  void layout_chosen(QString scenario_json);

 private:
  void choose(const QModelIndex& proxy_index);
  int recommended_row() const;  // in the model; 0 when nothing is recommended
  void show_detail(int proxy_row);
  std::shared_ptr<const PlanRun> plan_;
  PlanTableModel* model_ = nullptr;
  QSortFilterProxyModel* proxy_ = nullptr;
  QTableView* table_ = nullptr;
  QChartView* scatter_ = nullptr;
  QLabel* summary_ = nullptr;
  QLabel* detail_ = nullptr;  // the current row's layout and its whole "why"
};

}  // namespace wt::gui
