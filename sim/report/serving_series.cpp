#include "sim/report/serving_series.hpp"

#include <algorithm>
#include <cmath>

namespace wt {

ServingSeries serving_series(const serving::SimulationOutput& sim, int buckets) {
  ServingSeries out;
  if (!(sim.end_s > 0.0) || buckets <= 0) return out;
  const auto n = static_cast<size_t>(buckets);
  const double w = sim.end_s / static_cast<double>(buckets);
  out.end_s.resize(n);
  out.decoding.assign(n, 0.0);
  out.waiting.assign(n, 0.0);
  for (size_t i = 0; i < n; ++i)
    out.end_s[i] = w * static_cast<double>(i + 1);
  for (const serving::StepRecord& step : sim.steps) {
    const double a = step.start_s, b = step.start_s + step.duration_s;
    const auto first = static_cast<size_t>(std::clamp(std::floor(a / w), 0.0, n - 1.0));
    for (size_t i = first; i < n && w * static_cast<double>(i) < b; ++i) {
      const double overlap = std::min(b, out.end_s[i]) - std::max(a, w * static_cast<double>(i));
      if (overlap > 0.0) out.decoding[i] += step.decode_seqs * overlap / w;
    }
  }
  for (const serving::RequestRecord& r : sim.requests) {
    if (r.start_s < 0.0) continue;
    for (size_t i = 0; i < n; ++i) {
      if (r.arrival_s <= out.end_s[i] && r.start_s > out.end_s[i]) out.waiting[i] += 1.0;
    }
  }
  return out;
}

}  // namespace wt
