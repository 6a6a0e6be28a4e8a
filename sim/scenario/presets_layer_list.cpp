// Layer-list presets: convolutional networks written out layer by layer.
#include <algorithm>

#include "sim/scenario/net_layer.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {
namespace {

class NetWriter {
 public:
  // A convolution without bias on a square input of `hw`, with its output size returned.
  int64_t conv(int64_t in, int64_t out, int k, int stride, int padding, int64_t hw) {
    NetLayer l;
    l.type = NetLayerType::conv2d;
    l.in_channels = in;
    l.out_channels = out;
    l.kernel = k;
    l.stride = stride;
    l.padding = padding;
    l.input_h = l.input_w = hw;
    layers.push_back(l);
    return l.output_h();
  }
  void elementwise(NetLayerType type, int64_t channels, int64_t hw) {
    NetLayer l;
    l.type = type;
    l.in_channels = channels;
    l.input_h = l.input_w = hw;
    layers.push_back(l);
  }
  int64_t pool(NetLayerType type, int64_t channels, int k, int stride, int padding, int64_t hw) {
    NetLayer l;
    l.type = type;
    l.in_channels = channels;
    l.kernel = k;
    l.stride = stride;
    l.padding = padding;
    l.input_h = l.input_w = hw;
    layers.push_back(l);
    return l.output_h();
  }
  // conv, batch norm and (unless `relu` is false) ReLU.
  int64_t conv_bn(int64_t in, int64_t out, int k, int stride, int padding, int64_t hw,
                  bool relu = true) {
    const int64_t out_hw = conv(in, out, k, stride, padding, hw);
    elementwise(NetLayerType::batch_norm, out, out_hw);
    if (relu) elementwise(NetLayerType::relu, out, out_hw);
    return out_hw;
  }
  std::vector<NetLayer> layers;
};

// One bottleneck block of ResNet v1.5 (torchvision's resnet50: the stride on the 3x3 conv):
// 1x1 reduce, 3x3, 1x1 expand (x4), a projection shortcut on the first block of a stage, the add
// and the final ReLU.
int64_t bottleneck(NetWriter& w, int64_t in, int64_t width, int stride, int64_t hw) {
  const int64_t out = 4 * width;
  w.conv_bn(in, width, 1, 1, 0, hw);
  const int64_t out_hw = w.conv_bn(width, width, 3, stride, 1, hw);
  w.conv_bn(width, out, 1, 1, 0, out_hw, false);
  if (stride != 1 || in != out) w.conv_bn(in, out, 1, stride, 0, hw, false);
  w.elementwise(NetLayerType::add, out, out_hw);
  w.elementwise(NetLayerType::relu, out, out_hw);
  return out_hw;
}

std::vector<NetLayer> resnet50(int64_t image) {
  NetWriter w;
  int64_t hw = w.conv_bn(3, 64, 7, 2, 3, image);
  hw = w.pool(NetLayerType::max_pool, 64, 3, 2, 1, hw);
  int64_t channels = 64;
  const int blocks[] = {3, 4, 6, 3};
  for (int stage = 0; stage < 4; ++stage) {
    const int64_t width = int64_t{64} << stage;
    for (int b = 0; b < blocks[stage]; ++b) {
      hw = bottleneck(w, channels, width, b == 0 && stage > 0 ? 2 : 1, hw);
      channels = 4 * width;
    }
  }
  w.pool(NetLayerType::avg_pool, channels, static_cast<int>(hw), 1, 0, hw);  // global average
  NetLayer fc;
  fc.type = NetLayerType::linear;
  fc.in_features = channels;
  fc.out_features = 1000;
  fc.bias = true;
  w.layers.push_back(fc);
  return w.layers;
}

}  // namespace

const std::vector<LayerListPreset>& layer_list_presets() {
  static const std::vector<LayerListPreset> presets = {
      {"resnet50", "ResNet-50",
       "He et al., \"Deep Residual Learning for Image Recognition\" (CVPR 2016), Table 1, "
       "50-layer; "
       "v1.5 as torchvision.models.resnet50 (stride on the 3x3 convolution), 224 x 224 images, "
       "1000 classes",
       resnet50(224)},
  };
  return presets;
}

const LayerListPreset* find_layer_list_preset(const std::string& name) {
  const auto& all = layer_list_presets();
  const auto it = std::find_if(all.begin(), all.end(),
                               [&](const LayerListPreset& p) { return iequals(p.name, name); });
  return it == all.end() ? nullptr : &*it;
}

}  // namespace wt
