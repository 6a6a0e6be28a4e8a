#include "sim/scenario/special_fields.hpp"

#include <algorithm>
#include <filesystem>

#include "core/error.hpp"
#include "sim/scenario/enum_names.hpp"
#include "sim/scenario/field_readers.hpp"
#include "sim/scenario/framework_profiles.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {

std::string resolve_relative(const std::string& base_dir, const std::string& file) {
  const std::filesystem::path path(file);
  if (path.is_absolute() || base_dir.empty()) return path.lexically_normal().string();
  return (std::filesystem::path(base_dir) / path).lexically_normal().string();
}

void read_name(const nlohmann::json& value, Scenario& s, const ReadContext& /*ctx*/) {
  s.name = read_string(value, "name");
}

namespace {

std::string layer_list_preset_names() {
  std::vector<std::string> names;
  for (const LayerListPreset& p : layer_list_presets())
    names.push_back(p.name);
  return join(names);
}

// The transformer preset `value` names at `path`, or an error with the closest names; `also`:
// more allowed names for the message.
const ModelPreset& named_preset(const nlohmann::json& value, const std::string& path,
                                const std::string& also = "") {
  const std::string name = read_string(value, path);
  const ModelPreset* preset = find_model_preset(name);
  if (preset == nullptr) {
    std::vector<std::string> names;
    for (const ModelPreset& p : model_presets()) {
      names.push_back(p.name);
    }
    throw InputError(path,
                     "unknown preset" + did_you_mean(name, names) +
                         " (closest known: " + join(closest_model_presets(name, 5)) + ")",
                     value_text(value), model_preset_names() + also);
  }
  return *preset;
}

}  // namespace

void read_model_preset(const nlohmann::json& value, Scenario& s, const ReadContext& /*ctx*/) {
  const std::string name = read_string(value, "model.preset");
  if (const LayerListPreset* net = find_layer_list_preset(name)) {
    s.model = ModelConfig{};
    s.model.preset = net->name;
    s.model.layers = net->layers;
    return;
  }
  s.model = named_preset(value, "model.preset", ", " + layer_list_preset_names()).model;
}

void read_draft_model(const nlohmann::json& value, Scenario& s, const ReadContext& /*ctx*/) {
  const ModelPreset& p = named_preset(value, "serving.speculative.draft_model");
  s.serving.speculative.draft_model = p.name;
  s.serving.speculative.draft = p.model;
}

void read_model_layers(const nlohmann::json& value, Scenario& s, const ReadContext& /*ctx*/) {
  if (!s.model.preset.empty() && !s.model.is_layer_list()) {
    throw InputError("model.layers", "cannot be combined with a transformer model.preset",
                     "a list of " + std::to_string(value.is_array() ? value.size() : 0) + " layers",
                     "either model.layers or a transformer preset");
  }
  s.model.layers = read_net_layers(value, "model.layers");
}

void read_model_hf_config(const nlohmann::json& value, Scenario& s, const ReadContext& ctx) {
  const std::string file = read_string(value, "model.hf_config");
  if (!s.model.preset.empty()) {
    throw InputError("model.hf_config", "cannot be combined with model.preset", value_text(value),
                     "either model.preset or model.hf_config");
  }
  std::vector<std::string> notes;
  s.model = load_hf_config(resolve_relative(ctx.base_dir, file), "model.hf_config", &notes);
  for (std::string& note : notes) {
    if (std::find(s.warnings.begin(), s.warnings.end(), note) == s.warnings.end()) {
      s.warnings.push_back(std::move(note));
    }
  }
}

void read_framework(const nlohmann::json& value, Scenario& s, const ReadContext& /*ctx*/) {
  const std::string name = read_string(value, "training.framework");
  const FrameworkProfile* profile = find_framework_profile(name);
  if (profile == nullptr) {
    std::vector<std::string> names;
    for (const FrameworkProfile& p : framework_profiles()) {
      names.push_back(p.name);
    }
    throw InputError("training.framework", "unknown framework" + did_you_mean(name, names),
                     value_text(value), framework_profile_names());
  }
  s.training.framework = profile->name;
}

std::string lora_target_allowed_text() {
  std::vector<std::string> names;
  for (const LoraTargetName& t : lora_target_names()) {
    names.emplace_back(t.name);
  }
  return "comma-separated names of " + join(names) + ", or all-linear";
}

void read_lora_targets(const nlohmann::json& value, Scenario& s, const ReadContext& /*ctx*/) {
  const std::string path = "training.finetune.target_modules";
  const std::string text = read_string(value, path);
  if (text == "all-linear") {  // PEFT's target_modules="all-linear"
    s.training.finetune.target_modules = kLoraAll;
    return;
  }
  unsigned bits = 0;
  std::vector<std::string> known;
  for (const LoraTargetName& t : lora_target_names()) {
    known.emplace_back(t.name);
  }
  size_t start = 0;
  while (start <= text.size()) {
    const size_t comma = std::min(text.find(',', start), text.size());
    std::string name = text.substr(start, comma - start);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    const auto it = std::find_if(lora_target_names().begin(), lora_target_names().end(),
                                 [&](const LoraTargetName& t) { return name == t.name; });
    if (it == lora_target_names().end()) {
      throw InputError(path, "unknown module \"" + name + "\"" + did_you_mean(name, known),
                       value_text(value), lora_target_allowed_text());
    }
    if ((bits & it->bit) != 0) {
      throw InputError(path, "names module \"" + name + "\" twice", value_text(value),
                       lora_target_allowed_text());
    }
    bits |= it->bit;
    start = comma + 1;
  }
  s.training.finetune.target_modules = bits;
}

void read_gpu(const nlohmann::json& value, Scenario& s, const ReadContext& ctx) {
  s.cluster.gpu = read_string(value, "cluster.gpu");
  // A calibration profile given as the GPU: resolve it like any path in the file.
  const std::string& gpu = s.cluster.gpu;
  if (gpu.size() >= 5 && gpu.compare(gpu.size() - 5, 5, ".json") == 0) {
    s.cluster.gpu = resolve_relative(ctx.base_dir, gpu);
  }
}

void read_calibration(const nlohmann::json& value, Scenario& s, const ReadContext& ctx) {
  s.calibration = resolve_relative(ctx.base_dir, read_string(value, "calibration"));
}

}  // namespace wt
