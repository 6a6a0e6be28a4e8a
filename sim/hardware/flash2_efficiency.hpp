#pragma once
// FlashAttention-2 as PyTorch ships it (scaled_dot_product_attention, FLASH_ATTENTION backend),
// measured: the efficiency of `training.attention = "flash2"` (docs/models.md, "Attention").
#include <cstdint>
#include <optional>
#include <vector>

#include "sim/hardware/gpu.hpp"

namespace wt {

// Fraction of `gpu`'s dense peak at `p` that a causal forward + backward FlashAttention-2 reaches
// at (batch × heads, sequence length, head dim), FLOPs as the cost model counts them (3.5 × the
// forward's 4·b·h·s²·d, not causal-aware), interpolated like the GEMMs
// (GemmEfficiencyTable). The table was measured on one H200 (calibrate/profiles/
// h200-sxm-141gb-sdpa-flash.json) and serves the GPUs with the same SMs and clocks: H100, H800
// and H200 SXM (132 SMs, 1,980 MHz). nullopt for every other GPU and for precisions other than
// bf16 and fp16; the caller keeps the built-in efficiency there.
std::optional<double> flash2_efficiency(const GpuSpec& gpu, Precision p, int64_t batch_heads,
                                        int64_t seq, int64_t head_dim);

// One measured point of the table, for tests that check it against the committed measurement.
struct Flash2Point {
  Precision precision;
  int64_t batch_heads, seq, head_dim;
  double median_s;  // causal forward + backward, batch × 32 heads
};
const std::vector<Flash2Point>& flash2_points();

}  // namespace wt
