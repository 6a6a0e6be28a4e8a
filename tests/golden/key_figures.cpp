#include "key_figures.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace wt::golden {
namespace {

// Figures this small are zero for the comparison (fractions and seconds never matter below it).
constexpr double kAbsoluteFloor = 1e-12;

bool close(double expected, double actual, double rel_tol) {
  return std::fabs(expected - actual) <=
         rel_tol * std::max(std::fabs(expected), std::fabs(actual)) + kAbsoluteFloor;
}

}  // namespace

nlohmann::json key_figures(const RunResult& r) {
  const double t =
      r.iteration_time_s > 0.0 ? r.iteration_time_s : 1.0;  // fractions of a 0 s run: 0
  const Breakdown& b = r.breakdown_s;
  const CommVolume& v = r.comm_volume_bytes_per_gpu;
  const MemoryUse& m = r.memory_per_gpu_bytes;
  return {{"iteration_time_s", r.iteration_time_s},
          {"tokens_per_s", r.tokens_per_s},
          {"mfu", r.mfu},
          {"hfu", r.hfu},
          {"model_tflops_per_gpu", r.model_tflops_per_gpu},
          {"breakdown_fraction.compute", b.compute / t},
          {"breakdown_fraction.exposed_comm", b.exposed_comm / t},
          {"breakdown_fraction.pipeline_bubble", b.pipeline_bubble / t},
          {"breakdown_fraction.optimizer", b.optimizer / t},
          {"breakdown_fraction.other", b.other / t},
          {"comm_volume_bytes_per_gpu.tp", v.tp},
          {"comm_volume_bytes_per_gpu.pp", v.pp},
          {"comm_volume_bytes_per_gpu.dp", v.dp},
          {"comm_volume_bytes_per_gpu.cp", v.cp},
          {"comm_volume_bytes_per_gpu.ep", v.ep},
          {"memory_per_gpu_bytes.weights", m.weights},
          {"memory_per_gpu_bytes.gradients", m.gradients},
          {"memory_per_gpu_bytes.optimizer", m.optimizer},
          {"memory_per_gpu_bytes.activations", m.activations},
          {"memory_per_gpu_bytes.total", m.total},
          {"fits_in_memory", r.fits_in_memory},
          {"time_to_train_s", r.time_to_train_s},
          {"cost_usd", r.cost_usd}};
}

std::string compare_figures(const nlohmann::json& expected, const nlohmann::json& actual,
                            double rel_tol) {
  std::ostringstream out;
  for (const auto& [key, want] : expected.items()) {
    if (!actual.contains(key)) {
      out << key << ": expected " << want << ", no longer computed\n";
      continue;
    }
    const nlohmann::json& got = actual.at(key);
    const bool same = want.is_number() && got.is_number()
                          ? close(want.get<double>(), got.get<double>(), rel_tol)
                          : want == got;
    if (!same) out << key << ": expected " << want << ", got " << got << '\n';
  }
  for (const auto& [key, got] : actual.items()) {
    if (!expected.contains(key)) out << key << ": new figure " << got << " has no expectation\n";
  }
  return out.str();
}

}  // namespace wt::golden
