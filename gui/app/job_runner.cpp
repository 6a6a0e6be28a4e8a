#include "gui/app/job_runner.hpp"

#include <QThread>

#include "gui/app/fork_parking.hpp"
#include "sim/run_isolation.hpp"

namespace wt::gui {

JobRunner::JobRunner(QObject* parent) : QObject(parent) {
  install_fork_parking();
  poll_timer_.setInterval(100);
  connect(&poll_timer_, &QTimer::timeout, this, &JobRunner::poll);
}

JobRunner::~JobRunner() {
  if (!thread_) return;
  cancel();
  while (!thread_->wait(50))
    poll();  // keeps killing a SimGrid child forked meanwhile
}

bool JobRunner::start(const QString& title, Work work) {
  if (busy()) return false;
  control_ = std::make_shared<JobControl>();
  title_ = title;
  last_fraction_ = -1.0;
  thread_.reset(QThread::create([this, control = control_, work = std::move(work)] {
    Result result = run_work(work, *control);
    QMetaObject::invokeMethod(
        this, [this, result = std::move(result)]() mutable { finish(std::move(result)); },
        Qt::QueuedConnection);
  }));
  thread_->start();
  poll_timer_.start();
  emit started(title_);
  emit progress(0.0);
  return true;
}

JobRunner::Result JobRunner::run_work(const Work& work, JobControl& control) {
  Result r;
  try {
    r.completion = work(control);
  } catch (const std::exception& e) {
    r.error = QString::fromStdString(e.what());
  } catch (...) {
    r.error = tr("unknown error");
  }
  return r;
}

void JobRunner::cancel() {
  if (!busy()) return;
  control_->cancel();
  poll();
}

void JobRunner::poll() {
  if (!control_) return;
  // One job at a time: every simulation child in flight is this job's.
  if (control_->cancelled()) kill_running_simulations();
  const double fraction = control_->fraction();
  if (fraction != last_fraction_) {
    last_fraction_ = fraction;
    emit progress(fraction);
  }
}

void JobRunner::finish(Result result) {
  thread_->wait();
  thread_.reset();
  poll_timer_.stop();
  const bool cancelled = control_->cancelled();
  control_.reset();
  Outcome outcome = Outcome::done;
  QString message = result.error;
  if (cancelled) {
    outcome = Outcome::cancelled;
    message.clear();
  } else if (!result.error.isEmpty()) {
    outcome = Outcome::failed;
  } else if (result.completion) {
    try {
      result.completion();
    } catch (const std::exception& e) {
      outcome = Outcome::failed;
      message = QString::fromStdString(e.what());
    }
  }
  emit finished(title_, outcome, message);
}

}  // namespace wt::gui
