#pragma once
// Reading a node's network from the free text of a published run, e.g.
//   "8x Mellanox 200 Gb/s HDR InfiniBand HCAs per node"  → 8 NICs × 200 Gb/s
//   "1600 Gbps node-node interconnect (RoCE)"            → a node total, split over one NIC per GPU
//   "InfiniBand compute links 8x 400 Gbit/s per node"    → 8 NICs × 400 Gb/s
//   "RoCEv2 8×400GbE", "400 Gb/s x8"                      → 8 NICs × 400 Gb/s
//   "800 Gbps per node"                                    → a node total
// The first "<n>x" (or "x<n>" after the rate) is the NIC count and the first "<rate> Gb/s" (Gbps,
// Gbit/s, G, GbE, Tb/s) the rate (storage NICs listed after the compute ones are ignored); without
// a rate, HDR/NDR/EDR/XDR name one. A rate without a count is one NIC's, one NIC per GPU, unless it
// is more than a NIC carries (800 Gb/s) or the text says it is the node's ("per node").
#include <optional>
#include <string>

namespace wt::validation {

struct NicSpec {
  int nics_per_node = 0;
  double link_bandwidth_Gbps = 0.0;  // per NIC, per direction
  std::string reading;               // how the text was read, for the row's assumptions
};

// nullopt when the text names no rate. `gpus_per_node` splits a node total over one NIC per GPU.
std::optional<NicSpec> parse_interconnect(const std::string& text, int gpus_per_node);

}  // namespace wt::validation
