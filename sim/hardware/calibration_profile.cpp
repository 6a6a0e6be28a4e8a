// Statistics of one timing, derived throughputs and nccl-tests' bus-bandwidth factors.
#include "sim/hardware/calibration_profile.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/units.hpp"
#include "sim/hardware/calibration_names.hpp"

namespace wt {
namespace {

// Rate in units of `unit` per second; 0 when there is no positive time to divide by.
double per_second(double amount, double seconds, double unit) {
  return seconds > 0.0 ? amount / seconds / unit : 0.0;
}

std::string collective_list() {
  std::string list;
  for (std::string_view name : calibration_names::kCollectives) {
    if (!list.empty()) list += ", ";
    list += name;
  }
  return list;
}

}  // namespace

Timing make_timing(std::vector<double> samples_s) {
  if (samples_s.empty()) {
    throw InputError("samples_s", "has no repetitions", "[]", "at least one time in seconds");
  }
  for (std::size_t i = 0; i < samples_s.size(); ++i) {
    if (!std::isfinite(samples_s[i]) || samples_s[i] <= 0.0) {
      throw InputError("samples_s[" + std::to_string(i) + "]", "is not a positive time",
                       std::to_string(samples_s[i]), "a finite number of seconds > 0");
    }
  }
  std::vector<double> sorted = samples_s;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  Timing t;
  t.median_s = n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
  t.min_s = sorted.front();
  t.max_s = sorted.back();
  t.samples_s = std::move(samples_s);
  return t;
}

double GemmPoint::tflops() const {
  const double flops =
      2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
  return per_second(flops, timing.median_s, units::kTera);
}

double BandwidthPoint::GBps() const {
  return per_second(bytes, timing.median_s, units::kGB);
}

double AttentionPoint::flops() const {
  const double s = static_cast<double>(seq);
  const double forward = 4.0 * static_cast<double>(batch) * static_cast<double>(heads) * s * s *
                         static_cast<double>(head_dim);
  return pass == "forward_backward" ? 3.5 * forward : forward;
}

double AttentionPoint::tflops() const {
  return per_second(flops(), timing.median_s, units::kTera);
}

double busbw_factor(const std::string& collective, int n) {
  if (n < 1) {
    throw InputError("group_size", "is not a rank count", std::to_string(n), "an integer >= 1");
  }
  const double ranks = n;
  if (collective == "all_reduce") return 2.0 * (ranks - 1.0) / ranks;
  if (collective == "all_gather" || collective == "reduce_scatter" || collective == "all_to_all") {
    return (ranks - 1.0) / ranks;
  }
  if (collective == "broadcast" || collective == "send_recv") return 1.0;
  throw InputError("collective", "is not a known collective", collective, collective_list());
}

CollectivePoint make_collective_point(const std::string& collective, int group_size, double bytes,
                                      Timing timing) {
  CollectivePoint point;
  point.bytes = bytes;
  point.algbw_GBps = per_second(bytes, timing.median_s, units::kGB);
  point.busbw_GBps = point.algbw_GBps * busbw_factor(collective, group_size);
  point.timing = std::move(timing);
  return point;
}

const char* to_string(LinkKind k) {
  switch (k) {
    case LinkKind::nvlink:
      return "nvlink";
    case LinkKind::pcie:
      return "pcie";
    case LinkKind::network:
      return "network";
  }
  return "unknown";
}

}  // namespace wt
