// Serving steps measured on an H100 with PyTorch
// (calibrate/profiles/h100-sxm5-80gb-serve-steps.json, written by calibrate/pytorch/serve_steps.py;
// docs/calibration.md "Serving steps") against the step costs of `windtunnel serve`
// (sim/workload/serving_cost.cpp) from the catalog's H100 SXM5: every prediction pinned
// (tests/validation/expected/measured-h100-serving.json), the per-class comparison printed. To
// rewrite the pins on purpose:
//   WT_GOLDEN_UPDATE=1 validation_tests --gtest_filter='MeasuredServing*'
// then review the diff and the tables in docs/calibration.md and docs/serving.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pinned_predictions.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/serving_cost.hpp"

namespace wt {
namespace {

using nlohmann::json;

const std::string kMeasured =
    std::string(WT_SOURCE_DIR) + "/calibrate/profiles/h100-sxm5-80gb-serve-steps.json";

struct Step {
  std::string key;  // model kind a×b
  std::string kind;
  double measured_s;                    // the CUDA-graph step, median
  double gemm_s, attention_s, other_s;  // the profiled eager step's kernels by class
  StepTime predicted;
};

StepWork work_of(const json& w) {
  StepWork s;
  s.prefill_tokens = w.at("prefill_tokens").get<int64_t>();
  s.prefill_pairs = w.at("prefill_pairs").get<double>();
  s.prefill_kv_tokens = w.at("prefill_kv_tokens").get<int64_t>();
  s.decode_seqs = w.at("decode_seqs").get<int64_t>();
  s.decode_kv_tokens = w.at("decode_kv_tokens").get<int64_t>();
  s.sampled = w.at("sampled").get<int64_t>();
  return s;
}

// One replica of TP 1 on the catalog's H100 SXM5, bf16 weights and KV cache (the serving defaults).
Scenario replica(const std::string& preset) {
  return parse_scenario_text(
      R"({"model": {"preset": ")" + preset +
      R"("}, "cluster": {"gpu": "h100-sxm5-80gb"}, "serving": {"tensor": 1}})");
}

const std::vector<Step>& steps() {
  static const std::vector<Step> all = [] {
    std::ifstream in(kMeasured);
    const json file = json::parse(in);
    std::vector<Step> out;
    for (const json& r : file.at("runs")) {
      const std::string model = r.at("model").get<std::string>();
      const std::string kind = r.at("kind").get<std::string>();
      const bool decode = kind == "decode";
      const int a = r.at(decode ? "batch" : "prompts").get<int>();
      const int b = r.at(decode ? "context" : "prompt_tokens").get<int>();
      const json& k = r.at("kernels_eager").at("seconds");
      Step s{model + " " + kind + " " + std::to_string(a) + "x" + std::to_string(b),
             kind,
             r.at("step_graph_s").at("median").get<double>(),
             k.at("gemm").get<double>(),
             k.at("attention").get<double>(),
             k.at("other").get<double>(),
             {}};
      s.predicted = StepCost(replica(model)).step_time(work_of(r.at("work")));
      out.push_back(s);
    }
    return out;
  }();
  return all;
}

double err(double predicted, double measured) {
  return (predicted - measured) / measured;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

TEST(MeasuredServing, EveryRunIsPredictedAndPinned) {
  ASSERT_EQ(steps().size(), 47u);  // 3 models × (11 decode + 6 prefill) less 4 over the KV budget
  json now = json::object();
  for (const Step& s : steps()) {
    ASSERT_GT(s.predicted.total(), 0.0) << s.key;
    now[s.key] = {{"published", s.measured_s}, {"predicted", s.predicted.total()}};
  }
  test::expect_pinned(
      now, std::string(WT_SOURCE_DIR) + "/tests/validation/expected/measured-h100-serving.json");
}

// The table docs/calibration.md shows: each step's GEMMs (the model's GEMMs and logits against the
// profiled GEMM kernels), attention, the rest, and the whole step against the CUDA-graph replay.
TEST(MeasuredServing, PrintsTheComparison) {
  std::vector<double> gemm_decode, attention_decode, total_decode, gemm_prefill, total_prefill;
  std::printf("%-28s %9s %9s %7s %9s %7s %9s %9s %9s %7s\n", "step", "gemm ms", "model", "err",
              "attn ms", "err", "other ms", "model", "step ms", "err");
  for (const Step& s : steps()) {
    const StepTime& p = s.predicted;
    const double gemm = p.gemm_s + p.logits_s;
    std::printf("%-28s %9.3f %9.3f %+6.1f%% %9.3f %+6.1f%% %9.3f %9.3f %9.3f %+6.1f%%\n",
                s.key.c_str(), s.gemm_s * 1e3, gemm * 1e3, 100 * err(gemm, s.gemm_s),
                s.attention_s * 1e3, 100 * err(p.attention_s, s.attention_s), s.other_s * 1e3,
                p.elementwise_s * 1e3, s.measured_s * 1e3, 100 * err(p.total(), s.measured_s));
    if (s.kind == "decode") {
      gemm_decode.push_back(std::abs(err(gemm, s.gemm_s)));
      attention_decode.push_back(std::abs(err(p.attention_s, s.attention_s)));
      total_decode.push_back(std::abs(err(p.total(), s.measured_s)));
    } else {
      gemm_prefill.push_back(std::abs(err(gemm, s.gemm_s)));
      total_prefill.push_back(std::abs(err(p.total(), s.measured_s)));
    }
  }
  std::printf(
      "median |error|: decode gemm %.1f%%, attention %.1f%%, step %.1f%%; "
      "prefill gemm %.1f%%, step %.1f%%\n",
      100 * median(gemm_decode), 100 * median(attention_decode), 100 * median(total_decode),
      100 * median(gemm_prefill), 100 * median(total_prefill));
  SUCCEED();
}

}  // namespace
}  // namespace wt
