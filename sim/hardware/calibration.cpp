// Calibration: a profile's measurements turned into efficiencies against the catalog's peaks.
#include "sim/hardware/calibration.hpp"

#include <algorithm>

#include "core/units.hpp"

namespace wt {
namespace {

std::size_t index_of(Precision p) {
  return static_cast<std::size_t>(p);
}

// GB/s of `kernel` at its largest measured size (the best run if that size appears twice).
std::optional<double> largest_size_GBps(const std::vector<BandwidthPoint>& points,
                                        const std::string& kernel) {
  const BandwidthPoint* best = nullptr;
  for (const BandwidthPoint& b : points) {
    if (b.kernel != kernel) continue;
    if (best == nullptr || b.bytes > best->bytes ||
        (b.bytes == best->bytes && b.GBps() > best->GBps())) {
      best = &b;
    }
  }
  if (best == nullptr) return std::nullopt;
  return best->GBps();
}

std::optional<double> better_of(std::optional<double> a, std::optional<double> b) {
  if (!a) return b;
  if (!b) return a;
  return std::max(*a, *b);
}

}  // namespace

Calibration::Calibration(CalibrationProfile profile, const GpuSpec& gpu)
    : profile_(std::move(profile)), gpu_(gpu) {
  note_gpu_mismatch();
  build_gemm_tables();
  build_attention_tables();
  for (const Unmeasured& u : profile_.unmeasured) {
    notes_.push_back(u.what + ": " + u.why);
  }
}

void Calibration::note_gpu_mismatch() {
  if (profile_.catalog_gpu.empty() || profile_.catalog_gpu == gpu_.id) return;
  notes_.push_back("profile measured on " + profile_.provenance.gpu_name + " (catalog " +
                   profile_.catalog_gpu + "); efficiencies are taken against the peaks of " +
                   gpu_.id);
}

void Calibration::build_gemm_tables() {
  std::array<bool, kPrecisions> skipped{};
  for (const GemmPoint& g : profile_.gemm) {
    const double peak_tflops = gpu_.peak_flops(g.precision) / units::kTera;
    if (peak_tflops <= 0.0) {
      skipped[index_of(g.precision)] = true;
      continue;
    }
    gemm_[index_of(g.precision)].add(g.m, g.n, g.k, g.tflops() / peak_tflops);
  }
  for (Precision p : EnumValues<Precision>::values) {
    if (!skipped[index_of(p)]) continue;
    notes_.push_back(std::string("gemm.") + to_string(p) + ": " + gpu_.id + " has no " +
                     to_string(p) + " peak in the catalog; these measurements are not used");
  }
}

std::optional<double> Calibration::gemm_efficiency(Precision p, int64_t m, int64_t n,
                                                   int64_t k) const {
  const GemmEfficiencyTable& table = gemm_[index_of(p)];
  if (table.empty()) return std::nullopt;
  return table.at(m, n, k);
}

std::optional<double> Calibration::memory_efficiency() const {
  const double datasheet_GBps = gpu_.memory_bw_GBps.value;
  const std::optional<double> best = better_of(largest_size_GBps(profile_.bandwidth, "rmw"),
                                               largest_size_GBps(profile_.bandwidth, "copy"));
  if (!best || datasheet_GBps <= 0.0) return std::nullopt;
  return *best / datasheet_GBps;
}

std::optional<double> Calibration::host_link_GBps() const {
  return better_of(largest_size_GBps(profile_.bandwidth, "h2d"),
                   largest_size_GBps(profile_.bandwidth, "d2h"));
}

void Calibration::build_attention_tables() {
  const auto training_flash = [](const AttentionPoint& a) {
    return a.kernel == "sdpa_flash" && a.causal && a.pass == "forward_backward";
  };
  for (Precision p : EnumValues<Precision>::values) {
    const double peak_tflops = gpu_.peak_flops(p) / units::kTera;
    if (peak_tflops <= 0.0) continue;
    bool any_flash = false;
    for (const AttentionPoint& a : profile_.attention) {
      any_flash = any_flash || (a.precision == p && training_flash(a));
    }
    for (const AttentionPoint& a : profile_.attention) {
      if (a.precision != p) continue;
      if (any_flash ? !training_flash(a) : a.kernel != "cudnn_fused") continue;
      attention_[index_of(p)].add(a.batch * a.heads, a.seq, a.head_dim, a.tflops() / peak_tflops);
    }
  }
}

bool Calibration::has_fused_attention(Precision p) const {
  return !attention_[index_of(p)].empty();
}

std::optional<double> Calibration::attention_efficiency(Precision p, int64_t batch_heads,
                                                        int64_t seq, int64_t head_dim) const {
  const GemmEfficiencyTable& table = attention_[index_of(p)];
  if (table.empty()) return std::nullopt;
  return table.at(batch_heads, seq, head_dim);
}

std::optional<CollectiveSeries> Calibration::collective(const std::string& name, int group_size,
                                                        LinkKind link) const {
  const CollectiveSeries* largest = nullptr;
  for (const CollectiveSeries& s : profile_.collectives) {
    if (s.collective != name || s.link != link) continue;
    if (s.group_size == group_size) return s;
    if (largest == nullptr || s.group_size > largest->group_size) largest = &s;
  }
  if (largest == nullptr) return std::nullopt;
  return *largest;
}

}  // namespace wt
