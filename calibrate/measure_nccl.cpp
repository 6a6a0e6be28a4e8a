// NCCL section: the six collectives over every visible GPU of this host, sizes 8 B … 4 GiB.
#include <algorithm>
#include <cstdio>
#include <ostream>

#include "calibrate/collective_series.hpp"
#include "calibrate/gpu_match.hpp"
#include "calibrate/measure.hpp"
#include "sim/hardware/calibration_names.hpp"

namespace wt::calibrate {
namespace {

std::vector<CollectiveSamples> run_ladder(gpu::NcclBench& nccl, const std::string& collective,
                                          const std::vector<uint64_t>& sizes, const Repeat& r) {
  std::vector<CollectiveSamples> measured;
  for (uint64_t size : sizes) {
    gpu::CollectiveRun run = nccl.run(collective, size, r);
    // Counts are whole elements per rank: two tiny sizes can round to the same call.
    if (!measured.empty() && measured.back().bytes == run.bytes) continue;
    measured.push_back({run.bytes, std::move(run.samples_s)});
  }
  return measured;
}

std::string gib(uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GiB",
                static_cast<double>(bytes) / static_cast<double>(kGiB));
  return text;
}

}  // namespace

void measure_nccl(SectionContext& c) {
  c.profile.unmeasured.push_back(
      {"collectives.network", "single-host run (multi-node bootstrap not implemented)"});
  const int n = static_cast<int>(c.devices.size());
  if (n < 2) {
    c.profile.unmeasured.push_back({"collectives.nvlink", "one GPU visible: no peer to measure"});
    return;
  }
  const LinkKind link = link_kind_for(c.devices.front().name, gpu::all_pairs_peer_accessible(n));
  gpu::NcclBench nccl(n, c.options.max_bytes);
  std::vector<uint64_t> sizes = collective_sizes(c.options.quick, nccl.capacity());
  if (nccl.capacity() < c.options.max_bytes) {
    c.profile.unmeasured.push_back(
        {"collectives.large_sizes", "sizes above " + gib(nccl.capacity()) +
                                        ": a send and a receive buffer must fit in the free "
                                        "memory of every GPU"});
  }
  Repeat r = c.repeat();
  r.warmup = std::max(r.warmup, 5);  // the first calls set up NCCL's connections
  for (std::string_view name : calibration_names::kCollectives) {
    const std::string collective(name);
    const auto measured = run_ladder(nccl, collective, sizes, r);
    c.profile.collectives.push_back(
        make_collective_series(collective, nccl.group_size(collective), link, measured));
    c.log << "  " << collective << ": " << measured.size() << " sizes on "
          << nccl.group_size(collective) << " GPUs (" << to_string(link) << ")\n";
  }
}

}  // namespace wt::calibrate
