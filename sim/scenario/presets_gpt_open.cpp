// Openly released GPT-style decoders (two-matrix MLP): the OPT family below 175B, Pythia, MPT and
// Falcon-40B. Figures from each model's Hugging Face config.json and the paper's table.
#include "sim/scenario/presets_table.hpp"

namespace wt::presets {
namespace {

// Pythia, MPT and Falcon train without dropout (their configs: dropout 0).
std::vector<ModelPreset> opt_presets() {
  const std::string opt = "OPT (Zhang et al. 2022, Table 1; HF facebook/opt-";
  const std::string tail =
      " config.json): ReLU MLP of 4h, learned positions, context 2048, vocab 50272, tied, "
      "dropout 0.1";
  return {
      preset("opt-1.3b", opt + "1.3b" + tail + "; 24 layers, hidden 2048, 32 heads",
             {24, 2048, 32, 32, 8192, 2048, 50272, false, true}, {1.3e9}),
      preset("opt-2.7b", opt + "2.7b" + tail + "; 32 layers, hidden 2560, 32 heads",
             {32, 2560, 32, 32, 10240, 2048, 50272, false, true}, {2.7e9}),
      preset("opt-6.7b", opt + "6.7b" + tail + "; 32 layers, hidden 4096, 32 heads",
             {32, 4096, 32, 32, 16384, 2048, 50272, false, true}, {6.7e9}),
      preset("opt-13b", opt + "13b" + tail + "; 40 layers, hidden 5120, 40 heads",
             {40, 5120, 40, 40, 20480, 2048, 50272, false, true}, {13e9}),
      preset("opt-30b", opt + "30b" + tail + "; 48 layers, hidden 7168, 56 heads",
             {48, 7168, 56, 56, 28672, 2048, 50272, false, true}, {30e9}),
      preset("opt-66b", opt + "66b" + tail + "; 64 layers, hidden 9216, 72 heads",
             {64, 9216, 72, 72, 36864, 2048, 50272, false, true}, {66e9}),
  };
}

// Pythia (Biderman et al. 2023, Table 1): GPT-NeoX's layout, parallel attention and MLP, rotary
// positions on a quarter of each head, untied, vocab 50304 padded, context 2048.
ModelPreset pythia(const std::string& size, const Shape& shape, double params) {
  ModelPreset p =
      without_dropout(preset("pythia-" + size,
                             "Pythia (Biderman et al. 2023, Table 1; HF EleutherAI/pythia-" + size +
                                 " config.json): GELU MLP of 4h, parallel attention and "
                                 "MLP, rotary, context 2048, vocab 50304, untied",
                             shape, {params}));
  p.model.parallel_layers = true;
  p.model.position_embedding = PositionEmbedding::rope;
  return p;
}

std::vector<ModelPreset> pythia_mpt_falcon() {
  ModelPreset mpt7 = without_dropout(preset(
      "mpt-7b",
      "MPT-7B (MosaicML 2023; HF mosaicml/mpt-7b config.json): 32 layers, d_model 4096, 32 heads, "
      "expansion ratio 4, ALiBi, no biases, context 2048, vocab 50432, tied",
      {32, 4096, 32, 32, 16384, 2048, 50432, false, true}, {6.7e9}));
  ModelPreset mpt30 = without_dropout(preset(
      "mpt-30b",
      "MPT-30B (MosaicML 2023; HF mosaicml/mpt-30b config.json): 48 layers, d_model 7168, 64 "
      "heads, expansion ratio 4, ALiBi, no biases, context 8192, vocab 50432, tied",
      {48, 7168, 64, 64, 28672, 8192, 50432, false, true}, {30e9}));
  for (ModelPreset* m : {&mpt7, &mpt30})
    m->model.position_embedding = PositionEmbedding::alibi;
  ModelPreset falcon40 = without_dropout(preset(
      "falcon-40b",
      "Falcon-40B (Almazrouei et al. 2023; HF tiiuae/falcon-40b config.json): 60 layers, hidden "
      "8192, 128 heads of 64, 8 KV heads, GELU MLP of 4h, parallel attention, rotary, context "
      "2048, vocab 65024, tied",
      {60, 8192, 128, 8, 32768, 2048, 65024, false, true}, {40e9}));
  falcon40.model.parallel_layers = true;
  falcon40.model.position_embedding = PositionEmbedding::rope;
  return {
      pythia("410m", {24, 1024, 16, 16, 4096, 2048, 50304, false, false}, 405.3e6),
      pythia("1b", {16, 2048, 8, 8, 8192, 2048, 50304, false, false}, 1.012e9),
      pythia("1.4b", {24, 2048, 16, 16, 8192, 2048, 50304, false, false}, 1.415e9),
      pythia("2.8b", {32, 2560, 32, 32, 10240, 2048, 50304, false, false}, 2.775e9),
      pythia("6.9b", {32, 4096, 32, 32, 16384, 2048, 50304, false, false}, 6.857e9),
      mpt7,
      mpt30,
      falcon40,
  };
}

}  // namespace

std::vector<ModelPreset> open_gpt_presets() {
  return joined({opt_presets, pythia_mpt_falcon});
}

}  // namespace wt::presets
