#include "gui/views/figure_table.hpp"

#include <cmath>

#include <QChartView>
#include <QHeaderView>
#include <QTableWidget>
#include <QValueAxis>

#include "sim/report/plot_axis.hpp"

namespace wt::gui {

QTableWidget* new_figure_table(QWidget* parent) {
  auto* table = new QTableWidget(0, 2, parent);
  table->horizontalHeader()->hide();
  table->verticalHeader()->hide();
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionMode(QAbstractItemView::NoSelection);
  table->setWordWrap(false);
  table->horizontalHeader()->setStretchLastSection(true);
  table->setMinimumWidth(440);
  return table;
}

void add_figure_section(QTableWidget* table, const QString& heading,
                        const std::vector<FigureRow>& rows) {
  int row = table->rowCount();
  table->insertRow(row);
  auto* head = new QTableWidgetItem(heading);
  QFont bold = head->font();
  bold.setBold(true);
  head->setFont(bold);
  table->setItem(row, 0, head);
  table->setSpan(row, 0, 1, 2);
  for (const FigureRow& f : rows) {
    table->insertRow(++row);
    auto* label = new QTableWidgetItem(f.label);
    label->setData(Qt::UserRole, f.key);
    table->setItem(row, 0, label);
    auto* value = new QTableWidgetItem(f.text);
    value->setToolTip(f.text);  // the whole text where the column cuts it ("…")
    table->setItem(row, 1, value);
  }
  table->resizeColumnsToContents();
}

QString figure_row_text(const QTableWidget* table, const QString& key) {
  for (int row = 0; row < table->rowCount(); ++row) {
    const QTableWidgetItem* label = table->item(row, 0);
    if (label && label->data(Qt::UserRole).toString() == key) {
      const QTableWidgetItem* value = table->item(row, 1);
      return value ? value->text() : QString();
    }
  }
  return {};
}

QChartView* new_chart_view(QWidget* parent) {
  auto* view = new QChartView(parent);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumHeight(220);
  return view;
}

QValueAxis* nice_value_axis(double lo, double hi, const QString& title, const char* format,
                            int intervals) {
  // Whole-number labels ("%.0f") need a whole step: 0 .. 15 in steps of 2.5 would read "0, 3,
  // 5, 8"; fewer ticks are tried first, then one decimal.
  QString label_format = QString::fromLatin1(format);
  AxisTicks ticks = nice_ticks(lo, hi, intervals);
  auto whole_step = [](const AxisTicks& t) {
    return t.values.size() < 2 || std::fmod(t.values[1] - t.values[0], 1.0) == 0.0;
  };
  for (int count = intervals - 1;
       label_format == QLatin1String("%.0f") && !whole_step(ticks) && count >= 3; --count)
    ticks = nice_ticks(lo, hi, count);
  if (label_format == QLatin1String("%.0f") && !whole_step(ticks))
    label_format = QStringLiteral("%.1f");
  auto* axis = new QValueAxis;
  axis->setRange(ticks.min, ticks.max);
  axis->setTickCount(static_cast<int>(ticks.values.size()));
  axis->setLabelFormat(label_format);
  axis->setTitleText(title);
  return axis;
}

QString text_of(const std::string& s) {
  return QString::fromStdString(s);
}

QString fraction_percent(double fraction) {
  return QStringLiteral("%1%").arg(100.0 * fraction, 0, 'f', 1);
}

}  // namespace wt::gui
