// Which published figure a row is compared on (the first of kMetricKeys that it gives) and the
// simulator's value of it.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "sim/validation/row_metric.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

PublishedMetric metric_of(const json& metrics) {
  const std::optional<PublishedMetric> m = published_metric(metrics, "row 1.metrics");
  EXPECT_TRUE(m.has_value()) << metrics.dump();
  return m.value_or(PublishedMetric{});
}

TEST(RowMetric, TimesComeFirstAndMillisecondsAreReadInSeconds) {
  const PublishedMetric t = metric_of({{"mfu_pct", 50.0}, {"iteration_time_s", 8.3}});
  EXPECT_EQ(t.metric, Metric::iteration_time_s);
  EXPECT_EQ(t.value, 8.3);
  const PublishedMetric ms = metric_of({{"tokens_per_sec", 1e5}, {"step_time_ms", 1250.0}});
  EXPECT_EQ(ms.metric, Metric::iteration_time_s);
  EXPECT_DOUBLE_EQ(ms.value, 1.25);
}

TEST(RowMetric, ThroughputComesBeforeUtilisation) {
  EXPECT_EQ(metric_of({{"mfu_pct", 54.4}, {"tokens_per_sec_per_gpu", 18647.0}}).metric,
            Metric::tokens_per_sec_per_gpu);
  EXPECT_EQ(metric_of({{"hfu_pct", 54.4}, {"samples_per_sec", 1165.0}}).metric,
            Metric::samples_per_sec);
  EXPECT_EQ(metric_of({{"hfu_pct", 54.4}, {"model_tflops_per_gpu", 169.0}}).metric,
            Metric::model_tflops_per_gpu);
  EXPECT_EQ(metric_of({{"hfu_pct", 54.4}}).metric, Metric::hfu_pct);
}

// The names other sources give the same figures: units in the name, "per device", Megatron's log.
TEST(RowMetric, OtherSourcesNamesForTheSameFigures) {
  const PublishedMetric log = metric_of({{"elapsed_time_per_iteration_ms", 8300.0}});
  EXPECT_EQ(log.metric, Metric::iteration_time_s);
  EXPECT_DOUBLE_EQ(log.value, 8.3);
  for (const char* key : {"iteration_time_sec", "step_time_sec", "sec_per_step", "seconds_per_step",
                          "time_per_step_s"}) {
    EXPECT_EQ(metric_of({{key, 8.3}}).metric, Metric::iteration_time_s) << key;
  }
  for (const char* key : {"tokens_per_sec_per_device", "tokens_per_second_per_device",
                          "tokens_per_gpu_per_sec", "tokens_per_gpu_per_second"}) {
    EXPECT_EQ(metric_of({{key, 3000.0}}).metric, Metric::tokens_per_sec_per_gpu) << key;
  }
  EXPECT_EQ(metric_of({{"throughput_tokens_per_sec", 1e5}}).metric, Metric::tokens_per_sec);
  EXPECT_EQ(metric_of({{"sequences_per_sec", 30.0}}).metric, Metric::samples_per_sec);
  EXPECT_EQ(metric_of({{"hardware_tflops_per_gpu", 400.0}}).metric,
            Metric::hardware_tflops_per_gpu);
  for (const char* key : {"tflops_per_device", "achieved_tflops_per_gpu", "teraflops_per_gpu"}) {
    EXPECT_EQ(metric_of({{key, 400.0}}).metric, Metric::model_tflops_per_gpu) << key;
    EXPECT_EQ(metric_of({{key, 400.0}, {"tflops_includes_recompute", true}}).metric,
              Metric::hardware_tflops_per_gpu)
        << key;
  }
  EXPECT_EQ(metric_of({{"mfu_percent", 41.0}}).metric, Metric::mfu_pct);
  const PublishedMetric fraction = metric_of({{"model_flops_utilization", 0.41}});
  EXPECT_EQ(fraction.metric, Metric::mfu_pct);
  EXPECT_DOUBLE_EQ(fraction.value, 41.0);
}

TEST(RowMetric, SpelledOutNamesAndFractionsAreRead) {
  EXPECT_EQ(metric_of({{"seconds_per_iteration", 2.5}}).metric, Metric::iteration_time_s);
  EXPECT_EQ(metric_of({{"tokens_per_second", 1e5}}).metric, Metric::tokens_per_sec);
  EXPECT_EQ(metric_of({{"tokens_per_second_per_gpu", 7e3}}).metric, Metric::tokens_per_sec_per_gpu);
  EXPECT_EQ(metric_of({{"samples_per_second", 90.0}}).metric, Metric::samples_per_sec);
  const PublishedMetric fraction = metric_of({{"mfu", 0.43}});
  EXPECT_EQ(fraction.metric, Metric::mfu_pct);
  EXPECT_DOUBLE_EQ(fraction.value, 43.0);
  EXPECT_DOUBLE_EQ(metric_of({{"mfu", 41.0}}).value, 41.0);  // above 1: already percent
  EXPECT_EQ(metric_of({{"hfu", 0.5}}).metric, Metric::hfu_pct);
  EXPECT_EQ(metric_of({{"mfu", 0.43}, {"mfu_pct", 50.0}}).value, 50.0);  // the _pct form first
}

TEST(RowMetric, TflopsCountRecomputationOnlyWhenTheRowSaysSo) {
  EXPECT_EQ(metric_of({{"tflops_per_gpu", 163.0}, {"tflops_includes_recompute", true}}).metric,
            Metric::hardware_tflops_per_gpu);
  EXPECT_EQ(metric_of({{"tflops_per_gpu", 163.0}}).metric, Metric::model_tflops_per_gpu);
}

TEST(RowMetric, AUtilisationSaidToCountRecomputationIsAnHfu) {
  const PublishedMetric m = metric_of({{"mfu_pct", 55.0}, {"mfu_counts_recompute", true}});
  EXPECT_EQ(m.metric, Metric::hfu_pct);
  EXPECT_NE(m.reading.find("read as an HFU"), std::string::npos);
  EXPECT_EQ(metric_of({{"mfu_pct", 55.0}, {"mfu_counts_recompute", false}}).metric,
            Metric::mfu_pct);
  EXPECT_EQ(metric_of({{"hfu_pct", 55.0}, {"hfu_counts_recompute", false}}).metric,
            Metric::mfu_pct);
}

TEST(RowMetric, TotalsSharesOfPeakAndTimesForTokensAreReadLast) {
  // The Megatron-LM 2021 rows give these beside tflops_per_gpu; alone they are still a figure.
  const PublishedMetric total = metric_of({{"aggregate_pflops", 4.4}});
  EXPECT_EQ(total.metric, Metric::model_pflops_total);
  EXPECT_EQ(metric_of({{"aggregate_pflops", 4.4}, {"tflops_includes_recompute", true}}).metric,
            Metric::hardware_pflops_total);
  EXPECT_EQ(metric_of({{"pct_of_peak", 44.0}, {"tflops_includes_recompute", true}}).metric,
            Metric::hfu_pct);
  EXPECT_EQ(metric_of({{"pct_of_peak", 44.0}}).metric, Metric::mfu_pct);
  // 1e12 tokens in 20 days: 1e12 / 1,728,000 s = 578,703.7 tokens/s.
  const PublishedMetric span = metric_of({{"readme_projected_days_for_1T_tokens", 20.0}});
  EXPECT_EQ(span.metric, Metric::tokens_per_sec);
  EXPECT_NEAR(span.value, 1e12 / 1728000.0, 1e-6);
  EXPECT_NE(span.reading.find("read as 578704 tokens/s"), std::string::npos) << span.reading;
  // 300B tokens in 88.35 days (MegaScale's estimate): 39,300 tokens/s.
  EXPECT_NEAR(metric_of({{"paper_estimated_days_for_300B_tokens", 88.35}}).value,
              300e9 / (88.35 * 86400.0), 1e-6);
  EXPECT_NEAR(metric_of({{"hours_for_2.5B_tokens", 10.0}}).value, 2.5e9 / 36000.0, 1e-6);
  // A figure of the same row that comes earlier wins.
  EXPECT_EQ(metric_of({{"tflops_per_gpu", 137.0}, {"aggregate_pflops", 4.4}}).metric,
            Metric::model_tflops_per_gpu);
  RunResult r;
  r.num_gpus = 32;
  r.model_tflops_per_gpu = 137.5;
  r.hardware_tflops_per_gpu = 140.0;
  EXPECT_DOUBLE_EQ(predicted_metric(Metric::model_pflops_total, r), 4.4);
  EXPECT_DOUBLE_EQ(predicted_metric(Metric::hardware_pflops_total, r), 4.48);
}

TEST(RowMetric, OnlyTheFigureComparedOnMustBeANumber) {
  // A malformed figure after the one used does not lose the row; the one used must be a number.
  EXPECT_EQ(metric_of({{"tokens_per_sec", 1e5}, {"hfu_pct", "n/a"}}).metric,
            Metric::tokens_per_sec);
  EXPECT_THROW(published_metric({{"tokens_per_sec", "fast"}}, "row 1.metrics"), InputError);
  EXPECT_THROW(published_metric({{"tokens_per_sec", "39.3k"}}, "row 1.metrics"), InputError);
  // Text that is only a number is that number, thousands separators and all.
  EXPECT_DOUBLE_EQ(metric_of({{"tokens_per_sec", "1,220,885"}}).value, 1220885.0);
  EXPECT_DOUBLE_EQ(metric_of({{"iteration_time_s", " 8.309 "}}).value, 8.309);
  EXPECT_THROW(published_metric({{"tokens_per_sec", "1,22"}}, "row 1.metrics"), InputError);
  EXPECT_FALSE(published_metric({{"readme_projected_days", 3.0}}, "row 1.metrics"));
  EXPECT_FALSE(published_metric(json::array(), "row 1.metrics"));
}

TEST(RowMetric, PredictedValuesComeFromTheRunResult) {
  RunResult r;
  r.num_gpus = 128;
  r.iteration_time_s = 1.1;
  r.tokens_per_s = 2'560'000.0;
  r.samples_per_s = 1250.0;
  r.mfu = 0.544;
  r.hfu = 0.6;
  r.model_tflops_per_gpu = 169.0;
  r.hardware_tflops_per_gpu = 180.0;
  EXPECT_EQ(predicted_metric(Metric::iteration_time_s, r), 1.1);
  EXPECT_EQ(predicted_metric(Metric::tokens_per_sec_per_gpu, r), 20'000.0);
  EXPECT_EQ(predicted_metric(Metric::samples_per_sec, r), 1250.0);
  EXPECT_DOUBLE_EQ(predicted_metric(Metric::mfu_pct, r), 54.4);
  EXPECT_DOUBLE_EQ(predicted_metric(Metric::hfu_pct, r), 60.0);
  EXPECT_EQ(predicted_metric(Metric::hardware_tflops_per_gpu, r), 180.0);
  EXPECT_STREQ(to_string(Metric::tokens_per_sec_per_gpu), "tokens_per_sec_per_gpu");
}

// Goyal et al. 2017's figure: throughput per GPU on N GPUs over that on the baseline's b.
TEST(RowMetric, ScalingEfficiencyIsPerGpuThroughputOverTheBaselines) {
  const PublishedMetric m =
      metric_of({{"scaling_efficiency_pct", 90.0}, {"scaling_baseline_gpus", 8}});
  EXPECT_EQ(m.metric, Metric::scaling_efficiency_pct);
  EXPECT_EQ(m.value, 90.0);
  EXPECT_EQ(m.baseline_gpus, 8);
  RunResult big;
  big.num_gpus = 256;
  big.samples_per_s = 28800.0;  // 112.5 per GPU
  RunResult base;
  base.num_gpus = 8;
  base.samples_per_s = 1000.0;  // 125 per GPU: 112.5 / 125 = 90 %
  EXPECT_DOUBLE_EQ(scaling_efficiency_pct(big, base), 90.0);
  EXPECT_EQ(predicted_metric(Metric::scaling_efficiency_pct, big), 0.0);  // needs two runs
  EXPECT_STREQ(to_string(Metric::scaling_efficiency_pct), "scaling_efficiency_pct");
}

TEST(RowMetric, ScalingEfficiencyWithoutItsBaselineIsRefusedNamingTheField) {
  try {
    published_metric({{"scaling_efficiency_pct", 90.0}}, "row 3001.metrics");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("row 3001.metrics.scaling_baseline_gpus"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace wt::validation
