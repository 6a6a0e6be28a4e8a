// The FlashAttention-2 table: every entry is the committed measurement, the efficiencies are the
// measured TFLOP/s over the H200's peak, and only the GPUs with the H200's SMs use it.
#include "sim/hardware/flash2_efficiency.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <vector>

#include <nlohmann/json.hpp>

namespace wt {
namespace {

const std::string kFlashFile =
    std::string(WT_SOURCE_DIR) + "/calibrate/profiles/h200-sxm-141gb-sdpa-flash.json";

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

TEST(Flash2Table, EveryEntryIsTheCommittedMeasurement) {
  std::ifstream in(kFlashFile);
  ASSERT_TRUE(in) << kFlashFile;
  const nlohmann::json measured = nlohmann::json::parse(in);
  std::size_t matched = 0;
  for (const auto& a : measured.at("attention")) {
    if (!a.at("causal").get<bool>() || a.at("pass") != "forward_backward") continue;
    const Precision p = a.at("precision") == "bf16" ? Precision::bf16 : Precision::fp16;
    const int64_t bh = a.at("batch").get<int64_t>() * a.at("heads").get<int64_t>();
    const double median = median_of(a.at("timing").at("samples_s").get<std::vector<double>>());
    bool found = false;
    for (const Flash2Point& t : flash2_points()) {
      if (t.precision == p && t.batch_heads == bh && t.seq == a.at("seq") &&
          t.head_dim == a.at("head_dim")) {
        EXPECT_NEAR(t.median_s, median, 1e-6 * median) << bh << " " << t.seq << " " << t.head_dim;
        found = true;
      }
    }
    EXPECT_TRUE(found);
    matched += found ? 1 : 0;
  }
  EXPECT_EQ(matched, flash2_points().size());
  EXPECT_EQ(matched, 48u);  // bf16 and fp16 × batch 1, 4, 8 × d 64, 128 × s 1,024 … 8,192
}

TEST(Flash2Table, EfficiencyAtAMeasuredPointIsItsTflopsOverThePeak) {
  const GpuSpec* h100 = find_gpu("h100-sxm5-80gb");
  ASSERT_NE(h100, nullptr);
  // Batch 4 × 32 heads, s 2,048, d 128: 3.5 · 4 · 128 · 2048² · 128 FLOPs in 2.087136 ms
  // = 460.96 TFLOP/s; ÷ 989.4 = 0.465892.
  const double flops = 3.5 * 4.0 * 128 * 2048.0 * 2048.0 * 128;
  EXPECT_NEAR(*flash2_efficiency(*h100, Precision::bf16, 128, 2048, 128),
              flops / 2.087136e-3 / 989.4e12, 1e-9);
  EXPECT_NEAR(*flash2_efficiency(*h100, Precision::bf16, 128, 2048, 128), 0.465892, 1e-6);
  // Longer sequences run closer to the peak: 0.610 at s 8,192.
  EXPECT_GT(*flash2_efficiency(*h100, Precision::bf16, 128, 8192, 128), 0.6);
}

TEST(Flash2Table, OnlyTheGpusWithTheH200sSmsAndOnly16BitPrecisions) {
  for (const char* id : {"h100-sxm5-80gb", "h800-sxm5-80gb", "h200-sxm-141gb"}) {
    EXPECT_TRUE(flash2_efficiency(*find_gpu(id), Precision::bf16, 64, 4096, 128).has_value()) << id;
  }
  for (const char* id : {"a100-sxm4-80gb", "h100-pcie-80gb", "b200", "mi300x"}) {
    EXPECT_FALSE(flash2_efficiency(*find_gpu(id), Precision::bf16, 64, 4096, 128).has_value())
        << id;
  }
  EXPECT_FALSE(flash2_efficiency(*find_gpu("h100-sxm5-80gb"), Precision::fp8, 64, 4096, 128));
}

}  // namespace
}  // namespace wt
