#include "gui/views/plan_table_model.hpp"

#include <QFont>

#include "core/units.hpp"
#include "gui/views/band_text.hpp"
#include "sim/report/headline.hpp"
#include "sim/report/summary_text.hpp"

namespace wt::gui {
namespace {

QString text(const std::string& s) {
  return QString::fromStdString(s);
}

// why_text and layout_text rebuild the candidate's scenario; an error there names the candidate
// instead of ending the view.
template <typename F>
QString guarded(F f) {
  try {
    return text(f());
  } catch (const std::exception& e) {
    return QObject::tr("(%1)").arg(QString::fromUtf8(e.what()));
  }
}

// The candidate's band as `plan` looks it up; none when that fails like layout_text would.
std::optional<ErrorBand> band_of(const PlanRun& plan, const Outcome& o) {
  try {
    return candidate_band(plan.space, plan.report, o);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

PlanTableModel::PlanTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void PlanTableModel::set_plan(std::shared_ptr<const PlanRun> plan) {
  beginResetModel();
  plan_ = std::move(plan);
  rows_.clear();
  if (plan_) {
    const std::optional<Outcome> chosen = plan_->report.chosen();
    for (const Outcome& o : plan_->rows()) {
      Row r{o, band_of(*plan_, o), guarded([&] { return layout_text(plan_->space, o); }),
            guarded([&] { return why_text(plan_->space, o); }), chosen && chosen->index == o.index};
      rows_.push_back(std::move(r));
    }
  }
  endResetModel();
}

const Outcome* PlanTableModel::outcome(int row) const {
  if (row < 0 || row >= static_cast<int>(rows_.size())) return nullptr;
  return &rows_[static_cast<size_t>(row)].outcome;
}

bool PlanTableModel::recommended(int row) const {
  return row >= 0 && row < static_cast<int>(rows_.size()) &&
         rows_[static_cast<size_t>(row)].recommended;
}

int PlanTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int PlanTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : column_count;
}

QVariant PlanTableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const Row& r = rows_[static_cast<size_t>(index.row())];
  switch (role) {
    case Qt::DisplayRole:
      return display(r, index.row(), index.column());
    case kSortRole:
      return sort_value(r, index.row(), index.column());
    case Qt::ToolTipRole:
      if (index.column() == band && r.band) return band_tooltip(*r.band);
      return r.recommended ? tr("The recommended layout. %1").arg(r.why) : r.why;
    case Qt::FontRole:
      if (r.recommended) {
        QFont bold;
        bold.setBold(true);
        return bold;
      }
      return {};
    case Qt::TextAlignmentRole:
      if (index.column() == layout || index.column() == gpu || index.column() == why) {
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
      }
      return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
      return {};
  }
}

QVariant PlanTableModel::display(const Row& r, int row, int column) const {
  const Outcome& o = r.outcome;
  switch (column) {
    case rank:
      return r.recommended ? QStringLiteral("%1 ★").arg(row + 1) : QString::number(row + 1);
    case layout:
      return r.layout;
    case gpu:
      return text(o.gpu);
    case gpus:
      return text(with_thousands(o.num_gpus));
    case days:
      return QString::number(o.expected_time_s / units::kSecondsPerDay, 'f', 1);
    case band:
      return r.band ? text(band_half_width_text(*r.band)) : QString();
    case cost:
      return QStringLiteral("$") + text(format_count(o.cost_usd));
    case mfu:
      return QStringLiteral("%1%").arg(100.0 * o.mfu, 0, 'f', 1);
    case why:
      return r.why;
    default:
      return {};
  }
}

QVariant PlanTableModel::sort_value(const Row& r, int row, int column) const {
  const Outcome& o = r.outcome;
  switch (column) {
    case rank:
      return row;
    case gpus:
      return o.num_gpus;
    case days:
      return o.expected_time_s;
    case band:
      return r.band ? r.band->half_width : -1.0;
    case cost:
      return o.cost_usd;
    case mfu:
      return o.mfu;
    default:
      return display(r, row, column);
  }
}

QVariant PlanTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) return header_tooltip(section);
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case rank:
      return tr("#");
    case layout:
      return tr("layout");
    case gpu:
      return tr("GPU");
    case gpus:
      return tr("GPUs");
    case days:
      return tr("days");
    case band:
      return tr("±");
    case cost:
      return tr("cost");
    case mfu:
      return tr("MFU");
    case why:
      return tr("why");
    default:
      return {};
  }
}

QVariant PlanTableModel::header_tooltip(int section) const {
  switch (section) {
    case layout:
      return tr(
          "Parallelism, micro-batch, ZeRO, recompute, schedule and topology of the candidate");
    case gpus:
      return tr("GPUs in the cluster");
    case days:
      return tr("Expected days to train, with failures and restarts");
    case band:
      return tr(
          "Error band of the iteration time, from the validation residuals of the layout's "
          "class (docs/validation.md); the days go as the iteration time");
    case cost:
      return tr("Expected cost to train, with failures");
    case mfu:
      return tr("Model FLOPs utilisation");
    case why:
      return tr("Why this layout ranks where it does (the whole text is under the table)");
    default:
      return {};
  }
}

}  // namespace wt::gui
