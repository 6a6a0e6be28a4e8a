// Openly released Llama-style decoders beyond Meta's, Qwen's and Google's current lines: LLaMA
// (2023), TinyLlama, the small Qwen2.5 and Qwen3 sizes, Gemma 1, Phi-3-mini, Mistral NeMo, Yi,
// Code Llama, DeepSeek LLM and OLMo. Figures from each model's Hugging Face config.json and, where
// one exists, the paper's table; sequence lengths are the pre-training ones.
#include "sim/scenario/presets_table.hpp"

namespace wt::presets {
namespace {

std::vector<ModelPreset> llama1_presets() {
  const std::string llama =
      "LLaMA (Touvron et al. 2023, \"LLaMA: Open and Efficient Foundation Language Models\", "
      "Table 2; HF huggyllama/llama-";
  const std::string tail = " config.json): SwiGLU, context 2048, vocab 32000, untied";
  return {
      preset("llama-7b", llama + "7b" + tail, {32, 4096, 32, 32, 11008, 2048, 32000, true, false},
             {6.7e9, 0.0, {"llama1-7b"}}),
      preset("llama-13b", llama + "13b" + tail, {40, 5120, 40, 40, 13824, 2048, 32000, true, false},
             {13.0e9, 0.0, {"llama1-13b"}}),
      preset("llama-33b", llama + "30b" + tail + " (the paper's 33B, released as 30B)",
             {60, 6656, 52, 52, 17920, 2048, 32000, true, false},
             {32.5e9, 0.0, {"llama-30b", "llama1-33b", "llama1-30b"}}),
      preset("llama-65b", llama + "65b" + tail, {80, 8192, 64, 64, 22016, 2048, 32000, true, false},
             {65.2e9, 0.0, {"llama1-65b"}}),
      preset("tinyllama-1.1b",
             "TinyLlama (Zhang et al. 2024, Table 1; HF TinyLlama/TinyLlama-1.1B-intermediate-"
             "step-1431k-3T config.json): 22 layers, hidden 2048, 32 heads, 4 KV heads, SwiGLU "
             "5632, context 2048, vocab 32000, untied",
             {22, 2048, 32, 4, 5632, 2048, 32000, true, false}, {1.1e9, 0.0, {"tinyllama"}}),
  };
}

std::vector<ModelPreset> small_qwen_presets() {
  const std::string q25 = "Qwen2.5 (Qwen Team 2024, Table 1; HF Qwen/Qwen2.5-";
  const std::string q25_tail =
      " config.json): SwiGLU, QKV biases, vocab 151936, tied embeddings; pre-training context "
      "4096";
  const std::string q3 = "Qwen3 (Qwen Team 2025, Table 1; HF Qwen/Qwen3-";
  const std::string q3_tail =
      " config.json): heads of 128, QK-norm, SwiGLU, vocab 151936, tied embeddings; "
      "pre-training context 4096";
  return {
      preset("qwen2.5-0.5b", q25 + "0.5B" + q25_tail + "; 24 layers, hidden 896, 14 heads, 2 KV",
             {24, 896, 14, 2, 4864, 4096, 151936, true, true}, {0.49e9}),
      preset("qwen2.5-1.5b", q25 + "1.5B" + q25_tail + "; 28 layers, hidden 1536, 12 heads, 2 KV",
             {28, 1536, 12, 2, 8960, 4096, 151936, true, true}, {1.54e9}),
      preset("qwen2.5-3b", q25 + "3B" + q25_tail + "; 36 layers, hidden 2048, 16 heads, 2 KV",
             {36, 2048, 16, 2, 11008, 4096, 151936, true, true}, {3.09e9}),
      preset("qwen3-0.6b", q3 + "0.6B" + q3_tail + "; 28 layers, hidden 1024, 16 heads, 8 KV",
             {28, 1024, 16, 8, 3072, 4096, 151936, true, true, 128}, {0.6e9}),
      preset("qwen3-1.7b", q3 + "1.7B" + q3_tail + "; 28 layers, hidden 2048, 16 heads, 8 KV",
             {28, 2048, 16, 8, 6144, 4096, 151936, true, true, 128}, {1.7e9}),
      preset("qwen3-4b", q3 + "4B" + q3_tail + "; 36 layers, hidden 2560, 32 heads, 8 KV",
             {36, 2560, 32, 8, 9728, 4096, 151936, true, true, 128}, {4.0e9}),
  };
}

std::vector<ModelPreset> other_open_presets() {
  return {
      preset("gemma-2b",
             "Gemma (Gemma Team 2024, Table 1; HF google/gemma-2b config.json): 18 layers, "
             "hidden 2048, 8 heads of 256, multi-query, GeGLU 16384, context 8192, vocab 256000, "
             "tied",
             {18, 2048, 8, 1, 16384, 8192, 256000, true, true, 256}, {2.51e9}),
      preset("gemma-7b",
             "Gemma (Gemma Team 2024, Table 1; HF google/gemma-7b config.json): 28 layers, "
             "hidden 3072, 16 heads of 256, GeGLU 24576, context 8192, vocab 256000, tied",
             {28, 3072, 16, 16, 24576, 8192, 256000, true, true, 256}, {8.54e9}),
      preset("phi-3-mini",
             "Phi-3-mini (Abdin et al. 2024, section 2; HF microsoft/Phi-3-mini-4k-instruct "
             "config.json): 32 layers, hidden 3072, 32 heads, SwiGLU 8192, context 4096, vocab "
             "32064, untied",
             {32, 3072, 32, 32, 8192, 4096, 32064, true, false}, {3.8e9}),
      preset("mistral-nemo-12b",
             "Mistral NeMo (Mistral AI and NVIDIA 2024; HF mistralai/Mistral-Nemo-Base-2407 "
             "config.json): 40 layers, hidden 5120, 32 heads of 128, 8 KV heads, SwiGLU 14336, "
             "vocab 131072, untied; training length not published: 8192",
             {40, 5120, 32, 8, 14336, 8192, 131072, true, false, 128},
             {12.2e9, 0.0, {"mistral-nemo"}}),
      preset("yi-34b",
             "Yi (01.AI 2024, Table 1; HF 01-ai/Yi-34B config.json): 60 layers, hidden 7168, 56 "
             "heads, 8 KV heads, SwiGLU 20480, context 4096, vocab 64000, untied",
             {60, 7168, 56, 8, 20480, 4096, 64000, true, false}, {34.4e9}),
      preset("codellama-34b",
             "Code Llama (Rozière et al. 2023; HF codellama/CodeLlama-34b-hf config.json): 48 "
             "layers, hidden 8192, 64 heads, 8 KV heads, SwiGLU 22016, vocab 32000, untied; "
             "long-context fine-tuning at 16384",
             {48, 8192, 64, 8, 22016, 16384, 32000, true, false}, {33.7e9}),
      preset("deepseek-llm-67b",
             "DeepSeek LLM (DeepSeek-AI 2024, Table 2; HF deepseek-ai/deepseek-llm-67b-base "
             "config.json): 95 layers, hidden 8192, 64 heads, 8 KV heads, SwiGLU 22016, context "
             "4096, vocab 102400, untied",
             {95, 8192, 64, 8, 22016, 4096, 102400, true, false}, {67e9, 0.0, {"deepseek-67b"}}),
      preset("olmo-7b",
             "OLMo (Groeneveld et al. 2024, Table 1; HF allenai/OLMo-7B config.json): 32 layers, "
             "hidden 4096, 32 heads, SwiGLU 11008 (mlp_hidden 22016 halved), context 2048, "
             "vocab 50304 (50280 padded), untied, non-parametric layer norm",
             {32, 4096, 32, 32, 11008, 2048, 50304, true, false}, {6.9e9}),
  };
}

}  // namespace

std::vector<ModelPreset> open_dense_presets() {
  return joined({llama1_presets, small_qwen_presets, other_open_presets});
}

}  // namespace wt::presets
