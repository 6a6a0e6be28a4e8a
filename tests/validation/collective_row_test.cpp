// collective_benchmark rows: one entry per size; large all-reduces approach the NVLink bus
// bandwidth.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/hardware/gpu.hpp"
#include "sim/validation/rows.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

json nccl_row(const std::string& collective) {
  json row = json::parse(R"json({
    "row_type": "collective_benchmark", "id": 190,
    "model_name": "nccl-tests all_reduce_perf (8x H100, one host)",
    "gpu_model": "NVIDIA H100 80GB HBM3", "gpu_memory_gb": 80, "num_gpus": 8, "gpus_per_node": 8,
    "intra_node_interconnect": "NVLink4/NVSwitch (DGX/HGX H100)",
    "inter_node_interconnect": null,
    "metrics": {"busbw_GBps_at_bytes": {"17179869184": 479.9, "1048576": 50.0,
                                         "134217728": 400.53}}})json");
  row["other"] = {{"collective", collective}};
  return row;
}

TEST(CollectiveRow, OneEntryPerSizeSmallestFirst) {
  const std::vector<ValidationRow> rows = validate_collective_row(nccl_row("all_reduce"));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_NE(rows[0].label.find("1 MiB"), std::string::npos) << rows[0].label;
  EXPECT_NE(rows[1].label.find("128 MiB"), std::string::npos) << rows[1].label;
  EXPECT_NE(rows[2].label.find("16 GiB"), std::string::npos) << rows[2].label;
  for (const ValidationRow& r : rows) {
    EXPECT_TRUE(r.expressed) << r.why_not;
    EXPECT_EQ(r.id, 190);
    EXPECT_EQ(r.metric, "busbw_GBps");
    EXPECT_DOUBLE_EQ(r.error, (r.predicted - r.published) / r.published);
    EXPECT_FALSE(r.assumptions.empty());
  }
  EXPECT_DOUBLE_EQ(rows[1].published, 400.53);
}

TEST(CollectiveRow, BusBandwidthGrowsWithSizeTowardsTheNvlinkRate) {
  const std::vector<ValidationRow> rows = validate_collective_row(nccl_row("all_reduce"));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_LT(rows[0].predicted, rows[1].predicted);  // latency amortised over more bytes
  EXPECT_LT(rows[1].predicted, rows[2].predicted);
  // Ring all-reduce: t = 2(n−1)α + 2(n−1)/n · S/β, so busbw = S/t · 2(n−1)/n → β as S grows; at
  // 16 GiB the α terms are ~1e-4 of the time. β = NVLink per direction × NCCL efficiency.
  const GpuSpec* h100 = find_gpu("h100-sxm5-80gb");
  ASSERT_NE(h100, nullptr);
  const double beta_GBps = h100->nvlink_GBps.value * h100->nvlink_efficiency.value;
  EXPECT_NEAR(rows[2].predicted, beta_GBps, 0.01 * beta_GBps);
  EXPECT_LE(rows[2].predicted, beta_GBps * (1.0 + 1e-9));
}

TEST(CollectiveRow, AllGatherUsesItsOwnBusBandwidthFactor) {
  // nccl-tests: all_gather busbw = algbw · (n−1)/n, against all_reduce's 2(n−1)/n; a ring
  // all-gather moves half an all-reduce's bytes, so both approach the same β.
  const std::vector<ValidationRow> ag = validate_collective_row(nccl_row("all_gather"));
  const std::vector<ValidationRow> ar = validate_collective_row(nccl_row("all_reduce"));
  ASSERT_EQ(ag.size(), 3u);
  EXPECT_TRUE(ag[2].expressed);
  EXPECT_NEAR(ag[2].predicted, ar[2].predicted, 0.01 * ar[2].predicted);
}

TEST(CollectiveRow, UnknownCollectiveIsReportedNotThrown) {
  const std::vector<ValidationRow> rows = validate_collective_row(nccl_row("all_to_allv"));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].expressed);
  EXPECT_NE(rows[0].why_not.find("row 190.other.collective"), std::string::npos) << rows[0].why_not;
}

TEST(CollectiveRow, MissingSizesAreReportedNotThrown) {
  json row = nccl_row("all_reduce");
  row["metrics"] = json::object();
  const std::vector<ValidationRow> rows = validate_collective_row(row);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].expressed);
  EXPECT_NE(rows[0].why_not.find("busbw_GBps_at_bytes"), std::string::npos);
}

}  // namespace
}  // namespace wt::validation
