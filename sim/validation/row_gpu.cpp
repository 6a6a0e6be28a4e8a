// The catalog accelerator a row's gpu_model names, and the node it comes in.
#include "sim/validation/row_gpu.hpp"

#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/validation/cloud_instance.hpp"
#include "sim/validation/row_fields.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

void with_its_node(GpuChoice& out);

// A catalog part in the node it comes in: 8 on NVSwitch (the data-center NVIDIA modules), on PCIe
// when the catalog gives the part no NVLink (the cards), else the node kNodes names.
GpuChoice catalog_choice(std::string id, std::string label) {
  GpuChoice out;
  out.id = std::move(id);
  out.label = std::move(label);
  const GpuSpec* gpu = find_gpu(out.id);
  if (gpu != nullptr && gpu->nvlink_GBps.value <= 0.0) {
    out.fabric = "pcie";
    out.fabric_reading =
        out.id + ": the GPUs of a node meet over PCIe (" + gpu->nvlink_GBps.source + ")";
  }
  with_its_node(out);
  return out;
}

GpuChoice a100(const std::string& text, std::optional<double> memory_GB, const json& row,
               RowBuild& b) {
  if (!memory_GB && contains(text, "40gb")) memory_GB = 40.0;
  if (!memory_GB) {
    // The 80 GB module is the A100 that large-model training has used since 2021 (DGX A100 80GB).
    if (!contains(text, "80gb")) b.assume("A100 memory not given: the 80 GB module");
    memory_GB = 80.0;
  }
  if (*memory_GB != 80.0 && *memory_GB != 40.0) {
    throw InputError(row_name(row) + ".gpu_memory_gb", "does not name an A100 in the catalog",
                     std::to_string(*memory_GB), "40 or 80");
  }
  if (contains(text, "pcie")) {
    if (*memory_GB != 80.0) {
      throw InputError(row_name(row) + ".gpu_model", "has no catalog entry",
                       row_text(row, "gpu_model"), "A100 SXM4 40/80 GB, A100 PCIe 80 GB");
    }
    return catalog_choice("a100-pcie-80gb", "A100-PCIe");
  }
  if (!contains(text, "sxm"))
    b.assume("GPU 'A100' read as the SXM4 module (form factor not given)");
  return *memory_GB == 80.0 ? catalog_choice("a100-sxm4-80gb", "A100-80GB")
                            : catalog_choice("a100-sxm4-40gb", "A100-40GB");
}

// GH200: the 96 GB HBM3 GPU, in the quad-GH200 node kNodes describes. The 144 GB HBM3e version
// reads as the H200 (its memory and rate are the H200's within 3 %; the catalog has no entry of its
// own).
GpuChoice grace_hopper(const std::string& text, const json& row, RowBuild& b) {
  const std::optional<double> memory_GB = row_number(row, "gpu_memory_gb", row_name(row));
  if ((memory_GB && *memory_GB > 120.0) || contains(text, "144") || contains(text, "hbm3e")) {
    b.assume(
        "GPU 'GH200' with 144 GB of HBM3e read as the H200 (the same Hopper GPU with 141 GB at "
        "4.8 TB/s; the Grace CPU's memory is not used)");
    return catalog_choice("h200-sxm-141gb", "H200");
  }
  return catalog_choice("gh200-96gb", "GH200");
}

GpuChoice hopper(const std::string& text, const json& row, RowBuild& b) {
  if (contains(text, "gh200")) return grace_hopper(text, row, b);
  if (names(words(text), {"nvl"})) {
    // The H100 NVL (94 GB, HBM3) and the H200 NVL (a 600 W PCIe card) are PCIe cards joined by
    // NVLink bridges of two or four, neither a catalog part's module nor its NVSwitch node.
    throw InputError(row_name(row) + ".gpu_model", "has no catalog entry",
                     row_text(row, "gpu_model"), "H100 SXM5, H100 PCIe, H800, H200 SXM");
  }
  if (contains(text, "h200")) return catalog_choice("h200-sxm-141gb", "H200");
  if (contains(text, "h800")) return catalog_choice("h800-sxm5-80gb", "H800");
  if (contains(text, "pcie")) return catalog_choice("h100-pcie-80gb", "H100-PCIe");
  if (contains(text, "hbm2e")) {
    // Only Meta's Grand Teton H100s pair the SXM5 module with HBM2e (torchtitan's H100 runs).
    b.assume(
        "GPU 'H100 HBM2e' read as the catalog's h100-sxm5-96gb-hbm2e: the SXM5 module with six "
        "HBM2e stacks at a 500 W power limit (torchtitan's H100 benchmarks)");
    return catalog_choice("h100-sxm5-96gb-hbm2e", "H100-HBM2e");
  }
  if (!contains(text, "sxm"))
    b.assume("GPU 'H100 80GB' read as the SXM5 module (form factor not given)");
  return catalog_choice("h100-sxm5-80gb", "H100");
}

// The node each accelerator with its own scale-up fabric comes in, from
// data/reference/hardware-and-prices.json. A part without NVLink in the catalog (the PCIe cards)
// is on PCIe, as validate_cluster.cpp's warning has it; the others are on NVSwitch.
struct NodeKind {
  const char* id;
  const char* fabric;
  int64_t gpus;
  const char* reading;  // why, for the row's assumptions
};
constexpr NodeKind kNodes[] = {
    {"mi300x", "xgmi", 8,
     "MI300X: 8 OAMs on one baseboard, each pair joined by one Infinity Fabric link of 64 GB/s "
     "(a mesh, no switch: MLENG_NET)"},
    {"mi325x", "xgmi", 8,
     "MI325X: an 8-GPU baseboard with an Infinity Fabric mesh (AMD_MI325X_DS)"},
    {"mi355x", "xgmi", 8,
     "MI355X: an 8-GPU baseboard with an Infinity Fabric mesh (as the MI325X's; assumption)"},
    {"mi250x-gcd", "nvswitch", 8,
     "MI250X: the GPUs counted are GCDs (2 per package, 8 per node as on Frontier: "
     "OLCF_FRONTIER), each reaching the others at one Infinity Fabric link's 50 GB/s "
     "(ROCM_MI250; the 200 GB/s between the two GCDs of a package is not modelled)"},
    {"gaudi3", "nvlink-mesh", 8,
     "Gaudi 3: 8 OAMs on one baseboard, all-to-all over their integrated RoCE ports (a mesh, "
     "no switch: INTEL_GAUDI3_WP)"},
    {"trainium2", "neuronlink", 16,
     "Trainium2: 16 chips per trn2.48xlarge in a 4 x 4 NeuronLink torus (AWS_TRN2)"},
    {"tpu-v4", "ici", 4, "TPU v4: 4 chips per host (GCP_TPU_V4), joined by ICI"},
    {"tpu-v5p", "ici", 4, "TPU v5p: 4 chips per host (GCP_TPU_V5P), joined by ICI"},
    {"tpu-v5e", "ici", 8, "TPU v5e: 8 chips per host (SCALING_BOOK_TPU), joined by ICI"},
    {"tpu-v6e", "ici", 8, "TPU v6e: 8 chips per host (GCP_TPU_V6E), joined by ICI"},
    {"gh200-96gb", "nvlink-mesh", 4,
     "GH200: four superchips per node whose GPUs meet pairwise over NVLink, a mesh without a "
     "switch (HPE Cray EX254n as in CSCS Alps and JSC JUPITER; recalled)"},
};

// The node the part comes in, when kNodes names it.
void with_its_node(GpuChoice& out) {
  for (const NodeKind& n : kNodes) {
    if (out.id != n.id) continue;
    out.fabric = n.fabric;
    out.fabric_reading = n.reading;
    out.node_gpus = n.gpus;
    out.node_reading =
        std::string("gpus_per_node not given: ") + std::to_string(n.gpus) + " (" + n.reading + ")";
  }
}

// Catalog parts the branches of map_gpu decide (memory, module and era variants), kept out of
// the name matching.
bool decided_by_family(const std::string& id) {
  return id.starts_with("a100") || id.starts_with("h100") || id.starts_with("h200") ||
         id.starts_with("h800") || id.starts_with("v100") || id.starts_with("p100");
}

std::string catalog_ids() {
  std::string out;
  for (const GpuSpec& g : gpu_catalog())
    out += (out.empty() ? "" : ", ") + g.id;
  return out;
}

// Any other catalog part, by its id or an alias as words of the text; the longest name wins
// ("GB200" over "B200" needs no order: "gb200" is one word).
GpuChoice catalog_part(const std::string& text, const json& row) {
  const std::vector<std::string> text_words = words(text);
  const GpuSpec* best = nullptr;
  size_t best_length = 0;
  for (const GpuSpec& g : gpu_catalog()) {
    if (decided_by_family(g.id)) continue;
    std::vector<std::string> candidates = g.aliases;
    candidates.push_back(g.id);
    for (const std::string& name : candidates) {
      if (names(text_words, words(name)) && name.size() > best_length) {
        best = &g;
        best_length = name.size();
      }
    }
  }
  if (best == nullptr) {
    throw InputError(row_name(row) + ".gpu_model", "is not mapped to a catalog GPU",
                     row_text(row, "gpu_model"),
                     "a part of `windtunnel catalog` by its id or name (" + catalog_ids() + ")");
  }
  GpuChoice out = catalog_choice(best->id, best->id);
  if (contains(text, "pcie") && out.fabric != "pcie") {
    throw InputError(row_name(row) + ".gpu_model", "has no catalog entry (a PCIe card)",
                     row_text(row, "gpu_model"), "the catalog's module (" + best->id + ")");
  }
  return out;
}

GpuChoice choose_gpu(const std::string& text, const json& row, std::optional<double> memory_GB,
                     RowBuild& b) {
  if (contains(text, "a100")) return a100(text, memory_GB, row, b);
  if (contains(text, "h100") || contains(text, "h200") || contains(text, "h800")) {
    return hopper(text, row, b);
  }
  // A V100 of 16 GB is the same compute: map_gpu says that its memory is not the catalog's.
  if (contains(text, "v100")) return catalog_choice("v100-sxm2-32gb", "V100");
  if (contains(text, "p100")) {
    // The catalog has the SXM2 module (NVLink) of 16 GB only.
    if (contains(text, "pcie") || (memory_GB && *memory_GB != 16.0)) {
      throw InputError(row_name(row) + ".gpu_model", "has no catalog entry",
                       row_text(row, "gpu_model"), "P100 SXM2 16 GB");
    }
    return catalog_choice("p100-sxm2-16gb", "P100");
  }
  return catalog_part(text, row);
}

// The GPU text to map where the row names a cloud instance: the row's words with the instance's
// part after them when they name its family ("A100" on a p4d is the 40 GB module) or no catalog
// part at all ("p5.48xlarge"). A row naming another part keeps it, and the instance is not read.
std::string with_instance(const std::string& text, const CloudInstance& instance, const json& row,
                          std::optional<double> memory_GB, bool& read) {
  read = true;
  const std::string joined = text + " " + lower(instance.gpu);
  if (contains(text, instance.family)) return joined;
  try {
    RowBuild scratch;
    choose_gpu(text, row, memory_GB, scratch);
  } catch (const InputError&) {
    return joined;
  }
  read = false;
  return text;
}

}  // namespace

bool nvl72_part(const std::string& id) {
  return id == "gb200" || id == "gb300";
}

// A stated memory that is not positive is refused; one more than 10 % from the chosen part's is
// said (the part's own memory sets what fits).
GpuChoice map_gpu(const json& row, const CloudInstance* instance, RowBuild& b) {
  const std::optional<double> memory_GB = row_number(row, "gpu_memory_gb", row_name(row));
  if (memory_GB && !(*memory_GB > 0.0)) {
    throw InputError(row_name(row) + ".gpu_memory_gb", "must be positive",
                     row.at("gpu_memory_gb").dump(), "the GPU's memory in GB, or null");
  }
  std::string text = lower(row_text(row, "gpu_model"));
  bool instance_read = false;
  if (instance != nullptr) text = with_instance(text, *instance, row, memory_GB, instance_read);
  GpuChoice choice = choose_gpu(text, row, memory_GB, b);
  choice.instance_read = instance_read;
  if (instance_read) {
    choice.node_gpus = instance->gpus;
    choice.node_reading =
        "gpus_per_node not given: " + std::to_string(instance->gpus) + " (" + instance->name + ")";
  } else if (instance != nullptr && !instance_read) {
    b.assume(std::string("gpu_model names another GPU than the ") + instance->name +
             " the row names: the instance is not read");
  }
  const GpuSpec* spec = find_gpu(choice.id);
  if (memory_GB && spec != nullptr &&
      std::abs(std::log(*memory_GB / spec->memory_GB.value)) > std::log(1.10)) {
    char line[200];
    std::snprintf(line, sizeof line,
                  "gpu_memory_gb %g is not the %g GB of %s: the catalog part's memory sets what "
                  "fits",
                  *memory_GB, spec->memory_GB.value, choice.id.c_str());
    b.assume(line);
  }
  return choice;
}

}  // namespace wt::validation
