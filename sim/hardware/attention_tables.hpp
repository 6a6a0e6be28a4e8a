#pragma once
// Fused attention kernels measured by implementation: the efficiency of
// `training.attention = "flash2"` and `"cudnn"` (docs/models.md, "Attention core").
#include <cstdint>
#include <optional>
#include <vector>

#include "sim/hardware/gpu.hpp"

namespace wt {

// Fraction of `gpu`'s dense peak at `p` that a causal forward + backward of the implementation
// reaches at (batch × heads, sequence length, head dim), FLOPs as the cost model counts them
// (3.5 × the forward's 4·b·h·s²·d, not causal-aware: a causal kernel that skips the masked blocks
// can exceed 1), interpolated like the GEMMs (GemmEfficiencyTable). The tables were measured on
// one H200 through PyTorch's scaled_dot_product_attention (calibrate/pytorch/flash_attention.py;
// calibrate/profiles/h200-sxm-141gb-sdpa-{flash,cudnn}.json) and serve the GPUs with the same SMs
// and clocks: H100, H800 and H200 SXM (132 SMs, 1,980 MHz). nullopt for every other GPU, for
// precisions other than bf16 and fp16, and for implementations without a table (fused,
// unfused); the caller keeps the built-in efficiency there.
std::optional<double> measured_attention_efficiency(AttentionKernel kind, const GpuSpec& gpu,
                                                    Precision p, int64_t batch_heads, int64_t seq,
                                                    int64_t head_dim);

// One measured point of a table, for tests that check it against the committed measurement.
struct AttentionTablePoint {
  Precision precision;
  int64_t batch_heads, seq, head_dim;
  double median_s;  // causal forward + backward, batch × 32 heads
};
// The points of `kind`'s table (flash2 or cudnn); empty for the others.
const std::vector<AttentionTablePoint>& attention_table_points(AttentionKernel kind);

}  // namespace wt
