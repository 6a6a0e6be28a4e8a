#include <algorithm>

#include "core/units.hpp"
#include "sim/comm/fabric.hpp"

namespace wt {

Fabric calibrate_fabric(Fabric fabric, int gpus_per_node, const Calibration& calibration) {
  const auto series = calibration.collective("all_reduce", gpus_per_node, LinkKind::nvlink);
  if (!series || series->group_size < 2 || series->fit.beta_Bps <= 0.0) return fabric;
  const int n = series->group_size;
  fabric.intra.beta_Bps = series->fit.beta_Bps * busbw_factor("all_reduce", n);
  // The fit's latency beyond the per-call overhead and NCCL's Ring/Simple protocol latency (the
  // protocol of the large sizes a fit is dominated by) is the wire's, spread over 2(n−1) steps.
  const ProtocolSteps steps{NcclAlgorithm::ring, true, 2 * (n - 1), 0, 1, n, fabric.intra_pcie};
  const double protocol_s =
      nccl_latency_s(Protocol::simple, steps) - units::us_to_s(kRingSimpleBaseLatencyUs);
  fabric.intra.alpha_s =
      std::max(0.0, series->fit.alpha_s - fabric.call_overhead_s - protocol_s) / (2.0 * (n - 1));
  return fabric;
}

}  // namespace wt
