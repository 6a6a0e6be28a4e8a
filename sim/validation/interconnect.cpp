#include "sim/validation/interconnect.hpp"

#include <cstdio>
#include <regex>

#include "sim/validation/row_fields.hpp"

namespace wt::validation {
namespace {

// "8x", "8 x", "8×" before the rate ("8x 400 Gb/s", "8×400GbE"), "8 200G NICs", "8 per node",
// else "x8" after it ("400 Gb/s x8"). The leading form needs a space or a digit after the x, so
// that "4xHDR" style part numbers are not read as counts.
std::optional<int> nic_count(const std::string& text) {
  static const std::regex kBefore(R"((?:^|[^\d.])(\d+)\s*(?:[xX]|\xC3\x97)(?:\s|(?=\d)))");
  static const std::regex kBeforeRate(
      R"((?:^|[\s(])(\d+)\s+\d+(?:\.\d+)?\s*(?:Gb/s|Gbps|Gbit/s|GbE|Gb|G)(?![A-Za-z/]))");
  static const std::regex kPerNode(
      R"((?:^|[\s(])(\d+)\s*(?:(?:NIC|HCA|adapter|port|rail|link)s?\s+)?per\s+(?:node|server|host))",
      std::regex::icase);
  static const std::regex kAfter(R"((?:^|\s)(?:[xX]|\xC3\x97)\s*(\d+)(?![\d.]))");
  std::smatch m;
  if (std::regex_search(text, m, kBefore) || std::regex_search(text, m, kBeforeRate) ||
      std::regex_search(text, m, kPerNode) || std::regex_search(text, m, kAfter)) {
    return std::stoi(m[1].str());
  }
  return std::nullopt;
}

// Bits per second only: "Gb/s", "Gbps", "Gbit/s" (case matters: "GB/s" is bytes), "Tb/s", and
// the Ethernet and NIC spellings "400G", "400GbE", "100GE" (a G not followed by "B" or "/").
std::optional<double> rate_Gbps(const std::string& text) {
  static const std::regex kRate(
      R"((\d+(?:\.\d+)?)\s*(Gb/s|Gbps|Gbit/s|Gbit|Tb/s|Tbps|Tbit/s|GbE|GE(?![A-Za-z])|Gb(?![A-Za-z/])|G(?![A-Za-z/])))");
  std::smatch m;
  if (!std::regex_search(text, m, kRate)) return std::nullopt;
  const double value = std::stod(m[1].str());
  return m[2].str().front() == 'T' ? value * 1000.0 : value;
}

// "per node", "/node", "node total": a rate without a count is the node's, not one NIC's. AWS
// quotes EFA per instance (p4d "400 Gbps EFA": 4 × 100 Gb/s; p5 3200 Gbps: 32 × 100).
bool per_node(const std::string& text) {
  const std::string t = lower(text);
  return contains(t, "per node") || contains(t, "/node") || contains(t, "node total") ||
         contains(t, "per server") || contains(t, "per host") || contains(t, "efa");
}

// InfiniBand generations by name, per port: EDR 100, HDR 200, NDR 400, XDR 800 Gb/s; the
// Quantum-2 switches and ConnectX-7 adapters are NDR's, ConnectX-6 HDR's.
std::optional<double> generation_Gbps(const std::string& text) {
  const std::string t = lower(text);
  if (contains(t, "xdr")) return 800.0;
  if (contains(t, "ndr") || contains(t, "quantum-2") || contains(t, "quantum2") ||
      contains(t, "connectx-7") || contains(t, "cx7") || contains(t, "cx-7")) {
    return 400.0;
  }
  if (contains(t, "hdr") || contains(t, "connectx-6") || contains(t, "cx6") ||
      contains(t, "cx-6")) {
    return 200.0;
  }
  if (contains(t, "edr")) return 100.0;
  return std::nullopt;
}

// A single NIC runs at most XDR's 800 Gb/s: a larger figure without a count is a node's total.
constexpr double kMaxNicGbps = 800.0;
constexpr std::size_t kQuoteChars = 60;

std::string format_reading(const std::string& text, const NicSpec& spec) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%d NIC%s × %g Gb/s per node", spec.nics_per_node,
                spec.nics_per_node == 1 ? "" : "s", spec.link_bandwidth_Gbps);
  std::string quoted = text;
  if (quoted.size() > kQuoteChars) {
    std::size_t cut = kQuoteChars;
    while (cut > 0 && (static_cast<unsigned char>(quoted[cut]) & 0xC0) == 0x80)
      --cut;  // UTF-8
    quoted = quoted.substr(0, cut) + "…";
  }
  return "network '" + quoted + "' read as " + buf;
}

// Counts written as words ("eight 200G NICs") as digits.
std::string with_digits(std::string text) {
  static const std::regex kWords(
      R"(\b(one|two|three|four|six|eight|ten|twelve|sixteen|thirty-two)\b)", std::regex::icase);
  static const std::pair<const char*, const char*> kDigits[] = {
      {"one", "1"},   {"two", "2"},  {"three", "3"},   {"four", "4"},     {"six", "6"},
      {"eight", "8"}, {"ten", "10"}, {"twelve", "12"}, {"sixteen", "16"}, {"thirty-two", "32"}};
  std::string out;
  auto last = text.cbegin();
  for (std::sregex_iterator it(text.begin(), text.end(), kWords), end; it != end; ++it) {
    out.append(last, text.cbegin() + it->position());
    const std::string word = lower(it->str());
    for (const auto& [name, digits] : kDigits) {
      if (word == name) out += digits;
    }
    last = text.cbegin() + it->position() + it->length();
  }
  out.append(last, text.cend());
  return out;
}

// The part of the text about the node's NICs: its clauses (split at ',' and ';') without those
// about the switches or the fabric's shape ("Tomahawk 4 switches (64x400G)", "3-layer CLOS"), whose
// port counts and rates are not the node's; a clause that names NICs too ("8x 400G HCAs to
// Quantum-2 switches") is kept. Parentheses about storage NICs are dropped first.
std::string nic_clauses(const std::string& full) {
  // A parenthesis about storage ("(+2x 400 Gbit/s storage)") counts NICs that carry no training
  // traffic.
  static const std::regex kStorage(R"(\([^()]*storage[^()]*\))", std::regex::icase);
  const std::string text = std::regex_replace(full, kStorage, " ");
  std::string out, clause;
  const auto flush = [&] {
    const std::string c = lower(clause);
    const bool fabric = contains(c, "switch") || contains(c, "tomahawk") ||
                        contains(c, "spectrum") || contains(c, "quantum") || contains(c, "clos") ||
                        contains(c, "fat-tree") || contains(c, "fat tree");
    const bool nics = contains(c, "nic") || contains(c, "hca") || contains(c, "adapter") ||
                      contains(c, "connectx") || contains(c, "per node") ||
                      contains(c, "per server") || contains(c, "per gpu");
    if (!fabric || nics) out += clause + ",";
    clause.clear();
  };
  for (const char ch : text) {
    if (ch == ',' || ch == ';') {
      flush();
    } else {
      clause += ch;
    }
  }
  flush();
  return out;
}

}  // namespace

std::optional<NicSpec> parse_interconnect(const std::string& original, int gpus_per_node) {
  std::string text = nic_clauses(with_digits(original));
  // Nothing left with a rate: the whole text, as it reads.
  if (!rate_Gbps(text) && !generation_Gbps(text)) text = with_digits(original);
  std::optional<double> rate = rate_Gbps(text);
  if (!rate) rate = generation_Gbps(text);
  if (!rate || *rate <= 0.0) return std::nullopt;
  NicSpec spec;
  if (const std::optional<int> count = nic_count(text); count && *count > 0) {
    spec.nics_per_node = *count;
    spec.link_bandwidth_Gbps = *rate;
  } else if (*rate > kMaxNicGbps || per_node(text)) {
    // No count, and more than one NIC can carry or the text says it is the node's: the node's
    // total, one NIC per GPU.
    spec.nics_per_node = gpus_per_node;
    spec.link_bandwidth_Gbps = *rate / gpus_per_node;
  } else {
    // No count: the rate of each NIC, one NIC per GPU.
    spec.nics_per_node = gpus_per_node;
    spec.link_bandwidth_Gbps = *rate;
  }
  spec.reading = format_reading(original, spec);
  return spec;
}

}  // namespace wt::validation
