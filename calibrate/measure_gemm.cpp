// GEMM section: every supported precision over the transformer-layer shapes, within a time cap.
#include <array>
#include <chrono>
#include <ostream>

#include "calibrate/measure.hpp"

namespace wt::calibrate {
namespace {

using Clock = std::chrono::steady_clock;

// Most used first, so that the time cap falls on fp32 if on anything.
constexpr std::array<gpu::GemmType, 5> kOrder{gpu::GemmType::bf16, gpu::GemmType::fp16,
                                              gpu::GemmType::fp8_e4m3, gpu::GemmType::tf32,
                                              gpu::GemmType::fp32};

double section_budget_s(bool quick) {
  return quick ? 20.0 : 150.0;
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Skipped {
  int time_cap = 0, memory = 0, no_algorithm = 0;
};

void note(CalibrationProfile& p, gpu::GemmType t, const Skipped& s, std::size_t shapes) {
  const std::string what = std::string("gemm.") + gpu::to_string(t);
  const std::string of = " of " + std::to_string(shapes) + " shapes";
  if (s.time_cap > 0) {
    p.unmeasured.push_back({what + ".time_cap", std::to_string(s.time_cap) + of +
                                                    " not measured: the GEMM section's time cap "
                                                    "was reached (shapes run smallest first)"});
  }
  if (s.memory > 0) {
    p.unmeasured.push_back(
        {what + ".memory", std::to_string(s.memory) + of + " need more than the free GPU memory"});
  }
  if (s.no_algorithm > 0) {
    p.unmeasured.push_back(
        {what + ".no_algorithm", std::to_string(s.no_algorithm) + of + ": cuBLASLt has none"});
  }
}

// One shape: false when it was not measured (and why, in `skipped`).
bool measure_shape(SectionContext& c, gpu::GemmType t, const GemmShape& s, uint32_t seed,
                   Skipped& skipped) {
  const double memory = static_cast<double>(c.devices.front().memory_bytes);
  if (static_cast<double>(gpu::Bench::gemm_bytes(t, s.m, s.n, s.k)) > 0.85 * memory) {
    ++skipped.memory;
    return false;
  }
  std::vector<double> samples;
  try {
    samples = c.bench.gemm(t, s.m, s.n, s.k, c.repeat(), seed);
  } catch (const gpu::OutOfDeviceMemory&) {
    ++skipped.memory;
    return false;
  }
  if (samples.empty()) {
    ++skipped.no_algorithm;
    return false;
  }
  c.profile.gemm.push_back({gpu::precision_of(t), s.m, s.n, s.k, make_timing(samples)});
  return true;
}

void measure_type(SectionContext& c, gpu::GemmType t, const std::vector<GemmShape>& shapes,
                  double budget_s, uint32_t& seed) {
  const Clock::time_point start = Clock::now();
  Skipped skipped;
  int measured = 0;
  for (const GemmShape& s : shapes) {
    if (seconds_since(start) > budget_s) {
      ++skipped.time_cap;
    } else if (measure_shape(c, t, s, seed += 2, skipped)) {
      ++measured;
    }
  }
  c.log << "  gemm " << gpu::to_string(t) << ": " << measured << " of " << shapes.size()
        << " shapes in " << static_cast<int>(seconds_since(start)) << " s\n";
  note(c.profile, t, skipped, shapes.size());
}

}  // namespace

void measure_gemm(SectionContext& c) {
  const std::vector<GemmShape> shapes = transformer_gemm_shapes(
      c.options.quick ? quick_transformer_sweep() : full_transformer_sweep());
  const gpu::Device& d = c.devices.front();
  const Clock::time_point start = Clock::now();
  uint32_t seed = 1;
  std::size_t left = 0;
  for (gpu::GemmType t : kOrder)
    left += gpu::gemm_type_supported(t, d.cc_major, d.cc_minor);
  for (gpu::GemmType t : kOrder) {
    if (!gpu::gemm_type_supported(t, d.cc_major, d.cc_minor)) {
      c.profile.unmeasured.push_back(
          {std::string("gemm.") + gpu::to_string(t),
           "needs compute capability " + gpu::required_compute_capability(t) + "; this GPU is " +
               std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor)});
      continue;
    }
    // Each precision gets an equal share of what is left, so unused time passes on.
    const double share_s =
        (section_budget_s(c.options.quick) - seconds_since(start)) / static_cast<double>(left--);
    measure_type(c, t, shapes, share_s, seed);
  }
}

}  // namespace wt::calibrate
