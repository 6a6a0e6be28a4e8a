#include "gui/views/planner_view.hpp"

#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "gui/views/chart_style.hpp"
#include "gui/views/pareto_chart.hpp"
#include "gui/views/plan_table_model.hpp"
#include "sim/report/headline.hpp"

namespace wt::gui {
namespace {

QString plan_summary(const PlanRun& plan) {
  const SearchState& st = plan.report.state;
  const std::optional<Outcome> chosen = plan.report.chosen();
  QString text =
      QObject::tr("Plan %1: %2 combinations, %3 evaluated (%4). ")
          .arg(QString::fromStdString(plan.spec.name),
               QString::fromStdString(with_thousands(static_cast<int64_t>(st.combinations))),
               QString::fromStdString(with_thousands(static_cast<int64_t>(st.evaluated))),
               QString::fromStdString(plan.report.method));
  text += chosen ? QObject::tr("★ marks the recommendation. Double-click a row to load its layout.")
                 : QObject::tr("No candidate fits: nothing to recommend.");
  return text;
}

// One line per candidate: the figures and the layout take the width they need and "why" the rest,
// cut with "…"; its tooltip and the line under the table have the whole text.
QTableView* ranked_table(QWidget* parent) {
  auto* t = new QTableView(parent);
  t->setSortingEnabled(true);
  t->setSelectionBehavior(QAbstractItemView::SelectRows);
  t->setSelectionMode(QAbstractItemView::SingleSelection);
  t->setEditTriggers(QAbstractItemView::NoEditTriggers);
  t->setAlternatingRowColors(true);
  t->setWordWrap(false);
  t->setTextElideMode(Qt::ElideRight);
  t->verticalHeader()->hide();
  t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  t->horizontalHeader()->setStretchLastSection(true);  // "why"
  return t;
}

QString detail_text(const QAbstractItemModel& m, int row) {
  const auto cell = [&](int column) { return m.index(row, column).data().toString(); };
  return QStringLiteral("<b>#%1 %2</b> — %3")
      .arg(cell(PlanTableModel::rank).toHtmlEscaped(), cell(PlanTableModel::layout).toHtmlEscaped(),
           cell(PlanTableModel::why).toHtmlEscaped());
}

}  // namespace

PlannerView::PlannerView(QWidget* parent) : QWidget(parent) {
  model_ = new PlanTableModel(this);
  proxy_ = new QSortFilterProxyModel(this);
  proxy_->setSourceModel(model_);
  proxy_->setSortRole(PlanTableModel::kSortRole);
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  auto* ranked = new QWidget(this);
  table_ = ranked_table(ranked);
  table_->setModel(proxy_);
  table_->sortByColumn(PlanTableModel::rank, Qt::AscendingOrder);
  detail_ = new QLabel(ranked);
  detail_->setWordWrap(true);
  detail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* ranked_layout = new QVBoxLayout(ranked);
  ranked_layout->setContentsMargins(0, 0, 0, 0);
  ranked_layout->addWidget(table_, 1);
  ranked_layout->addWidget(detail_);
  scatter_ = new QChartView(this);
  scatter_->setRenderHint(QPainter::Antialiasing);
  scatter_->setMinimumHeight(260);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(ranked);
  split->addWidget(scatter_);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(summary_);
  layout->addWidget(split, 1);
  connect(table_, &QTableView::doubleClicked, this, &PlannerView::choose);
  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) { show_detail(current.row()); });
  clear();
}

void PlannerView::show_plan(std::shared_ptr<const PlanRun> plan) {
  if (!plan) {
    clear();
    return;
  }
  plan_ = std::move(plan);
  model_->set_plan(plan_);
  table_->sortByColumn(PlanTableModel::rank, Qt::AscendingOrder);
  table_->setCurrentIndex(proxy_->mapFromSource(model_->index(recommended_row(), 0)));
  replace_chart(scatter_, pareto_chart(*plan_));
  summary_->setText(plan_summary(*plan_));
}

int PlannerView::recommended_row() const {
  for (int row = 0; row < model_->rowCount(); ++row) {
    if (model_->recommended(row)) return row;
  }
  return 0;
}

void PlannerView::show_detail(int proxy_row) {
  detail_->setText(proxy_row >= 0 && proxy_row < proxy_->rowCount()
                       ? detail_text(*proxy_, proxy_row)
                       : QString());
}

void PlannerView::clear() {
  plan_.reset();
  model_->set_plan(nullptr);
  detail_->clear();
  replace_chart(scatter_, new_chart(tr("Run a plan to compare layouts by time and cost.")));
  summary_->setText(tr("No plan yet."));
}

QTableView* PlannerView::table() {
  return table_;
}

const QLabel* PlannerView::detail() const {
  return detail_;
}

QWidget* PlannerView::export_widget() {
  return scatter_;
}

void PlannerView::choose(const QModelIndex& proxy_index) {
  const Outcome* o = model_->outcome(proxy_->mapToSource(proxy_index).row());
  if (o == nullptr || !plan_) return;
  QString json;
  try {
    json = QString::fromStdString(plan_->scenario_json(o->index));
  } catch (const std::exception& e) {
    summary_->setText(
        tr("Cannot load candidate %1: %2").arg(o->index).arg(QString::fromUtf8(e.what())));
    return;
  }
  emit layout_chosen(json);
}

}  // namespace wt::gui
