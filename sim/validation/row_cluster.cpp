// doc["cluster"] from a row: the catalog GPU, the nodes, and the network read from its text.
#include <cstdio>

#include "core/error.hpp"
#include "sim/validation/interconnect.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_sections.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

struct GpuChoice {
  std::string id;
  std::string label;
};

// Switch radix by generation: HDR-class (≤ 200 Gb/s) 40-port, NDR-class 64-port.
constexpr double kHdrGbps = 200.0;
constexpr int kHdrRadix = 40;
constexpr int kNdrRadix = 64;
constexpr int kFatTreeLevels = 3;

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
    throw InputError(row_name(row) + ".gpu_model", "has no catalog entry",
                     row_text(row, "gpu_model"), "A100 SXM4 40/80 GB");
  }
  if (!contains(text, "sxm"))
    b.assume("GPU 'A100' read as the SXM4 module (form factor not given)");
  return *memory_GB == 80.0 ? GpuChoice{"a100-sxm4-80gb", "A100-80GB"}
                            : GpuChoice{"a100-sxm4-40gb", "A100-40GB"};
}

GpuChoice hopper(const std::string& text, RowBuild& b) {
  if (contains(text, "gh200")) {
    b.assume(
        "GPU 'GH200' read as the H200 (the same Hopper GPU; the catalog has no GH200, and "
        "the Grace CPU's memory is not used)");
    return {"h200-sxm-141gb", "H200"};
  }
  if (contains(text, "h200")) return {"h200-sxm-141gb", "H200"};
  if (contains(text, "h800")) return {"h800-sxm5-80gb", "H800"};
  if (contains(text, "pcie")) return {"h100-pcie-80gb", "H100-PCIe"};
  if (contains(text, "hbm2e")) {
    // Only Meta's Grand Teton H100s pair the SXM5 module with HBM2e (torchtitan's H100 runs).
    b.assume(
        "GPU 'H100 HBM2e' read as the catalog's h100-sxm5-96gb-hbm2e: the SXM5 module with six "
        "HBM2e stacks at a 500 W power limit (torchtitan's H100 benchmarks)");
    return {"h100-sxm5-96gb-hbm2e", "H100-HBM2e"};
  }
  if (!contains(text, "sxm"))
    b.assume("GPU 'H100 80GB' read as the SXM5 module (form factor not given)");
  return {"h100-sxm5-80gb", "H100"};
}

// A GB200 NVL72 rack: 18 compute trays of 4 GPUs (2 GB200 superchips) on one NVLink Switch
// fabric (data/reference/hardware-and-prices.json, node_designs GB200_NVL72, SETLOOP_NVL72).
constexpr int64_t kGb200TrayGpus = 4;
constexpr int64_t kNvl72Gpus = 72;

// The NVLink domain a run of `num_gpus` GB200s is laid out in: the largest whole number of trays,
// at most a rack's 72 GPUs, that divides the run (256 GPUs: 64 on each of 4 racks); one tray when
// none does.
int64_t nvl72_domain(int64_t num_gpus) {
  for (int64_t d = kNvl72Gpus; d > kGb200TrayGpus; d -= kGb200TrayGpus) {
    if (num_gpus % d == 0) return d;
  }
  return kGb200TrayGpus;
}

GpuChoice map_gpu(const json& row, RowBuild& b) {
  const std::string text = lower(row_text(row, "gpu_model"));
  const std::optional<double> memory_GB = row_number(row, "gpu_memory_gb", row_name(row));
  if (contains(text, "a100")) return a100(text, memory_GB, row, b);
  if (contains(text, "h100") || contains(text, "h200") || contains(text, "h800")) {
    return hopper(text, b);
  }
  if (contains(text, "v100")) {
    if (memory_GB && *memory_GB != 32.0) {
      char memory[32];
      std::snprintf(memory, sizeof memory, "%g", *memory_GB);
      b.assume(std::string("GPU 'V100' of ") + memory +
               " GB read as the catalog's V100 SXM2 32GB (the same compute; other memory)");
    }
    return {"v100-sxm2-32gb", "V100"};
  }
  if (contains(text, "p100")) {
    // The catalog has the SXM2 module (NVLink) of 16 GB only.
    if (contains(text, "pcie") || (memory_GB && *memory_GB != 16.0)) {
      throw InputError(row_name(row) + ".gpu_model", "has no catalog entry",
                       row_text(row, "gpu_model"), "P100 SXM2 16 GB");
    }
    return {"p100-sxm2-16gb", "P100"};
  }
  for (const char* id : {"gb200", "b200", "mi300x", "l40s"}) {
    if (contains(text, id)) return {id, id};
  }
  throw InputError(row_name(row) + ".gpu_model", "is not mapped to a catalog GPU",
                   row_text(row, "gpu_model"),
                   "A100, H100, H200, H800, B200, GB200, MI300X, L40S, V100, P100");
}

json intra_node(const json& row, RowBuild& b) {
  const std::string text = lower(row_text(row, "intra_node_interconnect"));
  if (text.empty()) b.assume("intra-node fabric not given: NVSwitch at the catalog's NVLink rate");
  if (contains(text, "pcie") && !contains(text, "nvlink")) return {{"fabric", "pcie"}};
  return {{"fabric", "nvswitch"}};
}

json network(const json& row, int gpus_per_node, const GpuChoice& gpu, RowBuild& b) {
  const std::string text = row_text(row, "inter_node_interconnect");
  std::optional<NicSpec> nics = parse_interconnect(text, gpus_per_node);
  if (nics) {
    b.assume(nics->reading);
  } else {
    const double rate = gpu.id.starts_with("a100") ? kHdrGbps : 2 * kHdrGbps;
    nics = NicSpec{gpus_per_node, rate, ""};
    b.assume("network not given: one " + std::to_string(static_cast<int>(rate)) +
             " Gb/s NIC per GPU");
  }
  const int radix = nics->link_bandwidth_Gbps <= kHdrGbps ? kHdrRadix : kNdrRadix;
  b.assume("fat-tree: 3 levels, non-blocking, radix " + std::to_string(radix) +
           " (switch not given; HDR-class 40, NDR-class 64)");
  return {{"topology", "fat-tree"},
          {"link_bandwidth_Gbps", nics->link_bandwidth_Gbps},
          {"nics_per_node", nics->nics_per_node},
          {"fat_tree",
           {{"levels", kFatTreeLevels}, {"switch_radix", radix}, {"oversubscription", 1.0}}}};
}

}  // namespace

void map_cluster(const json& row, RowBuild& b) {
  const GpuChoice gpu = map_gpu(row, b);
  const int64_t num_gpus = required_int(row, "num_gpus");
  int64_t gpus_per_node = row_int(row, "gpus_per_node").value_or(0);
  const bool nvl72 = gpus_per_node <= 0 && gpu.id == "gb200" && num_gpus >= kGb200TrayGpus;
  if (nvl72) {
    gpus_per_node = nvl72_domain(num_gpus);
    b.assume("gpus_per_node not given: GB200 runs on NVL72 racks (72 GPUs on one NVLink domain, " +
             std::to_string(kGb200TrayGpus) + " per compute tray), so the " +
             std::to_string(num_gpus) + " GPUs form NVLink domains of " +
             std::to_string(gpus_per_node) +
             " (the most trays up to 72 GPUs that divide them), joined by a fat-tree that is not "
             "rail-optimized (a rail per GPU of the domain would need more rails than a 64-port "
             "switch has ports)");
  }
  if (gpus_per_node <= 0) {
    gpus_per_node = 8;
    b.assume("gpus_per_node not given: 8");
  }
  if (num_gpus > 0 && num_gpus < gpus_per_node) {
    gpus_per_node = num_gpus;
    b.assume("fewer GPUs than a node: one node holding all of them");
  }
  if (num_gpus <= 0 || num_gpus % gpus_per_node != 0) {
    throw InputError(
        row_name(row) + ".num_gpus", "is not a whole number of nodes", std::to_string(num_gpus),
        "a positive multiple of gpus_per_node (" + std::to_string(gpus_per_node) + ")");
  }
  b.gpu_label = gpu.label;
  json c;
  c["gpu"] = gpu.id;
  c["num_nodes"] = num_gpus / gpus_per_node;
  c["gpus_per_node"] = gpus_per_node;
  c["intra_node"] = intra_node(row, b);
  const bool one_node = num_gpus == gpus_per_node;
  if (!one_node || !row_text(row, "inter_node_interconnect").empty()) {
    c["network"] = network(row, static_cast<int>(gpus_per_node), gpu, b);
    if (nvl72) c["network"]["rail_optimized"] = false;
  }
  b.doc["cluster"] = std::move(c);
}

}  // namespace wt::validation
