// Mixture-of-experts decoders: Mixtral, Qwen MoE, DeepSeek-V2/V3 (multi-head latent attention,
// shared experts, first dense layers, multi-token prediction) and GPT-OSS. Figures from each
// model's Hugging Face config.json and the paper's table.
#include "sim/scenario/presets_table.hpp"

namespace wt::presets {
namespace {

MoeConfig routed(int experts, int top_k, int64_t ffn) {
  MoeConfig moe;
  moe.num_experts = experts;
  moe.top_k = top_k;
  moe.moe_ffn_hidden_size = ffn;
  return moe;
}

MoeConfig with_shared(MoeConfig moe, int shared, int64_t shared_ffn, int first_dense) {
  moe.num_shared_experts = shared;
  moe.shared_expert_ffn_hidden_size = shared_ffn;
  moe.first_dense_layers = first_dense;
  return moe;
}

// DeepSeek-V2/V3 attention: q_lora_rank 1536, kv_lora_rank 512, rope 64, nope 128, v 128.
ModelPreset with_deepseek_mla(ModelPreset p, int mtp_layers) {
  p.model.mla = MlaConfig{1536, 512, 64, 128, 128};
  p.model.mtp_layers = mtp_layers;
  return p;
}

std::vector<ModelPreset> mixtral_and_qwen() {
  return {
      preset("mixtral-8x7b",
             "Mixtral 8x7B (Jiang et al. 2024, \"Mixtral of Experts\", Table 1: 32 layers, dim "
             "4096, 32 heads, 8 KV heads, expert FFN 14336, 8 experts, top-2, context 32768, "
             "vocab 32000)",
             {32, 4096, 32, 8, 14336, 32768, 32000, true, false}, {46.7e9, 12.9e9},
             routed(8, 2, 14336)),
      preset("mixtral-8x22b",
             "Mixtral 8x22B (Mistral AI 2024; HF mistralai/Mixtral-8x22B-v0.1 config.json: 56 "
             "layers, hidden "
             "6144, 48 heads, 8 KV heads, expert FFN 16384, 8 experts, top-2, context 65536, "
             "vocab 32768; 141B total, 39B active per Mistral AI)",
             {56, 6144, 48, 8, 16384, 65536, 32768, true, false}, {141e9, 39e9},
             routed(8, 2, 16384)),
      preset("qwen1.5-moe-a2.7b",
             "Qwen1.5-MoE-A2.7B, the Qwen2-MoE architecture (Qwen Team 2024; HF "
             "Qwen/Qwen1.5-MoE-A2.7B "
             "config.json: 24 layers, hidden 2048, 16 heads, 60 experts of 1408, top-4, one "
             "shared expert of 5632, vocab 151936, untied; 14.3B total, 2.7B active); context "
             "4096 (not published: the config's 8192 is the maximum)",
             {24, 2048, 16, 16, 5632, 4096, 151936, true, false}, {14.3e9, 2.7e9},
             with_shared(routed(60, 4, 1408), 1, 5632, 0)),
      preset("qwen3-30b-a3b",
             "Qwen3-30B-A3B (Qwen Team 2025, Table 2; HF Qwen/Qwen3-30B-A3B config.json: 48 "
             "layers, hidden 2048, 32 heads of 128, 4 KV heads, 128 experts of 768, top-8, no "
             "shared expert, vocab 151936, untied; pre-training context 4096)",
             {48, 2048, 32, 4, 6144, 4096, 151936, true, false, 128}, {30.5e9, 3.3e9},
             routed(128, 8, 768)),
      preset("qwen3-235b-a22b",
             "Qwen3-235B-A22B (Qwen Team 2025, Table 2; HF Qwen/Qwen3-235B-A22B config.json: 94 "
             "layers, hidden 4096, 64 heads of 128, 4 KV heads, 128 experts of 1536, top-8, "
             "vocab 151936, untied; pre-training context 4096)",
             {94, 4096, 64, 4, 12288, 4096, 151936, true, false, 128}, {235e9, 22e9},
             routed(128, 8, 1536)),
  };
}

std::vector<ModelPreset> deepseek_and_gpt_oss() {
  const std::string oss = " (OpenAI 2025 model card, Table 1; HF openai/gpt-oss-";
  const std::string oss_tail =
      " config.json: hidden 2880, 64 heads of 64, 8 KV heads, experts of 2880, top-4, "
      "SwiGLU, vocab 201088, untied, initial context 4096; alternating 128-token sliding "
      "window and attention sinks not modelled). OpenAI's active count leaves out the "
      "embedding matrix";
  return {
      with_deepseek_mla(
          preset("deepseek-v2",
                 "DeepSeek-V2 (DeepSeek-AI 2024, section 3.1.2; HF deepseek-ai/DeepSeek-V2 "
                 "config.json: 60 layers, hidden 5120, 128 heads, MLA q_lora_rank 1536, "
                 "kv_lora_rank 512, rope 64, nope 128, v 128; 160 routed experts of 1536, top-6, "
                 "2 shared experts, first layer dense (12288), vocab 102400, untied; context "
                 "4096; DeepSeek's 21B active leaves out the embedding matrix)",
                 {60, 5120, 128, 128, 12288, 4096, 102400, true, false}, {236e9, 21e9},
                 with_shared(routed(160, 6, 1536), 2, 1536, 1)),
          0),
      with_deepseek_mla(
          preset("deepseek-v3",
                 "DeepSeek-V3 (DeepSeek-AI 2024, section 4.2; HF deepseek-ai/DeepSeek-V3 "
                 "config.json: 61 layers, hidden 7168, 128 heads, MLA q_lora_rank 1536, "
                 "kv_lora_rank 512, rope 64, nope 128, v 128; 256 routed experts of 2048, top-8, "
                 "1 shared expert, first 3 layers dense (18432), 1 MTP layer, vocab 129280, "
                 "untied; pre-training context 4096; 671B total without the MTP module; the 37B "
                 "active leave out the embedding matrix)",
                 {61, 7168, 128, 128, 18432, 4096, 129280, true, false},
                 {671e9, 37e9, {"deepseek-v3-671b"}},
                 with_shared(routed(256, 8, 2048), 1, 2048, 3)),
          1),
      preset("gpt-oss-120b", "GPT-OSS 120B: 36 layers, 128 experts" + oss + "120b" + oss_tail,
             {36, 2880, 64, 8, 2880, 4096, 201088, true, false, 64}, {116.83e9, 5.13e9},
             routed(128, 4, 2880)),
      preset("gpt-oss-20b", "GPT-OSS 20B: 24 layers, 32 experts" + oss + "20b" + oss_tail,
             {24, 2880, 64, 8, 2880, 4096, 201088, true, false, 64}, {20.91e9, 3.61e9},
             routed(32, 4, 2880)),
  };
}

}  // namespace

// Llama 4 (Meta 2025, model cards; HF meta-llama/Llama-4-*-17B-*E config.json text_config): 48
// layers, hidden 5120, 40 heads of 128, 8 KV heads, routed experts of SwiGLU 8192 top-1 and one
// shared expert of 8192, vocab 202048, untied; Maverick's MoE layers every second layer
// (interleave_moe_layer_step 2), its others a dense SwiGLU of 16384 (intermediate_size_mlp). The
// published sizes count the vision encoder too; chunked attention (8192) is full attention at the
// 8192 tokens taken as the pre-training length (not published).
MoeConfig llama4_moe(int experts, int layer_freq) {
  MoeConfig moe = with_shared(routed(experts, 1, 8192), 1, 8192, 0);
  moe.layer_freq = layer_freq;
  return moe;
}

std::vector<ModelPreset> llama4_presets() {
  const std::string card = "Llama 4 (Meta 2025; HF meta-llama/Llama-4-";
  return {
      preset("llama4-scout",
             card + "Scout-17B-16E config.json): 16 experts, MoE in every layer, shared expert; "
                    "the published 109B and 17B count the vision encoder",
             {48, 5120, 40, 8, 8192, 8192, 202048, true, false, 128},
             {109e9, 17e9, {"llama4-scout-17b-16e", "llama4-e16"}}, llama4_moe(16, 1)),
      preset("llama4-maverick",
             card + "Maverick-17B-128E config.json): 128 experts, MoE every second layer "
                    "(interleave_moe_layer_step 2), dense layers of 16384, shared expert; the "
                    "published 400B and 17B count the vision encoder",
             {48, 5120, 40, 8, 16384, 8192, 202048, true, false, 128},
             {400e9, 17e9, {"llama4-maverick-17b-128e", "llama4-e128"}}, llama4_moe(128, 2)),
  };
}

std::vector<ModelPreset> dbrx_and_olmoe() {
  return {
      preset("dbrx",
             "DBRX (Databricks 2024; HF databricks/dbrx-base config.json): 40 layers, d_model "
             "6144, 48 heads, 8 KV heads, 16 experts of GLU FFN 10752, top-4, vocab 100352, "
             "untied, max_seq_len 32768",
             {40, 6144, 48, 8, 10752, 32768, 100352, true, false}, {132e9, 36e9, {"dbrx-132b"}},
             routed(16, 4, 10752)),
      preset("olmoe-1b-7b",
             "OLMoE-1B-7B (Muennighoff et al. 2024, Table 1; HF allenai/OLMoE-1B-7B-0924 "
             "config.json): 16 layers, hidden 2048, 16 heads, 64 experts of SwiGLU 1024, top-8, "
             "context 4096, vocab 50304, untied",
             {16, 2048, 16, 16, 1024, 4096, 50304, true, false}, {6.9e9, 1.3e9, {"olmoe"}},
             routed(64, 8, 1024)),
  };
}

std::vector<ModelPreset> moe_presets() {
  return joined({mixtral_and_qwen, deepseek_and_gpt_oss, dbrx_and_olmoe, llama4_presets});
}

}  // namespace wt::presets
