// serve-plan: the closed-form screen against its formulas by hand, the file's errors naming their
// paths, and the shipped serve-plan files (scenarios/serving/plan-*.json) as goldens against
// tests/serving/expected/<name>.json. To rewrite them on purpose after a model change:
//   WT_GOLDEN_UPDATE=1 build/release/tests/serving/serving_tests --gtest_filter='ServePlan*'
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "planner/serving/serve_plan_search.hpp"
#include "sim/scenario/parse.hpp"
#include "tests/serving/golden_compare.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

Scenario fixed_lengths(int64_t max_num_seqs, int64_t budget) {
  json doc = json::parse(R"({"model": {"preset": "llama3-8b"}, "cluster": {"gpu": "H100"},
    "serving": {"traffic": {"rate_rps": 10,
      "prompt_tokens": {"distribution": "fixed", "mean": 1000},
      "output_tokens": {"distribution": "fixed", "mean": 250}},
      "slo": {"ttft_ms": 500}}})");
  doc["serving"]["max_num_seqs"] = max_num_seqs;
  doc["serving"]["max_num_batched_tokens"] = budget;
  return parse_scenario(doc);
}

StepWork decode(int64_t seqs, double context) {
  StepWork w;
  w.decode_seqs = seqs;
  w.decode_kv_tokens = std::llround(seqs * context);
  w.sampled = seqs;
  return w;
}

// B = min(64, ⌊2048 / (1 + 1000/250)⌋ = 409, KV) = 64; each step carries 64 · 1000/250 = 256
// prompt tokens in mixed steps of 2048 − 64 = 1984, a fraction 256/1984 of them; λ_max =
// 64 / (250 · step).
TEST(ServeScreen, ContinuousChunkedByHand) {
  const Scenario s = fixed_lengths(64, 2048);
  const StepCost cost(s);
  const ServingMemory m = serving_memory(s, cost.gpu());
  const ReplicaScreen r = screen_replica(s, cost, m);
  EXPECT_EQ(r.batch, 64);
  EXPECT_EQ(r.batch_limit, "max_num_seqs");
  const double dec = cost.step_time_s(decode(64, 1000.0 + 125.0));
  StepWork mixed = decode(64, 1125.0);
  mixed.prefill_tokens = 1984;
  mixed.prefill_pairs = 1984.0 * 1001.0 / 2.0;
  mixed.prefill_kv_tokens = 1984;
  const double step = dec + 256.0 / 1984.0 * (cost.step_time_s(mixed) - dec);
  EXPECT_NEAR(r.step_s, step, 1e-12);
  EXPECT_NEAR(r.max_rps, 64.0 / (250.0 * step), 1e-9);
  // Idle: the 1000-token prompt in one chunk; a decode at context 1125.
  StepWork prefill;
  prefill.prefill_tokens = 1000;
  prefill.prefill_pairs = 1000.0 * 1001.0 / 2.0;
  prefill.prefill_kv_tokens = 1000;
  prefill.sampled = 1;
  EXPECT_NEAR(r.idle_ttft_s, cost.step_time_s(prefill), 1e-12);
  EXPECT_NEAR(r.idle_tpot_s, cost.step_time_s(decode(1, 1125.0)), 1e-12);
  EXPECT_NEAR(r.idle_e2e_s, r.idle_ttft_s + 249.0 * r.idle_tpot_s, 1e-12);
}

// An encoder (BERT-large, fp16, on an L4) of fixed 128-token inputs: the budget of 8192 tokens
// holds ⌊8192 / 128⌋ = 64 whole inputs, below max_num_seqs 100; a step of 64 inputs has 64 · 128
// tokens and 64 · 128² bidirectional pairs and serves 64 requests, so λ_max = 64 / step; alone, an
// input's latency is one step of 128 tokens (TTFT = e2e, no TPOT).
TEST(ServeScreen, EncoderByHand) {
  const Scenario s = parse_scenario(json::parse(R"({"model": {"preset": "bert-large"},
    "cluster": {"gpu": "L4"}, "serving": {"encode": true, "weight_precision": "fp16",
      "max_num_seqs": 100, "max_num_batched_tokens": 8192,
      "traffic": {"rate_rps": 100, "prompt_tokens": {"distribution": "fixed", "mean": 128}},
      "slo": {"e2e_ms": 50}}})"));
  const StepCost cost(s);
  const ReplicaScreen r = screen_replica(s, cost, serving_memory(s, cost.gpu()));
  EXPECT_EQ(r.batch, 64);
  EXPECT_EQ(r.batch_limit, "max_num_batched_tokens");
  EXPECT_DOUBLE_EQ(r.output, 0.0);
  auto pass = [](int64_t inputs) {
    StepWork w;
    w.prefill_tokens = inputs * 128;
    w.prefill_pairs = inputs * 128.0 * 128.0;
    w.prefill_kv_tokens = inputs * 128;
    w.sampled = inputs;
    return w;
  };
  const double step = cost.step_time_s(pass(64));
  EXPECT_NEAR(r.step_s, step, 1e-15);
  EXPECT_NEAR(r.max_rps, 64.0 / step, 1e-9);
  EXPECT_NEAR(r.idle_ttft_s, cost.step_time_s(pass(1)), 1e-15);
  EXPECT_DOUBLE_EQ(r.idle_e2e_s, r.idle_ttft_s);
  EXPECT_DOUBLE_EQ(r.idle_tpot_s, 0.0);
}

// A budget of 1000 tokens holds ⌊1000 / 5⌋ = 200 sequences: below max_num_seqs 256.
TEST(ServeScreen, TokenBudgetLimitsTheBatch) {
  const Scenario s = fixed_lengths(256, 1000);
  const StepCost cost(s);
  const ReplicaScreen r = screen_replica(s, cost, serving_memory(s, cost.gpu()));
  EXPECT_EQ(r.batch, 200);
  EXPECT_EQ(r.batch_limit, "max_num_batched_tokens");
}

TEST(ServeScreen, UtilisationBelowOne) {
  EXPECT_EQ(screen_replicas(0.0, 5.0), 0);
  EXPECT_EQ(screen_replicas(4.9, 5.0), 1);
  EXPECT_EQ(screen_replicas(10.0, 5.0), 3);  // ρ = 1 at 2 replicas is not below one
  EXPECT_EQ(screen_replicas(10.1, 5.0), 3);
}

TEST(ServeScreen, IdleLatencyMissOnlyForHighPercentiles) {
  ReplicaScreen r;
  r.idle_ttft_s = 0.8;
  SloConfig slo;
  slo.ttft_ms = 500;
  slo.percentile = SloPercentile::p95;
  EXPECT_EQ(idle_latency_miss(r, slo), "TTFT 800 ms > 500 ms even idle");
  slo.percentile = SloPercentile::p50;
  EXPECT_EQ(idle_latency_miss(r, slo), "");
}

std::string error_path(const std::string& text) {
  try {
    parse_serve_plan(json::parse(text), ".", "t");
  } catch (const InputError& e) {
    return e.path();
  }
  return "";
}

TEST(ServePlanFile, ErrorsNameTheirPath) {
  const std::string head = R"({"model": {"preset": "llama3-8b"}, "cluster": {"gpu": "H100"},)";
  const std::string slo = R"("slo": {"ttft_ms": 500})";
  EXPECT_EQ(error_path(head + R"("serving": {"tensor": [1, 3000], )" + slo + "}}"),
            "serving.tensor[1]");
  EXPECT_EQ(error_path(head + R"("serving": {"replicas": [1, 2], )" + slo + "}}"),
            "serving.replicas");
  EXPECT_EQ(error_path(head + R"("serving": {)" + slo + R"(}, "serve_plan": {"min_replica": 0}})"),
            "serve_plan.min_replica");
  EXPECT_EQ(error_path(head + R"("serving": {)" + slo + R"(}, "serve_plan": {"min_replicas": 0}})"),
            "serve_plan.cold_start_s");
  EXPECT_EQ(
      error_path(head + R"("serving": {)" + slo + R"(}, "serve_plan": {"prices": {"h100": -1}}})"),
      "serve_plan.prices.h100");
  EXPECT_EQ(error_path(head + R"("serving": {"tensor": 1}})"), "serving.slo");
  EXPECT_EQ(
      error_path(head + R"("serving": {)" + slo + R"(}, "cluster": {"gpu": ["H100", "H7"]}})"),
      "cluster.gpu[1]");
}

TEST(ServePlanFile, SetOverridesTheFileBeforeItIsRead) {
  // The shipped plan varies GPU, TP, precision, max_num_seqs and the budget: 4 · 2 · 3 · 2 · 2.
  const std::string file = (kServingScenarioDir / "plan-llama3-8b-daily.json").string();
  EXPECT_EQ(load_serve_plan_file(file).combinations, 96u);
  // One GPU and one TP degree: 3 · 2 · 2.
  EXPECT_EQ(load_serve_plan_file(file, {"cluster.gpu=H100", "serving.tensor=1"}).combinations, 12u);
  // The plan as an encoder: its TPOT target is refused with its path.
  try {
    load_serve_plan_file(file, {"serving.encode=true"});
    ADD_FAILURE() << "an encoder plan with a TPOT target was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "serving.slo.tpot_ms");
  }
}

TEST(ServePlanFile, EncoderPlans) {
  const std::string file = (kServingScenarioDir / "plan-bert-large-encode.json").string();
  EXPECT_EQ(load_serve_plan_file(file).combinations, 12u);
  // Only the request's latency (e2e, or ttft: the same figure) is a target.
  EXPECT_EQ(error_path(R"({"model": {"preset": "bert-large"}, "cluster": {"gpu": ["L4", "T4"]},
    "serving": {"encode": true, "slo": {"e2e_ms": 50, "tpot_ms": 5}}})"),
            "serving.slo.tpot_ms");
  EXPECT_EQ(error_path(R"({"model": {"preset": "bert-large"}, "cluster": {"gpu": ["L4", "T4"]},
    "serving": {"encode": true}})"),
            "serving.slo");
}

std::vector<std::string> plan_files() {
  std::vector<std::string> files;
  if (!fs::is_directory(kServingScenarioDir)) return files;
  for (const fs::directory_entry& e : fs::directory_iterator(kServingScenarioDir)) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file() && name.rfind("plan-", 0) == 0 && e.path().extension() == ".json") {
      files.push_back(e.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(ServePlanGolden, ShippedPlansMatchTheirExpectation) {
  const std::vector<std::string> files = plan_files();
  ASSERT_FALSE(files.empty());
  for (const std::string& file : files) {
    const ServePlanResult r = search_serve_plan(load_serve_plan_file(file));
    ASSERT_GE(r.best, 0) << file;
    json got = json::parse(serve_plan_json(r).dump());
    for (json& d : got["deployments"])
      d.erase("price_source");
    got["recommended"].erase("price_source");
    const fs::path expected = kServingExpectedDir / (fs::path(file).stem().string() + ".json");
    const char* update = std::getenv("WT_GOLDEN_UPDATE");
    if (update != nullptr && std::string(update) == "1") {
      std::ofstream(expected) << got.dump(1) << '\n';
      continue;
    }
    ASSERT_TRUE(fs::exists(expected)) << "no expectation " << expected;
    std::ifstream in(expected);
    const json want = json::parse(in);
    const std::string diff = compare_golden(want, got, "");
    EXPECT_TRUE(diff.empty()) << file << " moved: " << diff;
  }
}

}  // namespace
}  // namespace wt
