#include "sim/workload/side_streams.hpp"

#include "sim/comm/collective.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {

double overlap_sm_share(const GpuSpec& gpu) {
  const double sms = gpu.sm_count.value > kOverlapSms ? gpu.sm_count.value : 2.0 * kOverlapSms;
  return kOverlapSms / sms;
}

SideStreams side_streams(const Scenario& s, const GpuSpec& gpu, const Fabric& fabric) {
  SideStreams out;
  const ParallelConfig& par = s.parallel;
  const int dp = layer_dp_group(s);
  const bool zero3 = par.zero_stage == 3 && dp > 1;
  if (s.model.is_layer_list()) return out;  // its program prices its own buckets (layer_list.hpp)
  // Not NCCL kernels: gradients to parameter servers, or compressed (sim/workload/
  // grad_compression.hpp); their reductions are left unpriced here.
  const bool nccl =
      par.data_sync == DataSync::allreduce && par.grad_compression == GradCompression::none;
  if (!zero3 && !(par.overlap_grad_reduce && nccl)) return out;
  out.share = overlap_sm_share(gpu);
  const CommSizes z = comm_sizes(s);
  const auto time_s = [&](const LayerCollective& c) {
    return collective_cost(c.collective, c.bytes, comm_group(c.dim, c.group, s), fabric,
                           par.collective_algorithm)
               .time_s *
           c.count;
  };
  if (zero3) {
    out.gather_s = time_s(layer_param_gather(s, z));
    if (nccl) out.reduce_s = time_s(layer_grad_reduce_scatter(s, z));
    return out;
  }
  // A layer's gradients at a full bucket's time per byte (the builder's flushes, builder.cpp).
  const Collective c = par.zero_stage >= 1 ? Collective::reduce_scatter : Collective::all_reduce;
  const auto share_s = [&](double bytes, CommDim dim, int group) {
    if (bytes <= 0.0 || group <= 1) return 0.0;
    const double bucket = z.bucket_bytes > 0.0 ? z.bucket_bytes : bytes;
    return time_s({dim, c, bucket, 1, group}) * bytes / bucket;
  };
  out.bucket_s = share_s(layer_dense_grad_bytes(s, z), CommDim::dp, dp) +
                 share_s(layer_expert_grad_bytes(s, z), CommDim::edp, expert_dp_group(s));
  return out;
}

}  // namespace wt
