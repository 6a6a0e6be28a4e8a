#pragma once
// One collective's measurements → the profile's CollectiveSeries: nccl-tests' algbw and busbw per
// size and the alpha-beta fit over all sizes.
#include <string>
#include <vector>

#include "sim/hardware/calibration_profile.hpp"

namespace wt::calibrate {

struct CollectiveSamples {
  double bytes = 0.0;             // nccl-tests "size" of the call
  std::vector<double> samples_s;  // one per repetition
};

// algbw = size / median time, busbw = algbw · busbw_factor(collective, group_size), both in GB/s
// (1e9 B/s). The fit needs two distinct sizes; with fewer the series keeps a zero fit.
CollectiveSeries make_collective_series(const std::string& collective, int group_size,
                                        LinkKind link,
                                        const std::vector<CollectiveSamples>& measured);

}  // namespace wt::calibrate
