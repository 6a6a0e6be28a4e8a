#include "sim/workload/side_streams.hpp"

#include "sim/comm/collective.hpp"
#include "sim/workload/costs.hpp"

namespace wt {

double overlap_sm_share(const GpuSpec& gpu) {
  const double sms = gpu.sm_count.value > kOverlapSms ? gpu.sm_count.value : 2.0 * kOverlapSms;
  return kOverlapSms / sms;
}

SideStreams side_streams(const Scenario& s, const GpuSpec& gpu, const Fabric& fabric) {
  return side_streams(s, gpu, comm_sizes(s), [&](const LayerCollective& c) {
    return collective_cost(c.collective, c.bytes, comm_group(c.dim, c.group, s), fabric,
                           s.parallel.collective_algorithm)
               .time_s *
           c.count;
  });
}

}  // namespace wt
