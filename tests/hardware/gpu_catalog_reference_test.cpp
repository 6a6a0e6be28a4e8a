// Cross-checks the catalog against data/reference/hardware-and-prices.json: every figure the
// reference gives equals the catalog's and names the same source; "not applicable" is 0.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "sim/hardware/gpu.hpp"

namespace wt {
namespace {

using nlohmann::json;

const json& reference() {
  static const json ref = [] {
    std::ifstream in(std::string(WT_DATA_DIR) + "/reference/hardware-and-prices.json");
    return json::parse(in);
  }();
  return ref;
}

// Catalog id → entry of reference["gpus"]. H800 is not in the reference; MI250X is per GCD.
const std::vector<std::pair<std::string, std::string>> kEntries{
    {"p100-sxm2-16gb", "P100_SXM2_16GB"},
    {"v100-sxm2-32gb", "V100_SXM2_32GB"},
    {"a100-sxm4-40gb", "A100_SXM_40GB"},
    {"a100-sxm4-80gb", "A100_SXM_80GB"},
    {"h100-sxm5-80gb", "H100_SXM_80GB"},
    {"h100-pcie-80gb", "H100_PCIe_80GB"},
    {"h200-sxm-141gb", "H200_SXM_141GB"},
    {"b200", "B200"},
    {"gb200", "GB200_per_GPU"},
    {"mi300x", "MI300X"},
    {"l40s", "L40S"},
    {"l4", "L4"},
    {"a10", "A10"},
    {"t4", "T4"},
    {"mi250x-gcd", "MI250X_per_GCD"},
    {"mi325x", "MI325X"},
    {"mi355x", "MI355X"},
    {"trainium2", "Trainium2"},
    {"gaudi3", "Gaudi3"},
    {"tpu-v4", "TPU_v4"},
    {"tpu-v5e", "TPU_v5e"},
    {"tpu-v5p", "TPU_v5p"},
    {"tpu-v6e", "TPU_v6e"}};

// Catalog figure → the reference keys that may hold it.
std::vector<std::pair<const Sourced*, std::vector<std::string>>> figures(const GpuSpec& g) {
  return {{&g.fp32_tflops, {"fp32_tflops"}},
          {&g.tf32_tflops, {"tf32_tflops_dense", "tf32_tflops"}},
          {&g.bf16_tflops, {"bf16_tensor_tflops_dense"}},
          {&g.fp16_tflops, {"fp16_tensor_tflops_dense"}},
          {&g.fp8_tflops, {"fp8_tflops_dense"}},
          {&g.memory_GB, {"memory_gb"}},
          {&g.memory_bw_GBps, {"memory_bw"}}};
}

const json* find_entry(const json& gpu, const std::vector<std::string>& keys) {
  for (const std::string& key : keys) {
    if (gpu.contains(key)) {
      return &gpu.at(key);
    }
  }
  return nullptr;
}

void expect_matches(const Sourced& figure, const json& entry, const std::string& where) {
  if (entry.at("value").is_null()) {
    EXPECT_EQ(figure.value, 0.0) << where << " is not applicable in the reference";
    return;
  }
  EXPECT_DOUBLE_EQ(figure.value, entry.at("value").get<double>()) << where;
  const std::string source = entry.at("source").get<std::string>();
  EXPECT_EQ(figure.source.rfind(source, 0), 0u) << where << ": " << figure.source;
}

TEST(GpuCatalogReference, PeaksAndMemoryEqualTheReference) {
  int compared = 0;
  for (const auto& [id, key] : kEntries) {
    const GpuSpec* g = find_gpu(id);
    ASSERT_NE(g, nullptr) << id;
    const json& gpu = reference().at("gpus").at(key);
    for (const auto& [figure, keys] : figures(*g)) {
      const json* entry = find_entry(gpu, keys);
      ASSERT_NE(entry, nullptr) << id << " " << keys.front();
      expect_matches(*figure, *entry, id + " " + keys.front());
      ++compared;
    }
  }
  EXPECT_EQ(compared, 23 * 7);
}

TEST(GpuCatalogReference, NvlinkPerDirectionEqualsTheReference) {
  for (const char* id : {"p100-sxm2-16gb", "v100-sxm2-32gb", "a100-sxm4-80gb", "h100-sxm5-80gb",
                         "h200-sxm-141gb", "b200", "gb200"}) {
    const std::string key = std::find_if(kEntries.begin(), kEntries.end(), [&](const auto& e) {
                              return e.first == id;
                            })->second;
    expect_matches(find_gpu(id)->nvlink_GBps,
                   reference().at("gpus").at(key).at("nvlink_per_direction"), id);
  }
}

// The power limits of sim/hardware/power_limit.hpp start from these.
TEST(GpuCatalogReference, TdpEqualsTheReference) {
  for (const char* id :
       {"p100-sxm2-16gb", "v100-sxm2-32gb", "a100-sxm4-40gb", "a100-sxm4-80gb", "h100-sxm5-80gb",
        "h200-sxm-141gb", "b200", "gb200", "mi300x", "l40s", "l4", "a10", "t4"}) {
    const std::string key = std::find_if(kEntries.begin(), kEntries.end(), [&](const auto& e) {
                              return e.first == id;
                            })->second;
    expect_matches(find_gpu(id)->tdp_W, reference().at("gpus").at(key).at("tdp_w"), id);
  }
  // The reference gives "300-350" (configurable); the catalog takes the upper end.
  EXPECT_EQ(find_gpu("h100-pcie-80gb")->tdp_W.value, 350.0);
}

}  // namespace
}  // namespace wt
