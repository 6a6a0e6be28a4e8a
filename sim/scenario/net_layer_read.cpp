// model.layers: the JSON array of layer objects → NetLayer, every key checked with its path.
#include <algorithm>

#include "core/error.hpp"
#include "sim/scenario/field_readers.hpp"
#include "sim/scenario/net_layer.hpp"

namespace wt {
namespace {

using nlohmann::json;

constexpr IntRange kChannels{1, 1'000'000};
constexpr IntRange kPixels{1, 1'000'000};
constexpr IntRange kWindow{1, 1024};
constexpr IntRange kPadding{0, 1024};

struct TypeKeys {
  NetLayerType type;
  const char* name;
  std::vector<std::string> required, optional;
};

const std::vector<TypeKeys>& type_keys() {
  static const std::vector<TypeKeys> table = {
      {NetLayerType::conv2d,
       "conv2d",
       {"in_channels", "out_channels", "kernel", "input_hw"},
       {"stride", "padding", "bias"}},
      {NetLayerType::linear, "linear", {"in_features", "out_features"}, {"bias"}},
      {NetLayerType::batch_norm, "batch_norm", {"channels", "input_hw"}, {}},
      {NetLayerType::relu, "relu", {"channels", "input_hw"}, {}},
      {NetLayerType::max_pool,
       "max_pool",
       {"channels", "kernel", "input_hw"},
       {"stride", "padding"}},
      {NetLayerType::avg_pool,
       "avg_pool",
       {"channels", "kernel", "input_hw"},
       {"stride", "padding"}},
      {NetLayerType::add, "add", {"channels", "input_hw"}, {}},
  };
  return table;
}

const TypeKeys& keys_of(const json& object, const std::string& at) {
  const auto type = object.find("type");
  if (type == object.end()) {
    throw InputError(at + ".type", "required", "", join(net_layer_type_names()));
  }
  const std::string name = read_string(*type, at + ".type");
  for (const TypeKeys& k : type_keys()) {
    if (name == k.name) return k;
  }
  throw InputError(at + ".type", "unknown layer type" + did_you_mean(name, net_layer_type_names()),
                   value_text(*type), join(net_layer_type_names()));
}

// "input_hw": 224 or [224, 224].
void read_input_hw(const json& value, const std::string& path, NetLayer& l) {
  if (value.is_array()) {
    const std::vector<int> hw = read_integer_list(value, path, {2, 2}, kPixels);
    l.input_h = hw[0];
    l.input_w = hw[1];
    return;
  }
  l.input_h = l.input_w = read_integer(value, path, kPixels);
}

void read_key(const std::string& key, const json& value, const std::string& path, NetLayer& l) {
  if (key == "in_channels" || key == "channels")
    l.in_channels = read_integer(value, path, kChannels);
  if (key == "out_channels") l.out_channels = read_integer(value, path, kChannels);
  if (key == "in_features") l.in_features = read_integer(value, path, kChannels);
  if (key == "out_features") l.out_features = read_integer(value, path, kChannels);
  if (key == "kernel") l.kernel = static_cast<int>(read_integer(value, path, kWindow));
  if (key == "stride") l.stride = static_cast<int>(read_integer(value, path, kWindow));
  if (key == "padding") l.padding = static_cast<int>(read_integer(value, path, kPadding));
  if (key == "bias") l.bias = read_boolean(value, path);
  if (key == "input_hw") read_input_hw(value, path, l);
}

NetLayer read_layer(const json& object, const std::string& at) {
  if (!object.is_object()) {
    throw InputError(at, "must be an object", value_text(object),
                     "{\"type\": one of " + join(net_layer_type_names()) + ", ...}");
  }
  const TypeKeys& keys = keys_of(object, at);
  std::vector<std::string> allowed = {"type"};
  allowed.insert(allowed.end(), keys.required.begin(), keys.required.end());
  allowed.insert(allowed.end(), keys.optional.begin(), keys.optional.end());
  NetLayer l;
  l.type = keys.type;
  l.bias = keys.type == NetLayerType::linear;  // torch.nn.Linear's default; convs in ResNets: none
  for (const auto& item : object.items()) {
    if (std::find(allowed.begin(), allowed.end(), item.key()) == allowed.end()) {
      throw InputError(at + "." + item.key(),
                       std::string("unknown key for a ") + keys.name + " layer" +
                           did_you_mean(item.key(), allowed),
                       "", join(allowed));
    }
    read_key(item.key(), item.value(), at + "." + item.key(), l);
  }
  for (const std::string& key : keys.required) {
    if (!object.contains(key)) {
      throw InputError(at + "." + key, std::string("required for a ") + keys.name + " layer", "",
                       join(keys.required));
    }
  }
  if (l.is_pool() && !object.contains("stride")) l.stride = l.kernel;  // torch's pool default
  if (l.windowed() && (l.output_h() < 1 || l.output_w() < 1)) {
    throw InputError(at + ".kernel",
                     "is larger than the padded input (" + std::to_string(l.input_h) + " x " +
                         std::to_string(l.input_w) + " with padding " + std::to_string(l.padding) +
                         ")",
                     std::to_string(l.kernel), "at most input_hw + 2 x padding");
  }
  return l;
}

}  // namespace

const char* to_string(NetLayerType t) {
  for (const TypeKeys& k : type_keys()) {
    if (k.type == t) return k.name;
  }
  return "?";
}

std::vector<std::string> net_layer_type_names() {
  std::vector<std::string> names;
  for (const TypeKeys& k : type_keys())
    names.emplace_back(k.name);
  return names;
}

std::vector<NetLayer> read_net_layers(const json& value, const std::string& path) {
  if (!value.is_array() || value.empty()) {
    throw InputError(path, "must be a non-empty array of layer objects", value_text(value),
                     "[{\"type\": one of " + join(net_layer_type_names()) + ", ...}, ...]");
  }
  constexpr size_t kMaxLayers = 100'000;
  if (value.size() > kMaxLayers) {
    throw InputError(path, "has too many layers", std::to_string(value.size()), "1 .. 100000");
  }
  std::vector<NetLayer> layers;
  layers.reserve(value.size());
  for (size_t i = 0; i < value.size(); ++i) {
    layers.push_back(read_layer(value[i], path + "[" + std::to_string(i) + "]"));
  }
  return layers;
}

}  // namespace wt
