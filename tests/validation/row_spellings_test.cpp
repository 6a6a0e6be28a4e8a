// The dev rows written the way other sources write them give their pinned predictions: numbers as
// text, the GPU by another of its catalog names, the interconnect with the count after the rate,
// counts, layouts and experts under other names.
// What the importer reads (docs/validation.md, "From a row to a scenario") must not depend on the
// spelling.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/hardware/gpu.hpp"
#include "sim/validation/row_to_scenario.hpp"
#include "sim/validation/rows.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

std::string text_of(const json& row, const char* key) {
  const auto it = row.find(key);
  return it != row.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<json> training_rows() {
  std::vector<json> rows;
  for (const char* file : {"/scenarios/validation/published-runs-dev.json",
                           "/scenarios/validation/published-runs-dev-2.json"}) {
    std::ifstream in(std::string(WT_SOURCE_DIR) + file);
    for (json& row : json::parse(in)) {
      if (text_of(row, "row_type") == "training_throughput") rows.push_back(std::move(row));
    }
  }
  return rows;
}

// Every whole number among the row's own fields (not its metrics) as text, with thousands
// separators: 1536 → "1,536".
json numbers_as_text(json row) {
  const auto text = [](int64_t v) {
    std::string digits = std::to_string(v), out;
    for (size_t i = 0; i < digits.size(); ++i) {
      if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
      out += digits[i];
    }
    return out;
  };
  for (auto& [key, value] : row.items()) {
    if (key != "id" && value.is_number_integer()) value = text(value.get<int64_t>());
  }
  return row;
}

// The pinned prediction of every dev row, by id (tests/validation/expected/, the DevSet goldens):
// a row written otherwise must give it, without running the row as written a second time.
const std::map<int, double>& pinned_predictions() {
  static const std::map<int, double> pinned = [] {
    std::map<int, double> out;
    for (const char* file :
         {"/tests/validation/expected/dev-set.json", "/tests/validation/expected/dev-set-2.json"}) {
      std::ifstream in(std::string(WT_SOURCE_DIR) + file);
      const json expected = json::parse(in);
      for (const auto& [key, entry] : expected.items())
        out[std::stoi(key)] = entry.at("predicted").get<double>();
    }
    return out;
  }();
  return pinned;
}

void expect_pinned(const json& spelled, const std::string& how) {
  const ValidationRow r = validate_training_row(spelled, {});
  ASSERT_TRUE(r.expressed) << r.id << ": " << r.why_not << " (" << how << ")";
  const double pinned = pinned_predictions().at(r.id);
  EXPECT_NEAR(r.predicted, pinned, 1e-9 * pinned) << r.id << ": " << how;
}

TEST(RowSpellings, NumbersWrittenAsTextGiveThePinnedPredictions) {
  int compared = 0;
  for (const json& row : training_rows()) {
    expect_pinned(numbers_as_text(row), "numbers as text");
    ++compared;
  }
  EXPECT_GE(compared, 49);
}

TEST(RowSpellings, TheGpuByAnotherOfItsNamesAndTheCountAfterTheRateGiveThePinnedPredictions) {
  int compared = 0;
  for (const json& row : training_rows()) {
    json spelled = row;
    const std::string gpu = text_of(row, "gpu_model");
    // "NVIDIA H100 80GB HBM3" → "H100-SXM5-80GB"-style names are the catalog's aliases; the
    // module words stay so that the memory and form factor read the same.
    if (gpu.find("B200") != std::string::npos && gpu.find("GB200") == std::string::npos) {
      spelled["gpu_model"] = "NVIDIA DGX B200";
    }
    const std::string net = text_of(row, "inter_node_interconnect");
    if (net.rfind("8x ", 0) == 0 || net.find(" 8x ") != std::string::npos) {
      // "8x Mellanox 200 Gb/s HDR ..." → "Mellanox 200 Gb/s HDR ... x8"
      std::string moved = net;
      moved.erase(moved.find("8x "), 3);
      const auto clause = moved.find_first_of(",(;");
      if (clause == std::string::npos) {
        moved += " x8";
      } else {
        moved.insert(clause, " x8 ");
      }
      spelled["inter_node_interconnect"] = moved;
    }
    expect_pinned(spelled, text_of(spelled, "gpu_model") + " | " +
                               text_of(spelled, "inter_node_interconnect"));
    ++compared;
  }
  EXPECT_GE(compared, 49);
}

// Each dev row written the way other sources write the same facts (row_complete.cpp), all at
// once: nodes instead of GPUs; the sequence length in binary thousands ("8k"); the global batch
// left to micro-batch × accumulation × dp where the row gives them; a percentage metric with its
// sign; context, virtual stages and micro-batch under Megatron-LM's argument names in `other`;
// tensor, pipeline and expert degrees only in a table title's words ("TP=4, PP=8, EP=1").
TEST(RowSpellings, WrittenAsOtherSourcesWriteThemGiveThePinnedPredictions) {
  const std::pair<const char*, const char*> megatron[] = {
      {"cp", "context_parallel_size"},
      {"vp", "virtual_pipeline_model_parallel_size"},
      {"micro_batch_size", "micro_batch_size"}};
  const std::pair<const char*, const char*> titled[] = {{"tp", "TP"}, {"pp", "PP"}, {"ep", "EP"}};
  int nodes = 0, lengths = 0, batches = 0, percents = 0, named = 0, written = 0;
  for (const json& row : training_rows()) {
    json spelled = row;
    if (!spelled["other"].is_object()) spelled["other"] = json::object();
    const auto per_node = row.value("gpus_per_node", json());
    const int64_t gpus = row.at("num_gpus").get<int64_t>();
    if (per_node.is_number_integer() && gpus % per_node.get<int64_t>() == 0 &&
        gpus > per_node.get<int64_t>()) {
      spelled.erase("num_gpus");
      spelled["num_nodes"] = gpus / per_node.get<int64_t>();
      ++nodes;
    }
    const auto seq = row.value("seq_length", json());
    if (seq.is_number_integer() && seq.get<int64_t>() % 1024 == 0) {
      spelled["seq_length"] = std::to_string(seq.get<int64_t>() / 1024) + "k";
      ++lengths;
    }
    const auto micro = row.value("micro_batch_size", json());
    const auto accum = row.value("grad_accum_steps", json());
    const auto dp = row.value("dp", json());
    if (micro.is_number_integer() && accum.is_number_integer() && dp.is_number_integer() &&
        micro.get<int64_t>() * accum.get<int64_t>() * dp.get<int64_t>() ==
            row.at("global_batch_size").get<int64_t>()) {
      spelled["global_batch_size"] = nullptr;
      ++batches;
    }
    if (row.at("metrics").contains("mfu_pct") && row.at("metrics").at("mfu_pct").is_number()) {
      spelled["metrics"]["mfu_pct"] = row.at("metrics").at("mfu_pct").dump() + "%";
      ++percents;
    }
    for (const auto& [field, name] : megatron) {
      if (!row.contains(field) || !row.at(field).is_number_integer()) continue;
      spelled["other"][name] = row.at(field);
      spelled[field] = nullptr;
      ++named;
    }
    std::string layout;
    for (const auto& [field, name] : titled) {
      if (!row.contains(field) || !row.at(field).is_number_integer()) continue;
      layout += std::string(layout.empty() ? "" : ", ") + name + "=" + row.at(field).dump();
      spelled[field] = nullptr;
    }
    if (!layout.empty()) {
      spelled["other"]["parallelism"] = layout;
      ++written;
    }
    expect_pinned(spelled, spelled.dump());
  }
  EXPECT_GE(nodes, 20);
  EXPECT_GE(lengths, 20);
  EXPECT_GE(batches, 5);
  EXPECT_GE(percents, 5);
  EXPECT_GE(named, 40);
  EXPECT_GE(written, 40);
}

// A degree written with its name is that number; two texts that disagree give none; a note's
// layout is another run's.
TEST(RowSpellings, LayoutTextsAreReadOnlyWhenTheyAgree) {
  json row = training_rows().front();  // GPT 1.7B on 32 GPUs: TP 1, PP 1, DP 32
  std::vector<std::string> readings;
  row["tp"] = "TP2";
  row["dp"] = "16-way";
  json done = completed_row(row, readings);
  EXPECT_EQ(done.at("tp"), 2);
  EXPECT_EQ(done.at("dp"), 16);
  row["tp"] = "TP=-3";
  EXPECT_EQ(completed_row(row, readings).at("tp"), "TP=-3");

  row = training_rows().front();
  row["tp"] = nullptr;
  row["other"]["parallelism"] = "TP=2, PP=1";
  row["other"]["layout"] = "TP4";
  done = completed_row(row, readings);
  EXPECT_TRUE(done.at("tp").is_null());
  EXPECT_EQ(done.at("pp"), 1);

  // Megatron's kv_channels is the head width.
  row["other"]["kv_channels"] = 128;
  EXPECT_EQ(completed_row(row, readings).at("head_dim"), 128);
  row["other"].erase("kv_channels");

  row["other"].erase("layout");
  row["other"]["notes"] = "the paper compares TP=8";
  readings.clear();
  done = completed_row(row, readings);
  EXPECT_EQ(done.at("tp"), 2);
  ASSERT_FALSE(readings.empty());
  EXPECT_EQ(readings.front(), "tp not given: 2 as the row's other.parallelism writes it");
}

// Counts far out of range are left for the mapping to refuse, never multiplied or cast past
// int64_t (the sanitizer suite runs this).
TEST(RowSpellings, CountsOutOfRangeAreNotReadIntoTheRow) {
  const int64_t huge = int64_t{1} << 53;
  json row = training_rows().front();
  std::vector<std::string> readings;
  row.erase("num_gpus");
  row["num_nodes"] = huge;
  row["gpus_per_node"] = huge;
  EXPECT_FALSE(completed_row(row, readings).contains("num_gpus"));
  row.erase("num_nodes");
  row["dp"] = huge;
  row["tp"] = huge;
  EXPECT_FALSE(completed_row(row, readings).contains("num_gpus"));
  row["global_batch_size"] = nullptr;
  row["micro_batch_size"] = huge;
  row["grad_accum_steps"] = huge;
  EXPECT_TRUE(completed_row(row, readings).at("global_batch_size").is_null());
  row = training_rows().front();
  row["tp"] = nullptr;
  row["vp"] = nullptr;
  row["other"]["tensor_model_parallel_size"] = 1e308;
  row["other"]["num_layers_per_virtual_pipeline_stage"] = 1e308;
  row["other"]["num_moe_experts"] = 1e308;
  const json done = completed_row(row, readings);
  EXPECT_TRUE(done.at("tp").is_number_float());
  EXPECT_TRUE(done.at("vp").is_null());
  EXPECT_FALSE(done.contains("moe") && !done.at("moe").is_null());
  const ValidationRow r = validate_training_row(row, {});
  EXPECT_FALSE(r.expressed);
  EXPECT_NE(r.why_not.find("tp"), std::string::npos) << r.why_not;
}

// An MoE row's experts under the names configurations give them, at the top level or in `other`
// instead of a `moe` object (row_complete.cpp): the same model as the object with those figures.
TEST(RowSpellings, TheExpertsUnderOtherNamesAreTheSameModel) {
  struct Names {
    const char* count;
    const char* top_k;
    const char* ffn;
    const char* shared;
    const char* shared_ffn;
  };
  const Names megatron{"num_experts", "moe_router_topk", "moe_ffn_hidden_size", "n_shared_experts",
                       "shared_expert_ffn_hidden_size"};
  const Names hugging_face{"num_local_experts", "num_experts_per_tok", "moe_intermediate_size",
                           "n_shared_experts", "shared_expert_intermediate_size"};
  int compared = 0;
  for (const json& row : training_rows()) {
    if (!row.contains("moe") || !row.at("moe").is_object()) continue;
    const json& moe = row.at("moe");
    json as_object = row;
    as_object["moe"] = {{"num_experts", moe.at("num_experts")},
                        {"top_k", moe.at("top_k")},
                        {"moe_ffn_hidden_size", moe.at("moe_ffn_hidden_size")}};
    const bool shared = moe.value("shared_experts", 0) > 0;
    if (shared) {
      as_object["moe"]["shared_experts"] = moe.at("shared_experts");
      as_object["moe"]["shared_expert_ffn_hidden_size"] = moe.at("shared_expert_ffn_hidden_size");
    }
    as_object["model_name"] = "an MoE model";  // no preset fills what the figures leave out
    const ValidationRow object = validate_training_row(as_object, {});
    ASSERT_TRUE(object.expressed) << object.id << ": " << object.why_not;
    for (const bool in_other : {false, true}) {
      for (const Names& names : {megatron, hugging_face}) {
        json spelled = as_object;
        spelled.erase("moe");
        json& at = in_other ? spelled["other"] : spelled;
        at[names.count] = moe.at("num_experts");
        at[names.top_k] = moe.at("top_k");
        at[names.ffn] = moe.at("moe_ffn_hidden_size");
        if (shared) {
          at[names.shared] = moe.at("shared_experts");
          at[names.shared_ffn] = moe.at("shared_expert_ffn_hidden_size");
        }
        const ValidationRow other = validate_training_row(spelled, {});
        ASSERT_TRUE(other.expressed) << other.id << ": " << other.why_not;
        EXPECT_EQ(other.predicted, object.predicted) << row.at("id") << " " << names.count;
        ++compared;
      }
    }
  }
  EXPECT_GE(compared, 16);
}

// Every catalog part, written as the catalog names it ("NVIDIA B300 (HGX, 1100 W)", "Google TPU
// v4", "NVIDIA GH200 96GB (per GPU)"), is the part a row maps to: a part added to the catalog is
// one a published run can name.
TEST(RowSpellings, EveryCatalogPartIsReadUnderItsCatalogName) {
  json base;
  for (const json& row : training_rows()) {
    if (row.at("id") == 1058) base = row;  // Llama 3 8B, 64 GPUs, data-parallel only
  }
  ASSERT_FALSE(base.is_null());
  for (const GpuSpec& g : gpu_catalog()) {
    json row = base;
    row["gpu_model"] = g.name;
    row["gpu_memory_gb"] = nullptr;
    row["gpus_per_node"] = nullptr;
    row["intra_node_interconnect"] = nullptr;
    row["inter_node_interconnect"] = nullptr;
    row["precision"] = g.bf16_tflops.value > 0.0 ? "bf16" : "fp16";
    const RowScenario rs = row_to_scenario(row);
    EXPECT_EQ(rs.doc.at("cluster").at("gpu"), g.id) << g.name;
  }
}

}  // namespace
}  // namespace wt::validation
