#include "gui/app/summary_view.hpp"

#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>

#include "gui/app/flow_layout.hpp"
#include "gui/app/memory_bars.hpp"
#include "gui/app/summary_figures.hpp"
#include "gui/views/band_text.hpp"
#include "sim/report/headline.hpp"
#include "sim/report/summary_text.hpp"
#include "sim/workload/stage_memory.hpp"

namespace wt::gui {
namespace {

QFormLayout* group(const QString& title, QLayout* into, QWidget* parent) {
  auto* box = new QGroupBox(title, parent);
  auto* form = new QFormLayout(box);
  form->setLabelAlignment(Qt::AlignLeft);
  into->addWidget(box);
  return form;
}

void clear_form(QFormLayout* form) {
  while (form->rowCount() > 0)
    form->removeRow(0);
}

std::vector<wt::MemoryUse> memory_by_stage(const RunRecord& run) {
  const wt::RunOutput& out = run.output;
  std::vector<wt::MemoryUse> stages;
  const double capacity = out.result.memory_per_gpu_bytes.capacity;
  for (int i = 0; i < static_cast<int>(out.workload.programs.size()); ++i) {
    stages.push_back(wt::stage_memory(run.scenario, out.workload, i, capacity));
  }
  return stages;
}

}  // namespace

SummaryView::SummaryView(QWidget* parent) : QWidget(parent) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  placeholder_ = new QLabel(tr("Run the scenario (Ctrl+R) to see where its time goes."), this);
  placeholder_->setAlignment(Qt::AlignCenter);
  outer->addWidget(placeholder_);
  scroll_ = new QScrollArea(this);
  scroll_->setWidgetResizable(true);
  scroll_->setFrameShape(QFrame::NoFrame);
  content_ = new QWidget;
  content_->setAutoFillBackground(true);
  scroll_->setWidget(content_);
  outer->addWidget(scroll_, 1);

  auto* column = new QVBoxLayout(content_);
  headline_ = new QLabel(content_);
  headline_->setWordWrap(true);
  headline_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont big = headline_->font();
  big.setPointSizeF(big.pointSizeF() * 1.25);
  big.setBold(true);
  headline_->setFont(big);
  column->addWidget(headline_);
  status_ = new QLabel(content_);
  status_->setWordWrap(true);
  column->addWidget(status_);
  // The three boxes share a row when the tab is wide enough and reflow to more rows when not.
  figure_boxes_ = new QWidget(content_);
  auto* row = new FlowLayout(figure_boxes_);
  row->setContentsMargins(0, 0, 0, 0);
  iteration_ = group(tr("One iteration"), row, figure_boxes_);
  split_ = group(tr("Where the time goes (critical stage)"), row, figure_boxes_);
  training_ = group(tr("To train"), row, figure_boxes_);
  column->addWidget(figure_boxes_);
  auto* memory_box = new QGroupBox(tr("Memory per GPU, by pipeline stage"), content_);
  auto* memory_column = new QVBoxLayout(memory_box);
  memory_ = new MemoryBars(memory_box);
  memory_note_ = new QLabel(memory_box);
  memory_note_->setWordWrap(true);
  memory_column->addWidget(memory_);
  memory_column->addWidget(memory_note_);
  column->addWidget(memory_box);
  auto* warnings_box = new QGroupBox(tr("Warnings"), content_);
  warnings_ = new QLabel(warnings_box);
  warnings_->setWordWrap(true);
  warnings_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  (new QVBoxLayout(warnings_box))->addWidget(warnings_);
  column->addWidget(warnings_box);
  column->addStretch(1);
  clear();
}

void SummaryView::clear() {
  figures_.clear();
  for (QFormLayout* form : {iteration_, split_, training_})
    clear_form(form);
  memory_->clear();
  warning_list_.clear();
  headline_->clear();
  placeholder_->setVisible(true);
  scroll_->setVisible(false);
}

void SummaryView::fill(QFormLayout* form, const std::vector<Figure>& figures) {
  for (const Figure& f : figures) {
    auto* value = new QLabel(f.text);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(f.label, value);
    figures_[f.key] = value;
  }
}

void SummaryView::show_run(const RunRecord& run) {
  clear();
  const wt::RunResult& r = run.output.result;
  headline_->setText(QString::fromStdString(wt::scenario_headline(run.scenario)));
  const QString fit = r.fits_in_memory
                          ? tr("<span style='color:#2e7d32'>fits in memory</span>")
                          : tr("<span style='color:#c62828'><b>does not fit in memory</b></span>");
  status_->setText(tr("%1 engine · run at %2 · %3")
                       .arg(engine_name(run.engine),
                            QLocale().toString(run.finished_at.time(), QLocale::ShortFormat), fit));
  fill(iteration_, iteration_figures(r));
  if (r.error_band) {
    for (const char* key : {"iteration", "iteration_range", "error_class"})
      figures_[key]->setToolTip(band_tooltip(*r.error_band));
  }
  fill(split_, time_split_figures(run.scenario, r));
  fill(split_, data_sync_rows(r));
  fill(training_, training_figures(run.scenario, r));
  memory_->show_stages(memory_by_stage(run));
  memory_note_->setText(
      tr("Peak %1 of %2 per GPU (the dashed line is the GPU's memory).")
          .arg(QString::fromStdString(wt::format_bytes(r.memory_per_gpu_bytes.total)),
               QString::fromStdString(wt::format_bytes(r.memory_per_gpu_bytes.capacity))));
  for (const std::string& w : r.warnings)
    warning_list_ << QString::fromStdString(w);
  if (!run.band_error.empty()) {
    warning_list_ << tr("no error band: %1").arg(QString::fromStdString(run.band_error));
  }
  warnings_->setText(warning_list_.isEmpty()
                         ? tr("none")
                         : QStringLiteral("• ") + warning_list_.join(QStringLiteral("\n• ")));
  placeholder_->setVisible(false);
  scroll_->setVisible(true);
}

int SummaryView::figure_rows() const {
  return static_cast<const FlowLayout*>(figure_boxes_->layout())->rows_at(figure_boxes_->width());
}

bool SummaryView::fits_width() const {
  return scroll_->isHidden() || content_->width() <= scroll_->viewport()->width();
}

QWidget* SummaryView::export_widget() {
  return content_;
}

QString SummaryView::figure(const QString& key) const {
  const auto it = figures_.find(key);
  return it == figures_.end() ? QString() : it->second->text();
}

QString SummaryView::headline() const {
  return headline_->text();
}

QStringList SummaryView::warnings() const {
  return warning_list_;
}

}  // namespace wt::gui
