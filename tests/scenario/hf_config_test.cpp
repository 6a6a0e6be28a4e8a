// Hugging Face config.json import: real config files, defaults for absent keys, errors.
#include <gtest/gtest.h>

#include "scenario_test_util.hpp"
#include "sim/scenario/presets.hpp"

namespace wt {
namespace {

// meta-llama/Llama-2-7b-hf config.json (as published on the Hub).
constexpr const char* kLlama2_7b = R"({
  "architectures": ["LlamaForCausalLM"], "bos_token_id": 1, "eos_token_id": 2,
  "hidden_act": "silu", "hidden_size": 4096, "initializer_range": 0.02,
  "intermediate_size": 11008, "max_position_embeddings": 4096, "model_type": "llama",
  "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 32,
  "pretraining_tp": 1, "rms_norm_eps": 1e-05, "rope_scaling": null, "tie_word_embeddings": false,
  "torch_dtype": "float16", "transformers_version": "4.31.0.dev0", "use_cache": true,
  "vocab_size": 32000})";

// mistralai/Mixtral-8x7B-v0.1 config.json.
constexpr const char* kMixtral = R"({
  "architectures": ["MixtralForCausalLM"], "attention_dropout": 0.0, "hidden_act": "silu",
  "hidden_size": 4096, "intermediate_size": 14336, "max_position_embeddings": 32768,
  "model_type": "mixtral", "num_attention_heads": 32, "num_experts_per_tok": 2,
  "num_hidden_layers": 32, "num_key_value_heads": 8, "num_local_experts": 8,
  "rms_norm_eps": 1e-05, "rope_theta": 1000000.0, "tie_word_embeddings": false,
  "vocab_size": 32000})";

// A GPT-NeoX-style config without GQA, gating or tie_word_embeddings.
constexpr const char* kPlain = R"({"hidden_size": 2048, "num_hidden_layers": 16,
  "num_attention_heads": 16, "intermediate_size": 8192, "vocab_size": 50304,
  "max_position_embeddings": 2048, "hidden_act": "gelu"})";

class HfConfig : public ::testing::Test {
 protected:
  Scenario load(const std::string& config_text, const std::string& model_extra = "",
                const std::vector<std::string>& overrides = {}) {
    dir_.write("models/config.json", config_text);
    const std::string scenario = R"({"model": {"hf_config": "models/config.json")" + model_extra +
                                 R"(}, "training": {"global_batch_size": 8},
                                 "cluster": {"gpus_per_node": 1}})";
    return load_scenario_file(dir_.write("run.json", scenario), overrides);
  }
  test::TempDir dir_;
};

// max_position_embeddings becomes seq_length only with a warning, which goes once the scenario
// gives the training length itself.
TEST_F(HfConfig, MaxPositionEmbeddingsAsSeqLengthIsWarnedAbout) {
  const Scenario s = load(kLlama2_7b);
  EXPECT_EQ(s.model.seq_length, 4096);
  EXPECT_TRUE(test::has_warning_containing(s, "is max_position_embeddings of"));
  EXPECT_TRUE(test::has_warning_containing(s, "not necessarily its training length"));
  EXPECT_TRUE(test::has_warning_containing(s, "not imported"));
  EXPECT_TRUE(test::has_warning_containing(s, "rms_norm_eps"));
  const Scenario given = load(kLlama2_7b, R"(, "seq_length": 2048)");
  EXPECT_EQ(given.model.seq_length, 2048);
  EXPECT_FALSE(test::has_warning_containing(given, "max_position_embeddings"));
  const Scenario set = load(kLlama2_7b, "", {"model.seq_length=1024"});
  EXPECT_FALSE(test::has_warning_containing(set, "max_position_embeddings"));
}

TEST_F(HfConfig, Llama2ConfigEqualsThePreset) {
  const Scenario s = load(kLlama2_7b);
  const ModelConfig& preset = find_model_preset("llama2-7b")->model;
  EXPECT_EQ(s.model.num_layers, preset.num_layers);
  EXPECT_EQ(s.model.hidden_size, preset.hidden_size);
  EXPECT_EQ(s.model.num_attention_heads, preset.num_attention_heads);
  EXPECT_EQ(s.model.num_kv_heads, preset.num_kv_heads);
  EXPECT_EQ(s.model.ffn_hidden_size, preset.ffn_hidden_size);
  EXPECT_EQ(s.model.seq_length, preset.seq_length);
  EXPECT_EQ(s.model.vocab_size, preset.vocab_size);
  EXPECT_EQ(s.model.gated_mlp, preset.gated_mlp);
  EXPECT_EQ(s.model.tied_embeddings, preset.tied_embeddings);
  EXPECT_EQ(s.model.preset, "");
  EXPECT_EQ(s.model.hf_config, (dir_.path() / "models/config.json").string());
}

TEST_F(HfConfig, MixtralExpertsComeFromLocalExpertsAndIntermediateSize) {
  const Scenario s = load(kMixtral);
  EXPECT_EQ(s.model.moe.num_experts, 8);
  EXPECT_EQ(s.model.moe.top_k, 2);
  EXPECT_EQ(s.model.moe.moe_ffn_hidden_size, 14336);
  EXPECT_EQ(s.model.num_kv_heads, 8);
  EXPECT_EQ(s.model.seq_length, 32768);
  EXPECT_TRUE(s.model.gated_mlp);
}

// MoE in every k-th layer: Llama 4's interleave_moe_layer_step (and Qwen2-MoE's
// decoder_sparse_step) becomes model.moe.layer_freq.
TEST_F(HfConfig, InterleavedMoeLayersBecomeTheLayerFrequency) {
  std::string maverick = kMixtral;
  maverick.insert(maverick.rfind('}'), R"(, "interleave_moe_layer_step": 2)");
  EXPECT_EQ(load(maverick).model.moe.layer_freq, 2);
  std::string qwen = kMixtral;
  qwen.insert(qwen.rfind('}'), R"(, "decoder_sparse_step": 1)");
  EXPECT_EQ(load(qwen).model.moe.layer_freq, 1);
  EXPECT_EQ(load(kMixtral).model.moe.layer_freq, 1);
}

TEST_F(HfConfig, AbsentKeysTakeHuggingFaceDefaults) {
  const Scenario s = load(kPlain);
  EXPECT_EQ(s.model.num_kv_heads, 16);   // no num_key_value_heads: = heads
  EXPECT_FALSE(s.model.gated_mlp);       // gelu
  EXPECT_TRUE(s.model.tied_embeddings);  // PretrainedConfig's default
  EXPECT_EQ(s.model.moe.num_experts, 0);
}

TEST_F(HfConfig, ExplicitFieldsOverrideTheConfig) {
  const Scenario s = load(kLlama2_7b, R"(, "seq_length": 1024, "num_layers": 2)");
  EXPECT_EQ(s.model.seq_length, 1024);
  EXPECT_EQ(s.model.num_layers, 2);
  EXPECT_EQ(s.model.hidden_size, 4096);
}

TEST_F(HfConfig, WithoutMaxPositionsTheSequenceLengthMustBeGiven) {
  nlohmann::json cfg = nlohmann::json::parse(kPlain);
  cfg.erase("max_position_embeddings");
  EXPECT_TRUE(test::throws_input_error([&] { load(cfg.dump()); }, "model.seq_length", "required"));
  EXPECT_EQ(load(cfg.dump(), R"(, "seq_length": 4096)").model.seq_length, 4096);
}

TEST_F(HfConfig, MissingFile) {
  EXPECT_TRUE(test::throws_input_error(
      [&] {
        load_scenario_file(dir_.write("run.json", R"({"model": {"hf_config": "nope.json"},
          "training": {"global_batch_size": 8}})"));
      },
      "model.hf_config", "nope.json"));
}

TEST_F(HfConfig, BadJsonNamesTheLine) {
  EXPECT_TRUE(test::throws_input_error([&] { load("{\n\"hidden_size\": 4096,\n}"); },
                                       "model.hf_config", "line 3"));
}

TEST_F(HfConfig, MissingKeyIsNamed) {
  nlohmann::json cfg = nlohmann::json::parse(kLlama2_7b);
  cfg.erase("hidden_size");
  EXPECT_TRUE(test::throws_input_error([&] { load(cfg.dump()); }, "model.hf_config",
                                       "\"hidden_size\" missing"));
}

TEST_F(HfConfig, WrongTypeIsNamed) {
  nlohmann::json cfg = nlohmann::json::parse(kLlama2_7b);
  cfg["num_hidden_layers"] = "32";
  EXPECT_TRUE(test::throws_input_error([&] { load(cfg.dump()); }, "model.hf_config",
                                       "\"num_hidden_layers\""));
  cfg["num_hidden_layers"] = -1;
  EXPECT_TRUE(
      test::throws_input_error([&] { load(cfg.dump()); }, "model.hf_config", "positive integer"));
}

TEST_F(HfConfig, ExpertsNeedTheirRouting) {
  nlohmann::json cfg = nlohmann::json::parse(kMixtral);
  cfg.erase("num_experts_per_tok");
  EXPECT_TRUE(test::throws_input_error([&] { load(cfg.dump()); }, "model.hf_config",
                                       "num_experts_per_tok"));
}

TEST_F(HfConfig, NotTogetherWithAPreset) {
  EXPECT_TRUE(test::throws_input_error([&] { load(kLlama2_7b, R"(, "preset": "llama2-7b")"); },
                                       "model.hf_config", "model.preset"));
}

TEST_F(HfConfig, LoadHfConfigDirectly) {
  const ModelConfig m = load_hf_config(dir_.write("c.json", kMixtral), "x.y");
  EXPECT_EQ(m.num_layers, 32);
  EXPECT_EQ(m.moe.num_experts, 8);
  EXPECT_TRUE(test::throws_input_error([&] { load_hf_config(dir_.write("d.json", "[1]"), "x.y"); },
                                       "x.y", "not a JSON object"));
}

}  // namespace
}  // namespace wt
