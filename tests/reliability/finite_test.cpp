// No NaN or infinity reaches the run JSON: a non-finite figure is an internal error naming it,
// except the documented +infinity of a job that failures never let finish, written as null.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/finite.hpp"
#include "sim/report/result_json.hpp"

namespace wt {
namespace {

std::string error_of(const RunResult& r) {
  try {
    to_ordered_json(r);
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "";
}

TEST(Finite, NanIterationTimeIsAnInternalErrorNamingIt) {
  RunResult r;
  r.iteration_time_s = std::nan("");
  EXPECT_EQ(error_of(r), "iteration_time_s is NaN");
}

TEST(Finite, InfiniteBreakdownTermIsNamedWithItsPath) {
  RunResult r;
  r.breakdown_s.pipeline_bubble = -std::numeric_limits<double>::infinity();
  EXPECT_EQ(error_of(r), "breakdown_s.pipeline_bubble is -infinity");
}

TEST(Finite, ByteCountBeyondInt64IsAnInternalError) {
  RunResult r;
  r.memory_per_gpu_bytes.activations = 1e19;  // > 2^63 = 9.22e18
  EXPECT_EQ(error_of(r), "memory_per_gpu_bytes.activations does not fit a 64-bit byte count");
}

TEST(Finite, NeverFinishingJobIsNullNotInfinity) {
  RunResult r;
  r.expected_time_to_train_with_failures_s = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(to_json(r)["expected_time_to_train_with_failures_s"].is_null());
  r.expected_time_to_train_with_failures_s = std::nan("");
  EXPECT_EQ(error_of(r), "expected_time_to_train_with_failures_s is NaN");
}

TEST(Finite, FiniteFiguresPassThrough) {
  RunResult r;
  r.iteration_time_s = 2.5;
  r.memory_per_gpu_bytes.total = 80e9;
  const auto j = to_json(r);
  EXPECT_EQ(j["iteration_time_s"].get<double>(), 2.5);
  EXPECT_EQ(j["memory_per_gpu_bytes"]["total"].get<int64_t>(), 80'000'000'000);
  EXPECT_EQ(require_finite(1.0, "x"), 1.0);
}

}  // namespace
}  // namespace wt
