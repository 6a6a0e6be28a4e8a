// The built-in GPU catalog and its lookup by id or alias.
#include <algorithm>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "sim/hardware/gpu.hpp"
#include "sim/hardware/gpu_catalog_entries.hpp"

namespace wt {
namespace {

std::vector<GpuSpec> build_catalog() {
  std::vector<GpuSpec> all = catalog::nvidia_datacenter_gpus();
  for (auto family : {catalog::blackwell_and_amd_gpus(), catalog::other_accelerators(),
                      catalog::tpu_chips(), catalog::inference_gpus()}) {
    all.insert(all.end(), family.begin(), family.end());
  }
  return all;
}

// Lower case, with spaces and underscores read as '-', and a leading vendor name dropped, so that
// "NVIDIA A100_SXM4 80GB", "a100-sxm4-80gb" and "A100-SXM4-80GB" compare equal.
std::string normalize(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) {
    const bool separator = c == ' ' || c == '_';
    out += separator ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  for (std::string_view vendor : {"nvidia-", "amd-", "google-", "aws-", "intel-"}) {
    if (out.starts_with(vendor)) {
      out.erase(0, vendor.size());
    }
  }
  return out;
}

}  // namespace

const std::vector<GpuSpec>& gpu_catalog() {
  static const std::vector<GpuSpec> catalog = build_catalog();
  return catalog;
}

namespace {

// Every id and alias of the catalog, normalised once, in catalog order (the planner looks a GPU
// up for every candidate it times).
std::vector<std::pair<std::string, const GpuSpec*>> build_names() {
  std::vector<std::pair<std::string, const GpuSpec*>> names;
  for (const GpuSpec& gpu : gpu_catalog()) {
    names.emplace_back(normalize(gpu.id), &gpu);
    for (const std::string& alias : gpu.aliases)
      names.emplace_back(normalize(alias), &gpu);
  }
  return names;
}

}  // namespace

const GpuSpec* find_gpu(std::string_view id_or_alias) {
  // A validated scenario holds the catalog id itself (the planner and the cost model look it up
  // for every candidate): compare ids first, without normalising a copy.
  for (const GpuSpec& gpu : gpu_catalog()) {
    if (gpu.id == id_or_alias) return &gpu;
  }
  static const std::vector<std::pair<std::string, const GpuSpec*>> names = build_names();
  const std::string wanted = normalize(id_or_alias);
  for (const auto& [name, gpu] : names) {
    if (name == wanted) return gpu;
  }
  return nullptr;
}

std::string gpu_ids() {
  std::string ids;
  for (const GpuSpec& gpu : gpu_catalog()) {
    if (!ids.empty()) {
      ids += ", ";
    }
    ids += gpu.id;
  }
  return ids;
}

}  // namespace wt
