// doc["cluster"] from a row: the catalog GPU, the nodes, and the network read from its text.
#include <cstdio>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "sim/validation/cloud_instance.hpp"
#include "sim/validation/interconnect.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_gpu.hpp"
#include "sim/validation/row_sections.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

// Switch radix by generation: HDR-class (≤ 200 Gb/s) 40-port, NDR-class 64-port.
constexpr double kHdrGbps = 200.0;
constexpr int kHdrRadix = 40;
constexpr int kNdrRadix = 64;
constexpr int kFatTreeLevels = 3;

constexpr int64_t kNvl72Gpus = 72;

// Blackwell Ultra systems (DGX B300, GB300 NVL72) carry ConnectX-8 NICs at 800 Gb/s, one per GPU
// (data/reference/hardware-and-prices.json, network nic_per_node DGX_B300, MLENG_NET; Quantum-X800
// XDR "used by DGX B300 / GB300 NVL72"); A100 systems 200 Gb/s HDR, as the quad-GH200 systems
// (Slingshot 11 or NDR200, one per GPU; recalled); the others 400 Gb/s.
constexpr double kXdrGbps = 800.0;
double default_nic_Gbps(const std::string& id) {
  if (id.starts_with("a100") || id == "gh200-96gb") return kHdrGbps;
  if (id == "b300" || id == "gb300") return kXdrGbps;
  return 2 * kHdrGbps;
}

// The NVLink domain a run of `num_gpus` GB200s is laid out in: the largest whole number of trays,
// at most a rack's 72 GPUs, that divides the run (256 GPUs: 64 on each of 4 racks); one tray when
// none does.
int64_t nvl72_domain(int64_t num_gpus) {
  for (int64_t d = kNvl72Gpus; d > kNvl72TrayGpus; d -= kNvl72TrayGpus) {
    if (num_gpus % d == 0) return d;
  }
  return kNvl72TrayGpus;
}

// A network text naming a fabric other than EFA: an AWS instance's EFA is then not the network.
bool names_another_fabric(const std::string& lower_text) {
  for (const char* name : {"infiniband", "roce", "ethernet", "hdr", "ndr", "edr", "xdr", "tcpx",
                           "slingshot", "omni-path"}) {
    if (contains(lower_text, name)) return true;
  }
  return false;
}

// The row's words when they say PCIe, else the node the accelerator comes in (row_gpu.hpp).
json intra_node(const json& row, const GpuChoice& gpu, RowBuild& b) {
  const std::string text = lower(row_text(row, "intra_node_interconnect"));
  if (contains(text, "pcie") && !contains(text, "nvlink")) return {{"fabric", "pcie"}};
  if (gpu.fabric != "nvswitch") {
    b.assume("intra-node fabric " + gpu.fabric + ": " + gpu.fabric_reading);
  } else if (text.empty()) {
    b.assume("intra-node fabric not given: NVSwitch at the catalog's NVLink rate");
  }
  return {{"fabric", gpu.fabric}};
}

json network(const json& row, int gpus_per_node, const GpuChoice& gpu,
             const CloudInstance* instance, RowBuild& b) {
  const std::string text = row_text(row, "inter_node_interconnect");
  std::optional<NicSpec> nics = parse_interconnect(text, gpus_per_node);
  if (nics) {
    b.assume(nics->reading);
  } else if (instance != nullptr) {
    nics = NicSpec{instance->nics, instance->nic_Gbps, ""};
    char line[160];
    std::snprintf(line, sizeof line, "network not given: the %s's %d NIC%s × %g Gb/s%s",
                  instance->name, instance->nics, instance->nics == 1 ? "" : "s",
                  instance->nic_Gbps, instance->efa ? " (EFA)" : "");
    b.assume(line);
  } else {
    const double rate = default_nic_Gbps(gpu.id);
    nics = NicSpec{gpus_per_node, rate, ""};
    b.assume("network not given: one " + std::to_string(static_cast<int>(rate)) +
             " Gb/s NIC per GPU");
  }
  const int radix = nics->link_bandwidth_Gbps <= kHdrGbps ? kHdrRadix : kNdrRadix;
  b.assume("fat-tree: 3 levels, non-blocking, radix " + std::to_string(radix) +
           " (switch not given; HDR-class 40, NDR-class 64)");
  json out = {{"topology", "fat-tree"},
              {"link_bandwidth_Gbps", nics->link_bandwidth_Gbps},
              {"nics_per_node", nics->nics_per_node},
              {"fat_tree",
               {{"levels", kFatTreeLevels}, {"switch_radix", radix}, {"oversubscription", 1.0}}}};
  const std::string words = lower(text);
  const bool text_efa = contains(words, "efa") || contains(words, "elastic fabric");
  if (text_efa || (instance != nullptr && instance->efa && !names_another_fabric(words))) {
    out["transport"] = "efa";
    b.assume(std::string("network transport efa: ") +
             (text_efa ? "the text names" : "the instance's") +
             " AWS Elastic Fabric Adapter (NCCL through the aws-ofi-nccl plugin runs only its "
             "Simple protocol across nodes)");
  }
  return out;
}

}  // namespace

void map_cluster(const json& row, RowBuild& b) {
  const CloudInstance* instance = named_instance(row);
  const GpuChoice gpu = map_gpu(row, instance, b);
  if (!gpu.instance_read) instance = nullptr;
  if (instance != nullptr) {
    char line[320];
    std::snprintf(line, sizeof line, "instance %s: %lld × %s, %d NIC%s × %g Gb/s (%s)",
                  instance->name, static_cast<long long>(instance->gpus), instance->gpu,
                  instance->nics, instance->nics == 1 ? "" : "s", instance->nic_Gbps,
                  instance->source);
    b.assume(line);
  }
  const int64_t num_gpus = required_int(row, "num_gpus");
  int64_t gpus_per_node = row_int(row, "gpus_per_node").value_or(0);
  if (row_int(row, "gpus_per_node") && gpus_per_node <= 0) {
    throw InputError(row_name(row) + ".gpus_per_node", "must be positive",
                     row.at("gpus_per_node").dump(), "the GPUs of one node, or null");
  }
  // A GB200 or GB300 row's gpus_per_node of 4 is its compute tray, of 72 its rack: the NVLink
  // domain is the NVL72 rack either way (not for the 4-GPU NVL4 board or the NVL2 pair).
  const std::vector<std::string> gpu_words = words(row_text(row, "gpu_model"));
  const bool small_board = names(gpu_words, {"nvl4"}) || names(gpu_words, {"nvl2"});
  const bool tray_or_rack = nvl72_part(gpu.id) && !small_board &&
                            (gpus_per_node == kNvl72TrayGpus || gpus_per_node == kNvl72Gpus);
  const bool nvl72 =
      (gpus_per_node <= 0 || tray_or_rack) && nvl72_part(gpu.id) && num_gpus >= kNvl72TrayGpus;
  if (nvl72) {
    const std::string stated =
        gpus_per_node <= 0
            ? std::string("gpus_per_node not given: ")
            : "gpus_per_node " + std::to_string(gpus_per_node) + " is " +
                  (gpus_per_node == kNvl72TrayGpus ? "a compute tray's" : "a rack's") + ": ";
    gpus_per_node = nvl72_domain(num_gpus);
    b.assume(stated + (gpu.id == "gb300" ? "GB300" : "GB200") +
             " runs on NVL72 racks (72 GPUs on one NVLink domain, " +
             std::to_string(kNvl72TrayGpus) + " per compute tray), so the " +
             std::to_string(num_gpus) + " GPUs form NVLink domains of " +
             std::to_string(gpus_per_node) +
             " (the most trays up to 72 GPUs that divide them), joined by a fat-tree that is not "
             "rail-optimized (a rail per GPU of the domain would need more rails than a 64-port "
             "switch has ports)");
  }
  const bool node_given = gpus_per_node > 0;
  if (!node_given) {
    gpus_per_node = gpu.node_gpus;
    b.assume(gpu.node_reading);
  }
  if (num_gpus > 0 && num_gpus < gpus_per_node) {
    gpus_per_node = num_gpus;
    b.assume("fewer GPUs than a node: one node holding all of them");
  } else if (!node_given && num_gpus > 0 && num_gpus % gpus_per_node != 0) {
    // 12 GPUs are not whole nodes of 8: nodes of 4 (many clusters hold 4 GPUs per node).
    int64_t smaller = gpus_per_node / 2;
    while (smaller > 1 && num_gpus % smaller != 0)
      smaller /= 2;
    b.assume(std::to_string(num_gpus) + " GPUs are not whole nodes of " +
             std::to_string(gpus_per_node) + ": nodes of " + std::to_string(smaller) +
             ", the largest halving that divides them");
    gpus_per_node = smaller;
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
  c["intra_node"] = intra_node(row, gpu, b);
  const bool one_node = num_gpus == gpus_per_node;
  if (c["intra_node"]["fabric"] == "ici") {
    map_tpu_slices(row, gpu, num_gpus, c, b);
  } else if (!one_node || !row_text(row, "inter_node_interconnect").empty()) {
    c["network"] = network(row, static_cast<int>(gpus_per_node), gpu, instance, b);
    if (nvl72) c["network"]["rail_optimized"] = false;
  }
  b.doc["cluster"] = std::move(c);
}

}  // namespace wt::validation
