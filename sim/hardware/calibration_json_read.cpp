// JSON → CalibrationProfile: every field type- and range-checked, unknown keys refused, each error
// naming its JSON path ("profile.gemm[3].m") and the file.
#include <array>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "sim/hardware/calibration_json_fields.hpp"
#include "sim/hardware/calibration_names.hpp"
#include "sim/hardware/calibration_profile.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/enum_names.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {
namespace {

constexpr int64_t kMaxDimension = std::numeric_limits<int64_t>::max();
constexpr std::array<std::string_view, 3> kLinkNames{"nvlink", "pcie", "network"};

// A stored statistic must equal the one computed from samples_s (to 1e-9 relative).
void check_statistic(const JsonAt& timing, std::string_view key, double expected) {
  const std::optional<JsonAt> given = optional_member(timing, key);
  if (!given) return;
  const double value = read_positive(*given);
  if (std::abs(value - expected) > 1e-9 * expected) {
    fail_at(*given, "does not match samples_s", value_text(nlohmann::json(expected)));
  }
}

Timing read_timing(const JsonAt& at) {
  expect_object(at, {"samples_s", "median_s", "min_s", "max_s"});
  std::vector<double> samples_s;
  for (const JsonAt& sample : elements(member(at, "samples_s"), 1)) {
    samples_s.push_back(read_positive(sample));
  }
  Timing t = make_timing(std::move(samples_s));
  check_statistic(at, "median_s", t.median_s);
  check_statistic(at, "min_s", t.min_s);
  check_statistic(at, "max_s", t.max_s);
  return t;
}

std::string optional_text(const JsonAt& at, std::string_view key) {
  const std::optional<JsonAt> v = optional_member(at, key);
  return v ? read_text(*v, true) : std::string();
}

int optional_clock(const JsonAt& at, std::string_view key) {
  const std::optional<JsonAt> v = optional_member(at, key);
  return v ? read_int(*v, 0) : 0;
}

Provenance read_provenance(const JsonAt& at) {
  expect_object(
      at, {"gpu_name", "gpu_count", "driver_version", "cuda_runtime_version", "cublas_version",
           "nccl_version", "cudnn_version", "sm_clock_mhz", "memory_clock_mhz", "date_utc",
           "hostname_hash", "command_line", "windtunnel_version"});
  Provenance p;
  p.gpu_name = read_text(member(at, "gpu_name"), false);
  p.gpu_count = read_int(member(at, "gpu_count"), 1);
  p.driver_version = optional_text(at, "driver_version");
  p.cuda_runtime_version = optional_text(at, "cuda_runtime_version");
  p.cublas_version = optional_text(at, "cublas_version");
  p.nccl_version = optional_text(at, "nccl_version");
  p.cudnn_version = optional_text(at, "cudnn_version");
  p.sm_clock_mhz = optional_clock(at, "sm_clock_mhz");
  p.memory_clock_mhz = optional_clock(at, "memory_clock_mhz");
  p.date_utc = optional_text(at, "date_utc");
  p.hostname_hash = optional_text(at, "hostname_hash");
  p.command_line = optional_text(at, "command_line");
  p.windtunnel_version = optional_text(at, "windtunnel_version");
  return p;
}

Precision read_precision(const JsonAt& at) {
  const std::optional<Precision> p = enum_from_string<Precision>(read_text(at, false));
  if (!p) fail_at(at, "is not a precision", join(enum_names<Precision>()));
  return *p;
}

// A derived figure written for readers (tflops, GBps): must be a number; recomputed, not read.
void skip_derived(const JsonAt& at, std::string_view key) {
  if (const std::optional<JsonAt> v = optional_member(at, key)) read_non_negative(*v);
}

int64_t read_dimension(const JsonAt& at, std::string_view key) {
  return read_integer(member(at, key), 1, kMaxDimension);
}

GemmPoint read_gemm(const JsonAt& at) {
  expect_object(at, {"precision", "m", "n", "k", "timing", "tflops"});
  GemmPoint g;
  g.precision = read_precision(member(at, "precision"));
  g.m = read_dimension(at, "m");
  g.n = read_dimension(at, "n");
  g.k = read_dimension(at, "k");
  g.timing = read_timing(member(at, "timing"));
  skip_derived(at, "tflops");
  return g;
}

BandwidthPoint read_bandwidth(const JsonAt& at) {
  expect_object(at, {"kernel", "bytes", "timing", "GBps"});
  BandwidthPoint b;
  b.kernel = read_name(member(at, "kernel"), calibration_names::kBandwidthKernels);
  b.bytes = read_positive(member(at, "bytes"));
  b.timing = read_timing(member(at, "timing"));
  skip_derived(at, "GBps");
  return b;
}

AttentionPoint read_attention(const JsonAt& at) {
  expect_object(at, {"kernel", "precision", "batch", "heads", "seq", "head_dim", "causal", "pass",
                     "timing", "tflops"});
  AttentionPoint a;
  a.kernel = read_name(member(at, "kernel"), calibration_names::kAttentionKernels);
  a.precision = read_precision(member(at, "precision"));
  a.batch = read_dimension(at, "batch");
  a.heads = read_dimension(at, "heads");
  a.seq = read_dimension(at, "seq");
  a.head_dim = read_dimension(at, "head_dim");
  if (const std::optional<JsonAt> causal = optional_member(at, "causal")) {
    if (!causal->value.is_boolean()) fail_at(*causal, "is not a boolean", "true or false");
    a.causal = causal->value.get<bool>();
  }
  if (const std::optional<JsonAt> pass = optional_member(at, "pass")) {
    a.pass = read_name(*pass, calibration_names::kAttentionPasses);
  }
  a.timing = read_timing(member(at, "timing"));
  skip_derived(at, "tflops");
  return a;
}

CollectivePoint read_collective_point(const JsonAt& at) {
  expect_object(at, {"bytes", "timing", "algbw_GBps", "busbw_GBps"});
  CollectivePoint c;
  c.bytes = read_positive(member(at, "bytes"));
  c.timing = read_timing(member(at, "timing"));
  c.algbw_GBps = read_non_negative(member(at, "algbw_GBps"));
  c.busbw_GBps = read_non_negative(member(at, "busbw_GBps"));
  return c;
}

AlphaBetaFit read_fit(const JsonAt& at) {
  expect_object(at, {"alpha_s", "beta_Bps", "residual_rms_s", "residual_rel_max"});
  AlphaBetaFit f;
  f.alpha_s = read_non_negative(member(at, "alpha_s"));
  f.beta_Bps = read_positive(member(at, "beta_Bps"));
  f.residual_rms_s = read_non_negative(member(at, "residual_rms_s"));
  f.residual_rel_max = read_non_negative(member(at, "residual_rel_max"));
  return f;
}

LinkKind read_link(const JsonAt& at) {
  const std::string name = read_name(at, kLinkNames);
  if (name == "pcie") return LinkKind::pcie;
  return name == "network" ? LinkKind::network : LinkKind::nvlink;
}

CollectiveSeries read_series(const JsonAt& at) {
  expect_object(at, {"collective", "group_size", "link", "points", "fit"});
  CollectiveSeries s;
  s.collective = read_name(member(at, "collective"), calibration_names::kCollectives);
  s.group_size = read_int(member(at, "group_size"), 2);
  s.link = read_link(member(at, "link"));
  for (const JsonAt& point : elements(member(at, "points"), 2)) {
    s.points.push_back(read_collective_point(point));
  }
  s.fit = read_fit(member(at, "fit"));
  return s;
}

Unmeasured read_unmeasured(const JsonAt& at) {
  expect_object(at, {"what", "why"});
  return {read_text(member(at, "what"), false), read_text(member(at, "why"), false)};
}

std::string read_catalog_gpu(const JsonAt& at) {
  const std::string id = read_text(at, true);
  if (id.empty()) return id;
  const GpuSpec* gpu = find_gpu(id);
  if (gpu == nullptr) {
    std::vector<std::string> ids;
    for (const GpuSpec& g : gpu_catalog()) {
      ids.push_back(g.id);
    }
    fail_at(at, "is not a catalog GPU" + did_you_mean(id, ids), "\"\" or one of " + gpu_ids());
  }
  return gpu->id;
}

template <class T, class ReadFn>
std::vector<T> read_list(const JsonAt& profile, std::string_view key, ReadFn read) {
  std::vector<T> out;
  const std::optional<JsonAt> list = optional_member(profile, key);
  if (!list) return out;
  for (const JsonAt& item : elements(*list, 0)) {
    out.push_back(read(item));
  }
  return out;
}

// Two series for the same collective, group size and link would make lookups ambiguous.
void refuse_repeated_series(const JsonAt& profile, const std::vector<CollectiveSeries>& series) {
  for (std::size_t i = 0; i < series.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      const CollectiveSeries& a = series[i];
      const CollectiveSeries& b = series[j];
      if (a.collective != b.collective || a.group_size != b.group_size || a.link != b.link) {
        continue;
      }
      const JsonAt list = member(profile, "collectives");
      const JsonAt repeated{list.value[i], list.path + "[" + std::to_string(i) + "]",
                            profile.origin};
      fail_at(repeated,
              "repeats collectives[" + std::to_string(j) + "] (same collective, group_size, link)",
              "one series per collective, group size and link");
    }
  }
}

void check_schema(const JsonAt& profile) {
  const JsonAt schema = member(profile, "schema");
  if (schema.value != 1) fail_at(schema, "is not a supported schema version", "1");
}

}  // namespace

CalibrationProfile profile_from_json(const nlohmann::json& j, const std::string& origin) {
  const JsonAt root{j, "profile", origin};
  expect_object(root, {"schema", "provenance", "catalog_gpu", "gemm", "bandwidth", "attention",
                       "collectives", "unmeasured"});
  CalibrationProfile p;
  check_schema(root);
  p.schema = 1;
  p.provenance = read_provenance(member(root, "provenance"));
  if (const std::optional<JsonAt> id = optional_member(root, "catalog_gpu")) {
    p.catalog_gpu = read_catalog_gpu(*id);
  }
  p.gemm = read_list<GemmPoint>(root, "gemm", read_gemm);
  p.bandwidth = read_list<BandwidthPoint>(root, "bandwidth", read_bandwidth);
  p.attention = read_list<AttentionPoint>(root, "attention", read_attention);
  p.collectives = read_list<CollectiveSeries>(root, "collectives", read_series);
  refuse_repeated_series(root, p.collectives);
  p.unmeasured = read_list<Unmeasured>(root, "unmeasured", read_unmeasured);
  return p;
}

}  // namespace wt
