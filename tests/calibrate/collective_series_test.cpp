#include <gtest/gtest.h>

#include "calibrate/collective_series.hpp"

namespace wt::calibrate {
namespace {

// t = 10 µs + S / (100 GB/s), one repetition per size.
std::vector<CollectiveSamples> synthetic() {
  std::vector<CollectiveSamples> out;
  for (double bytes : {1e3, 1e6, 1e9})
    out.push_back({bytes, {10e-6 + bytes / 100e9}});
  return out;
}

TEST(CollectiveSeries, AlgbwAndBusbwFollowNcclTests) {
  const CollectiveSeries s = make_collective_series("all_reduce", 8, LinkKind::nvlink, synthetic());
  EXPECT_EQ(s.collective, "all_reduce");
  EXPECT_EQ(s.group_size, 8);
  EXPECT_EQ(s.link, LinkKind::nvlink);
  ASSERT_EQ(s.points.size(), 3u);
  // 1 GB in 10 µs + 10 ms: algbw = 1e9 / 0.01001 s = 99.9001 GB/s; busbw × 2·7/8 = 174.8252.
  EXPECT_NEAR(s.points[2].algbw_GBps, 99.9001, 1e-4);
  EXPECT_NEAR(s.points[2].busbw_GBps, 174.8252, 1e-4);
  EXPECT_DOUBLE_EQ(s.points[0].timing.median_s, 10e-6 + 1e-8);
}

TEST(CollectiveSeries, FitRecoversAlphaAndBeta) {
  const CollectiveSeries s = make_collective_series("all_gather", 4, LinkKind::pcie, synthetic());
  EXPECT_NEAR(s.fit.alpha_s, 10e-6, 1e-12);
  EXPECT_NEAR(s.fit.beta_Bps, 100e9, 1e3);
  // all_gather's factor (n − 1)/n with n = 4: busbw = 0.75 · algbw.
  EXPECT_NEAR(s.points[1].busbw_GBps, 0.75 * s.points[1].algbw_GBps, 1e-12);
}

TEST(CollectiveSeries, OneSizeKeepsAnEmptyFit) {
  const CollectiveSeries s =
      make_collective_series("send_recv", 2, LinkKind::nvlink, {{1e6, {2e-5, 3e-5, 4e-5}}});
  ASSERT_EQ(s.points.size(), 1u);
  EXPECT_DOUBLE_EQ(s.points[0].timing.median_s, 3e-5);
  EXPECT_DOUBLE_EQ(s.points[0].algbw_GBps, 1e6 / 3e-5 / 1e9);
  EXPECT_DOUBLE_EQ(s.points[0].busbw_GBps, s.points[0].algbw_GBps);  // factor 1
  EXPECT_EQ(s.fit.alpha_s, 0.0);
  EXPECT_EQ(s.fit.beta_Bps, 0.0);
}

}  // namespace
}  // namespace wt::calibrate
