// Absurd sizes are refused up front with an InputError naming the field, in well under a second;
// the limits' boundaries are computed by hand in each test's comment.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/checked_math.hpp"
#include "core/error.hpp"
#include "planner/search/plan_spec.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

using nlohmann::json;

// llama3-8b: 32 layers, h 4096, 32 heads, V 128256; 8 GPUs as tensor 2 x data 4.
json llama8b() {
  return json::parse(R"({
    "model": {"preset": "llama3-8b"},
    "training": {"global_batch_size": 128, "micro_batch_size": 1},
    "parallel": {"tensor": 2, "data": 4},
    "cluster": {"gpu": "h100", "num_nodes": 1, "gpus_per_node": 8}
  })");
}

InputError refusal(const json& doc, const std::vector<std::string>& sets = {}) {
  try {
    parse_scenario(doc, sets);
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "accepted";
  return InputError("", "");
}

TEST(CheckedMath, ProductsThatFitAndThatOverflow) {
  EXPECT_EQ(checked_mul(3'000'000'000, 3'000'000'000), 9'000'000'000'000'000'000);
  EXPECT_FALSE(checked_mul(INT64_MAX, 2));
  EXPECT_EQ(checked_product({int64_t{1} << 31, int64_t{1} << 31}), int64_t{1} << 62);
  EXPECT_FALSE(checked_product({int64_t{1} << 31, int64_t{1} << 31, 2}));  // 2^63
  EXPECT_FALSE(checked_add(INT64_MAX, 1));
  EXPECT_EQ(checked_add(INT64_MAX - 1, 1), INT64_MAX);
}

TEST(Limits, BillionGpusIsOutOfRange) {
  const InputError e = refusal(llama8b(), {"cluster.num_nodes=1000000000"});
  EXPECT_EQ(e.path(), "cluster.num_nodes");
  EXPECT_EQ(e.allowed(), "1 .. 1000000");
}

TEST(Limits, MillionLayersIsOutOfRange) {
  EXPECT_EQ(refusal(llama8b(), {"model.num_layers=1000000"}).path(), "model.num_layers");
}

TEST(Limits, BatchOf10To18IsOutOfRange) {
  EXPECT_EQ(refusal(llama8b(), {"training.global_batch_size=1000000000000000000"}).path(),
            "training.global_batch_size");
}

// 131072 sequences / (1 x data 4) = 32768 micro-batches x 32 layers = 2^20 layer passes: the limit.
TEST(Limits, LayerPassesUpToTwoToTheTwentyAreSimulated) {
  EXPECT_NO_THROW(parse_scenario(llama8b(), {"training.global_batch_size=131072"}));
  const InputError e = refusal(llama8b(), {"training.global_batch_size=131076"});
  EXPECT_EQ(e.path(), "training.global_batch_size");
  EXPECT_EQ(e.value(), "1048608 layer passes");  // 32769 x 32
}

// Today's hang: 4e8 sequences = 1e8 micro-batches x 32 layers = 3.2e9 layer passes.
TEST(Limits, HundredMillionMicroBatchesAreRefusedNotWalked) {
  const InputError e = refusal(llama8b(), {"training.global_batch_size=400000000"});
  EXPECT_EQ(e.value(), "3200000000 layer passes");
}

// 32 layers x s 2^24 x b 1 x (34 x 128256 + 5 x 32 x 2^24) = 2^29 x 2688715264 bytes > 2^60.
TEST(Limits, ActivationsBeyondAnExabyteAreRefused) {
  const InputError e = refusal(llama8b(), {"model.seq_length=16777216"});
  EXPECT_EQ(e.path(), "model.seq_length");
  EXPECT_EQ(e.value(), "1443493015892000768 bytes");
  EXPECT_EQ(e.allowed(), "at most 2^60 bytes (1 EiB)");
}

// An MoE micro-batch whose dense activations are far below the limit but whose expert rows are
// not: 64 experts, top-64, capacity 64, 10^5 sequences of 2048 per micro-batch. Before the bound
// counted the routed copies, the memory model passed 2^63 and the JSON writer stopped with an
// internal error. 32 x 2048 x 10^5 x (34 x 128256 + 5 x 32 x 2048) x 64 x 64 = 1.3e20 > 2^63;
// top-1 without a capacity factor it is 3.1e16, within the limit.
TEST(Limits, ExpertActivationsCountEveryRoutedCopy) {
  json doc = llama8b();
  doc["model"]["moe"] = {{"num_experts", 64}, {"top_k", 64}, {"capacity_factor", 64}};
  doc["parallel"] = {{"tensor", 1}, {"data", 8}, {"expert", 8}};
  doc["training"] = {{"global_batch_size", 800'000}, {"micro_batch_size", 100'000}};
  doc["model"]["seq_length"] = 2048;
  const InputError e = refusal(doc);
  EXPECT_EQ(e.path(), "model.seq_length");
  EXPECT_EQ(e.value(), "more than 2^63 bytes");
  // The same without the capacity factor and with top-1 is within the limit.
  doc["model"]["moe"] = {{"num_experts", 64}, {"top_k", 1}};
  EXPECT_NO_THROW(parse_scenario(doc, {}));
}

// 20 x (10^4 x 10^6 x (4 x 10^6 + 3 x 10^7) + 2 x 128256 x 10^6) bytes of parameter state.
TEST(Limits, ParameterStateBeyondAnExabyteIsRefused) {
  const InputError e = refusal(llama8b(), {"model.num_layers=10000", "model.hidden_size=1000000",
                                           "model.ffn_hidden_size=10000000"});
  EXPECT_EQ(e.path(), "model.hidden_size");
  EXPECT_EQ(e.value(), "6800005130240000000 bytes");
}

// Pipeline 32 leaves one layer per stage, so 2^19 micro-batches pass the layer-pass limit, but
// 16 x 2^29 sequences x 8192 x 4096 x 32 layers = 2^63 bytes overflows int64.
TEST(Limits, CommunicationVolumeThatOverflowsInt64IsRefused) {
  json doc = llama8b();
  doc["parallel"] = {{"tensor", 1}, {"pipeline", 32}, {"data", 1}, {"sequence_parallel", false}};
  doc["cluster"]["num_nodes"] = 4;
  doc["training"]["micro_batch_size"] = 1024;
  doc["training"]["global_batch_size"] = int64_t{1} << 29;
  const InputError e = refusal(doc);
  EXPECT_EQ(e.path(), "training.global_batch_size");
  EXPECT_EQ(e.value(), "more than 2^63 bytes");
}

TEST(Limits, TorusWhoseProductOverflowsTheNodeCountIsRefused) {
  json doc = llama8b();
  doc["cluster"]["num_nodes"] = 16;
  doc["cluster"]["network"] = {{"topology", "torus"}, {"torus", {{"dims", {1024, 1024, 1024}}}}};
  doc["parallel"]["data"] = 64;
  EXPECT_EQ(refusal(doc).path(), "cluster.network.torus.dims");
}

json plan_with_list(const std::string& section, const std::string& key, json list) {
  json doc = llama8b();
  doc["plan"] = {{"deadline_days", 30}};
  doc[section][key] = std::move(list);
  return doc;
}

json integers(int64_t from, int64_t count) {
  json a = json::array();
  for (int64_t i = 0; i < count; ++i)
    a.push_back(from + i);
  return a;
}

TEST(Limits, PlanListOfMoreThan100000AlternativesIsRefused) {
  try {
    parse_plan(plan_with_list("training", "micro_batch_size", integers(1, 100'001)), ".", "t");
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "training.micro_batch_size");
    EXPECT_EQ(e.value(), "100001 values");
  }
}

// Seven axes of 1,000 values: 10^21 combinations > 2^40, refused before any alternative is read
// (count_combinations divides instead of multiplying, so the count itself cannot overflow).
TEST(Limits, PlanOf10To21CombinationsIsRefused) {
  json doc = llama8b();
  doc["plan"] = {{"deadline_days", 30}};
  for (const char* path :
       {"training.micro_batch_size", "training.global_batch_size", "cluster.num_nodes",
        "parallel.tensor", "parallel.pipeline", "parallel.context", "parallel.expert"}) {
    const std::string p(path);
    const size_t dot = p.find('.');
    doc[p.substr(0, dot)][p.substr(dot + 1)] = integers(1, 1000);
  }
  try {
    parse_plan(doc, ".", "t");
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("more than 2^40 combinations"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace wt
