// CalibrationProfile → JSON, in the layout of docs/calibration.md. Derived throughputs (tflops,
// GBps) are written for readers of the file; profile_from_json recomputes them from the timings.
#include "sim/hardware/calibration_profile.hpp"

namespace wt {
namespace {

using nlohmann::json;

json timing_json(const Timing& t) {
  return {
      {"samples_s", t.samples_s}, {"median_s", t.median_s}, {"min_s", t.min_s}, {"max_s", t.max_s}};
}

json provenance_json(const Provenance& p) {
  return {{"gpu_name", p.gpu_name},
          {"gpu_count", p.gpu_count},
          {"driver_version", p.driver_version},
          {"cuda_runtime_version", p.cuda_runtime_version},
          {"cublas_version", p.cublas_version},
          {"nccl_version", p.nccl_version},
          {"cudnn_version", p.cudnn_version},
          {"sm_clock_mhz", p.sm_clock_mhz},
          {"memory_clock_mhz", p.memory_clock_mhz},
          {"date_utc", p.date_utc},
          {"hostname_hash", p.hostname_hash},
          {"command_line", p.command_line},
          {"windtunnel_version", p.windtunnel_version}};
}

json gemm_json(const GemmPoint& g) {
  return {{"precision", to_string(g.precision)},
          {"m", g.m},
          {"n", g.n},
          {"k", g.k},
          {"timing", timing_json(g.timing)},
          {"tflops", g.tflops()}};
}

json bandwidth_json(const BandwidthPoint& b) {
  return {{"kernel", b.kernel},
          {"bytes", b.bytes},
          {"timing", timing_json(b.timing)},
          {"GBps", b.GBps()}};
}

json attention_json(const AttentionPoint& a) {
  json j = {{"kernel", a.kernel},
            {"precision", to_string(a.precision)},
            {"batch", a.batch},
            {"heads", a.heads},
            {"seq", a.seq},
            {"head_dim", a.head_dim},
            {"timing", timing_json(a.timing)},
            {"tflops", a.tflops()}};
  // Written only when they differ from the defaults, so profiles without them read back unchanged.
  if (a.causal) j["causal"] = true;
  if (a.pass != "forward") j["pass"] = a.pass;
  return j;
}

json collective_point_json(const CollectivePoint& c) {
  return {{"bytes", c.bytes},
          {"timing", timing_json(c.timing)},
          {"algbw_GBps", c.algbw_GBps},
          {"busbw_GBps", c.busbw_GBps}};
}

json fit_json(const AlphaBetaFit& f) {
  return {{"alpha_s", f.alpha_s},
          {"beta_Bps", f.beta_Bps},
          {"residual_rms_s", f.residual_rms_s},
          {"residual_rel_max", f.residual_rel_max}};
}

json series_json(const CollectiveSeries& s) {
  json points = json::array();
  for (const CollectivePoint& c : s.points) {
    points.push_back(collective_point_json(c));
  }
  return {{"collective", s.collective},
          {"group_size", s.group_size},
          {"link", to_string(s.link)},
          {"points", std::move(points)},
          {"fit", fit_json(s.fit)}};
}

template <class T, class ToJson>
json array_json(const std::vector<T>& items, ToJson to_json_fn) {
  json out = json::array();
  for (const T& item : items) {
    out.push_back(to_json_fn(item));
  }
  return out;
}

json unmeasured_json(const Unmeasured& u) {
  return {{"what", u.what}, {"why", u.why}};
}

}  // namespace

nlohmann::json to_json(const CalibrationProfile& p) {
  return {{"schema", p.schema},
          {"provenance", provenance_json(p.provenance)},
          {"catalog_gpu", p.catalog_gpu},
          {"gemm", array_json(p.gemm, gemm_json)},
          {"bandwidth", array_json(p.bandwidth, bandwidth_json)},
          {"attention", array_json(p.attention, attention_json)},
          {"collectives", array_json(p.collectives, series_json)},
          {"unmeasured", array_json(p.unmeasured, unmeasured_json)}};
}

}  // namespace wt
