#include <algorithm>

#include "core/units.hpp"
#include "sim/comm/fabric.hpp"
#include "sim/comm/mesh_rings.hpp"

namespace wt {

Fabric calibrate_fabric(Fabric fabric, int gpus_per_node, const Calibration& calibration) {
  const auto series = calibration.collective("all_reduce", gpus_per_node, LinkKind::nvlink);
  if (!series || series->group_size < 2 || series->fit.beta_Bps <= 0.0) return fabric;
  const int n = series->group_size;
  fabric.intra.beta_Bps = series->fit.beta_Bps * busbw_factor("all_reduce", n);
  // On a full mesh the measured rings ran over mesh_ring_count(n) of a GPU's g − 1 links.
  if (fabric.mesh_gpus > 1 && n <= fabric.mesh_gpus) {
    fabric.intra.beta_Bps *= static_cast<double>(fabric.mesh_gpus - 1) / mesh_ring_count(n);
  }
  // The fit's latency beyond the per-call overhead, spread over the ring's 2(n−1) steps; inside the
  // node it replaces NCCL's latency model (Fabric::intra_measured), so the measured group's calls
  // reproduce the fit.
  fabric.intra.alpha_s =
      std::max(0.0, series->fit.alpha_s - fabric.call_overhead_s) / (2.0 * (n - 1));
  fabric.intra_measured = true;
  return fabric;
}

}  // namespace wt
