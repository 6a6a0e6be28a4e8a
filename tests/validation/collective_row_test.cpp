// collective_benchmark rows: one entry per size; large all-reduces approach the NVLS bus bandwidth
// and large all-gathers the NVLink ring's.
#include <gtest/gtest.h>

#include <algorithm>
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

TEST(CollectiveRow, AllReduceGrowsWithSizeTowardsTheNvlsRate) {
  const std::vector<ValidationRow> rows = validate_collective_row(nccl_row("all_reduce"));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_LT(rows[0].predicted, rows[1].predicted);  // latency amortised over more bytes
  EXPECT_LT(rows[1].predicted, rows[2].predicted);
  // An H100 NVSwitch node reduces in the switch (NVLS): t = 2·23 µs + S/algbw, with algbw the
  // catalog's 480 GB/s bus bandwidth · 8/14. busbw = S/t · 14/8, so at 16 GiB (t ≈ 62 ms) it is
  // 480 / (1 + 46e-6 / 0.0626) = 479.65 GB/s; at 128 MiB (t = 535 µs) 480 · 489/535 = 438.8.
  const GpuSpec* h100 = find_gpu("h100-sxm5-80gb");
  ASSERT_NE(h100, nullptr);
  const double busbw = h100->nvls_busbw_GBps.value;
  ASSERT_DOUBLE_EQ(busbw, 480.0);
  const double algbw_Bps = busbw * 1e9 * 8.0 / 14.0;
  for (const auto& [i, bytes] : {std::pair{1, 134217728.0}, std::pair{2, 17179869184.0}}) {
    const double t = 2.0 * 23e-6 + bytes / algbw_Bps + h100->collective_launch_us.value * 1e-6;
    EXPECT_NEAR(rows[i].predicted, bytes / t * 14.0 / 8.0 / 1e9, 1e-6) << bytes;
  }
  EXPECT_LE(rows[2].predicted, busbw);
}

TEST(CollectiveRow, AllGatherRunsAsARingAtTheNvlinkRate) {
  // NVLS is modelled for all-reduce only: the all-gather is a ring, whose nccl-tests busbw
  // (algbw · (n−1)/n) approaches β = NVLink per direction × NCCL ring efficiency.
  const std::vector<ValidationRow> ag = validate_collective_row(nccl_row("all_gather"));
  ASSERT_EQ(ag.size(), 3u);
  EXPECT_TRUE(ag[2].expressed);
  const GpuSpec* h100 = find_gpu("h100-sxm5-80gb");
  ASSERT_NE(h100, nullptr);
  const double beta_GBps = h100->nvlink_GBps.value * h100->nvlink_efficiency.value;
  EXPECT_NEAR(ag[2].predicted, beta_GBps, 0.01 * beta_GBps);
  EXPECT_LE(ag[2].predicted, beta_GBps * (1.0 + 1e-9));
}

TEST(CollectiveRow, SendRecvIsTimedByTheSlowestPair) {
  // nccl-tests' sendrecv: rank i sends to i + 1 while receiving from i − 1, busbw = algbw. In one
  // node every pair has its own NVLink; across nodes the pair at the node boundary has one NIC.
  const GpuSpec* h100 = find_gpu("h100-sxm5-80gb");
  ASSERT_NE(h100, nullptr);
  const std::vector<ValidationRow> node = validate_collective_row(nccl_row("sendrecv"));
  ASSERT_EQ(node.size(), 3u);
  ASSERT_TRUE(node[2].expressed) << node[2].why_not;
  const double nvlink_GBps = h100->nvlink_GBps.value * h100->nvlink_efficiency.value;
  EXPECT_NEAR(node[2].predicted, nvlink_GBps, 0.01 * nvlink_GBps);

  json two_nodes = nccl_row("send_recv");
  two_nodes["num_gpus"] = 16;
  two_nodes["inter_node_interconnect"] = "InfiniBand compute links 8x 400 Gbit/s per node";
  const std::vector<ValidationRow> across = validate_collective_row(two_nodes);
  ASSERT_EQ(across.size(), 3u);
  ASSERT_TRUE(across[2].expressed) << across[2].why_not;
  const double nic_GBps = 400.0 / 8.0 * h100->network_efficiency.value;  // 47 GB/s
  EXPECT_NEAR(across[2].predicted, nic_GBps, 0.01 * nic_GBps);
  EXPECT_EQ(across[2].label.rfind("sendrecv, 16×H100, 2 nodes", 0), 0u) << across[2].label;
}

TEST(CollectiveRow, ACollectiveNotGivenIsReadFromTheRowsNameAndSaid) {
  json row = nccl_row("all_reduce");
  row["other"] = json::object();
  row["model_name"] = "nccl-tests all_gather_perf (8x H100)";
  const std::vector<ValidationRow> rows = validate_collective_row(row);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_TRUE(rows[0].expressed) << rows[0].why_not;
  EXPECT_EQ(rows[0].label.rfind("all_gather, ", 0), 0u) << rows[0].label;
  EXPECT_NE(std::find(rows[0].assumptions.begin(), rows[0].assumptions.end(),
                      "collective not given: 'all_gather' from the row's name"),
            rows[0].assumptions.end());

  row["model_name"] = "nccl-tests hypercube_perf";
  const std::vector<ValidationRow> unknown = validate_collective_row(row);
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_FALSE(unknown[0].expressed);
  EXPECT_NE(unknown[0].why_not.find("row 190.other.collective"), std::string::npos);
}

// The names other sources give a collective (NCCL's API, nccl-tests' binaries, prose) are the
// same collective; nccl-tests' reduce_perf is priced as broadcast (both one ring chain in NCCL).
TEST(CollectiveRow, EachSpellingOfACollectiveGivesTheSamePrediction) {
  const std::vector<ValidationRow> all_reduce = validate_collective_row(nccl_row("all_reduce"));
  ASSERT_EQ(all_reduce.size(), 3u);
  for (const char* name :
       {"AllReduce", "ncclAllReduce", "all_reduce_perf", "All-Reduce", "all reduce", "ALLREDUCE"}) {
    const std::vector<ValidationRow> rows = validate_collective_row(nccl_row(name));
    ASSERT_EQ(rows.size(), 3u) << name;
    EXPECT_TRUE(rows[2].expressed) << name << ": " << rows[2].why_not;
    EXPECT_DOUBLE_EQ(rows[2].predicted, all_reduce[2].predicted) << name;
  }
  for (const char* name : {"all-to-all", "AlltoAll", "all to all"}) {
    const std::vector<ValidationRow> rows = validate_collective_row(nccl_row(name));
    ASSERT_EQ(rows.size(), 3u) << name;
    EXPECT_EQ(rows[0].label.rfind("alltoall, ", 0), 0u) << name << ": " << rows[0].label;
  }
  const std::vector<ValidationRow> broadcast = validate_collective_row(nccl_row("broadcast"));
  const std::vector<ValidationRow> reduce = validate_collective_row(nccl_row("reduce_perf"));
  ASSERT_EQ(reduce.size(), 3u);
  EXPECT_EQ(reduce[0].label.rfind("reduce, ", 0), 0u) << reduce[0].label;
  EXPECT_DOUBLE_EQ(reduce[2].predicted, broadcast[2].predicted);
  EXPECT_NE(std::find(reduce[0].assumptions.begin(), reduce[0].assumptions.end(),
                      "reduce priced as broadcast: NCCL runs both as one pipelined ring chain"),
            reduce[0].assumptions.end());
}

// Without other.collective the row's name is read, then its source, where only nccl-tests'
// binary names count ("reduce" in a sentence is the verb); a text naming two gives none.
TEST(CollectiveRow, ACollectiveNotGivenIsReadFromTheSourcesBinaryName) {
  json row = nccl_row("all_reduce");
  row["other"] = json::object();
  row["model_name"] = "8x H100, one host";
  row["source"] = "NVIDIA/dgxc-benchmarking nccl/README.md (nccl-tests all_gather_perf, float)";
  std::vector<ValidationRow> rows = validate_collective_row(row);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].label.rfind("all_gather, ", 0), 0u) << rows[0].label;
  EXPECT_NE(std::find(rows[0].assumptions.begin(), rows[0].assumptions.end(),
                      "collective not given: 'all_gather' from the row's source"),
            rows[0].assumptions.end());
  row["source"] = "a blog post: we reduce the time to broadcast weights";
  rows = validate_collective_row(row);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].expressed);
  row["source"] = "nccl-tests";
  row["model_name"] = "nccl-tests all_gather_perf and reduce_scatter_perf";
  rows = validate_collective_row(row);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].expressed);
  EXPECT_NE(rows[0].why_not.find("nor named once in model_name or source"), std::string::npos)
      << rows[0].why_not;
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

// The other ways a row may give its figures: one key per size, an algorithm bandwidth (× 2·7/8
// for an all-reduce of 8 ranks), or one bandwidth with its size. Each predicts what the object
// form predicts at that size.
TEST(CollectiveRow, SizesAreReadFromEachSpellingOfTheFigures) {
  const std::vector<ValidationRow> reference = validate_collective_row(nccl_row("all_reduce"));
  ASSERT_EQ(reference.size(), 3u);  // 1 MiB, 128 MiB, 16 GiB
  json row = nccl_row("all_reduce");

  row["metrics"] = {{"busbw_GBps_at_134217728", 400.53}, {"avg_busbw_GBps_over_sweep", 159.1}};
  std::vector<ValidationRow> rows = validate_collective_row(row);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_TRUE(rows[0].expressed) << rows[0].why_not;
  EXPECT_DOUBLE_EQ(rows[0].published, 400.53);
  EXPECT_DOUBLE_EQ(rows[0].predicted, reference[1].predicted);

  row["metrics"] = {{"algbw_GBps_at_17179869184", 274.23}, {"busbw_GBps_at_1048576", 50.0}};
  rows = validate_collective_row(row);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_DOUBLE_EQ(rows[0].published, 50.0);
  EXPECT_DOUBLE_EQ(rows[1].published, 274.23 * 2.0 * 7.0 / 8.0);
  EXPECT_DOUBLE_EQ(rows[1].predicted, reference[2].predicted);
  EXPECT_TRUE(std::find(rows[1].assumptions.begin(), rows[1].assumptions.end(),
                        "algorithm bandwidths compared as bus bandwidths (× nccl-tests' factor)") !=
              rows[1].assumptions.end());

  // A bus bandwidth given for a size wins over the algorithm bandwidth for it.
  row["metrics"] = {{"algbw_GBps_at_17179869184", 274.23}, {"busbw_GBps_at_17179869184", 479.9}};
  rows = validate_collective_row(row);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_DOUBLE_EQ(rows[0].published, 479.9);

  row["metrics"] = {{"busbw_GBps", 479.9}, {"size_bytes", 17179869184.0}};
  rows = validate_collective_row(row);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_DOUBLE_EQ(rows[0].predicted, reference[2].predicted);

  row["metrics"] = {{"busbw_GBps", 479.9}};  // no size: said, not thrown
  rows = validate_collective_row(row);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].expressed);
  EXPECT_NE(rows[0].why_not.find("row 190.metrics.size_bytes"), std::string::npos)
      << rows[0].why_not;

  row["metrics"] = {{"busbw_GBps_at_1024", "fast"}};
  rows = validate_collective_row(row);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].expressed);
  EXPECT_NE(rows[0].why_not.find("row 190.metrics.busbw_GBps_at_1024"), std::string::npos)
      << rows[0].why_not;
}

}  // namespace
}  // namespace wt::validation
