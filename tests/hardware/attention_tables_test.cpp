// The measured attention tables: every entry is the committed measurement, the efficiencies are
// the measured TFLOP/s over the H200's peak, and only the GPUs with the H200's SMs use them.
#include "sim/hardware/attention_tables.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <vector>

#include <nlohmann/json.hpp>

namespace wt {
namespace {

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Every causal forward + backward point of `files` is in `kind`'s table with its median, and the
// table holds nothing else.
void expect_table_is_files(AttentionKernel kind, const std::vector<std::string>& files) {
  std::size_t matched = 0;
  for (const std::string& file : files) {
    std::ifstream in(std::string(WT_SOURCE_DIR) + "/calibrate/profiles/" + file);
    ASSERT_TRUE(in) << file;
    const nlohmann::json measured = nlohmann::json::parse(in);
    for (const auto& a : measured.at("attention")) {
      if (!a.at("causal").get<bool>() || a.at("pass") != "forward_backward") continue;
      const Precision p = a.at("precision") == "bf16" ? Precision::bf16 : Precision::fp16;
      const int64_t bh = a.at("batch").get<int64_t>() * a.at("heads").get<int64_t>();
      const double median = median_of(a.at("timing").at("samples_s").get<std::vector<double>>());
      bool found = false;
      for (const AttentionTablePoint& t : attention_table_points(kind)) {
        if (t.precision == p && t.batch_heads == bh && t.seq == a.at("seq") &&
            t.head_dim == a.at("head_dim")) {
          EXPECT_NEAR(t.median_s, median, 1e-6 * median) << file << " " << bh << " " << t.seq;
          found = true;
        }
      }
      EXPECT_TRUE(found) << file;
      matched += found ? 1 : 0;
    }
  }
  EXPECT_EQ(matched, attention_table_points(kind).size());
  // bf16 and fp16 × batch 1, 4, 8 × d 64, 128 × s 1,024 … 8,192 (H200), and bf16 × batch 1 ×
  // d 64, 128 × s 16,384 … 65,536 (H100).
  EXPECT_EQ(matched, 48u + 6u);
}

TEST(AttentionTables, EveryEntryIsTheCommittedMeasurement) {
  expect_table_is_files(AttentionKernel::flash2,
                        {"h200-sxm-141gb-sdpa-flash.json", "h100-sxm5-80gb-sdpa-flash-long.json"});
  expect_table_is_files(AttentionKernel::cudnn,
                        {"h200-sxm-141gb-sdpa-cudnn.json", "h100-sxm5-80gb-sdpa-cudnn-long.json"});
  EXPECT_TRUE(attention_table_points(AttentionKernel::fused).empty());
}

TEST(AttentionTables, EfficiencyAtAMeasuredPointIsItsTflopsOverThePeak) {
  const GpuSpec& h100 = *find_gpu("h100-sxm5-80gb");
  // Batch 4 × 32 heads, s 2,048, d 128: 3.5 · 4 · 128 · 2048² · 128 FLOPs.
  const double flops = 3.5 * 4.0 * 128 * 2048.0 * 2048.0 * 128;
  // FlashAttention-2 in 2.087136 ms = 460.96 TFLOP/s, 0.465892 of 989.4.
  EXPECT_NEAR(*measured_attention_efficiency(AttentionKernel::flash2, h100, Precision::bf16, 128,
                                             2048, 128),
              flops / 2.087136e-3 / 989.4e12, 1e-9);
  EXPECT_NEAR(*measured_attention_efficiency(AttentionKernel::flash2, h100, Precision::bf16, 128,
                                             2048, 128),
              0.465892, 1e-6);
  // cuDNN's fused attention at the same point runs about twice as fast.
  const double cudnn =
      *measured_attention_efficiency(AttentionKernel::cudnn, h100, Precision::bf16, 128, 2048, 128);
  EXPECT_GT(cudnn, 0.85);
  EXPECT_LT(cudnn, 0.95);
}

TEST(AttentionTables, OnlyTheGpusWithTheH200sSmsOnly16BitOnlyMeasuredKinds) {
  for (const char* id : {"h100-sxm5-80gb", "h800-sxm5-80gb", "h200-sxm-141gb", "gh200-96gb"}) {
    EXPECT_TRUE(measured_attention_efficiency(AttentionKernel::cudnn, *find_gpu(id),
                                              Precision::bf16, 64, 4096, 128))
        << id;
  }
  for (const char* id : {"a100-sxm4-80gb", "h100-pcie-80gb", "b200", "mi300x"}) {
    EXPECT_FALSE(measured_attention_efficiency(AttentionKernel::flash2, *find_gpu(id),
                                               Precision::bf16, 64, 4096, 128))
        << id;
  }
  const GpuSpec& h100 = *find_gpu("h100-sxm5-80gb");
  EXPECT_FALSE(
      measured_attention_efficiency(AttentionKernel::flash2, h100, Precision::fp8, 64, 4096, 128));
  EXPECT_FALSE(
      measured_attention_efficiency(AttentionKernel::fused, h100, Precision::bf16, 64, 4096, 128));
}

}  // namespace
}  // namespace wt
