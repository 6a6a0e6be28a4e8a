#include "calibrate/gpu_match.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "sim/hardware/gpu.hpp"

namespace wt::calibrate {
namespace {

// Lower-case words of the name, split at anything that is not a letter or a digit, without the
// vendor words ("NVIDIA", "Tesla").
std::vector<std::string> words_of(std::string_view name) {
  std::vector<std::string> words(1);
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      words.back() += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!words.back().empty()) {
      words.emplace_back();
    }
  }
  std::erase_if(words, [](const std::string& w) {
    return w.empty() || w == "nvidia" || w == "tesla" || w == "amd";
  });
  return words;
}

bool has(const std::vector<std::string>& words, std::string_view w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

std::string joined(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words)
    s += (s.empty() ? "" : "-") + w;
  return s;
}

std::string id_if_known(const std::string& id_or_alias) {
  const GpuSpec* gpu = find_gpu(id_or_alias);
  return gpu == nullptr ? std::string() : gpu->id;
}

// Families whose names do not say the catalog variant: the form factor decides for Hopper (a PCIe
// or NVL card is closest to the PCIe entry) and the 80 GB A100, the memory size for the A100 and
// for the GH200's Hopper GPU (96 GB HBM3 its own entry, 144 GB HBM3e as an H200).
std::string by_family(const std::vector<std::string>& words, double memory_bytes) {
  const bool pcie = has(words, "pcie") || has(words, "nvl");
  if (has(words, "h100")) return pcie ? "h100-pcie-80gb" : "h100-sxm5-80gb";
  if (has(words, "h800")) return "h800-sxm5-80gb";
  if (has(words, "h200")) return "h200-sxm-141gb";
  if (has(words, "gh200")) return memory_bytes > 120e9 ? "h200-sxm-141gb" : "gh200-96gb";
  if (has(words, "a100")) {
    const bool small = has(words, "40gb") || (memory_bytes > 0.0 && memory_bytes < 60e9);
    if (small) return "a100-sxm4-40gb";  // the catalog has no 40 GB PCIe card
    return pcie ? "a100-pcie-80gb" : "a100-sxm4-80gb";
  }
  for (const std::string& w : words) {
    const std::string id = id_if_known(w);
    if (!id.empty()) return id;
  }
  return {};
}

}  // namespace

std::string catalog_id_for_device(std::string_view device_name, double memory_bytes) {
  const std::vector<std::string> words = words_of(device_name);
  if (words.empty()) return {};
  const std::string exact = id_if_known(joined(words));
  if (!exact.empty()) return exact;
  return by_family(words, memory_bytes);
}

LinkKind link_kind_for(std::string_view device_name, bool all_pairs_peer_accessible) {
  const std::vector<std::string> words = words_of(device_name);
  const bool pcie_card = has(words, "pcie");
  return all_pairs_peer_accessible && !pcie_card ? LinkKind::nvlink : LinkKind::pcie;
}

}  // namespace wt::calibrate
