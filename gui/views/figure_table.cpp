#include "gui/views/figure_table.hpp"

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
    table->setItem(row, 1, new QTableWidgetItem(f.text));
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

QValueAxis* nice_value_axis(double lo, double hi, const QString& title, const char* format) {
  const AxisTicks ticks = nice_ticks(lo, hi, 6);
  auto* axis = new QValueAxis;
  axis->setRange(ticks.min, ticks.max);
  axis->setTickCount(static_cast<int>(ticks.values.size()));
  axis->setLabelFormat(QString::fromLatin1(format));
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
