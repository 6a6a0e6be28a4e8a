// Llama-style decoders (SwiGLU or GeGLU MLP, RMSNorm, grouped-query attention): Llama 2/3/3.1/
// 3.2/3.3, Mistral, Qwen2.5 and Qwen3 dense, Gemma 2 and 3. Figures from each model's Hugging Face
// config.json and, where one exists, the paper's table; sequence lengths are the pre-training
// ones (not max_position_embeddings, which counts the long-context extension).
#include "sim/scenario/presets_table.hpp"

namespace wt::presets {
namespace {

std::vector<ModelPreset> meta_presets() {
  const std::string llama2 = "Llama 2 (Touvron et al. 2023, Table 1; HF meta-llama/Llama-2-";
  const std::string llama3 =
      "Llama 3 (Llama Team 2024, \"The Llama 3 Herd of Models\", Table 3; "
      "HF meta-llama/Meta-Llama-3";
  const std::string llama32 = "Llama 3.2 (Meta 2024; HF meta-llama/Llama-3.2-";
  return {
      preset("llama2-7b", llama2 + "7b-hf config.json): SwiGLU, context 4096, vocab 32000",
             {32, 4096, 32, 32, 11008, 4096, 32000, true, false}, {6.74e9}),
      preset("llama2-13b", llama2 + "13b-hf config.json): SwiGLU, context 4096, vocab 32000",
             {40, 5120, 40, 40, 13824, 4096, 32000, true, false}, {13.0e9}),
      preset("llama2-70b",
             llama2 + "70b-hf config.json): 8 KV heads (GQA), SwiGLU, context 4096, vocab 32000",
             {80, 8192, 64, 8, 28672, 4096, 32000, true, false}, {69.0e9}),
      preset("llama3-8b",
             llama3 + "-8B config.json): 8 KV heads, SwiGLU, context 8192, vocab 128256; "
                      "Llama 3.1 8B has the same architecture",
             {32, 4096, 32, 8, 14336, 8192, 128256, true, false},
             {8.03e9, 0.0, {"llama3.1-8b", "llama31-8b"}}),
      preset("llama3-70b",
             llama3 + "-70B config.json): 8 KV heads, SwiGLU, context 8192, vocab 128256; "
                      "Llama 3.1 70B and Llama 3.3 70B have the same architecture",
             {80, 8192, 64, 8, 28672, 8192, 128256, true, false},
             {70.6e9, 0.0, {"llama3.1-70b", "llama3.3-70b", "llama31-70b", "llama33-70b"}}),
      preset("llama3-405b",
             llama3 + ".1-405B config.json): 8 KV heads, SwiGLU, pre-training context 8192, "
                      "vocab 128256",
             {126, 16384, 128, 8, 53248, 8192, 128256, true, false},
             {405.8e9, 0.0, {"llama3.1-405b", "llama31-405b"}}),
      preset("llama3.2-1b",
             llama32 + "1B config.json): 16 layers, hidden 2048, 32 heads, 8 KV heads, SwiGLU "
                       "8192, vocab 128256, tied embeddings, context 8192",
             {16, 2048, 32, 8, 8192, 8192, 128256, true, true}, {1.236e9, 0.0, {"llama32-1b"}}),
      preset("llama3.2-3b",
             llama32 + "3B config.json): 28 layers, hidden 3072, 24 heads, 8 KV heads, SwiGLU "
                       "8192, vocab 128256, tied embeddings, context 8192",
             {28, 3072, 24, 8, 8192, 8192, 128256, true, true}, {3.213e9, 0.0, {"llama32-3b"}}),
      preset("mistral-7b",
             "Mistral 7B (Jiang et al. 2023, Table 1; HF mistralai/Mistral-7B-v0.1 config.json: "
             "32 layers, dim 4096, 32 heads, 8 KV heads, SwiGLU 14336, vocab 32000, untied); "
             "sliding window 4096 (not modelled); training length not published: 8192",
             {32, 4096, 32, 8, 14336, 8192, 32000, true, false}, {7.24e9}),
  };
}

std::vector<ModelPreset> qwen_dense_presets() {
  const std::string q25 = "Qwen2.5 (Qwen Team 2024, Table 1; HF Qwen/Qwen2.5-";
  const std::string q25_tail =
      " config.json): SwiGLU, QKV biases, vocab 152064, untied; pre-training context 4096";
  // Qwen2.5 kept Qwen2's architecture at 7B and 72B (the two reports' Table 1; HF Qwen/Qwen2-7B
  // and Qwen2-72B config.json give the same figures), so the Qwen2 names read as these presets.
  const std::string qwen2_same = "; Qwen2 of the same size has the same configuration";
  const std::string q3 = "Qwen3 (Qwen Team 2025, Table 1; HF Qwen/Qwen3-";
  const std::string q3_tail =
      " config.json): heads of 128, QK-norm, SwiGLU, vocab 151936, untied; "
      "pre-training context 4096";
  return {
      preset("qwen2.5-7b", q25 + "7B" + q25_tail + qwen2_same,
             {28, 3584, 28, 4, 18944, 4096, 152064, true, false},
             {7.61e9, 0.0, {"qwen2-7b", "qwen25-7b"}}),
      preset("qwen2.5-14b", q25 + "14B" + q25_tail,
             {48, 5120, 40, 8, 13824, 4096, 152064, true, false}, {14.7e9, 0.0, {"qwen25-14b"}}),
      preset("qwen2.5-32b", q25 + "32B" + q25_tail,
             {64, 5120, 40, 8, 27648, 4096, 152064, true, false}, {32.5e9, 0.0, {"qwen25-32b"}}),
      preset("qwen2.5-72b", q25 + "72B" + q25_tail + qwen2_same,
             {80, 8192, 64, 8, 29568, 4096, 152064, true, false},
             {72.7e9, 0.0, {"qwen2-72b", "qwen25-72b"}}),
      preset("qwen3-8b", q3 + "8B" + q3_tail,
             {36, 4096, 32, 8, 12288, 4096, 151936, true, false, 128}, {8.2e9}),
      preset("qwen3-14b", q3 + "14B" + q3_tail,
             {40, 5120, 40, 8, 17408, 4096, 151936, true, false, 128}, {14.8e9}),
      preset("qwen3-32b", q3 + "32B" + q3_tail,
             {64, 5120, 64, 8, 25600, 4096, 151936, true, false, 128}, {32.8e9}),
  };
}

std::vector<ModelPreset> gemma_presets() {
  const std::string g2 = "Gemma 2 (Gemma Team 2024, Tables 1-2; HF google/gemma-2-";
  const std::string g2_tail =
      " config.json): GeGLU, vocab 256000, tied embeddings, context 8192; "
      "local/global attention alternation not modelled";
  const std::string g3 = "Gemma 3 text decoder (Gemma Team 2025, Table 1; HF google/gemma-3-";
  const std::string g3_tail =
      " config.json): GeGLU, tied embeddings, pre-training context "
      "32768; 5:1 local/global attention not modelled; vision encoder "
      "not counted";
  return {
      preset("gemma2-2b", g2 + "2b" + g2_tail,
             {26, 2304, 8, 4, 9216, 8192, 256000, true, true, 256}, {2.614e9}),
      preset("gemma2-9b", g2 + "9b" + g2_tail,
             {42, 3584, 16, 8, 14336, 8192, 256000, true, true, 256}, {9.242e9}),
      preset("gemma2-27b", g2 + "27b" + g2_tail,
             {46, 4608, 32, 16, 36864, 8192, 256000, true, true, 128}, {27.227e9}),
      preset("gemma3-1b", g3 + "1b-pt" + g3_tail + "; vocab 262144",
             {26, 1152, 4, 1, 6912, 32768, 262144, true, true, 256}, {1.0e9}),
      preset("gemma3-4b", g3 + "4b-pt" + g3_tail + "; vocab 262208",
             {34, 2560, 8, 4, 10240, 32768, 262208, true, true, 256}, {3.884e9}),
      preset("gemma3-12b", g3 + "12b-pt" + g3_tail + "; vocab 262208",
             {48, 3840, 16, 8, 15360, 32768, 262208, true, true, 256}, {11.771e9}),
      preset("gemma3-27b", g3 + "27b-pt" + g3_tail + "; vocab 262208",
             {62, 5376, 32, 16, 21504, 32768, 262208, true, true, 128}, {27.016e9}),
  };
}

}  // namespace

std::vector<ModelPreset> llama_presets() {
  return joined({meta_presets, qwen_dense_presets, gemma_presets});
}

}  // namespace wt::presets
