// The JSON objects of the schema, with a one-line doc each. The three network topology blocks may
// only appear beside the topology they describe, so that a block for another topology (usually a
// leftover or a typo) never silently does nothing.
#include "sim/scenario/field_binding.hpp"

namespace wt {
namespace {

std::string current_topology(const Scenario& s) {
  return to_string(s.cluster.network.topology);
}

SectionInfo topology_block(std::string path, std::string doc, std::string topology) {
  return SectionInfo{std::move(path), std::move(doc), "cluster.network.topology",
                     std::move(topology), current_topology};
}

std::vector<SectionInfo> all_sections() {
  return {
      {"", "The top level of a scenario file.", "", "", nullptr},
      {"model", "The model: a preset, a Hugging Face config, or every field.", "", "", nullptr},
      {"model.moe", "Mixture of experts (absent or num_experts 0 for a dense model).", "", "",
       nullptr},
      {"model.mla", "Multi-head latent attention (DeepSeek-V2/V3; absent for ordinary attention).",
       "", "", nullptr},
      {"training", "The training job.", "", "", nullptr},
      {"training.finetune", "Fine-tuning: which weights train (absent for full training).", "", "",
       nullptr},
      {"parallel", "The parallel layout.", "", "", nullptr},
      {"cluster", "The machines.", "", "", nullptr},
      {"cluster.intra_node", "The fabric inside a node.", "", "", nullptr},
      {"cluster.network", "The network between nodes (checked as a whole only when num_nodes > 1).",
       "", "", nullptr},
      {"cluster.dcn", "The data-center network between ICI slices (TPU multi-slice).", "", "",
       nullptr},
      topology_block("cluster.network.fat_tree", "Fat tree (topology \"fat-tree\").", "fat-tree"),
      topology_block("cluster.network.torus", "Torus (topology \"torus\").", "torus"),
      topology_block("cluster.network.dragonfly", "Dragonfly (topology \"dragonfly\").",
                     "dragonfly"),
      {"cost", "Prices.", "", "", nullptr},
      {"reliability", "Failures and checkpoints.", "", "", nullptr},
      {"reliability.failures", "Interruptions by cause (default: Llama 3's).", "", "", nullptr},
      {"reliability.failures.gpu", "The GPU, per GPU.", "", "", nullptr},
      {"reliability.failures.hbm", "HBM, per GPU.", "", "", nullptr},
      {"reliability.failures.nic", "NICs, per NIC.", "", "", nullptr},
      {"reliability.failures.network", "Switches and cables, per NIC.", "", "", nullptr},
      {"reliability.failures.host", "The host, per node.", "", "", nullptr},
      {"reliability.failures.software", "Software, per GPU.", "", "", nullptr},
      {"serving", "Serving (windtunnel serve; docs/serving.md): replicas, batching, traffic.", "",
       "", nullptr},
      {"serving.traffic", "Requests: arrivals and lengths.", "", "", nullptr},
      {"serving.traffic.prompt_tokens", "Prompt lengths.", "", "", nullptr},
      {"serving.traffic.output_tokens", "Output lengths.", "", "", nullptr},
      {"serving.slo", "Latency targets.", "", "", nullptr},
      {"serving.speculative", "Speculative decoding with a draft model.", "", "", nullptr},
  };
}

}  // namespace

const std::vector<SectionInfo>& scenario_sections() {
  static const std::vector<SectionInfo> sections = all_sections();
  return sections;
}

const SectionInfo* find_section(std::string_view path) {
  for (const SectionInfo& s : scenario_sections()) {
    if (s.path == path) return &s;
  }
  return nullptr;
}

}  // namespace wt
