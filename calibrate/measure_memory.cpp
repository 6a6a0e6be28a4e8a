// Memory-bound sections: device copy and the read-modify-write kernel over 64 MiB … 2 GiB arrays,
// and pinned host ↔ device transfers over 1 MiB … 1 GiB.
#include <ostream>

#include "calibrate/measure.hpp"

namespace wt::calibrate {
namespace {

void add(CalibrationProfile& p, const char* kernel, double bytes, std::vector<double> samples) {
  p.bandwidth.push_back({kernel, bytes, make_timing(std::move(samples))});
}

// Both kernels hold two arrays of `size` bytes.
bool fits(const SectionContext& c, uint64_t size) {
  return 2.0 * static_cast<double>(size) <
         0.8 * static_cast<double>(c.devices.front().memory_bytes);
}

}  // namespace

void measure_memory(SectionContext& c) {
  for (uint64_t size : device_memory_sizes(c.options.quick, c.options.max_bytes)) {
    if (!fits(c, size)) {
      c.profile.unmeasured.push_back(
          {"memory." + std::to_string(size >> 20) + "MiB", "two arrays do not fit in GPU memory"});
      continue;
    }
    // Bytes read + written: the copy reads and writes `size`; y = a·x + y reads x and y, writes y.
    add(c.profile, "copy", 2.0 * static_cast<double>(size), c.bench.device_copy(size, c.repeat()));
    add(c.profile, "rmw", 3.0 * static_cast<double>(size), c.bench.rmw(size, c.repeat()));
  }
}

void measure_h2d(SectionContext& c) {
  for (uint64_t size : host_transfer_sizes(c.options.quick, c.options.max_bytes)) {
    const auto bytes = static_cast<double>(size);
    add(c.profile, "h2d", bytes, c.bench.host_transfer(size, true, c.repeat()));
    add(c.profile, "d2h", bytes, c.bench.host_transfer(size, false, c.repeat()));
  }
}

}  // namespace wt::calibrate
