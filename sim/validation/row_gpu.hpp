#pragma once
// The catalog accelerator a row's gpu_model names, and the node it comes in (internal to
// sim/validation; docs/validation.md, "From a row to a scenario").
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/validation/row_sections.hpp"

namespace wt::validation {

struct GpuChoice {
  std::string id;     // catalog id
  std::string label;  // for the row's label, e.g. "A100-80GB"
  // The node the accelerator comes in when the row does not say: its intra-node fabric
  // (cluster.intra_node.fabric) and its accelerators per node, with where that comes from.
  std::string fabric = "nvswitch";
  std::string fabric_reading;  // the assumption when the fabric is not NVSwitch ("" for NVSwitch)
  int64_t node_gpus = 8;
  std::string node_reading = "gpus_per_node not given: 8";
  bool instance_read = false;  // the part is the named cloud instance's (cloud_instance.hpp)
};

struct CloudInstance;

// A GB200 NVL72 rack: 18 compute trays of 4 GPUs (2 GB200 superchips) on one NVLink Switch
// fabric (data/reference/hardware-and-prices.json, node_designs GB200_NVL72, SETLOOP_NVL72). The
// GB300 NVL72 rack is built the same way (assumption: recalled, NVIDIA's GB300 NVL72 page).
inline constexpr int64_t kNvl72TrayGpus = 4;
// Whether catalog part `id` comes in NVL72 racks (gb200, gb300).
bool nvl72_part(const std::string& id);

// Throws InputError naming row N.gpu_model when no catalog part matches, listing those that do.
// `instance` (or nullptr) is the cloud instance the row names: its part fills what gpu_model
// leaves out, or is the part when gpu_model names none.
GpuChoice map_gpu(const nlohmann::json& row, const CloudInstance* instance, RowBuild& b);

// TPUs: the torus of an ICI slice (cluster.network with topology "torus") and, beyond one pod,
// the slices joined by the data-center network (cluster.dcn): from a shape the row's words give
// ("4x4x8" in gpu_model, the interconnect texts or other.*) whose product is the chip count, else
// the most even shape the chip's slices take (row_tpu.cpp). Sets `cluster`'s "network" and "dcn".
void map_tpu_slices(const nlohmann::json& row, const GpuChoice& gpu, int64_t chips,
                    nlohmann::json& cluster, RowBuild& b);

// The dimensions (chips) of the most even slice of `chips` chips a TPU takes: 3D (v4, v5p) each
// 1, 2 or a multiple of 4; 2D (v5e, v6e) each 1, 2, 4, 8 or 16. Empty when none.
std::vector<int> even_tpu_slice(int64_t chips, bool three_d);

}  // namespace wt::validation
