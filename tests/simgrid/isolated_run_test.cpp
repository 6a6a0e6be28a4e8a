// run_isolated: the child's reply and errors come back, and the fork hooks run around fork() in
// the parent only, `before` ahead of the fork (the child sees its effect) and `after` behind it;
// a face kills the simulations in flight through sim/run_isolation.hpp.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <future>
#include <stdexcept>
#include <string>
#include <thread>

#include "sim/engine/simgrid/isolated_run.hpp"
#include "sim/run_isolation.hpp"

namespace wt::sg {
namespace {

int g_before_calls = 0;
int g_after_calls = 0;

class IsolatedRun : public ::testing::Test {
 protected:
  void SetUp() override {
    g_before_calls = g_after_calls = 0;
    set_fork_hooks({[] { ++g_before_calls; }, [] { ++g_after_calls; }});
  }
  void TearDown() override { set_fork_hooks({}); }
};

TEST_F(IsolatedRun, TheChildsReplyComesBack) {
  EXPECT_EQ(run_isolated([] { return std::string("42"); }), "42");
}

TEST_F(IsolatedRun, TheHooksRunAroundTheForkInTheParentOnly) {
  const std::string seen = run_isolated(
      [] { return std::to_string(g_before_calls) + "," + std::to_string(g_after_calls); });
  EXPECT_EQ(seen, "1,0");  // the child was forked after `before` and never runs `after`
  EXPECT_EQ(g_before_calls, 1);
  EXPECT_EQ(g_after_calls, 1);
}

TEST_F(IsolatedRun, AnExceptionInTheChildIsRethrownWithItsMessage) {
  try {
    run_isolated([]() -> std::string { throw std::runtime_error("no route"); });
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "SimGrid engine: no route");
  }
  EXPECT_EQ(g_after_calls, 1);
}

// A child that would run for a minute is killed from another thread, as a face does on cancel or
// Ctrl-C; its caller gets an error at once, and nothing is left to kill afterwards.
TEST_F(IsolatedRun, RunningSimulationsCanBeKilledFromAnotherThread) {
  std::future<std::string> run = std::async(std::launch::async, [] {
    return run_isolated([] {
      ::sleep(60);
      return std::string("too late");
    });
  });
  int killed = 0;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (killed == 0 && std::chrono::steady_clock::now() < give_up) {
    killed = wt::kill_running_simulations();
    if (killed == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(killed, 1);
  try {
    run.get();
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "SimGrid engine: the simulation process killed by signal 9");
  }
  EXPECT_EQ(wt::kill_running_simulations(), 0);
}

}  // namespace
}  // namespace wt::sg
