// Hugging Face import of six published config.json files (tests/scenario/hf/, the keys and values
// as on the Hub): the architecture read, the parameter count against the published size, and the
// warnings that name what the import assumed or left out.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "sim/scenario/presets.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

const std::string kDir = std::string(WT_SOURCE_DIR) + "/tests/scenario/hf/";

struct Imported {
  ModelConfig model;
  std::vector<std::string> warnings;
};

Imported import(const std::string& file) {
  Imported out;
  out.model = load_hf_config(kDir + file, "model.hf_config", &out.warnings);
  return out;
}

bool warned(const Imported& x, const std::string& part) {
  return std::any_of(x.warnings.begin(), x.warnings.end(),
                     [&](const std::string& w) { return w.find(part) != std::string::npos; });
}

double relative_error(double counted, double published) {
  return std::abs(counted / published - 1.0);
}

TEST(HfImportParams, DeepSeekV3IsMlaMoeWithSharedExpertsDenseLayersAndMtp) {
  const Imported x = import("deepseek-v3.json");
  const ModelConfig& m = x.model;
  EXPECT_EQ(m.num_layers, 61);
  EXPECT_EQ(m.moe.num_experts, 256);
  EXPECT_EQ(m.moe.top_k, 8);
  EXPECT_EQ(m.moe.moe_ffn_hidden_size, 2048);
  EXPECT_EQ(m.moe.num_shared_experts, 1);
  EXPECT_EQ(m.moe.shared_expert_ffn_hidden_size, 2048);
  EXPECT_EQ(m.moe.first_dense_layers, 3);
  EXPECT_EQ(m.ffn_hidden_size, 18432);
  EXPECT_EQ(m.mla.q_lora_rank, 1536);
  EXPECT_EQ(m.mla.kv_lora_rank, 512);
  EXPECT_EQ(m.mla.qk_rope_head_dim, 64);
  EXPECT_EQ(m.mla.qk_nope_head_dim, 128);
  EXPECT_EQ(m.mla.v_head_dim, 128);
  EXPECT_EQ(m.mtp_layers, 1);
  EXPECT_TRUE(m.gated_mlp);
  EXPECT_FALSE(m.tied_embeddings);
  // 671B total (DeepSeek-V3 report), not the dense 38.6B the import used to read.
  const ParamCount c = param_count(m);
  EXPECT_LT(relative_error(c.total, 671e9), 0.01) << c.total;
  // 37B active, counted by DeepSeek without the input embedding (0.93B).
  EXPECT_LT(relative_error(c.active - embedding_params(m), 37e9), 0.01) << c.active;
  // The MTP module: one MoE layer and a 2h x h projection, 11.6B (DeepSeek's 14B adds its own
  // copies of the embedding and output head).
  EXPECT_NEAR(c.mtp / 1e9, 11.6, 0.1);
  EXPECT_TRUE(warned(x, "model.seq_length 163840 is max_position_embeddings"));
  EXPECT_TRUE(warned(x, "not imported"));
  EXPECT_TRUE(warned(x, "n_group"));
  EXPECT_TRUE(warned(x, "scoring_func"));
  EXPECT_FALSE(warned(x, "rope_scaling"));      // read: it names rotary positions
  EXPECT_FALSE(warned(x, "n_routed_experts"));  // read, so not listed
  EXPECT_EQ(x.model.position_embedding, PositionEmbedding::rope);
}

TEST(HfImportParams, Qwen3MoeReadsNumExpertsAndHeadDim) {
  const Imported x = import("qwen3-30b-a3b.json");
  const ModelConfig& m = x.model;
  EXPECT_EQ(m.moe.num_experts, 128);
  EXPECT_EQ(m.moe.top_k, 8);
  EXPECT_EQ(m.moe.moe_ffn_hidden_size, 768);
  EXPECT_EQ(m.moe.num_shared_experts, 0);
  EXPECT_EQ(m.head_dim, 128);  // 2048 / 32 = 64 would be wrong
  EXPECT_EQ(m.num_kv_heads, 4);
  const ParamCount c = param_count(m);
  EXPECT_LT(relative_error(c.total, 30.5e9), 0.01) << c.total;
  // 3.3B active as Qwen gives it, to two digits: 3.36B counted.
  EXPECT_LT(relative_error(c.active, 3.3e9), 0.02) << c.active;
  EXPECT_FALSE(warned(x, "lists mlp_only_layers"));  // mlp_only_layers is empty
}

TEST(HfImportParams, GptOss120bReadsLocalExpertsOfIntermediateSize) {
  const Imported x = import("gpt-oss-120b.json");
  const ModelConfig& m = x.model;
  EXPECT_EQ(m.moe.num_experts, 128);
  EXPECT_EQ(m.moe.top_k, 4);
  EXPECT_EQ(m.moe.moe_ffn_hidden_size, 2880);
  EXPECT_EQ(m.head_dim, 64);
  const ParamCount c = param_count(m);
  EXPECT_LT(relative_error(c.total, 116.83e9), 0.01) << c.total;
  EXPECT_LT(relative_error(c.active - embedding_params(m), 5.13e9), 0.01) << c.active;
  EXPECT_TRUE(warned(x, "sliding_window"));
  EXPECT_TRUE(warned(x, "layer_types"));
}

TEST(HfImportParams, Gpt2KeyNames) {
  const Imported x = import("gpt2.json");
  const ModelConfig& m = x.model;
  EXPECT_EQ(m.num_layers, 12);
  EXPECT_EQ(m.hidden_size, 768);
  EXPECT_EQ(m.num_attention_heads, 12);
  EXPECT_EQ(m.num_kv_heads, 12);
  EXPECT_EQ(m.ffn_hidden_size, 3072);  // no n_inner: 4 x n_embd, GPT-2's rule, no warning
  EXPECT_EQ(m.seq_length, 1024);
  EXPECT_FALSE(m.gated_mlp);  // gelu_new
  EXPECT_TRUE(m.tied_embeddings);
  // 124,439,808 published, with 1024 x 768 learned positions that are not counted: -0.63%.
  EXPECT_LT(relative_error(total_params(m), 124.44e6), 0.01) << total_params(m);
  EXPECT_FALSE(warned(x, "no intermediate_size"));
  EXPECT_TRUE(warned(x, "model.seq_length 1024 is n_positions"));
  EXPECT_TRUE(warned(x, "n_ctx"));
  EXPECT_EQ(m.position_embedding, PositionEmbedding::learned);  // the family's, no note
  EXPECT_FALSE(warned(x, "names no rotary"));
}

TEST(HfImportParams, Llama31_8bEqualsThePresetButForTheContext) {
  const Imported x = import("llama-3.1-8b.json");
  const ModelConfig& m = x.model;
  const ModelConfig& p = find_model_preset("llama3.1-8b")->model;
  EXPECT_EQ(m.num_layers, p.num_layers);
  EXPECT_EQ(m.hidden_size, p.hidden_size);
  EXPECT_EQ(m.num_kv_heads, p.num_kv_heads);
  EXPECT_EQ(m.ffn_hidden_size, p.ffn_hidden_size);
  EXPECT_EQ(m.vocab_size, p.vocab_size);
  EXPECT_EQ(m.seq_length, 131072);  // the long-context maximum, and a warning says so
  EXPECT_NE(m.seq_length, p.seq_length);
  EXPECT_TRUE(warned(x, "not necessarily its training length"));
  EXPECT_LT(relative_error(total_params(m), 8.03e9), 0.01) << total_params(m);
  EXPECT_EQ(m.position_embedding, PositionEmbedding::rope);  // rope_theta
  EXPECT_EQ(m.position_embedding, p.position_embedding);
  EXPECT_FALSE(warned(x, "rope_theta"));
}

TEST(HfImportParams, Mixtral8x7b) {
  const Imported x = import("mixtral-8x7b.json");
  const ModelConfig& m = x.model;
  EXPECT_EQ(m.moe.num_experts, 8);
  EXPECT_EQ(m.moe.top_k, 2);
  EXPECT_EQ(m.moe.moe_ffn_hidden_size, 14336);
  const ParamCount c = param_count(m);
  EXPECT_LT(relative_error(c.total, 46.7e9), 0.01) << c.total;
  EXPECT_LT(relative_error(c.active, 12.9e9), 0.01) << c.active;
  EXPECT_TRUE(warned(x, "router_aux_loss_coef"));
}

}  // namespace
}  // namespace wt
