// Attention section: the bmm_softmax forward (batched QKᵀ, softmax, batched ·V) over sequence
// lengths and head sizes at 16-bit precisions. cuDNN's fused attention is not implemented.
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

}  // namespace

void measure_attention(SectionContext& c) {
  uint32_t seed = 1000;
  for (gpu::GemmType t : types(c.devices.front(), c.options.quick)) {
    for (const Config& cfg : configs(c.options.quick)) {
      const gpu::AttentionShape shape{kHeads, cfg.seq, cfg.seq, cfg.head_dim};
      gpu::AttentionRun run =
          c.bench.attention(t, shape, gpu::AttentionPass::forward, c.repeat(), seed += 5);
      AttentionPoint p;
      p.kernel = "bmm_softmax";
      p.precision = gpu::precision_of(t);
      p.batch = 1;
      p.heads = kHeads;
      p.seq = cfg.seq;
      p.head_dim = cfg.head_dim;
      p.timing = make_timing(std::move(run.samples_s));
      c.profile.attention.push_back(p);
    }
  }
  c.profile.unmeasured.push_back({"attention.cudnn_fused", "not implemented in this build"});
}

}  // namespace wt::calibrate
