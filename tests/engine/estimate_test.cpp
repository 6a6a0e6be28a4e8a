// `estimate` against `walk` (docs/engine.md, "`estimate`"): for every shipped scenario and a seeded
// random set of valid layouts, every RunResult figure of estimate_scenario equals run_scenario's.
// Both apply the same stream rules to the same per-op costs, so the only differences are
// floating-point rounding of sums taken in a different order; the test asserts the 1% the design
// allows and prints the largest difference actually seen per field.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "sim/engine/analytical/estimate.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/schedule.hpp"
#include "tests/workload/layer_mix_doc.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr double kTolerance = 0.01;
constexpr int kRandomLayouts = 240;

// Largest relative difference seen per field, for the report at the end of each test.
class Agreement {
 public:
  // |a − b| relative to |b|, or to `floor` where |b| is smaller (a component that is zero up to
  // rounding in one engine may be a few ulps in the other).
  void check(const std::string& field, double estimate, double walk, double floor,
             const std::string& label) {
    const double diff = std::abs(estimate - walk);
    const double scale = std::max(std::abs(walk), floor);
    const double rel = diff == 0.0 ? 0.0 : diff / scale;
    worst_[field] = std::max(worst_[field], rel);
    EXPECT_LE(rel, kTolerance) << label << ": " << field << " estimate " << estimate << " walk "
                               << walk;
  }

  void compare(const RunResult& e, const RunResult& w, const std::string& label) {
    const double t = w.iteration_time_s;
    const double tiny = 1e-6 * t;  // a breakdown component this small is compared to this
    check("iteration_time_s", e.iteration_time_s, t, 0.0, label);
    check("tokens_per_s", e.tokens_per_s, w.tokens_per_s, 0.0, label);
    check("mfu", e.mfu, w.mfu, 0.0, label);
    check("hfu", e.hfu, w.hfu, 0.0, label);
    check("model_flops", e.model_flops_per_iteration, w.model_flops_per_iteration, 0.0, label);
    check("hardware_flops", e.hardware_flops_per_iteration, w.hardware_flops_per_iteration, 0.0,
          label);
    check("breakdown.compute", e.breakdown_s.compute, w.breakdown_s.compute, tiny, label);
    check("breakdown.exposed_comm", e.breakdown_s.exposed_comm, w.breakdown_s.exposed_comm, tiny,
          label);
    check("breakdown.pipeline_bubble", e.breakdown_s.pipeline_bubble, w.breakdown_s.pipeline_bubble,
          tiny, label);
    check("breakdown.optimizer", e.breakdown_s.optimizer, w.breakdown_s.optimizer, tiny, label);
    check("breakdown.other", e.breakdown_s.other, w.breakdown_s.other, tiny, label);
    check("compute_beside_comm", e.compute_beside_comm_s, w.compute_beside_comm_s, tiny, label);
    const ExposedComm& ee = e.exposed_comm_by_dim_s;
    const ExposedComm& we = w.exposed_comm_by_dim_s;
    check("exposed.tp", ee.tp, we.tp, tiny, label);
    check("exposed.pp", ee.pp, we.pp, tiny, label);
    check("exposed.dp", ee.dp, we.dp, tiny, label);
    check("exposed.cp", ee.cp, we.cp, tiny, label);
    check("exposed.ep", ee.ep, we.ep, tiny, label);
    const CommVolume& ev = e.comm_volume_bytes_per_gpu;
    const CommVolume& wv = w.comm_volume_bytes_per_gpu;
    check("volume.tp", ev.tp, wv.tp, 1.0, label);
    check("volume.pp", ev.pp, wv.pp, 1.0, label);
    check("volume.dp", ev.dp, wv.dp, 1.0, label);
    check("volume.cp", ev.cp, wv.cp, 1.0, label);
    check("volume.ep", ev.ep, wv.ep, 1.0, label);
    check("time_to_train_s", e.time_to_train_s, w.time_to_train_s, 0.0, label);
    check("cost_usd", e.cost_usd, w.cost_usd, 0.0, label);
    // Memory is the same closed form: exactly equal.
    const MemoryUse& em = e.memory_per_gpu_bytes;
    const MemoryUse& wm = w.memory_per_gpu_bytes;
    EXPECT_EQ(em.weights, wm.weights) << label;
    EXPECT_EQ(em.gradients, wm.gradients) << label;
    EXPECT_EQ(em.optimizer, wm.optimizer) << label;
    EXPECT_EQ(em.activations, wm.activations) << label;
    EXPECT_EQ(em.total, wm.total) << label;
    EXPECT_EQ(em.capacity, wm.capacity) << label;
    EXPECT_EQ(e.fits_in_memory, w.fits_in_memory) << label;
    EXPECT_EQ(e.num_gpus, w.num_gpus) << label;
    EXPECT_EQ(e.scenario, w.scenario) << label;
    EXPECT_EQ(e.engine, "estimate") << label;
    if (std::abs(e.iteration_time_s - t) <= 1e-9 * t) {
      // Same iteration time to rounding: the same warnings, word for word.
      EXPECT_EQ(e.warnings, w.warnings) << label;
    }
    ++cases_;
  }

  void report(const char* title) const {
    std::cout << title << ": " << cases_ << " cases, largest relative difference per field\n";
    for (const auto& [field, rel] : worst_)
      std::cout << "  " << field << "  " << rel << "\n";
  }

  int cases() const { return cases_; }

 private:
  std::map<std::string, double> worst_;
  int cases_ = 0;
};

void compare(const Scenario& s, const std::string& label, Agreement& agreement) {
  const RunResult walk = run_scenario(s).result;
  RunResult estimate = estimate_scenario(s);
  // A layer-list model has no closed form: estimate_scenario walks it (sim/run.cpp), as here.
  if (s.model.is_layer_list() && estimate.engine == "analytical") estimate.engine = "estimate";
  agreement.compare(estimate, walk, label);
}

// scenarios/*.json that are run scenarios (plan files are planner input, not scenarios).
std::vector<std::string> shipped_scenarios() {
  std::vector<std::string> files;
  for (const fs::directory_entry& e :
       fs::directory_iterator(fs::path(WT_SOURCE_DIR) / "scenarios")) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file() && e.path().extension() == ".json" && name.rfind("plan-", 0) != 0)
      files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(Estimate, AgreesWithTheWalkOnEveryShippedScenario) {
  Agreement agreement;
  for (const std::string& file : shipped_scenarios())
    compare(load_scenario_file(file), fs::path(file).filename().string(), agreement);
  EXPECT_GE(agreement.cases(), 10);
  agreement.report("shipped scenarios");
}

// A random layout of a random model on a random GPU; may be invalid (then the parser says so).
json random_layout(std::mt19937& rng, int index) {
  const auto pick = [&rng](const auto& options) {
    std::uniform_int_distribution<size_t> d(0, std::size(options) - 1);
    return options[d(rng)];
  };
  const char* preset = pick(
      std::array{"gpt3-1.3b", "llama2-7b", "bert-large", "mixtral-8x7b", "gpt3-13b", "llama3-8b"});
  const bool moe = std::string(preset) == "mixtral-8x7b";
  const int t = pick(std::array{1, 2, 4, 8});
  const int p = pick(std::array{1, 2, 3, 4, 8});
  const int d = pick(std::array{1, 2, 4, 8});
  const int c = pick(std::array{1, 1, 1, 2});
  const int e = moe ? pick(std::array{1, 2, 4}) : 1;
  const int mb = pick(std::array{1, 2, 4});
  const char* schedule = pick(std::array{"gpipe", "1f1b", "1f1b", "interleaved"});
  const bool interleaved = std::string(schedule) == "interleaved";
  // 48 micro-batches on 1F1B/GPipe reach the steady state that estimate skips over.
  const int micro_batches =
      interleaved ? pick(std::array{1, 2, 4}) * p : pick(std::array{1, 2, 4, 8, 16, 48});
  const int gpus = t * p * d * c;
  int per_node = 8;
  while (gpus % per_node != 0)
    per_node /= 2;

  json model = {{"preset", preset}, {"seq_length", pick(std::array{512, 1024, 2048})}};
  if (pick(std::array{false, false, true})) model["num_layers"] = pick(std::array{22, 26, 30});
  model["tied_embeddings"] = pick(std::array{false, true});
  json doc = {
      {"schema", 1},
      {"name", "random-" + std::to_string(index)},
      {"model", model},
      {"training",
       {{"global_batch_size", mb * d * micro_batches},
        {"micro_batch_size", mb},
        {"precision", pick(std::array{"bf16", "bf16", "fp16", "fp32", "fp8"})},
        {"optimizer", pick(std::array{"adam", "sgd"})},
        {"activation_recompute", pick(std::array{"none", "selective", "per_op", "full"})},
        {"total_tokens", 1e9}}},
      {"parallel",
       {{"tensor", t},
        {"pipeline", p},
        {"data", d},
        {"context", c},
        {"expert", e},
        {"zero_stage", pick(std::array{0, 1, 1, 2, 3})},
        {"sequence_parallel", pick(std::array{false, true})},
        {"pipeline_schedule", schedule},
        {"virtual_stages", interleaved ? pick(std::array{2, 3, 4}) : 1},
        {"dp_bucket_mb", pick(std::array{1.0, 25.0, 25.0, 200.0, 5000.0})},
        {"overlap_grad_reduce", pick(std::array{true, true, false})},
        {"overlap_param_gather", pick(std::array{true, true, false})},
        {"tp_backward_overlap", pick(std::array{false, true})},
        {"collective_algorithm",
         pick(std::array{"auto", "auto", "ring", "tree", "hierarchical"})}}},
      {"cluster",
       {{"gpu", pick(std::array{"a100-sxm4-80gb", "h100-sxm5-80gb", "mi300x", "l40s"})},
        {"num_nodes", gpus / per_node},
        {"gpus_per_node", per_node},
        // 10 Gb/s: pipeline transfers outlast compute steps and queue on the send stream.
        {"network", {{"link_bandwidth_Gbps", pick(std::array{400.0, 200.0, 10.0})}}}}},
      {"cost", {{"usd_per_gpu_hour", 2.0}}},
  };
  if (pick(std::array{false, false, false, true})) {
    doc["cluster"]["gpu"] = "h100-sxm5-80gb";
    doc["calibration"] = std::string(WT_SOURCE_DIR) + "/tests/hardware/data/synthetic-profile.json";
  }
  return doc;
}

// What the random layouts exercise: each feature must come up often enough to mean something.
class Coverage {
 public:
  void count(const Scenario& s) {
    const ParallelConfig& p = s.parallel;
    const int dp = p.data * p.context;
    seen_["gpipe"] += p.pipeline > 1 && p.pipeline_schedule == PipelineSchedule::gpipe;
    seen_["1f1b"] += p.pipeline > 1 && p.pipeline_schedule == PipelineSchedule::one_f_one_b;
    seen_["interleaved"] += p.pipeline_schedule == PipelineSchedule::interleaved;
    seen_["uneven stages"] += s.model.num_layers % p.pipeline != 0;
    seen_["zero-1/2"] += (p.zero_stage == 1 || p.zero_stage == 2) && dp > 1;
    seen_["zero-3"] += p.zero_stage == 3 && dp > 1;
    seen_["late param gather"] +=
        p.zero_stage > 0 && p.zero_stage < 3 && dp > 1 && !p.overlap_param_gather;
    seen_["no grad overlap"] += dp > 1 && !p.overlap_grad_reduce;
    seen_["full recompute"] += s.training.activation_recompute == Recompute::full;
    seen_["per-op recompute with TP or CP"] +=
        s.training.activation_recompute == Recompute::per_op && (p.tensor > 1 || p.context > 1);
    seen_["sequence parallel"] += p.sequence_parallel && p.tensor > 1;
    seen_["asynchronous TP backward"] += p.tp_backward_overlap && p.tensor > 1;
    seen_["context parallel"] += p.context > 1;
    seen_["expert parallel"] += p.expert > 1;
    seen_["tied over a pipeline"] += s.model.tied_embeddings && p.pipeline > 1;
    seen_["fp32"] += s.training.precision == Precision::fp32;
    seen_["calibrated"] += s.calibration.has_value();
    seen_["multi-node"] += s.cluster.num_nodes > 1;
    seen_["48 micro-batches on a pipeline"] += p.pipeline > 1 && s.num_micro_batches() >= 48;
  }

  void expect_each_feature_seen(int times) const {
    for (const auto& [feature, n] : seen_) {
      std::cout << "  " << feature << ": " << n << " layouts\n";
      EXPECT_GE(n, times) << feature;
    }
  }

 private:
  std::map<std::string, int> seen_;
};

TEST(Estimate, AgreesWithTheWalkOnRandomLayouts) {
  std::mt19937 rng(20261121);
  Agreement agreement;
  Coverage coverage;
  int tried = 0;
  while (agreement.cases() < kRandomLayouts) {
    ASSERT_LT(tried, 50 * kRandomLayouts) << "too few valid random layouts";
    const json doc = random_layout(rng, tried++);
    Scenario s;
    try {
      s = parse_scenario(doc);
    } catch (const InputError&) {
      continue;  // an invalid layout: the planner never evaluates it either
    }
    compare(s, doc.dump(), agreement);
    coverage.count(s);
  }
  agreement.report("random layouts");
  coverage.expect_each_feature_seen(10);
}

// The random layouts on Mixtral with EP over the data ranks and parallel.ep_comm_overlap: paired
// steps under every schedule, ZeRO stage, recompute, precision and network the layouts draw.
TEST(Estimate, AgreesWithTheWalkUnderEpCommOverlapOnRandomLayouts) {
  std::mt19937 rng(20261127);
  Agreement agreement;
  int tried = 0, pipelined = 0;
  while (agreement.cases() < kRandomLayouts / 4) {
    ASSERT_LT(tried, 50 * kRandomLayouts) << "too few valid random layouts";
    json doc = random_layout(rng, tried++);
    const int data = doc["parallel"]["data"].get<int>();
    if (data < 2) continue;
    doc["model"]["preset"] = "mixtral-8x7b";
    doc["parallel"]["expert"] = data;
    doc["parallel"]["ep_comm_overlap"] = true;
    Scenario s;
    try {
      s = parse_scenario(doc);
    } catch (const InputError&) {
      continue;
    }
    if (!ep_pairs(s)) continue;
    pipelined += s.parallel.pipeline > 1;
    compare(s, doc.dump(), agreement);
  }
  agreement.report("random layouts, EP overlap");
  EXPECT_GE(pipelined, 10);
}

// MoE parallel folding (sim/scenario/expert_layout.hpp): EP beyond data × context with ETP 1, and
// EP within it on ETP 1 or the default ETP = TP; the experts' gradient buckets over EDP, with and
// without overlap, under ZeRO 0, 1 and 3.
TEST(Estimate, AgreesWithTheWalkOnFoldedExpertLayouts) {
  Agreement agreement;
  // tensor, pipeline, data, expert, expert_tensor, zero_stage, overlap_grad_reduce
  for (const auto& [t, p, d, e, etp, zero, overlap] :
       {std::tuple{2, 1, 4, 8, 1, 1, true}, std::tuple{4, 2, 2, 8, 1, 0, true},
        std::tuple{2, 2, 4, 4, 1, 1, false}, std::tuple{2, 1, 8, 4, 0, 1, true},
        std::tuple{2, 2, 4, 8, 1, 3, true}, std::tuple{2, 1, 8, 2, 1, 2, true}}) {
    const json doc = {
        {"schema", 1},
        {"name", "folded"},
        {"model", {{"preset", "mixtral-8x7b"}, {"seq_length", 1024}, {"num_layers", 8}}},
        {"training", {{"global_batch_size", 8 * d}, {"micro_batch_size", 1}}},
        {"parallel",
         {{"tensor", t},
          {"pipeline", p},
          {"data", d},
          {"expert", e},
          {"expert_tensor", etp},
          {"zero_stage", zero},
          {"sequence_parallel", true},
          {"dp_bucket_mb", 25.0},
          {"overlap_grad_reduce", overlap}}},
        {"cluster",
         {{"gpu", "h100-sxm5-80gb"}, {"num_nodes", t * p * d / 8}, {"gpus_per_node", 8}}},
    };
    compare(parse_scenario(doc), doc.dump(), agreement);
  }
  agreement.report("folded expert layouts");
}

// GPT-3 1.3B with `layers` layers on TP 2 × PP 4 × DP 2 (two H100 nodes), interleaved over v
// chunks.
json interleaved_doc(int layers, int v) {
  return {{"model", {{"preset", "gpt3-1.3b"}, {"num_layers", layers}}},
          {"training", {{"global_batch_size", 64}, {"micro_batch_size", 1}}},
          {"parallel",
           {{"tensor", 2},
            {"pipeline", 4},
            {"data", 2},
            {"pipeline_schedule", "interleaved"},
            {"virtual_stages", v}}},
          {"cluster", {{"gpu", "h100-sxm5-80gb"}, {"num_nodes", 2}, {"gpus_per_node", 8}}}};
}

// Layers that do not split evenly over pipeline x virtual stages (as Megatron-Core allows): both
// paths put the remainder on the same chunks and time the same slowest stage.
TEST(Estimate, AgreesWithTheWalkOnUnevenInterleavedSplits) {
  Agreement agreement;
  for (const int layers : {26, 30, 61}) {
    for (const int v : {2, 3, 4}) {
      const json doc = interleaved_doc(layers, v);
      const Scenario s = parse_scenario(doc);
      compare(s, doc.dump(), agreement);
    }
  }
  EXPECT_EQ(agreement.cases(), 9);
  agreement.report("uneven interleaved splits");
}

// The embedding and the loss counted as layers (Megatron-Core's account-for flags): both paths
// take the same split, down to chunks that hold the embedding or the loss only (6 layers + 2 or
// 7 + 1 over 4 × 2 chunks).
TEST(Estimate, AgreesWithTheWalkWithEmbeddingAndLossCountedAsLayers) {
  Agreement agreement;
  for (const int layers : {6, 7, 30, 31}) {
    for (const auto& [embedding, loss] : {std::pair{true, false}, {false, true}, {true, true}}) {
      if (layers + int{embedding} + int{loss} < 8) continue;  // a chunk without a slot
      json doc = interleaved_doc(layers, 2);
      doc["parallel"]["account_for_embedding_in_pipeline_split"] = embedding;
      doc["parallel"]["account_for_loss_in_pipeline_split"] = loss;
      const Scenario s = parse_scenario(doc);
      compare(s, doc.dump(), agreement);
    }
  }
  EXPECT_EQ(agreement.cases(), 10);
  agreement.report("embedding and loss counted as layers");
}

// The first and last stages' layers stated (Megatron-Core's --decoder-first/last-pipeline-num-
// layers), 1F1B and interleaved, with DeepSeek-V3's dense first layers and MTP on the last stage:
// both paths build the same stages.
TEST(Estimate, AgreesWithTheWalkWithStatedFirstAndLastStageLayers) {
  Agreement agreement;
  // layers, virtual stages, first, last
  for (const auto& [layers, v, first, last] : {std::tuple{26, 1, 2, 6}, std::tuple{26, 1, 0, 5},
                                               std::tuple{28, 2, 4, 4}, std::tuple{30, 2, 6, 0}}) {
    json doc = interleaved_doc(layers, v);
    if (v == 1) doc["parallel"]["pipeline_schedule"] = "1f1b";
    doc["parallel"]["first_stage_layers"] = first;
    doc["parallel"]["last_stage_layers"] = last;
    const Scenario s = parse_scenario(doc);
    compare(s, doc.dump(), agreement);
  }
  json mix = test::dense_first_mtp_doc(4, 1);
  mix["parallel"]["first_stage_layers"] = 1;
  mix["parallel"]["last_stage_layers"] = 1;
  const Scenario s = parse_scenario(mix);
  compare(s, mix.dump(), agreement);
  EXPECT_EQ(agreement.cases(), 5);
  agreement.report("stated first and last stage layers");
}

// MoE in every k-th layer (model.moe.layer_freq): each chunk runs its dense layers first in both
// paths; 1F1B and interleaved, ZeRO-1 and 3, block recompute.
TEST(Estimate, AgreesWithTheWalkWithMoeEveryKthLayer) {
  Agreement agreement;
  // chunks, layer_freq, first dense layers, zero stage, recompute layers (0: none)
  for (const auto& [v, k, d, zero, recompute] :
       {std::tuple{1, 2, 0, 1, 0}, std::tuple{2, 2, 1, 1, 0}, std::tuple{1, 3, 1, 3, 0},
        std::tuple{2, 2, 0, 1, 1}}) {
    json doc = test::dense_first_mtp_doc(4, v);
    doc["model"]["num_layers"] = 16;
    doc["model"]["moe"]["first_dense_layers"] = d;
    doc["model"]["moe"]["layer_freq"] = k;
    doc["parallel"]["zero_stage"] = zero;
    if (recompute > 0) {
      doc["training"]["activation_recompute"] = "full";
      doc["training"]["recompute_num_layers"] = recompute;
    }
    const Scenario s = parse_scenario(doc);
    compare(s, doc.dump(), agreement);
  }
  EXPECT_EQ(agreement.cases(), 4);
  agreement.report("MoE every k-th layer");
}

// Full recompute of only the first N layers of each chunk (Megatron's block method), on uneven
// interleaved splits and with ZeRO-3: both paths recompute the same layers.
TEST(Estimate, AgreesWithTheWalkUnderBlockRecompute) {
  Agreement agreement;
  for (const int layers : {26, 30}) {
    for (const int n : {1, 2, 5}) {
      for (const int zero : {1, 3}) {
        json doc = interleaved_doc(layers, 2);
        doc["training"]["activation_recompute"] = "full";
        doc["training"]["recompute_num_layers"] = n;
        doc["parallel"]["zero_stage"] = zero;
        const Scenario s = parse_scenario(doc);
        compare(s, doc.dump(), agreement);
      }
    }
  }
  EXPECT_EQ(agreement.cases(), 12);
  agreement.report("block recompute");
}

// Dense first layers and MTP layers (sim/workload/layer_mix.hpp): an MoE model of 10 layers, the
// first 3 dense, with one MTP layer, over 1F1B and interleaved splits that put the dense layers on
// one or two stages, under ZeRO 1 and 3, full (block) and per-op recompute and TP overlap; both
// paths time the same per-stage work.
TEST(Estimate, AgreesWithTheWalkWithDenseFirstLayersAndMtp) {
  Agreement agreement;
  // pipeline, virtual stages, zero stage, recompute, recompute_num_layers, tp overlap
  // (userbuffers), asynchronous TP backward (the dense layers pair their FC1's collectives, the MoE
  // layers not)
  for (const auto& [p, v, zero, recompute, block, overlap, async] :
       {std::tuple{4, 1, 1, "none", 0, false, false},
        std::tuple{4, 2, 1, "selective", 0, false, false},
        std::tuple{2, 1, 3, "full", 0, false, false}, std::tuple{4, 2, 1, "full", 1, false, false},
        std::tuple{4, 1, 3, "full", 2, false, false},
        std::tuple{2, 2, 1, "per_op", 0, false, false}, std::tuple{4, 1, 1, "none", 0, true, false},
        std::tuple{1, 1, 1, "none", 0, false, false}, std::tuple{4, 1, 1, "none", 0, false, true},
        std::tuple{2, 2, 1, "per_op", 0, false, true},
        std::tuple{4, 2, 3, "full", 1, false, true}}) {
    json doc = test::dense_first_mtp_doc(p, v);
    doc["training"]["activation_recompute"] = recompute;
    doc["training"]["recompute_num_layers"] = block;
    doc["parallel"]["zero_stage"] = zero;
    doc["parallel"]["tp_comm_overlap"] = overlap;
    doc["parallel"]["tp_backward_overlap"] = async;
    compare(parse_scenario(doc), doc.dump(), agreement);
  }
  EXPECT_EQ(agreement.cases(), 11);
  agreement.report("dense first layers and MTP");
}

// fp8 delayed scaling's amax all-reduce at the end of every chunk pass (chunk_amax_sync): over
// the data ranks, or the tensor ranks when the stage has one data rank; 1F1B and interleaved, ZeRO
// 1 and 3, full recompute; both paths put it on the same passes.
TEST(Estimate, AgreesWithTheWalkWithFp8AmaxReductions) {
  Agreement agreement;
  // virtual stages, data, zero stage, recompute
  for (const auto& [v, data, zero, recompute] :
       {std::tuple{1, 2, 1, "none"}, std::tuple{2, 2, 1, "selective"}, std::tuple{2, 2, 3, "full"},
        std::tuple{1, 1, 1, "none"}, std::tuple{3, 2, 1, "full"}}) {
    json doc = interleaved_doc(26, v);
    if (v == 1) doc["parallel"]["pipeline_schedule"] = "1f1b";
    doc["parallel"]["data"] = data;
    doc["parallel"]["zero_stage"] = zero;
    doc["cluster"]["num_nodes"] = data;
    doc["training"]["precision"] = "fp8";
    doc["training"]["activation_recompute"] = recompute;
    const Scenario s = parse_scenario(doc);
    ASSERT_GT(chunk_amax_sync(s, Phase::forward).count, 0);
    compare(s, doc.dump(), agreement);
  }
  EXPECT_EQ(agreement.cases(), 5);
  agreement.report("fp8 amax reductions");
}

// DeepSpeed-Ulysses context parallelism (cp_comm_type a2a): its all-to-alls of Q, K, V and the
// output in every pass, with TP, a pipeline, EP and each recompute mode; both paths price the same
// collectives and the same head-split attention kernel.
TEST(Estimate, AgreesWithTheWalkUnderUlysses) {
  Agreement agreement;
  // preset, tensor, pipeline, context, expert, recompute
  for (const auto& [preset, t, p, c, e, recompute] :
       {std::tuple{"llama3-8b", 1, 1, 4, 1, "none"}, std::tuple{"llama3-8b", 2, 2, 2, 1, "full"},
        std::tuple{"llama3-8b", 2, 1, 4, 1, "selective"},
        std::tuple{"llama3-8b", 1, 2, 2, 1, "per_op"},
        std::tuple{"mixtral-8x7b", 2, 1, 2, 2, "selective"}}) {
    const int gpus = t * p * c * 2;
    const json doc = {
        {"schema", 1},
        {"name", "ulysses"},
        {"model", {{"preset", preset}, {"seq_length", 16384}, {"num_layers", 8}}},
        {"training",
         {{"global_batch_size", 8}, {"micro_batch_size", 1}, {"activation_recompute", recompute}}},
        {"parallel",
         {{"tensor", t},
          {"pipeline", p},
          {"context", c},
          {"data", 2},
          {"expert", e},
          {"zero_stage", 1},
          {"sequence_parallel", t > 1},
          {"cp_comm_type", "a2a"}}},
        {"cluster",
         {{"gpu", "h100-sxm5-80gb"},
          {"num_nodes", std::max(1, gpus / 8)},
          {"gpus_per_node", std::min(8, gpus)}}}};
    const Scenario s = parse_scenario(doc);
    compare(s, doc.dump(), agreement);
  }
  EXPECT_EQ(agreement.cases(), 5);
  agreement.report("ulysses");
}

// Megatron-Core's allgather MoE dispatcher: an all-gather and a reduce-scatter over the EP group in
// every pass, with a pipeline, each recompute mode and capacity padding; both paths price the same
// collectives and the same local permutation.
TEST(Estimate, AgreesWithTheWalkUnderTheAllGatherDispatcher) {
  Agreement agreement;
  // pipeline, expert, recompute, capacity factor
  for (const auto& [p, e, recompute, capacity] :
       {std::tuple{1, 8, "none", 0.0}, std::tuple{2, 4, "full", 0.0},
        std::tuple{1, 2, "selective", 1.25}, std::tuple{2, 8, "none", 0.0}}) {
    const int gpus = p * 8;
    const json doc = {
        {"schema", 1},
        {"name", "allgather"},
        {"model",
         {{"preset", "mixtral-8x7b"}, {"num_layers", 8}, {"moe", {{"capacity_factor", capacity}}}}},
        {"training",
         {{"global_batch_size", 32},
          {"micro_batch_size", 1},
          {"activation_recompute", recompute},
          {"moe_dispatcher", "allgather"}}},
        {"parallel", {{"pipeline", p}, {"data", 8}, {"expert", e}, {"zero_stage", 1}}},
        {"cluster",
         {{"gpu", "h100-sxm5-80gb"}, {"num_nodes", std::max(1, gpus / 8)}, {"gpus_per_node", 8}}}};
    compare(parse_scenario(doc), doc.dump(), agreement);
  }
  EXPECT_EQ(agreement.cases(), 4);
  agreement.report("allgather dispatcher");
}

// parallel.ep_comm_overlap: steady forward/backward pairs with their expert-parallel collectives
// on their own stream. 1F1B (one more warm-up forward) and interleaved, with and without a
// pipeline, the all-gather dispatcher, full and per-op recompute, ZeRO-1 and 3, dense first and
// MTP layers.
TEST(Estimate, AgreesWithTheWalkUnderEpCommOverlap) {
  Agreement agreement;
  // pipeline, chunks, expert, recompute, zero stage, dispatcher
  for (const auto& [p, v, e, recompute, zero, dispatcher] :
       {std::tuple{1, 1, 8, "none", 1, "alltoall"}, std::tuple{2, 1, 4, "full", 1, "alltoall"},
        std::tuple{4, 1, 2, "selective", 3, "alltoall"},
        std::tuple{2, 2, 8, "none", 1, "allgather"}, std::tuple{4, 2, 4, "per_op", 1, "alltoall"},
        std::tuple{2, 1, 8, "none", 3, "allgather"}}) {
    json doc = test::dense_first_mtp_doc(p, v);
    doc["model"]["num_layers"] = 8 * v;
    doc["training"]["global_batch_size"] = 32;
    doc["training"]["activation_recompute"] = recompute;
    doc["training"]["moe_dispatcher"] = dispatcher;
    doc["parallel"]["tensor"] = 1;
    doc["parallel"]["sequence_parallel"] = false;
    doc["parallel"]["data"] = 8;
    doc["parallel"]["expert"] = e;
    doc["parallel"]["zero_stage"] = zero;
    doc["parallel"]["ep_comm_overlap"] = true;
    doc["cluster"]["num_nodes"] = p;
    doc["cluster"]["gpus_per_node"] = 8;
    compare(parse_scenario(doc), doc.dump(), agreement);
  }
  EXPECT_EQ(agreement.cases(), 6);
  agreement.report("EP communication overlap");
}

TEST(Estimate, UnknownGpuIsAnInputError) {
  Scenario s = load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/one-gpu.json");
  s.cluster.gpu = "no-such-gpu";
  EXPECT_THROW(estimate_scenario(s), InputError);
  EXPECT_THROW(estimate_iteration_s(s), InputError);
}

}  // namespace
}  // namespace wt
