#include "sim/validation/interconnect.hpp"

#include <cstdio>
#include <regex>

#include "sim/validation/row_fields.hpp"

namespace wt::validation {
namespace {

std::optional<int> nic_count(const std::string& text) {
  static const std::regex kCount(R"((?:^|[^\d.])(\d+)\s*[xX]\s)");
  std::smatch m;
  if (!std::regex_search(text, m, kCount)) return std::nullopt;
  return std::stoi(m[1].str());
}

// Bits per second only: "Gb/s", "Gbps", "Gbit/s" (case matters: "GB/s" is bytes), or "Tb/s".
std::optional<double> rate_Gbps(const std::string& text) {
  static const std::regex kRate(R"((\d+(?:\.\d+)?)\s*(Gb/s|Gbps|Gbit/s|Gbit|Tb/s|Tbps|Tbit/s))");
  std::smatch m;
  if (!std::regex_search(text, m, kRate)) return std::nullopt;
  const double value = std::stod(m[1].str());
  return m[2].str().front() == 'T' ? value * 1000.0 : value;
}

// InfiniBand generations by name, per port: EDR 100, HDR 200, NDR 400, XDR 800 Gb/s.
std::optional<double> generation_Gbps(const std::string& text) {
  const std::string t = lower(text);
  if (contains(t, "xdr")) return 800.0;
  if (contains(t, "ndr")) return 400.0;
  if (contains(t, "hdr")) return 200.0;
  if (contains(t, "edr")) return 100.0;
  return std::nullopt;
}

// A single NIC runs at most XDR's 800 Gb/s: a larger figure without a count is a node's total.
constexpr double kMaxNicGbps = 800.0;
constexpr std::size_t kQuoteChars = 60;

std::string format_reading(const std::string& text, const NicSpec& spec) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%d NICs × %g Gb/s per node", spec.nics_per_node,
                spec.link_bandwidth_Gbps);
  std::string quoted = text;
  if (quoted.size() > kQuoteChars) {
    std::size_t cut = kQuoteChars;
    while (cut > 0 && (static_cast<unsigned char>(quoted[cut]) & 0xC0) == 0x80)
      --cut;  // UTF-8
    quoted = quoted.substr(0, cut) + "…";
  }
  return "network '" + quoted + "' read as " + buf;
}

}  // namespace

std::optional<NicSpec> parse_interconnect(const std::string& text, int gpus_per_node) {
  std::optional<double> rate = rate_Gbps(text);
  if (!rate) rate = generation_Gbps(text);
  if (!rate || *rate <= 0.0) return std::nullopt;
  NicSpec spec;
  if (const std::optional<int> count = nic_count(text); count && *count > 0) {
    spec.nics_per_node = *count;
    spec.link_bandwidth_Gbps = *rate;
  } else if (*rate > kMaxNicGbps) {
    // No count and more than one NIC can carry: the node's total, one NIC per GPU.
    spec.nics_per_node = gpus_per_node;
    spec.link_bandwidth_Gbps = *rate / gpus_per_node;
  } else {
    // No count: the rate of each NIC, one NIC per GPU.
    spec.nics_per_node = gpus_per_node;
    spec.link_bandwidth_Gbps = *rate;
  }
  spec.reading = format_reading(text, spec);
  return spec;
}

}  // namespace wt::validation
