#include "planner/sweep/sweep.hpp"

namespace wt {

double sweep_speedup(double tokens_per_s, double reference_tokens_per_s) {
  return reference_tokens_per_s > 0.0 ? tokens_per_s / reference_tokens_per_s : 0.0;
}

double scaling_efficiency(double tokens_per_s, int gpus, double reference_tokens_per_s,
                          int reference_gpus) {
  if (gpus <= 0 || reference_gpus <= 0 || reference_tokens_per_s <= 0.0) return 0.0;
  return (tokens_per_s / gpus) / (reference_tokens_per_s / reference_gpus);
}

int reference_point(const std::vector<SweepPoint>& points) {
  int best_fit = -1, best_ran = -1;
  for (size_t i = 0; i < points.size(); ++i) {
    const SweepPoint& p = points[i];
    if (!p.ran) continue;
    const int gpus = p.result.num_gpus;
    const auto index = static_cast<int>(i);
    if (best_ran < 0 || gpus < points[static_cast<size_t>(best_ran)].result.num_gpus) {
      best_ran = index;
    }
    if (p.result.fits_in_memory &&
        (best_fit < 0 || gpus < points[static_cast<size_t>(best_fit)].result.num_gpus)) {
      best_fit = index;
    }
  }
  return best_fit >= 0 ? best_fit : best_ran;
}

void apply_scaling(std::vector<SweepPoint>& points, int reference) {
  if (reference < 0) return;
  const RunResult ref = points[static_cast<size_t>(reference)].result;
  for (SweepPoint& p : points) {
    if (!p.ran) continue;
    const RunResult& r = p.result;
    p.tokens_per_s_per_gpu = r.num_gpus > 0 ? r.tokens_per_s / r.num_gpus : 0.0;
    p.speedup = sweep_speedup(r.tokens_per_s, ref.tokens_per_s);
    p.scaling_efficiency =
        scaling_efficiency(r.tokens_per_s, r.num_gpus, ref.tokens_per_s, ref.num_gpus);
  }
}

}  // namespace wt
