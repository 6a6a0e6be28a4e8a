// The cost model under a calibration profile: measured figures replace the catalog's, the fitted
// NVLink all-reduce is reproduced exactly, and what the profile lacks is named.
#include <gtest/gtest.h>

#include "sim/comm/fabric.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/workload/costs.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

const std::string kProfile =
    std::string(WT_SOURCE_DIR) + "/tests/hardware/data/synthetic-profile.json";

class CalibratedCosts : public ::testing::Test {
 protected:
  const GpuSpec& h100 = *find_gpu("h100-sxm5-80gb");
  Calibration calibration{read_profile(kProfile), h100};
};

TEST_F(CalibratedCosts, AMeasuredGemmShapeTakesItsMeasuredTime) {
  // The profile timed bf16 8192³ at a median of 1.6 ms: the cost model must give 1.6 ms plus the
  // launch overhead (2 µs), not the catalog's 2·8192³ / (989.4 TFLOP/s · 0.803 · 0.9697): 64 × 32
  // tiles of 128 × 256 on 132 SMs take 16 waves for 15.52 waves of work (2048 / 2112).
  Kernel k{KernelClass::gemm, "probe"};
  k.m = k.n = k.k = 8192;
  k.flops = 2.0 * 8192.0 * 8192.0 * 8192.0;
  EXPECT_NEAR(kernel_time_s(k, h100, Precision::bf16, &calibration), 1.6e-3 + 2e-6, 1e-12);
  EXPECT_NEAR(kernel_time_s(k, h100, Precision::bf16),
              k.flops / (989.4e12 * 794.5 / 989.4 * 2048.0 / 2112.0) + 2e-6, 1e-9);
}

TEST_F(CalibratedCosts, TheNvlinkFitIsReproducedForTheMeasuredGroup) {
  // Fit: t = 10 µs + S / 100 GB/s on 8 GPUs. The calibrated fabric's ring all-reduce over the same
  // 8 GPUs must give exactly that (the call overhead is part of the fitted alpha).
  Scenario s = test::gpt_scenario(8, 1, 1);
  const Fabric fabric = calibrate_fabric(make_fabric(s, h100), 8, calibration);
  for (double bytes : {1e3, 1e6, 1e9}) {
    const CollectiveCost c = collective_cost(Collective::all_reduce, bytes, GroupShape{8, 1},
                                             fabric, CollectiveAlgorithm::ring);
    EXPECT_NEAR(c.time_s, 10e-6 + bytes / 100e9, 1e-12) << bytes;
  }
}

TEST_F(CalibratedCosts, WhatTheProfileLacksIsNamed) {
  Scenario s = test::gpt_scenario(8, 1, 2, 2);
  s.calibration = kProfile;
  s.training.precision = Precision::fp8;
  const std::vector<std::string> gaps = calibration_fallbacks(s, calibration);
  auto mentions = [&](const std::string& text) {
    for (const std::string& g : gaps) {
      if (g.find(text) != std::string::npos) return true;
    }
    return false;
  };
  EXPECT_TRUE(mentions("no fp8 GEMM measured"));
  EXPECT_TRUE(mentions("no network collectives measured"));
  EXPECT_TRUE(mentions("one node"));  // the profile's own note on what it could not measure
  EXPECT_FALSE(mentions("no fused attention measured"));  // bf16 attention covers fp8 training
}

}  // namespace
}  // namespace wt
