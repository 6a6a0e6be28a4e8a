#pragma once
// A model given as a list of layers (`model.layers`, or a layer-list preset such as "resnet50"):
// convolutional and fully connected networks trained by data parallelism (docs/models.md,
// "Layer-list models"). The workload side is sim/workload/layer_list.hpp.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wt {

// conv2d and linear are GEMMs (a convolution as an implicit GEMM); the others are memory-bound
// elementwise passes over their activations.
enum class NetLayerType { conv2d, linear, batch_norm, relu, max_pool, avg_pool, add };

struct NetLayer {
  NetLayerType type = NetLayerType::conv2d;
  int64_t in_channels = 0;   // conv2d's C_in; the channels of the elementwise layers
  int64_t out_channels = 0;  // conv2d's C_out
  int64_t in_features = 0, out_features = 0;  // linear
  int kernel = 1, stride = 1, padding = 0;    // conv2d and the pools
  int64_t input_h = 0, input_w = 0;           // every layer but linear
  bool bias = false;                          // conv2d (default off) and linear (default on)

  bool is_pool() const { return type == NetLayerType::max_pool || type == NetLayerType::avg_pool; }
  bool windowed() const { return type == NetLayerType::conv2d || is_pool(); }
  // Output size of a convolution or pool: floor((H + 2p - k) / s) + 1; the input size otherwise.
  int64_t output_h() const {
    return windowed() ? (input_h + 2 * padding - kernel) / stride + 1 : input_h;
  }
  int64_t output_w() const {
    return windowed() ? (input_w + 2 * padding - kernel) / stride + 1 : input_w;
  }
};

const char* to_string(NetLayerType t);
std::vector<std::string> net_layer_type_names();

}  // namespace wt

namespace wt {

// Reads `model.layers`: a JSON array of objects {"type": "conv2d", ...}; each key is checked with
// its path ("model.layers[3].kernel"), unknown keys and types are refused naming what is allowed.
std::vector<NetLayer> read_net_layers(const nlohmann::json& value, const std::string& path);

// Layer-list presets (model.preset): the architecture as a layer list, with its source.
struct LayerListPreset {
  std::string name;          // as written in model.preset, e.g. "resnet50"
  std::string display_name;  // "ResNet-50"
  std::string source;
  std::vector<NetLayer> layers;
};
const std::vector<LayerListPreset>& layer_list_presets();
const LayerListPreset* find_layer_list_preset(const std::string& name);  // case-insensitive

}  // namespace wt
