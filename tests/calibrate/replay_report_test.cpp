#include <gtest/gtest.h>

#include <stdexcept>

#include "calibrate/replay_report.hpp"

namespace wt::calibrate {
namespace {

ReplayPlan two_kernel_plan() {
  ReplayPlan plan;
  plan.rank = 3;
  plan.role = 1;
  plan.compute_ops = 4;
  Kernel gemm{KernelClass::gemm, "mlp_fc1"};
  gemm.m = 4096;
  gemm.n = 8192;
  gemm.k = 2048;
  gemm.time_s = 1e-3;
  Kernel norm{KernelClass::memory_bound, "elementwise"};
  norm.bytes = 1e8;
  norm.time_s = 0.5e-3;
  plan.kernels = {{gemm, 4, {"mlp_fc1"}}, {norm, 2, {"elementwise"}}};
  return plan;
}

ReplayResult result() {
  ReplayContext c{"test-scenario",
                  "bf16",
                  "h100-sxm5-80gb (catalog figures)",
                  "NVIDIA H100 80GB HBM3 (h100-sxm5-80gb)",
                  8,
                  2};
  return summarize_replay(c, two_kernel_plan(), {{0.8e-3, ""}, {0.25e-3, "a note"}});
}

TEST(ReplayReport, SumsPerClassAndInTotal) {
  const ReplayResult r = result();
  const ClassTimes& gemm = r.by_class[static_cast<std::size_t>(KernelClass::gemm)];
  // GEMM: predicted 4 × 1 ms = 4 ms, measured 4 × 0.8 ms = 3.2 ms, error (4 − 3.2)/3.2 = +25%.
  EXPECT_EQ(gemm.kernels, 1);
  EXPECT_EQ(gemm.executions, 4);
  EXPECT_NEAR(gemm.predicted_s, 4e-3, 1e-15);
  EXPECT_NEAR(gemm.measured_s, 3.2e-3, 1e-15);
  EXPECT_NEAR(gemm.error_pct(), 25.0, 1e-9);
  // Memory-bound: 1 ms against 0.5 ms, +100%.
  const ClassTimes& memory = r.by_class[static_cast<std::size_t>(KernelClass::memory_bound)];
  EXPECT_NEAR(memory.error_pct(), 100.0, 1e-9);
  // Total: 5 ms against 3.7 ms, (5 − 3.7)/3.7 = +35.135…%.
  EXPECT_EQ(r.total.kernels, 2);
  EXPECT_EQ(r.total.executions, 6);
  EXPECT_NEAR(r.total.predicted_s, 5e-3, 1e-15);
  EXPECT_NEAR(r.total.measured_s, 3.7e-3, 1e-15);
  EXPECT_NEAR(r.total.error_pct(), 1.3 / 3.7 * 100.0, 1e-9);
  EXPECT_EQ(r.by_class[static_cast<std::size_t>(KernelClass::attention)].kernels, 0);
}

TEST(ReplayReport, ErrorIsZeroWhenNothingWasMeasured) {
  ClassTimes t;
  t.predicted_s = 1.0;
  EXPECT_EQ(t.error_pct(), 0.0);
}

TEST(ReplayReport, OneMeasurementPerKernelIsRequired) {
  EXPECT_THROW(summarize_replay({}, two_kernel_plan(), {{1e-3, ""}}), std::invalid_argument);
}

TEST(ReplayReport, JsonCarriesClassesTotalAndKernels) {
  const nlohmann::json j = replay_json(result());
  EXPECT_EQ(j.at("scenario"), "test-scenario");
  EXPECT_EQ(j.at("rank"), 3);
  EXPECT_EQ(j.at("role"), 1);
  EXPECT_EQ(j.at("num_ranks"), 8);
  EXPECT_EQ(j.at("compute_ops"), 4);
  EXPECT_NEAR(j.at("classes").at("gemm").at("predicted_s").get<double>(), 4e-3, 1e-15);
  EXPECT_NEAR(j.at("classes").at("gemm").at("error_pct").get<double>(), 25.0, 1e-9);
  EXPECT_EQ(j.at("classes").at("optimizer").at("kernels"), 0);
  EXPECT_NEAR(j.at("total").at("measured_s").get<double>(), 3.7e-3, 1e-15);
  ASSERT_EQ(j.at("kernels").size(), 2u);
  EXPECT_EQ(j.at("kernels")[0].at("names")[0], "mlp_fc1");
  EXPECT_EQ(j.at("kernels")[0].at("m"), 4096);
  EXPECT_EQ(j.at("kernels")[1].at("class"), "memory_bound");
  EXPECT_EQ(j.at("kernels")[1].at("note"), "a note");
}

TEST(ReplayReport, TextShowsEachClassTheTotalAndTheNotes) {
  const std::string text = replay_text(result());
  EXPECT_NE(text.find("rank 3 of 8 (pipeline stage 1 of 2)"), std::string::npos) << text;
  EXPECT_NE(text.find("gemm"), std::string::npos);
  EXPECT_NE(text.find("+25.0%"), std::string::npos) << text;
  EXPECT_NE(text.find("+35.1%"), std::string::npos) << text;
  EXPECT_NE(text.find("4096×8192×2048"), std::string::npos) << text;
  EXPECT_NE(text.find("note: elementwise: a note"), std::string::npos) << text;
  EXPECT_EQ(text.find("attention"), std::string::npos) << "classes without kernels are left out";
}

}  // namespace
}  // namespace wt::calibrate
