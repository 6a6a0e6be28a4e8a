#pragma once
// The ranked candidates of a plan as a table: rank, layout, GPU, GPUs, time to train, its error
// band (± as `plan` prints it; empty without a bands file), cost, MFU and why. Qt::DisplayRole is
// text for people; kSortRole is the number the column sorts by.
#include <memory>
#include <optional>
#include <vector>

#include <QAbstractTableModel>

#include "gui/views/plan_run.hpp"

namespace wt::gui {

class PlanTableModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { rank, layout, gpu, gpus, days, band, cost, mfu, why, column_count };
  static constexpr int kSortRole = Qt::UserRole + 1;

  explicit PlanTableModel(QObject* parent = nullptr);

  void set_plan(std::shared_ptr<const PlanRun> plan);
  const wt::Outcome* outcome(int row) const;  // nullptr when out of range
  bool recommended(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  struct Row {
    wt::Outcome outcome;
    std::optional<wt::ErrorBand> band;
    QString layout, why;
    bool recommended = false;
  };
  QVariant display(const Row& r, int row, int column) const;
  QVariant sort_value(const Row& r, int row, int column) const;
  QVariant header_tooltip(int section) const;

  std::shared_ptr<const PlanRun> plan_;
  std::vector<Row> rows_;
};

}  // namespace wt::gui
