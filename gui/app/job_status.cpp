#include "gui/app/job_status.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

#include "gui/app/job_runner.hpp"

namespace wt::gui {

JobStatus::JobStatus(JobRunner* jobs, QWidget* parent) : QWidget(parent) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  title_ = new QLabel(this);
  bar_ = new QProgressBar(this);
  bar_->setRange(0, 1000);
  bar_->setFixedWidth(180);
  cancel_ = new QPushButton(tr("Cancel"), this);
  row->addWidget(title_);
  row->addWidget(bar_);
  row->addWidget(cancel_);
  setVisible(false);
  connect(cancel_, &QPushButton::clicked, jobs, &JobRunner::cancel);
  connect(jobs, &JobRunner::started, this, [this](const QString& title) {
    title_->setText(title);
    bar_->setValue(0);
    setVisible(true);
  });
  connect(jobs, &JobRunner::progress, this,
          [this](double fraction) { bar_->setValue(static_cast<int>(fraction * 1000.0)); });
  connect(jobs, &JobRunner::finished, this, [this] { setVisible(false); });
}

}  // namespace wt::gui
