// Model presets: published figures, parameter counts from the fields, overrides.
#include <gtest/gtest.h>

#include <cmath>

#include "scenario_test_util.hpp"
#include "sim/scenario/presets.hpp"

namespace wt {
namespace {

// Weights of a decoder from its shape: attention Q and O (h² each) plus K and V (h·h·k/a each),
// the MLP (2 or 3 matrices h×f, per expert plus an h×E router for MoE), the input embedding and,
// untied, the output layer. Norms, biases and position embeddings are left out (< 0.2%).
double parameters_from_fields(const ModelConfig& m) {
  const double h = static_cast<double>(m.hidden_size);
  const double kv_width = h * m.num_kv_heads / m.num_attention_heads;
  const double attention = 2.0 * h * h + 2.0 * h * kv_width;
  const double matrices = m.gated_mlp ? 3.0 : 2.0;
  const double mlp =
      m.moe.num_experts == 0
          ? matrices * h * static_cast<double>(m.ffn_hidden_size)
          : m.moe.num_experts * (matrices * h * static_cast<double>(m.moe.moe_ffn_hidden_size)) +
                h * m.moe.num_experts;
  const double embeddings = (m.tied_embeddings ? 1.0 : 2.0) * static_cast<double>(m.vocab_size) * h;
  return m.num_layers * (attention + mlp) + embeddings;
}

const ModelConfig& preset_model(const std::string& name) {
  const ModelPreset* p = find_model_preset(name);
  EXPECT_NE(p, nullptr) << name;
  return p->model;
}

TEST(Presets, AllPublishedModelsArePresent) {
  for (const char* name :
       {"gpt3-1.3b", "gpt3-13b", "gpt3-175b", "llama2-7b", "llama2-13b", "llama2-70b", "llama3-8b",
        "llama3-70b", "llama3-405b", "bert-large", "mixtral-8x7b"}) {
    EXPECT_NE(find_model_preset(name), nullptr) << name;
  }
  EXPECT_EQ(model_presets().size(), 11u);
  EXPECT_EQ(find_model_preset("LLaMA3-405B"), find_model_preset("llama3-405b"));
  EXPECT_EQ(find_model_preset("gpt-4"), nullptr);
  EXPECT_NE(model_preset_names().find("mixtral-8x7b"), std::string::npos);
}

TEST(Presets, Llama3_405bMatchesTheLlama3Paper) {
  const ModelConfig& m = preset_model("llama3-405b");
  EXPECT_EQ(m.num_layers, 126);
  EXPECT_EQ(m.hidden_size, 16384);
  EXPECT_EQ(m.num_attention_heads, 128);
  EXPECT_EQ(m.num_kv_heads, 8);
  EXPECT_EQ(m.ffn_hidden_size, 53248);
  EXPECT_EQ(m.vocab_size, 128256);
  EXPECT_EQ(m.seq_length, 8192);
  EXPECT_TRUE(m.gated_mlp);
  EXPECT_FALSE(m.tied_embeddings);
  EXPECT_EQ(m.preset, "llama3-405b");
}

TEST(Presets, Gpt3SizesFollowTable2_1WithMegatronConventions) {
  const ModelConfig& big = preset_model("gpt3-175b");
  EXPECT_EQ(big.num_layers, 96);
  EXPECT_EQ(big.hidden_size, 12288);
  EXPECT_EQ(big.num_attention_heads, 96);
  EXPECT_EQ(big.ffn_hidden_size, 4 * 12288);
  EXPECT_EQ(big.seq_length, 2048);
  EXPECT_EQ(big.vocab_size, 51200);
  const ModelConfig& xl = preset_model("gpt3-1.3b");
  EXPECT_EQ(xl.num_layers, 24);
  EXPECT_EQ(xl.hidden_size, 2048);
  EXPECT_EQ(xl.num_attention_heads, 2048 / 128);
  const ModelConfig& mid = preset_model("gpt3-13b");
  EXPECT_EQ(mid.num_layers, 40);
  EXPECT_EQ(mid.hidden_size, 5120);
  EXPECT_EQ(mid.num_attention_heads, 40);
}

TEST(Presets, MixtralIsEightExpertsTopTwo) {
  const ModelConfig& m = preset_model("mixtral-8x7b");
  EXPECT_EQ(m.moe.num_experts, 8);
  EXPECT_EQ(m.moe.top_k, 2);
  EXPECT_EQ(m.moe.moe_ffn_hidden_size, 14336);
  EXPECT_EQ(m.num_kv_heads, 8);
  EXPECT_EQ(m.num_layers, 32);
}

TEST(Presets, BertLargeAndLlama2) {
  const ModelConfig& bert = preset_model("bert-large");
  EXPECT_EQ(bert.num_layers, 24);
  EXPECT_EQ(bert.hidden_size, 1024);
  EXPECT_EQ(bert.num_attention_heads, 16);
  EXPECT_EQ(bert.ffn_hidden_size, 4096);
  EXPECT_EQ(bert.seq_length, 512);
  EXPECT_EQ(bert.vocab_size, 30522);
  const ModelConfig& l70 = preset_model("llama2-70b");
  EXPECT_EQ(l70.num_kv_heads, 8);
  EXPECT_EQ(l70.ffn_hidden_size, 28672);
  EXPECT_EQ(l70.seq_length, 4096);
  EXPECT_EQ(preset_model("llama2-7b").ffn_hidden_size, 11008);
}

TEST(Presets, Gpt3_175bParameterCountFromItsFields) {
  // 12·l·h² + V·h = 12·96·12288² + 51200·12288 = 173,946,175,488 + 629,145,600.
  const double count = parameters_from_fields(preset_model("gpt3-175b"));
  EXPECT_DOUBLE_EQ(count, 174575321088.0);
  EXPECT_NEAR(count / 175e9, 1.0, 0.01);
}

TEST(Presets, EveryPresetsFieldsGiveItsPublishedParameterCount) {
  for (const ModelPreset& p : model_presets()) {
    EXPECT_NEAR(parameters_from_fields(p.model) / p.num_parameters, 1.0, 0.03) << p.name;
    EXPECT_NE(p.description.find("20"), std::string::npos) << p.name << ": no source year";
  }
}

TEST(Presets, EveryPresetIsAValidModel) {
  for (const ModelPreset& p : model_presets()) {
    nlohmann::json doc = {{"model", {{"preset", p.name}}},
                          {"training", {{"global_batch_size", 8}}},
                          {"cluster", {{"gpus_per_node", 1}}}};
    EXPECT_NO_THROW(parse_scenario(doc)) << p.name;
  }
}

TEST(Presets, ExplicitFieldsOverrideThePreset) {
  const Scenario s = parse_scenario(nlohmann::json::parse(R"({
    "model": {"preset": "llama2-7b", "seq_length": 8192, "num_layers": 4, "gated_mlp": false},
    "training": {"global_batch_size": 8}, "cluster": {"gpus_per_node": 1}})"));
  EXPECT_EQ(s.model.preset, "llama2-7b");
  EXPECT_EQ(s.model.seq_length, 8192);
  EXPECT_EQ(s.model.num_layers, 4);
  EXPECT_FALSE(s.model.gated_mlp);
  EXPECT_EQ(s.model.hidden_size, 4096);       // kept from the preset
  EXPECT_EQ(s.model.ffn_hidden_size, 11008);  // kept from the preset
}

TEST(Presets, FieldsBeforeThePresetInTheFileStillOverrideIt) {
  const Scenario s = parse_scenario_text(R"({
    "model": {"num_layers": 2, "preset": "gpt3-1.3b"},
    "training": {"global_batch_size": 8}, "cluster": {"gpus_per_node": 1}})");
  EXPECT_EQ(s.model.num_layers, 2);
  EXPECT_EQ(s.model.hidden_size, 2048);
}

TEST(Presets, UnknownPresetListsTheKnownOnesAndSuggests) {
  EXPECT_TRUE(test::throws_input_error(
      [] { parse_scenario(test::patched_base(R"({"model": {"preset": "gpt3-175"}})")); },
      "model.preset", "did you mean \"gpt3-175b\""));
  EXPECT_TRUE(test::throws_input_error(
      [] { parse_scenario(test::patched_base(R"({"model": {"preset": "gpt-4"}})")); },
      "model.preset", "llama3-405b"));
}

}  // namespace
}  // namespace wt
