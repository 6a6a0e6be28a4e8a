// The short table each calibration section prints when it is done.
#include <algorithm>
#include <cstdio>

#include "calibrate/fixed_text.hpp"
#include "calibrate/measure.hpp"
#include "sim/report/text_table.hpp"

namespace wt::calibrate {
namespace {

std::string size_text(double bytes) {
  if (bytes >= static_cast<double>(kGiB))
    return fixed(bytes / static_cast<double>(kGiB), "%.0f GiB");
  if (bytes >= static_cast<double>(kMiB))
    return fixed(bytes / static_cast<double>(kMiB), "%.0f MiB");
  if (bytes >= 1024.0) return fixed(bytes / 1024.0, "%.0f KiB");
  return fixed(bytes, "%.0f B");
}

std::string gemm_table(const CalibrationProfile& p) {
  TextTable t({{"gemm"},
               {"shapes", Align::right},
               {"min TFLOP/s", Align::right},
               {"median TFLOP/s", Align::right},
               {"max TFLOP/s", Align::right},
               {"at m×n×k", Align::right}});
  for (Precision precision :
       {Precision::bf16, Precision::fp16, Precision::fp8, Precision::tf32, Precision::fp32}) {
    std::vector<const GemmPoint*> points;
    for (const GemmPoint& g : p.gemm) {
      if (g.precision == precision) points.push_back(&g);
    }
    if (points.empty()) continue;
    std::sort(points.begin(), points.end(),
              [](const GemmPoint* a, const GemmPoint* b) { return a->tflops() < b->tflops(); });
    const GemmPoint& best = *points.back();
    t.add_row(
        {to_string(precision), std::to_string(points.size()),
         fixed(points.front()->tflops(), "%.1f"),
         fixed(points[points.size() / 2]->tflops(), "%.1f"), fixed(best.tflops(), "%.1f"),
         std::to_string(best.m) + "×" + std::to_string(best.n) + "×" + std::to_string(best.k)});
  }
  return t.str();
}

std::string bandwidth_table(const CalibrationProfile& p, std::initializer_list<const char*> kinds) {
  TextTable t({{"kernel"},
               {"bytes moved", Align::right},
               {"median ms", Align::right},
               {"GB/s", Align::right},
               {"spread", Align::right}});
  for (const BandwidthPoint& b : p.bandwidth) {
    if (std::find_if(kinds.begin(), kinds.end(), [&](const char* k) { return b.kernel == k; }) ==
        kinds.end()) {
      continue;
    }
    const double spread = (b.timing.max_s - b.timing.min_s) / b.timing.median_s * 100.0;
    t.add_row({b.kernel, size_text(b.bytes), fixed(b.timing.median_s * 1e3, "%.3f"),
               fixed(b.GBps(), "%.1f"), fixed(spread, "%.1f%%")});
  }
  return t.str();
}

std::string attention_table(const CalibrationProfile& p) {
  TextTable t({{"attention"},
               {"precision"},
               {"heads", Align::right},
               {"seq", Align::right},
               {"head dim", Align::right},
               {"median ms", Align::right},
               {"TFLOP/s", Align::right}});
  for (const AttentionPoint& a : p.attention) {
    t.add_row({a.kernel, to_string(a.precision), std::to_string(a.batch * a.heads),
               std::to_string(a.seq), std::to_string(a.head_dim),
               fixed(a.timing.median_s * 1e3, "%.3f"), fixed(a.tflops(), "%.1f")});
  }
  return t.str();
}

std::string nccl_table(const CalibrationProfile& p) {
  if (p.collectives.empty()) return "nccl: no series (one GPU visible)\n";
  TextTable t({{"collective"},
               {"GPUs", Align::right},
               {"link"},
               {"largest", Align::right},
               {"busbw GB/s", Align::right},
               {"alpha µs", Align::right},
               {"beta GB/s", Align::right},
               {"fit error max", Align::right}});
  for (const CollectiveSeries& s : p.collectives) {
    if (s.points.empty()) continue;
    const CollectivePoint& last = s.points.back();
    t.add_row({s.collective, std::to_string(s.group_size), to_string(s.link), size_text(last.bytes),
               fixed(last.busbw_GBps, "%.1f"), fixed(s.fit.alpha_s * 1e6, "%.1f"),
               fixed(s.fit.beta_Bps / 1e9, "%.1f"),
               fixed(s.fit.residual_rel_max * 100.0, "%.0f%%")});
  }
  return t.str();
}

}  // namespace

std::string section_table(Section s, const CalibrationProfile& p) {
  switch (s) {
    case Section::gemm:
      return gemm_table(p);
    case Section::memory:
      return bandwidth_table(p, {"copy", "rmw"});
    case Section::attention:
      return attention_table(p);
    case Section::h2d:
      return bandwidth_table(p, {"h2d", "d2h"});
    case Section::nccl:
      return nccl_table(p);
  }
  return {};
}

}  // namespace wt::calibrate
