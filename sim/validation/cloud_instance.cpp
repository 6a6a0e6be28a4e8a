#include "sim/validation/cloud_instance.hpp"

#include <string>
#include <vector>

#include "sim/validation/row_fields.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

// The GPU of each instance is data/reference/hardware-and-prices.json's cloud_prices entry, its
// network the same file's network.nic_per_node entry (MLENG_NET) where it has one; the others are
// recalled from the providers' instance pages and say so.
constexpr CloudInstance kInstances[] = {
    {"p4d.24xlarge", "A100 40GB SXM", "a100", 8, 4, 100.0, true,
     "cloud_prices aws p4d.24xlarge; nic_per_node AWS_P4d_EFAv1"},
    {"p4de.24xlarge", "A100 80GB SXM", "a100", 8, 4, 100.0, true,
     "cloud_prices aws p4de.24xlarge; the network as p4d's AWS_P4d_EFAv1 (recalled)"},
    {"p5.48xlarge", "H100 SXM 80GB", "h100", 8, 32, 100.0, true,
     "cloud_prices aws p5.48xlarge; nic_per_node AWS_P5_P5e_EFAv2"},
    {"p5e.48xlarge", "H200 141GB", "h200", 8, 32, 100.0, true,
     "cloud_prices aws p5e.48xlarge; nic_per_node AWS_P5_P5e_EFAv2"},
    {"p5en.48xlarge", "H200 141GB", "h200", 8, 16, 200.0, true,
     "cloud_prices aws p5en.48xlarge; nic_per_node AWS_P5en_EFAv3"},
    {"p6-b200.48xlarge", "B200", "b200", 8, 8, 400.0, true,
     "cloud_prices aws p6-b200.48xlarge; nic_per_node AWS_P6_B200_EFAv4"},
    {"p6-b300.48xlarge", "B300", "b300", 8, 16, 400.0, true, "nic_per_node AWS_P6_B300_EFAv4"},
    {"p3dn.24xlarge", "V100 SXM2 32GB", "v100", 8, 1, 100.0, true,
     "recalled: AWS's P3 page, 8 V100 32 GB and 100 Gb/s EFA"},
    {"a2-highgpu-8g", "A100 40GB SXM", "a100", 8, 1, 100.0, false,
     "cloud_prices gcp a2-highgpu; the 100 Gb/s network recalled from GCP's machine-type page"},
    {"a2-megagpu-16g", "A100 40GB SXM", "a100", 16, 1, 100.0, false,
     "recalled: GCP's machine-type page, 16 A100 40 GB and 100 Gb/s"},
    {"a2-ultragpu-8g", "A100 80GB SXM", "a100", 8, 1, 100.0, false,
     "cloud_prices gcp a2-ultragpu; the 100 Gb/s network recalled from GCP's machine-type page"},
    {"a3-highgpu-8g", "H100 SXM 80GB", "h100", 8, 4, 200.0, false,
     "cloud_prices gcp a3-highgpu; nic_per_node GCP_A3_High_TCPX"},
    {"a3-megagpu-8g", "H100 SXM 80GB", "h100", 8, 8, 200.0, false,
     "cloud_prices gcp a3-megagpu; nic_per_node GCP_A3_Mega_TCPXO"},
    {"a3-ultragpu-8g", "H200 141GB", "h200", 8, 8, 400.0, false,
     "cloud_prices gcp a3-ultragpu; the 8 x 400 Gb/s RDMA network recalled from GCP's page"},
    {"a4-highgpu-8g", "B200", "b200", 8, 8, 400.0, false,
     "cloud_prices gcp a4; the 8 x 400 Gb/s RDMA network recalled from GCP's page"},
    {"Standard_ND96asr_v4", "A100 40GB SXM", "a100", 8, 8, 200.0, false,
     "cloud_prices azure ND96asr_v4; the 8 x 200 Gb/s HDR InfiniBand recalled from Azure's page"},
    {"Standard_ND96amsr_A100_v4", "A100 80GB SXM", "a100", 8, 8, 200.0, false,
     "cloud_prices azure ND96amsr_A100_v4; the 8 x 200 Gb/s HDR InfiniBand recalled from Azure's "
     "page"},
    {"Standard_ND96isr_H100_v5", "H100 SXM 80GB", "h100", 8, 8, 400.0, false,
     "cloud_prices azure ND96isr_H100_v5; the 8 x 400 Gb/s NDR InfiniBand recalled from Azure's "
     "page"},
    {"Standard_ND96isr_H200_v5", "H200 141GB", "h200", 8, 8, 400.0, false,
     "recalled: Azure's ND H200 v5 page, 8 H200 and 8 x 400 Gb/s NDR InfiniBand"},
    {"Standard_ND96isr_MI300X_v5", "AMD Instinct MI300X", "mi300x", 8, 8, 400.0, false,
     "recalled: Azure's ND MI300X v5 page, 8 MI300X and 8 x 400 Gb/s NDR InfiniBand"},
    {"Standard_ND40rs_v2", "V100 SXM2 32GB", "v100", 8, 1, 100.0, false,
     "cloud_prices azure ND40rs_v2; the 100 Gb/s EDR InfiniBand recalled from Azure's page"},
};

// The names a row may use, as words: the full type, its family, and the way blog posts and papers
// write it ("P5 instances", "A3 Mega VMs", "ND H100 v5"). A family word alone only where it is no
// other word (p4d, p5en; not "a3" or "nd").
struct Alias {
  const char* words;
  const char* instance;
};
constexpr Alias kAliases[] = {
    {"p4d", "p4d.24xlarge"},
    {"p4de", "p4de.24xlarge"},
    {"p5", "p5.48xlarge"},
    {"p5e", "p5e.48xlarge"},
    {"p5en", "p5en.48xlarge"},
    {"p6 b200", "p6-b200.48xlarge"},
    {"p6 b300", "p6-b300.48xlarge"},
    {"p3dn", "p3dn.24xlarge"},
    {"a2 highgpu", "a2-highgpu-8g"},
    {"a2 megagpu", "a2-megagpu-16g"},
    {"a2 ultragpu", "a2-ultragpu-8g"},
    {"a2 ultra", "a2-ultragpu-8g"},
    {"a3 highgpu", "a3-highgpu-8g"},
    {"a3 high", "a3-highgpu-8g"},
    {"a3 megagpu", "a3-megagpu-8g"},
    {"a3 mega", "a3-megagpu-8g"},
    {"a3 ultragpu", "a3-ultragpu-8g"},
    {"a3 ultra", "a3-ultragpu-8g"},
    {"a4 highgpu", "a4-highgpu-8g"},
    {"nd96asr", "Standard_ND96asr_v4"},
    {"nd a100 v4", "Standard_ND96asr_v4"},
    {"nd96amsr", "Standard_ND96amsr_A100_v4"},
    {"ndm a100 v4", "Standard_ND96amsr_A100_v4"},
    {"nd96isr h100", "Standard_ND96isr_H100_v5"},
    {"nd h100 v5", "Standard_ND96isr_H100_v5"},
    {"nd96isr h200", "Standard_ND96isr_H200_v5"},
    {"nd h200 v5", "Standard_ND96isr_H200_v5"},
    {"nd96isr mi300x", "Standard_ND96isr_MI300X_v5"},
    {"nd mi300x v5", "Standard_ND96isr_MI300X_v5"},
    {"nd40rs", "Standard_ND40rs_v2"},
};

const CloudInstance* by_name(const std::string& name) {
  for (const CloudInstance& i : kInstances) {
    if (name == i.name) return &i;
  }
  return nullptr;
}

// The longest alias the text names ("p6 b200" before a bare word), nullptr when none.
const CloudInstance* instance_in(const std::string& text) {
  const std::vector<std::string> text_words = words(text);
  const Alias* best = nullptr;
  size_t best_words = 0;
  for (const Alias& a : kAliases) {
    const std::vector<std::string> alias_words = words(a.words);
    if (alias_words.size() > best_words && names(text_words, alias_words)) {
      best = &a;
      best_words = alias_words.size();
    }
  }
  return best == nullptr ? nullptr : by_name(best->instance);
}

constexpr const char* kRowFields[] = {"gpu_model", "inter_node_interconnect",
                                      "intra_node_interconnect"};
constexpr const char* kInstanceFields[] = {"instance_type", "instance", "machine_type", "vm_size",
                                           "node_type"};

// A text field of `obj`, "" when it is absent or not text (an instance field is only ever read).
std::string text_of(const json& obj, const char* key) {
  if (!obj.is_object()) return "";
  const auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace

const CloudInstance* named_instance(const json& row) {
  std::vector<std::string> texts;
  for (const char* key : kRowFields)
    texts.push_back(text_of(row, key));
  for (const char* key : kInstanceFields) {
    texts.push_back(text_of(row, key));
    texts.push_back(text_of(row_other(row), key));
  }
  for (const std::string& text : texts) {
    if (const CloudInstance* found = instance_in(text)) return found;
  }
  return nullptr;
}

}  // namespace wt::validation
