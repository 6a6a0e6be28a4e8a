// Attention section: the bmm_softmax forward (batched QKᵀ, softmax, batched ·V) and cuDNN's fused
// attention forward ("cudnn_fused") over sequence lengths and head sizes at 16-bit precisions.
#include <ostream>

#include "calibrate/measure.hpp"

namespace wt::calibrate {
namespace {

constexpr int64_t kHeads = 32;

struct Config {
  int64_t seq, head_dim;
};

std::vector<Config> configs(bool quick) {
  if (quick) return {{2048, 128}};
  std::vector<Config> all;
  for (int64_t d : {64, 128}) {
    for (int64_t s : {1024, 2048, 4096, 8192})
      all.push_back({s, d});
  }
  return all;
}

std::vector<gpu::GemmType> types(const gpu::Device& d, bool quick) {
  std::vector<gpu::GemmType> out;
  for (gpu::GemmType t : {gpu::GemmType::bf16, gpu::GemmType::fp16}) {
    if (gpu::gemm_type_supported(t, d.cc_major, d.cc_minor)) out.push_back(t);
    if (quick && !out.empty()) break;
  }
  return out;
}

AttentionPoint point(const char* kernel, gpu::GemmType t, const Config& cfg,
                     std::vector<double> samples_s) {
  AttentionPoint p;
  p.kernel = kernel;
  p.precision = gpu::precision_of(t);
  p.batch = 1;
  p.heads = kHeads;
  p.seq = cfg.seq;
  p.head_dim = cfg.head_dim;
  p.timing = make_timing(std::move(samples_s));
  return p;
}

// cuDNN's fused attention at the same points; a point cuDNN rejects is skipped (and logged), and
// when it rejects them all the first reason goes to `unmeasured`.
void measure_cudnn_fused(SectionContext& c, uint32_t seed) {
  if (gpu::versions().cudnn == 0) {
    c.profile.unmeasured.push_back({"attention.cudnn_fused", "cuDNN not found at build time"});
    return;
  }
  std::string first_failure;
  bool measured = false;
  for (gpu::GemmType t : types(c.devices.front(), c.options.quick)) {
    for (const Config& cfg : configs(c.options.quick)) {
      const gpu::AttentionShape shape{kHeads, cfg.seq, cfg.seq, cfg.head_dim};
      gpu::FusedAttentionRun run = c.bench.fused_attention(t, shape, c.repeat(), seed += 5);
      if (run.samples_s.empty()) {
        c.log << "  attention cudnn_fused skipped: " << run.why_not << "\n";
        if (first_failure.empty()) first_failure = run.why_not;
        continue;
      }
      c.profile.attention.push_back(point("cudnn_fused", t, cfg, std::move(run.samples_s)));
      measured = true;
    }
  }
  if (measured) return;
  if (first_failure.empty()) first_failure = "no 16-bit precision on this GPU";
  c.profile.unmeasured.push_back({"attention.cudnn_fused", first_failure});
}

}  // namespace

void measure_attention(SectionContext& c) {
  uint32_t seed = 1000;
  for (gpu::GemmType t : types(c.devices.front(), c.options.quick)) {
    for (const Config& cfg : configs(c.options.quick)) {
      const gpu::AttentionShape shape{kHeads, cfg.seq, cfg.seq, cfg.head_dim};
      gpu::AttentionRun run =
          c.bench.attention(t, shape, gpu::AttentionPass::forward, c.repeat(), seed += 5);
      c.profile.attention.push_back(point("bmm_softmax", t, cfg, std::move(run.samples_s)));
    }
  }
  measure_cudnn_fused(c, seed);
}

}  // namespace wt::calibrate
