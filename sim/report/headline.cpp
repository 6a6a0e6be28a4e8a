#include "sim/report/headline.hpp"

#include <array>
#include <cctype>
#include <cstdio>
#include <string_view>
#include <vector>

#include "sim/hardware/gpu.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/workload/schedule.hpp"

namespace wt {
namespace {

struct Family {
  std::string_view prefix;
  std::string_view display;
};
constexpr std::array<Family, 5> kFamilies = {{{"gpt3-", "GPT-3 "},
                                              {"llama2-", "Llama 2 "},
                                              {"llama3-", "Llama 3 "},
                                              {"mixtral-", "Mixtral "},
                                              {"bert-", "BERT-"}}};

// "175b" → "175B", "8x7b" → "8x7B", "large" → "Large".
std::string size_display(std::string size) {
  if (size.empty()) return size;
  const size_t n = size.size();
  if (n >= 2 && size[n - 1] == 'b' && std::isdigit(static_cast<unsigned char>(size[n - 2]))) {
    size[n - 1] = 'B';
  } else {
    size[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(size[0])));
  }
  return size;
}

std::string preset_display_name(std::string_view preset) {
  for (const Family& f : kFamilies) {
    if (preset.substr(0, f.prefix.size()) == f.prefix) {
      return std::string(f.display) + size_display(std::string(preset.substr(f.prefix.size())));
    }
  }
  return std::string(preset);
}

std::string number_text(double v) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%g", v);
  return buf.data();
}

std::string schedule_text(const ParallelConfig& p) {
  switch (p.pipeline_schedule) {
    case PipelineSchedule::gpipe:
      return "GPipe";
    case PipelineSchedule::one_f_one_b:
      return "1F1B";
    case PipelineSchedule::interleaved:
      return "interleaved 1F1B v=" + std::to_string(p.virtual_stages);
  }
  return "";
}

std::string topology_text(const NetworkConfig& n) {
  switch (n.topology) {
    case NetworkTopology::fat_tree: {
      std::string t = "fat-tree " + std::to_string(n.fat_tree.levels) + "-level";
      if (n.fat_tree.oversubscription > 1.0) {
        t += " " + number_text(n.fat_tree.oversubscription) + ":1";
      }
      return t;
    }
    case NetworkTopology::torus: {
      std::string t = "torus ";
      for (size_t i = 0; i < n.torus.dims.size(); ++i) {
        t += (i ? "×" : "") + std::to_string(n.torus.dims[i]);
      }
      return t;
    }
    case NetworkTopology::dragonfly:
      return "dragonfly " + std::to_string(n.dragonfly.groups) + " groups";
  }
  return "";
}

std::string network_text(const NetworkConfig& n) {
  return topology_text(n) + " " + number_text(n.link_bandwidth_Gbps) + " Gb/s";
}

}  // namespace

std::string fabric_text(const NetworkConfig& n) {
  std::string t = topology_text(n);
  if (n.topology == NetworkTopology::fat_tree && n.rail_optimized && n.fat_tree.levels >= 2) {
    t = "rail " + t;
  }
  if (n.topology == NetworkTopology::dragonfly)
    t += std::string(" ") + to_string(n.dragonfly.routing);
  return t;
}

namespace {

std::string gpu_display_name(const std::string& gpu) {
  const GpuSpec* spec = find_gpu(gpu);
  return spec ? spec->name : gpu;
}

std::vector<std::string> layout_parts(const Scenario& s) {
  const ParallelConfig& p = s.parallel;
  std::vector<std::string> parts = {"TP " + std::to_string(p.tensor),
                                    "PP " + std::to_string(p.pipeline),
                                    "DP " + std::to_string(p.data)};
  if (p.context > 1) {
    parts.push_back("CP " + std::to_string(p.context) +
                    (p.cp_comm_type == CpCommType::a2a ? " (Ulysses)" : ""));
  }
  if (p.expert > 1)
    parts.push_back("EP " + std::to_string(p.expert) + (ep_pairs(s) ? " (overlapped)" : ""));
  if (p.expert_tensor > 0 && p.expert_tensor != p.tensor) {
    parts.push_back("ETP " + std::to_string(p.expert_tensor));
  }
  if (p.sequence_parallel && p.tensor > 1) parts.push_back("SP");
  if (p.zero_stage > 0) parts.push_back("ZeRO-" + std::to_string(p.zero_stage));
  if (p.pipeline > 1) parts.push_back(schedule_text(p));
  if (s.training.activation_recompute != Recompute::none) {
    parts.push_back(std::string(to_string(s.training.activation_recompute)) + " recompute");
  }
  const FinetuneConfig& f = s.training.finetune;
  if (f.method != FinetuneMethod::full) {
    parts.push_back(std::string(f.method == FinetuneMethod::lora ? "LoRA" : "QLoRA") + " r" +
                    std::to_string(f.rank) + " " + lora_targets_text(f.target_modules));
  }
  return parts;
}

}  // namespace

std::string with_thousands(int64_t value) {
  std::string digits = std::to_string(value < 0 ? -value : value);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
    digits.insert(i, ",");
  return value < 0 ? "-" + digits : digits;
}

std::string model_display_name(const Scenario& s) {
  if (s.model.preset.empty()) return s.name.empty() ? "custom model" : s.name;
  const ModelPreset* preset = find_model_preset(s.model.preset);
  return preset_display_name(preset ? preset->name : s.model.preset);
}

std::vector<std::string> scenario_headline_parts(const Scenario& s) {
  std::vector<std::string> parts = {
      model_display_name(s),
      with_thousands(s.cluster.num_gpus()) + " × " + gpu_display_name(s.cluster.gpu)};
  for (std::string& p : layout_parts(s))
    parts.push_back(std::move(p));
  if (s.cluster.num_nodes > 1) parts.push_back(network_text(s.cluster.network));
  return parts;
}

std::string scenario_headline(const Scenario& s) {
  const std::vector<std::string> parts = scenario_headline_parts(s);
  std::string line;
  for (size_t i = 0; i < parts.size(); ++i)
    line += (i ? " · " : "") + parts[i];
  return line;
}

}  // namespace wt
