#pragma once
// The job runner in the status bar: what runs, how far it is, and Cancel.
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace wt::gui {

class JobRunner;

class JobStatus : public QWidget {
  Q_OBJECT
 public:
  explicit JobStatus(JobRunner* jobs, QWidget* parent = nullptr);
  QPushButton* cancel_button() const { return cancel_; }
  QProgressBar* progress_bar() const { return bar_; }

 private:
  QLabel* title_ = nullptr;
  QProgressBar* bar_ = nullptr;
  QPushButton* cancel_ = nullptr;
};

}  // namespace wt::gui
