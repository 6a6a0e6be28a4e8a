// Model presets: published figures, parameter counts from the fields, overrides.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

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
  EXPECT_EQ(model_presets().size(), 90u);
  EXPECT_EQ(find_model_preset("LLaMA3-405B"), find_model_preset("llama3-405b"));
  EXPECT_EQ(find_model_preset("gpt-4"), nullptr);
  // Names other sources use for the same configurations.
  EXPECT_EQ(find_model_preset("Qwen2 72B"), find_model_preset("qwen2.5-72b"));
  EXPECT_EQ(find_model_preset("Qwen2-7B"), find_model_preset("qwen2.5-7b"));
  EXPECT_EQ(find_model_preset("GPT-3 XL"), find_model_preset("gpt3-1.3b"));
  EXPECT_EQ(find_model_preset("DeepSeek 67B"), find_model_preset("deepseek-llm-67b"));
  // NeMo's and Megatron-Bridge's recipe names.
  EXPECT_EQ(find_model_preset("LLAMA31_405B"), find_model_preset("llama3-405b"));
  EXPECT_EQ(find_model_preset("llama33_70b"), find_model_preset("llama3-70b"));
  EXPECT_EQ(find_model_preset("LLAMA32_1B"), find_model_preset("llama3.2-1b"));
  EXPECT_EQ(find_model_preset("QWEN25_72B"), find_model_preset("qwen2.5-72b"));
  EXPECT_EQ(find_model_preset("LLAMA4_E16"), find_model_preset("llama4-scout"));
  EXPECT_EQ(find_model_preset("LLAMA4_E128"), find_model_preset("llama4-maverick"));
  // Two presets whose names differ only by a dot stay apart.
  EXPECT_NE(find_model_preset("gpt3-13b"), find_model_preset("gpt3-1.3b"));
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

// The counts against the published sizes, per preset: tests/workload/preset_params_test.cpp.
TEST(Presets, EveryPresetCitesItsSource) {
  for (const ModelPreset& p : model_presets()) {
    EXPECT_NE(p.description.find("20"), std::string::npos) << p.name << ": no source year";
    const bool cited = p.description.find("HF ") != std::string::npos ||
                       p.description.find("et al.") != std::string::npos ||
                       p.description.find("Table") != std::string::npos;
    EXPECT_TRUE(cited) << p.name << ": no paper table or config.json named";
  }
}

// How tables, papers and users write the names; each finds its preset.
TEST(Presets, SpellingsFindTheirPreset) {
  const std::pair<const char*, const char*> spellings[] = {
      {"LLAMA3_70B", "llama3-70b"},
      {"llama3.1_405b", "llama3-405b"},
      {"LLAMA3.1_405B", "llama3-405b"},
      {"Llama 3.1 405B", "llama3-405b"},
      {"Llama-3.1-70B", "llama3-70b"},
      {"meta-llama/Meta-Llama-3.1-70B", "llama3-70b"},
      {"meta-llama/Llama-3.3-70B-Instruct", "llama3-70b"},
      {"meta-llama/Meta-Llama-3-8B", "llama3-8b"},
      {"LLAMA3-8B", "llama3-8b"},
      {"Llama 3.1 8B", "llama3-8b"},
      {"meta-llama/Llama-2-7b-hf", "llama2-7b"},
      {"meta-llama/Llama-2-70b-chat-hf", "llama2-70b"},
      {"LLAMA2-7B", "llama2-7b"},
      {"Qwen3_30B_a3B", "qwen3-30b-a3b"},
      {"Qwen/Qwen3-30B-A3B-Base", "qwen3-30b-a3b"},
      {"Qwen/Qwen2.5-72B-Instruct", "qwen2.5-72b"},
      {"DeepSeekV3", "deepseek-v3"},
      {"deepseek-ai/DeepSeek-V3-Base", "deepseek-v3"},
      {"DeepSeekV3 (w/o MTP)", "deepseek-v3"},
      {"DeepSeek-V3 671B", "deepseek-v3"},
      {"deepseek-ai/DeepSeek-V2", "deepseek-v2"},
      {"mixtral-8x22b", "mixtral-8x22b"},
      {"mistralai/Mixtral-8x7B-v0.1", "mixtral-8x7b"},
      {"mistralai/Mistral-7B-v0.1", "mistral-7b"},
      {"gpt-oss-120b", "gpt-oss-120b"},
      {"openai/gpt-oss-20b", "gpt-oss-20b"},
      {"GPT OSS 120B", "gpt-oss-120b"},
      {"openai-community/gpt2", "gpt2"},
      {"GPT-2", "gpt2"},
      {"gpt2-xl", "gpt2-xl"},
      {"GPT-3 175B (NeMo Megatron)", "gpt3-175b"},
      {"GPT3_1.3B", "gpt3-1.3b"},
      {"EleutherAI/gpt-neox-20b", "gpt-neox-20b"},
      {"bigscience/bloom", "bloom-176b"},
      {"BLOOM-176B", "bloom-176b"},
      {"facebook/opt-175b", "opt-175b"},
      {"MT-NLG 530B", "mt-nlg-530b"},
      {"Megatron-Turing NLG 530B", "mt-nlg-530b"},
      {"PaLM 540B", "palm-540b"},
      {"tiiuae/falcon-180B", "falcon-180b"},
      {"nvidia/Nemotron-4-340B-Base", "nemotron4-340b"},
      {"Nemotron-4 15B", "nemotron4-15b"},
      {"google/gemma-2-9b-it", "gemma2-9b"},
      {"google/gemma-3-27b-pt", "gemma3-27b"},
      {"Gemma 3 12B", "gemma3-12b"},
      {"LLaMA3-405B", "llama3-405b"},
  };
  for (const auto& [spelling, name] : spellings) {
    const ModelPreset* p = find_model_preset(spelling);
    ASSERT_NE(p, nullptr) << spelling;
    EXPECT_EQ(p->name, name) << spelling;
  }
  // Separators are dropped but dots kept, so 1.3B and 13B stay apart.
  EXPECT_EQ(find_model_preset("gpt3-13b")->name, "gpt3-13b");
  EXPECT_EQ(find_model_preset("gpt3_1.3b")->name, "gpt3-1.3b");
  for (const char* unknown : {"gpt-4", "llama3-7b", "", "deepseek", "v3", "llama3.1-405b-v2"}) {
    EXPECT_EQ(find_model_preset(unknown), nullptr) << unknown;
  }
}

TEST(Presets, NamesAndAliasesAreUnambiguous) {
  std::vector<std::string> keys;
  for (const ModelPreset& p : model_presets()) {
    keys.push_back(preset_lookup_key(p.name));
    for (const std::string& alias : p.aliases) {
      keys.push_back(preset_lookup_key(alias));
    }
  }
  std::sort(keys.begin(), keys.end());
  const auto twice = std::adjacent_find(keys.begin(), keys.end());
  EXPECT_EQ(twice, keys.end()) << *twice;
}

TEST(Presets, UnknownNameListsTheClosestKnown) {
  // One edit from each, in table order.
  EXPECT_EQ(closest_model_presets("llama3-7b", 2),
            (std::vector<std::string>{"llama2-7b", "llama3-8b"}));
  EXPECT_TRUE(test::throws_input_error(
      [] { parse_scenario(test::patched_base(R"({"model": {"preset": "qwen3-30b"}})")); },
      "model.preset", "closest known: qwen3-30b-a3b"));
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

TEST(Presets, PositionsFollowEachFamily) {
  // Rotary: every gated (Llama-era) preset, and GPT-NeoX, PaLM, Falcon, Nemotron-4; ALiBi: BLOOM;
  // learned: GPT-2/3, OPT, MT-NLG, BERT.
  for (const char* name : {"llama3-8b", "mixtral-8x7b", "deepseek-v3", "gemma3-27b", "gpt-oss-20b",
                           "gpt-neox-20b", "palm-540b", "falcon-7b", "nemotron4-15b"}) {
    ASSERT_NE(find_model_preset(name), nullptr) << name;
    EXPECT_EQ(find_model_preset(name)->model.position_embedding, PositionEmbedding::rope) << name;
  }
  EXPECT_EQ(find_model_preset("bloom-176b")->model.position_embedding, PositionEmbedding::alibi);
  for (const char* name : {"gpt2", "gpt3-175b", "opt-175b", "mt-nlg-530b", "bert-large"}) {
    EXPECT_EQ(find_model_preset(name)->model.position_embedding, PositionEmbedding::learned)
        << name;
  }
}

}  // namespace
}  // namespace wt
