// run_isolated: the child's reply and errors come back, and the fork hooks run around fork() in
// the parent only, `before` ahead of the fork (the child sees its effect) and `after` behind it.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "sim/engine/simgrid/isolated_run.hpp"

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

}  // namespace
}  // namespace wt::sg
