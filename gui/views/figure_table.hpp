#pragma once
// What the Reliability and Serving tabs share: a two-column table of figures in headed sections,
// each row found again by its key (for tests), a chart view, and a value axis with nice ticks.
#include <string>
#include <vector>

#include <QString>

class QChartView;
class QTableWidget;
class QValueAxis;
class QWidget;

namespace wt::gui {

struct FigureRow {
  QString key;    // stable name, e.g. "checkpoint_size"
  QString label;  // e.g. "Checkpoint size"
  QString text;   // e.g. "5.17 TiB"
};

QTableWidget* new_figure_table(QWidget* parent);
void add_figure_section(QTableWidget* table, const QString& heading,
                        const std::vector<FigureRow>& rows);
QString figure_row_text(const QTableWidget* table, const QString& key);  // "" when absent

QChartView* new_chart_view(QWidget* parent);
// From lo to hi with nice_ticks (sim/report/plot_axis.hpp) of about `intervals` steps, labels in
// printf `format`.
QValueAxis* nice_value_axis(double lo, double hi, const QString& title, const char* format,
                            int intervals = 6);

QString text_of(const std::string& s);      // QString::fromStdString
QString fraction_percent(double fraction);  // "92.6%"

}  // namespace wt::gui
