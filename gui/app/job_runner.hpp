#pragma once
// Runs one job at a time off the GUI thread (a run, a sweep, a plan): the work runs on a QThread,
// its progress is polled ten times a second, Cancel stops it (killing a SimGrid child process at
// once), and its result is applied on the GUI thread by a completion the work returns. A cancelled
// job's result is discarded, also when the work could not be interrupted and ran to the end.
#include <functional>
#include <memory>

#include <QObject>
#include <QString>
#include <QTimer>

#include "gui/app/job_control.hpp"

class QThread;

namespace wt::gui {

class JobRunner : public QObject {
  Q_OBJECT
 public:
  enum class Outcome { done, cancelled, failed };
  Q_ENUM(Outcome)

  using Completion = std::function<void()>;             // runs on the GUI thread
  using Work = std::function<Completion(JobControl&)>;  // runs on the worker thread

  explicit JobRunner(QObject* parent = nullptr);
  ~JobRunner() override;  // cancels a running job and waits for its thread

  bool start(const QString& title, Work work);  // false (and nothing starts) while a job runs
  void cancel();
  bool busy() const { return control_ != nullptr; }
  QString title() const { return title_; }

 signals:
  void started(const QString& title);
  void progress(double fraction);  // 0..1
  void finished(const QString& title, wt::gui::JobRunner::Outcome outcome, const QString& message);

 private:
  struct Result {
    Completion completion;
    QString error;
  };
  static Result run_work(const Work& work, JobControl& control);
  void finish(Result result);
  void poll();

  std::shared_ptr<JobControl> control_;
  std::unique_ptr<QThread> thread_;
  QString title_;
  QTimer poll_timer_;
  double last_fraction_ = -1.0;
};

}  // namespace wt::gui
