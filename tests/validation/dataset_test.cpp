// The real dataset copy end to end: every row expressed or explained, nothing thrown.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "sim/validation/validate.hpp"

namespace wt {
namespace {

using nlohmann::json;

const std::string kDataset =
    std::string(WT_SOURCE_DIR) + "/scenarios/validation/published-runs-dev.json";

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::filesystem::path p = std::filesystem::temp_directory_path() / name;
  std::ofstream(p) << text;
  return p.string();
}

// Entries the report should have: one per training row, one per size of a collective row.
std::size_t expected_entries(const json& rows) {
  std::size_t n = 0;
  for (const json& row : rows) {
    if (row.at("row_type") == "collective_benchmark") {
      n += row.at("metrics").at("busbw_GBps_at_bytes").size();
    } else {
      n += 1;
    }
  }
  return n;
}

TEST(Dataset, EveryRowIsExpressedOrExplained) {
  ValidationReport report;
  ASSERT_NO_THROW(report = validate_dataset(kDataset));
  const json rows = json::parse(read_file(kDataset));
  EXPECT_EQ(report.rows.size(), expected_entries(rows));
  std::set<int> ids;
  int expressed = 0;
  for (const ValidationRow& r : report.rows) {
    ids.insert(r.id);
    EXPECT_FALSE(r.label.empty());
    if (!r.expressed) {
      EXPECT_FALSE(r.why_not.empty()) << "row " << r.id;
      continue;
    }
    ++expressed;
    EXPECT_TRUE(r.why_not.empty()) << "row " << r.id << ": " << r.why_not;
    EXPECT_TRUE(std::isfinite(r.predicted) && r.predicted > 0.0) << "row " << r.id;
    EXPECT_GT(r.published, 0.0);
    EXPECT_DOUBLE_EQ(r.error, (r.predicted - r.published) / r.published);
    EXPECT_FALSE(r.assumptions.empty()) << "row " << r.id;
  }
  for (const json& row : rows)
    EXPECT_EQ(ids.count(row.at("id").get<int>()), 1u);
  EXPECT_EQ(report.expressed, expressed);
  EXPECT_GT(report.expressed, 0);
  EXPECT_LE(report.median_abs_error, report.max_abs_error);
  const json j = to_json(report);
  EXPECT_EQ(j.at("rows").size(), report.rows.size());
  EXPECT_NE(validation_table(report).find("median |error|"), std::string::npos);
}

TEST(Dataset, UnhandledRowTypeIsReportedNotThrown) {
  const std::string path = write_temp("wt-validation-odd-row.json",
                                      R"json([{"row_type": "inference_latency", "id": 7,
                                           "model_name": "Llama 2 7B", "num_gpus": 1}])json");
  const ValidationReport report = validate_dataset(path);
  ASSERT_EQ(report.rows.size(), 1u);
  EXPECT_FALSE(report.rows[0].expressed);
  EXPECT_EQ(report.rows[0].id, 7);
  EXPECT_NE(report.rows[0].why_not.find("row_type 'inference_latency' is not handled"),
            std::string::npos);
  EXPECT_EQ(report.expressed, 0);
  EXPECT_EQ(report.median_abs_error, 0.0);
}

// A training run under another row_type, or a row without one that gives a model, GPUs and
// metrics, is validated as training_throughput, and said.
TEST(Dataset, ATrainingRunUnderAnotherOrNoRowTypeIsValidated) {
  const std::string path = write_temp("wt-validation-training-names.json", R"json([
    {"row_type": "pretraining_throughput", "id": 1, "model_name": "x", "num_gpus": 8},
    {"id": 2, "model_name": "x", "num_gpus": 8, "metrics": {}},
    {"id": 3, "model_name": "x"},
    {"row_type": null, "id": 4, "model_name": "x", "num_nodes": 1, "gpus_per_node": 8,
     "metrics": {}},
    {"row_type": 5, "id": 5, "model_name": "x", "num_gpus": 8, "metrics": {}}])json");
  const ValidationReport report = validate_dataset(path);
  ASSERT_EQ(report.rows.size(), 5u);
  EXPECT_NE(report.rows[3].why_not.find("no comparable metric"), std::string::npos);
  EXPECT_NE(report.rows[4].why_not.find("row_type 5 is not handled"), std::string::npos);
  EXPECT_EQ(report.rows[0].assumptions.at(0),
            "row_type 'pretraining_throughput' read as training_throughput");
  EXPECT_NE(report.rows[0].why_not.find("no comparable metric"), std::string::npos);
  EXPECT_EQ(report.rows[1].assumptions.at(0),
            "row_type not given: a training run (the row gives a model, GPUs and metrics)");
  EXPECT_NE(report.rows[1].why_not.find("no comparable metric"), std::string::npos);
  EXPECT_NE(report.rows[2].why_not.find("row_type '' is not handled"), std::string::npos);
}

TEST(Dataset, RowWithoutMetricOrWithBadLayoutIsReportedNotThrown) {
  const std::string path = write_temp("wt-validation-bad-rows.json", R"json([
    {"row_type": "training_throughput", "id": 1, "model_name": "x", "metrics": {}},
    {"row_type": "training_throughput", "id": 2, "model_name": "GPT odd",
     "num_layers": 30, "hidden_size": 4096, "num_attention_heads": 32, "seq_length": 2048,
     "vocab_size": 51200, "global_batch_size": 64, "micro_batch_size": 1,
     "tp": 3, "pp": 1, "dp": 1, "gpu_model": "NVIDIA A100 SXM", "gpu_memory_gb": 80,
     "num_gpus": 3, "gpus_per_node": 8, "precision": "bf16",
     "metrics": {"iteration_time_s": 1.0}},
    "not a row"])json");
  const ValidationReport report = validate_dataset(path);
  ASSERT_EQ(report.rows.size(), 3u);
  EXPECT_FALSE(report.rows[0].expressed);
  EXPECT_NE(report.rows[0].why_not.find("no comparable metric"), std::string::npos);
  EXPECT_FALSE(report.rows[1].expressed);  // TP 3 does not divide 32 heads
  EXPECT_FALSE(report.rows[1].why_not.empty());
  EXPECT_FALSE(report.rows[2].expressed);
}

// OPT-175B's 1024 sequences on 124 replicas: a batch the replicas cannot share evenly runs as the
// nearest whole number of micro-batches each, and the iteration time is scaled back to the row's.
TEST(Dataset, AnUnevenGlobalBatchIsRoundedAndTheIterationTimeScaledBack) {
  const auto row = [](int batch, const char* metric) {
    return "{\"row_type\": \"training_throughput\", \"id\": " + std::to_string(batch) +
           R"(, "model_name": "GPT 1.3B", "num_layers": 24, "hidden_size": 2048,
           "num_attention_heads": 16, "seq_length": 2048, "vocab_size": 51200,
           "global_batch_size": )" +
           std::to_string(batch) +
           R"(, "micro_batch_size": 1, "tp": 1, "pp": 1, "dp": 8,
           "gpu_model": "NVIDIA A100 SXM", "gpu_memory_gb": 80, "num_gpus": 8,
           "gpus_per_node": 8, "precision": "bf16", "metrics": {")" +
           metric + "\": 1.0}}";
  };
  const std::string path =
      write_temp("wt-validation-uneven-batch.json",
                 "[" + row(16, "iteration_time_s") + "," + row(17, "iteration_time_s") + "," +
                     row(16, "mfu_pct") + "," + row(17, "mfu_pct") + "," + row(5, "mfu_pct") + "]");
  const ValidationReport report = validate_dataset(path);
  ASSERT_EQ(report.rows.size(), 5u);
  for (int i = 0; i < 4; ++i)
    ASSERT_TRUE(report.rows[i].expressed) << report.rows[i].why_not;
  // 5 sequences on 8 replicas is not rounded up: the parser says why it cannot run.
  EXPECT_FALSE(report.rows[4].expressed);
  EXPECT_NE(report.rows[4].why_not.find("global_batch_size"), std::string::npos)
      << report.rows[4].why_not;
  EXPECT_EQ(report.rows[1].scenario.at("training").at("global_batch_size"), 16);  // 17/8 → 2 each
  EXPECT_NEAR(report.rows[1].predicted, report.rows[0].predicted * 17.0 / 16.0,
              1e-12 * report.rows[0].predicted);
  EXPECT_DOUBLE_EQ(report.rows[3].predicted, report.rows[2].predicted);  // a rate carries over
  EXPECT_TRUE(std::find(report.rows[1].assumptions.begin(), report.rows[1].assumptions.end(),
                        "global batch 17 is not a multiple of micro-batch × DP (8): run as 16, "
                        "the iteration time scaled by 17/16") != report.rows[1].assumptions.end());
}

// An id is a label: a malformed one loses neither its row nor the rows after it.
TEST(Dataset, AMalformedIdDoesNotStopTheRun) {
  const std::string path = write_temp("wt-validation-bad-id.json", R"json([
    {"row_type": "training_throughput", "id": "8", "model_name": "x", "metrics": {}},
    {"row_type": "training_throughput", "id": [], "model_name": "y", "metrics": {}},
    {"row_type": "training_throughput", "id": 3, "model_name": "z", "metrics": {}}])json");
  const ValidationReport report = validate_dataset(path);
  ASSERT_EQ(report.rows.size(), 3u);
  EXPECT_EQ(report.rows[0].id, 0);
  EXPECT_EQ(report.rows[1].id, 0);
  EXPECT_EQ(report.rows[2].id, 3);
  for (const ValidationRow& r : report.rows) {
    EXPECT_NE(r.why_not.find("no comparable metric"), std::string::npos) << r.why_not;
  }
}

// validate --set: every training row runs with the override (and lists it among its assumptions);
// the nccl-tests rows take the cluster.* ones only, so a model override cannot unexpress them.
TEST(Dataset, OverridesApplyToEveryRowAndAreListed) {
  const ValidationReport plain = validate_dataset(kDataset);
  const ValidationReport even = validate_dataset(kDataset, {"cluster.gpu_speed_spread=0"});
  ASSERT_EQ(plain.rows.size(), even.rows.size());
  EXPECT_EQ(even.expressed, plain.expressed);
  int slower = 0;
  for (size_t i = 0; i < even.rows.size(); ++i) {
    const ValidationRow& a = plain.rows[i];
    const ValidationRow& b = even.rows[i];
    const bool listed = std::find(b.assumptions.begin(), b.assumptions.end(),
                                  "--set cluster.gpu_speed_spread=0") != b.assumptions.end();
    EXPECT_TRUE(listed) << "row " << b.id;
    if (b.scenario.is_null()) {  // an nccl-tests row: no compute to slow
      EXPECT_EQ(b.predicted, a.predicted) << "row " << b.id;
      continue;
    }
    EXPECT_EQ(b.scenario.at("cluster").at("gpu_speed_spread"), 0) << "row " << b.id;
    // With identical GPUs no row is slower than with the spread: times shrink, rates grow.
    const bool is_time = a.metric == "iteration_time_s";
    if (is_time ? b.predicted < a.predicted : b.predicted > a.predicted) ++slower;
  }
  EXPECT_GT(slower, 20);
}

TEST(Dataset, AWorkloadOverrideLeavesTheCollectiveRowsAlone) {
  // 7 samples cannot be split over any row's data-parallel ranks: every training row is
  // unexpressed with the parser's reason, the nccl-tests sizes run as before.
  const ValidationReport report = validate_dataset(kDataset, {"training.global_batch_size=7"});
  int collective = 0;
  for (const ValidationRow& r : report.rows) {
    if (r.metric == "busbw_GBps") {
      EXPECT_TRUE(r.expressed) << r.label;
      ++collective;
    } else {
      EXPECT_FALSE(r.expressed) << r.label;
      EXPECT_NE(r.why_not.find("global_batch_size"), std::string::npos) << r.why_not;
    }
  }
  EXPECT_EQ(report.expressed, collective);
  EXPECT_EQ(collective, 5);
}

TEST(Dataset, UnreadableOrMalformedDatasetIsAnInputError) {
  EXPECT_THROW(validate_dataset("/nonexistent/wt-dataset.json"), InputError);
  EXPECT_THROW(validate_dataset(write_temp("wt-validation-not-json.json", "[{")), InputError);
  EXPECT_THROW(validate_dataset(write_temp("wt-validation-object.json", "{}")), InputError);
}

// 2^63 GPUs: nlohmann reads it as an unsigned integer, which get<int64_t>() wrapped to
// "-9223372036854775808 GPUs" in the row's label. The row is refused naming its field, and the
// label shows the count as written.
TEST(Dataset, AGpuCountBeyondInt64IsRefusedNamingTheFieldNotWrapped) {
  const std::string path = write_temp("wt-validation-huge-gpus.json", R"json([
    {"row_type": "training_throughput", "id": 9, "model_name": "GPT 1.3B", "num_layers": 24,
     "hidden_size": 2048, "num_attention_heads": 16, "seq_length": 2048, "vocab_size": 51200,
     "global_batch_size": 16, "micro_batch_size": 1, "tp": 1, "pp": 1, "dp": 8,
     "gpu_model": "NVIDIA A100 SXM", "gpu_memory_gb": 80, "num_gpus": 9223372036854775808,
     "gpus_per_node": 8, "precision": "bf16", "metrics": {"iteration_time_s": 1.0}}])json");
  const ValidationReport report = validate_dataset(path);
  ASSERT_EQ(report.rows.size(), 1u);
  const ValidationRow& row = report.rows[0];
  EXPECT_FALSE(row.expressed);
  EXPECT_EQ(row.label, "GPT 1.3B, 9223372036854775808 GPUs");
  EXPECT_NE(row.why_not.find("row 9.num_gpus: is out of range"), std::string::npos) << row.why_not;
  EXPECT_EQ(validation_table(report).find("-9223372036854775808"), std::string::npos);
}

}  // namespace
}  // namespace wt
