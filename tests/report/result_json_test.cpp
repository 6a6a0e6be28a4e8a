#include "sim/report/result_json.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/finite.hpp"

namespace wt {
namespace {

using nlohmann::json;

RunResult sample_result() {
  RunResult r;
  r.scenario = "llama3-8b-one-node";
  r.engine = "analytical";
  r.num_gpus = 8;
  r.iteration_time_s = 2.5;
  r.tokens_per_s = 52428.8;
  r.samples_per_s = 25.6;
  r.model_flops_per_iteration = 3.2e15;
  r.hardware_flops_per_iteration = 4.0e15;
  r.model_tflops_per_gpu = 160.0;
  r.hardware_tflops_per_gpu = 200.0;
  r.mfu = 0.4;
  r.hfu = 0.5;
  r.breakdown_s = {.compute = 2.0,
                   .exposed_comm = 0.25,
                   .pipeline_bubble = 0.125,
                   .optimizer = 0.0625,
                   .other = 0.0625};
  r.exposed_comm_by_dim_s = {.tp = 0.125, .pp = 0.0625, .dp = 0.0625, .cp = 0.0, .ep = 0.0};
  r.exposed_comm_by_dim_s = {.tp = 0.125, .pp = 0.0625, .dp = 0.0625, .cp = 0.0, .ep = 0.0};
  r.comm_volume_bytes_per_gpu = {.tp = 1.5e9, .pp = 0.0, .dp = 2.6, .cp = 0.0, .ep = 4.4};
  r.memory_per_gpu_bytes = {.weights = 16e9,
                            .gradients = 16e9,
                            .optimizer = 12e9,
                            .activations = 20e9,
                            .total = 64e9,
                            .capacity = 80e9};
  r.time_to_train_s = 1e6;
  r.gpu_hours = 2222.5;
  r.cost_usd = 6111.875;
  r.expected_time_to_train_with_failures_s = 1.05e6;
  r.optimal_checkpoint_interval_s = 6000.0;
  r.warnings = {"uneven pipeline split", "no calibration profile"};
  return r;
}

// The keys of the run --json contract (docs/cli.md) in order, plus the additions (marked) that keep
// their meaning.
const std::vector<std::string> kTopKeys = {"schema",
                                           "scenario",
                                           "engine",
                                           "num_gpus",
                                           "iteration_time_s",
                                           "iteration_time_s_range",  // addition
                                           "error_band",              // addition
                                           "tokens_per_s",
                                           "samples_per_s",
                                           "model_flops_per_iteration",
                                           "hardware_flops_per_iteration",
                                           "model_tflops_per_gpu",
                                           "hardware_tflops_per_gpu",
                                           "mfu",
                                           "hfu",
                                           "breakdown_s",
                                           "exposed_comm_by_dim_s",  // addition
                                           "compute_beside_comm_s",  // addition
                                           "comm_volume_bytes_per_gpu",
                                           "memory_per_gpu_bytes",
                                           "fits_in_memory",
                                           "memory_verdict",  // addition
                                           "time_to_train_s",
                                           "gpu_hours",
                                           "cost_usd",
                                           "expected_time_to_train_with_failures_s",
                                           "optimal_checkpoint_interval_s",
                                           "expected_interruptions",  // addition
                                           "ettr",                    // addition
                                           "time_to_train_p50_s",     // addition
                                           "time_to_train_p90_s",     // addition
                                           "cost_p50_usd",            // addition
                                           "cost_p90_usd",            // addition
                                           "failures",                // addition
                                           "monte_carlo",             // addition
                                           "warnings"};

void expect_exact_keys(const json& object, const std::vector<std::string>& keys) {
  ASSERT_TRUE(object.is_object());
  EXPECT_EQ(object.size(), keys.size());
  for (const std::string& k : keys)
    EXPECT_TRUE(object.contains(k)) << "missing key " << k;
}

TEST(ResultJson, HasExactlyTheContractKeys) {
  const json j = to_json(sample_result());
  expect_exact_keys(j, kTopKeys);
  expect_exact_keys(j["breakdown_s"],
                    {"compute", "exposed_comm", "pipeline_bubble", "optimizer", "other"});
  expect_exact_keys(j["comm_volume_bytes_per_gpu"], {"tp", "pp", "dp", "cp", "ep"});
  expect_exact_keys(j["exposed_comm_by_dim_s"], {"tp", "pp", "dp", "cp", "ep"});
  expect_exact_keys(j["memory_per_gpu_bytes"],
                    {"weights", "gradients", "optimizer", "activations", "cuda_context",
                     "comm_buffers", "total", "host", "total_range", "capacity"});
  expect_exact_keys(j["failures"], {"cluster_mtbf_s", "interruptions_by_cause", "checkpoint_bytes",
                                    "checkpoint_write_s", "checkpoint_blocking_s",
                                    "checkpoint_read_s", "checkpoint_interval_s"});
  EXPECT_TRUE(j["monte_carlo"].is_null());  // only `run` adds it
  EXPECT_TRUE(j["time_to_train_p90_s"].is_null());
}

TEST(ResultJson, CarriesTheValues) {
  const json j = to_json(sample_result());
  EXPECT_EQ(j["schema"], 1);
  EXPECT_EQ(j["scenario"], "llama3-8b-one-node");
  EXPECT_EQ(j["engine"], "analytical");
  EXPECT_EQ(j["num_gpus"], 8);
  EXPECT_DOUBLE_EQ(j["iteration_time_s"].get<double>(), 2.5);
  EXPECT_DOUBLE_EQ(j["tokens_per_s"].get<double>(), 52428.8);
  EXPECT_DOUBLE_EQ(j["mfu"].get<double>(), 0.4);
  EXPECT_DOUBLE_EQ(j["breakdown_s"]["pipeline_bubble"].get<double>(), 0.125);
  EXPECT_DOUBLE_EQ(j["exposed_comm_by_dim_s"]["tp"].get<double>(), 0.125);
  EXPECT_EQ(j["fits_in_memory"], true);
  EXPECT_DOUBLE_EQ(j["cost_usd"].get<double>(), 6111.875);
  EXPECT_DOUBLE_EQ(j["optimal_checkpoint_interval_s"].get<double>(), 6000.0);
  EXPECT_EQ(j["warnings"], json({"uneven pipeline split", "no calibration profile"}));
}

TEST(ResultJson, TheErrorBandIsNullWithoutOneAndTheRangeWithOne) {
  RunResult r = sample_result();
  EXPECT_TRUE(to_json(r)["iteration_time_s_range"].is_null());
  EXPECT_TRUE(to_json(r)["error_band"].is_null());
  r.error_band = ErrorBand{"megatron/16bit/3d", "megatron/16bit/3d", 0.06, 2.35, 2.65};
  const json j = to_json(r);
  EXPECT_EQ(j["iteration_time_s_range"], json({2.35, 2.65}));
  EXPECT_EQ(j["error_band"]["class"], "megatron/16bit/3d");
  EXPECT_DOUBLE_EQ(j["error_band"]["half_width"].get<double>(), 0.06);
}

TEST(ResultJson, ByteCountsAreRoundedIntegers) {
  const json j = to_json(sample_result());
  const json& comm = j["comm_volume_bytes_per_gpu"];
  EXPECT_TRUE(comm["tp"].is_number_integer());
  EXPECT_EQ(comm["tp"].get<int64_t>(), 1500000000);
  EXPECT_EQ(comm["dp"].get<int64_t>(), 3);  // 2.6 bytes round to 3
  EXPECT_EQ(comm["ep"].get<int64_t>(), 4);  // 4.4 bytes round to 4
  const json& mem = j["memory_per_gpu_bytes"];
  EXPECT_TRUE(mem["capacity"].is_number_integer());
  EXPECT_EQ(mem["capacity"].get<int64_t>(), 80000000000);
  EXPECT_EQ(mem["total"].get<int64_t>(), 64000000000);
  EXPECT_EQ(j["memory_per_gpu_bytes"].dump().find('.'),
            std::string::npos);  // no "8e10"-style floats
}

// A run whose failures outpace progress never finishes: its expected time is +inf, written as
// null (the warning says why). Any other non-finite number is an internal error naming the field
// (docs/reliability.md, "Numerical hygiene").
TEST(ResultJson, NeverFinishingIsNullOtherNonFiniteNumbersAreInternalErrors) {
  RunResult r = sample_result();
  r.fits_in_memory = false;
  r.expected_time_to_train_with_failures_s = std::numeric_limits<double>::infinity();
  const std::string text = to_json(r).dump();
  const json back = json::parse(text);  // valid JSON
  EXPECT_TRUE(back["expected_time_to_train_with_failures_s"].is_null());
  EXPECT_EQ(back["fits_in_memory"], false);
  expect_exact_keys(back, kTopKeys);  // nothing added
  EXPECT_EQ(text.find("inf"), std::string::npos);
  EXPECT_EQ(text.find("nan"), std::string::npos);

  RunResult nan_mfu = sample_result();
  nan_mfu.mfu = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(to_json(nan_mfu), NonFiniteError);
  RunResult inf_memory = sample_result();
  inf_memory.memory_per_gpu_bytes.total = std::numeric_limits<double>::infinity();
  try {
    to_json(inf_memory);
    ADD_FAILURE() << "an infinite memory total reached the JSON";
  } catch (const NonFiniteError& e) {
    EXPECT_NE(std::string(e.what()).find("total"), std::string::npos) << e.what();
  }
}

TEST(ResultJson, MonteCarloFiguresAndTheReasonWhenNotRun) {
  RunResult r = sample_result();
  r.monte_carlo = MonteCarloFigures{.runs = 100,
                                    .seed = 3,
                                    .mean_time_s = 10.0,
                                    .stderr_time_s = 0.1,
                                    .p50_time_s = 9.0,
                                    .p90_time_s = 12.0,
                                    .p50_cost_usd = 90.0,
                                    .p90_cost_usd = 120.0,
                                    .ettr = 0.9,
                                    .mean_interruptions = 2.5,
                                    .ettr_histogram = {.low = 0.8, .high = 0.9, .counts = {3, 97}}};
  json j = to_json(r);
  EXPECT_EQ(j["time_to_train_p90_s"], 12.0);
  EXPECT_EQ(j["cost_p50_usd"], 90.0);
  EXPECT_EQ(j["monte_carlo"]["runs"], 100);
  EXPECT_EQ(j["monte_carlo"]["mean_interruptions"], 2.5);
  EXPECT_EQ(j["monte_carlo"]["ettr_histogram"]["low"], 0.8);
  EXPECT_EQ(j["monte_carlo"]["ettr_histogram"]["counts"], json::array({3, 97}));
  r.monte_carlo = MonteCarloFigures{.runs = 0, .seed = 3, .why_not = "failures outpace progress"};
  j = to_json(r);
  EXPECT_TRUE(j["time_to_train_p50_s"].is_null());
  EXPECT_EQ(j["monte_carlo"]["not_run"], "failures outpace progress");
}

TEST(ResultJson, OrderedFormKeepsTheContractOrder) {
  const nlohmann::ordered_json o = to_ordered_json(sample_result());
  std::vector<std::string> keys;
  for (const auto& item : o.items())
    keys.push_back(item.key());
  EXPECT_EQ(keys, kTopKeys);
  EXPECT_EQ(json::parse(o.dump()), to_json(sample_result()));
}

}  // namespace
}  // namespace wt
