#pragma once
// The resource budget (issue 18, item 5): before any work, closed-form estimates of what a command
// will build (the topology's vertices and links, the SimGrid platform) and, before the first byte
// of a Chrome trace, its size; a refusal names the estimate and the option that raises the limit.
// The per-item constants were measured on the reference machine (docs/performance.md, "Resource
// budget", with the command behind each).
#include <cstdint>
#include <string>

#include "sim/scenario/scenario.hpp"

namespace wt {

inline constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// Measured constants (docs/performance.md, "Resource budget"), resident bytes on release builds.
// The topology graph: 64.0 B per directed link fitted on dragonflies of 0.26 to 16.8 million links;
// a vertex is a 40-byte topo::Vertex, counted with its vector's slack.
inline constexpr double kTopologyBytesPerLink = 64.0;
inline constexpr double kTopologyBytesPerVertex = 48.0;
// The SimGrid child grows with the GPUs to the power 1.5 (53, 57.5 and 57.6 B x GPUs^1.5 at
// 8,192, 32,768 and 65,536 GPUs of a fat tree), not with idle links (a dragonfly of 1 million links
// adds only its graph).
inline constexpr double kSimgridBytesPerGpuPow1_5 = 60.0;
// One Chrome trace event as write_chrome_trace() writes it (117 to 123 B measured).
inline constexpr double kTraceBytesPerEvent = 125.0;

// Defaults that fit a 24 GiB machine beside the rest of the desktop.
struct ResourceLimits {
  double memory_bytes = 4.0 * kGiB;  // --max-memory
  double trace_bytes = 1.0 * kGiB;   // --max-trace
};

struct ResourceEstimate {
  int64_t gpus = 0;
  int64_t vertices = 0;  // of the topology graph: GPUs, NICs, NVSwitches, network switches
  int64_t links = 0;     // directed links, in the nodes and in the network
  double topology_bytes = 0.0;
  double simgrid_bytes = 0.0;  // kSimgridBytesPerGpuPow1_5 x gpus^1.5; 0 without SimGrid
  double memory_bytes() const { return topology_bytes + simgrid_bytes; }
};

// Vertices and links of build_topology(s.cluster) from the topology parameters alone (an upper
// bound for fat trees, exact for tori and dragonflies), without building it.
void count_topology(const ClusterConfig& cluster, int64_t& vertices, int64_t& links);

// What `topo` (build_graph) and `run --engine simgrid` (simgrid) would hold in memory.
ResourceEstimate estimate_resources(const Scenario& s, bool build_graph, bool simgrid);

// InputError at "--max-memory" when the estimate passes the limit, with the estimate, what it
// counts and the option that raises the limit.
void check_resources(const ResourceEstimate& e, const ResourceLimits& limits);

// InputError at "--max-trace" when `events` (sim/report/trace_size.hpp) at kTraceBytesPerEvent
// pass the limit: the uncompressed JSON, also for a .gz trace (it bounds the writing time too).
// Checked after the timing (milliseconds with the analytical engine; the SimGrid engine is bounded
// by --max-memory) and before the first byte is written.
void check_trace_size(double events, const ResourceLimits& limits);

// The same limit for `run --chakra` (sim/report/chakra_trace.hpp): `bytes` of .et files for
// `ranks` ranks.
void check_chakra_size(double bytes, int ranks, const ResourceLimits& limits);

// "4.2 GiB", "512 MiB", "900 B".
std::string byte_text(double bytes);

}  // namespace wt
