#include "gui/app/fork_parking.hpp"

#include <QCoreApplication>
#include <QThread>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

#include "sim/run_isolation.hpp"

namespace wt::gui {
namespace {

// Longest the forking worker waits for the GUI thread to park. A GUI thread blocked itself (e.g.
// waiting for that worker on close) never parks: the fork then goes ahead unguarded.
constexpr auto kParkTimeout = std::chrono::seconds(2);

struct Parking {
  std::mutex m;
  std::condition_variable cv;
  bool parked = false;
  bool released = false;
};

// The parking of the fork in progress on this worker thread.
thread_local std::shared_ptr<Parking> t_parking;

bool on_gui_thread() {
  return QCoreApplication::instance() == nullptr ||
         QThread::currentThread() == QCoreApplication::instance()->thread();
}

void park_gui_thread() {
  if (on_gui_thread()) return;
  auto p = std::make_shared<Parking>();
  QMetaObject::invokeMethod(
      QCoreApplication::instance(),
      [p] {
        std::unique_lock<std::mutex> lock(p->m);
        if (p->released) return;  // the worker stopped waiting for us
        p->parked = true;
        p->cv.notify_all();
        p->cv.wait(lock, [&] { return p->released; });
      },
      Qt::QueuedConnection);
  std::unique_lock<std::mutex> lock(p->m);
  if (p->cv.wait_for(lock, kParkTimeout, [&] { return p->parked; })) {
    t_parking = std::move(p);
  } else {
    p->released = true;
  }
}

void release_gui_thread() {
  if (!t_parking) return;
  {
    const std::lock_guard<std::mutex> lock(t_parking->m);
    t_parking->released = true;
  }
  t_parking->cv.notify_all();
  t_parking.reset();
}

}  // namespace

void install_fork_parking() {
  static const bool installed = [] {
    set_fork_hooks({park_gui_thread, release_gui_thread});
    return true;
  }();
  (void)installed;
}

}  // namespace wt::gui
