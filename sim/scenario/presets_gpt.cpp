// GPT-style decoders (two-matrix MLP, mostly tied embeddings) and the other pre-Llama large
// models, each with the source of its figures. GPT-3 sizes follow Brown et al. 2020 (Table 2.1)
// with Megatron-LM's conventions (vocabulary padded to 51200, 128-wide heads for the large ones),
// as in Narayanan et al. 2021.
#include "sim/scenario/presets_table.hpp"

namespace wt::presets {
namespace {

// GPT-NeoX, PaLM and Falcon: parallel attention and MLP, trained without dropout (HF configs
// hidden_dropout 0; PaLM: Chowdhery et al. 2022, section 5, "no dropout").
ModelPreset with_parallel_layers(ModelPreset p) {
  p.model.parallel_layers = true;
  p.model.hidden_dropout = 0.0;
  return p;
}

// Positions other than the learned absolute ones of GPT-2/3, OPT, MT-NLG and BERT: rotary for
// GPT-NeoX (Black et al. 2022, section 2.1: on the first 25 % of each head; counted on the whole
// head, as Megatron's fused kernel writes the whole query and key), Falcon (HF config: no alibi)
// and Nemotron-4 (Parmar et al. 2024, section 2); ALiBi for BLOOM (BigScience 2022, section 3.2).
ModelPreset with_positions(ModelPreset p, PositionEmbedding positions) {
  p.model.position_embedding = positions;
  return p;
}

std::vector<ModelPreset> gpt2_presets() {
  const std::string hf = "GPT-2 (Radford et al. 2019; HF openai-community/";
  const std::string tail =
      " config.json): GELU MLP of 4h, context 1024, vocab 50257, tied "
      "embeddings; the 1024 learned positions are not counted";
  return {
      preset("gpt2", hf + "gpt2" + tail, {12, 768, 12, 12, 3072, 1024, 50257, false, true},
             {124.44e6, 0.0, {"gpt2-small", "gpt2-124m"}}),
      preset("gpt2-medium", hf + "gpt2-medium" + tail,
             {24, 1024, 16, 16, 4096, 1024, 50257, false, true}, {354.82e6, 0.0, {"gpt2-355m"}}),
      preset("gpt2-large", hf + "gpt2-large" + tail,
             {36, 1280, 20, 20, 5120, 1024, 50257, false, true}, {774.03e6, 0.0, {"gpt2-774m"}}),
      preset("gpt2-xl", hf + "gpt2-xl" + tail, {48, 1600, 25, 25, 6400, 1024, 50257, false, true},
             {1557.6e6, 0.0, {"gpt2-1.5b"}}),
  };
}

std::vector<ModelPreset> gpt3_presets() {
  const std::string table = "(Brown et al. 2020, Table 2.1: ";
  const std::string tail = "; vocabulary padded to 51200 as in Megatron-LM, tied embeddings";
  return {
      preset("gpt3-125m",
             "GPT-3 Small " + table +
                 "12 layers, d_model 768, 12 heads of 64, "
                 "context 2048)" +
                 tail,
             {12, 768, 12, 12, 3072, 2048, 51200, false, true}, {125e6}),
      preset("gpt3-350m",
             "GPT-3 Medium " + table +
                 "24 layers, d_model 1024, 16 heads of 64, "
                 "context 2048)" +
                 tail,
             {24, 1024, 16, 16, 4096, 2048, 51200, false, true}, {350e6}),
      preset("gpt3-760m",
             "GPT-3 Large " + table +
                 "24 layers, d_model 1536, 16 heads of 96, "
                 "context 2048)" +
                 tail,
             {24, 1536, 16, 16, 6144, 2048, 51200, false, true}, {760e6}),
      preset("gpt3-1.3b",
             "GPT-3 XL (Brown et al. 2020, Table 2.1: 24 layers, d_model 2048, context 2048); "
             "Megatron-LM heads of 128 (16), vocabulary padded to 51200, tied embeddings",
             {24, 2048, 16, 16, 8192, 2048, 51200, false, true}, {1.3e9, 0.0, {"gpt3-xl"}}),
      preset("gpt3-6.7b",
             "GPT-3 6.7B " + table +
                 "32 layers, d_model 4096, 32 heads of 128, "
                 "context 2048)" +
                 tail,
             {32, 4096, 32, 32, 16384, 2048, 51200, false, true}, {6.7e9}),
      preset("gpt3-13b",
             "GPT-3 13B (Brown et al. 2020, Table 2.1: 40 layers, 40 heads of 128, context "
             "2048); d_model 5120 (= 40 x 128) as Megatron-LM uses it (the paper lists 5140), "
             "vocabulary padded to 51200, tied embeddings",
             {40, 5120, 40, 40, 20480, 2048, 51200, false, true}, {13.0e9}),
      preset("gpt3-175b",
             "GPT-3 175B (Brown et al. 2020, Table 2.1: 96 layers, d_model 12288, 96 heads of "
             "128, context 2048); vocabulary padded to 51200 as in Megatron-LM, tied embeddings",
             {96, 12288, 96, 96, 49152, 2048, 51200, false, true}, {175.0e9, 0.0, {"gpt3"}}),
  };
}

std::vector<ModelPreset> large_dense_presets() {
  return {
      with_positions(
          with_parallel_layers(preset(
              "gpt-neox-20b",
              "GPT-NeoX-20B (Black et al. 2022, Table 1; HF EleutherAI/gpt-neox-20b config.json: "
              "44 "
              "layers, hidden 6144, 64 heads, FFN 24576, context 2048, vocab 50432, untied, "
              "parallel attention and MLP)",
              {44, 6144, 64, 64, 24576, 2048, 50432, false, false}, {20.55e9, 0.0, {"neox-20b"}})),
          PositionEmbedding::rope),
      with_positions(
          without_dropout(preset(
              "bloom-176b",
              "BLOOM (BigScience 2022, Table 3; HF bigscience/bloom config.json: 70 layers, hidden "
              "14336, 112 heads, GELU MLP of 4h, context 2048, vocab 250880, tied, hidden_dropout "
              "0)",
              {70, 14336, 112, 112, 57344, 2048, 250880, false, true}, {176.25e9, 0.0, {"bloom"}})),
          PositionEmbedding::alibi),
      preset("opt-175b",
             "OPT-175B (Zhang et al. 2022, Table 1: 96 layers, 96 heads, d_model 12288, context "
             "2048; HF facebook/opt vocab 50272, ReLU MLP of 4h, tied)",
             {96, 12288, 96, 96, 49152, 2048, 50272, false, true}, {175e9}),
      preset("mt-nlg-530b",
             "Megatron-Turing NLG 530B (Smith et al. 2022, section 3: 105 layers, hidden 20480, "
             "128 heads, context 2048, GPT-2 vocabulary padded to 51200, tied)",
             {105, 20480, 128, 128, 81920, 2048, 51200, false, true},
             {530e9, 0.0, {"megatron-turing-nlg-530b"}}),
      with_parallel_layers(preset(
          "palm-540b",
          "PaLM 540B (Chowdhery et al. 2022, Table 1 and section 2: 118 layers, d_model 18432, "
          "48 heads of 256, multi-query attention, SwiGLU of 4 x d_model, vocab 256000, shared "
          "input/output embeddings, parallel layers, no biases (biases counted here: < 0.01%), "
          "context 2048)",
          {118, 18432, 48, 1, 73728, 2048, 256000, true, true, 256}, {540.35e9, 0.0, {"palm"}})),
      with_positions(
          with_parallel_layers(
              preset("falcon-7b",
                     "Falcon-7B (HF tiiuae/falcon-7b config.json: 32 layers, hidden 4544, 71 heads "
                     "of 64, multi-query, GELU MLP of 4h, vocab 65024, parallel attention, tied; "
                     "context 2048 per Almazrouei et al. 2023)",
                     {32, 4544, 71, 1, 18176, 2048, 65024, false, true}, {7e9})),
          PositionEmbedding::rope),
      with_positions(
          with_parallel_layers(
              preset("falcon-180b",
                     "Falcon-180B (HF tiiuae/falcon-180B config.json: 80 layers, hidden 14848, 232 "
                     "heads of 64, 8 KV heads, GELU MLP of 4h, vocab 65024, parallel attention, "
                     "tied; context 2048 per Almazrouei et al. 2023)",
                     {80, 14848, 232, 8, 59392, 2048, 65024, false, true}, {180e9})),
          PositionEmbedding::rope),
      with_positions(
          preset("nemotron4-15b",
                 "Nemotron-4 15B (Parmar et al. 2024, Table 1: 32 layers, hidden 6144, 48 heads, 8 "
                 "KV heads, squared-ReLU MLP of 4h, context 4096, vocab 256000, untied; 3.2B "
                 "embedding + 12.5B other parameters)",
                 {32, 6144, 48, 8, 24576, 4096, 256000, false, false}, {15.7e9}),
          PositionEmbedding::rope),
      with_positions(
          preset(
              "nemotron4-340b",
              "Nemotron-4 340B (NVIDIA 2024, Table 1: 96 layers, hidden 18432, 96 heads, 8 KV "
              "heads, squared-ReLU MLP of 4h, context 4096, vocab 256000, untied; 9.4B embedding "
              "+ 331.6B other parameters)",
              {96, 18432, 96, 8, 73728, 4096, 256000, false, false}, {341.0e9}),
          PositionEmbedding::rope),
      preset("bert-large",
             "BERT-Large (Devlin et al. 2019: 24 layers, hidden 1024, 16 heads, FFN 4096, 512 "
             "positions); WordPiece vocab 30522 (HF bert-large-uncased), tied output embedding",
             {24, 1024, 16, 16, 4096, 512, 30522, false, true}, {340e6}),
  };
}

}  // namespace

std::vector<ModelPreset> gpt_presets() {
  return joined({gpt2_presets, gpt3_presets, large_dense_presets});
}

}  // namespace wt::presets
