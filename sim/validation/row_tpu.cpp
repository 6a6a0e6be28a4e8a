// A TPU row's ICI slices: the torus shape and, beyond one pod, the slices over the data-center
// network (docs/topology.md, "ICI slices" and "Multi-slice").
#include <algorithm>
#include <regex>

#include "core/error.hpp"
#include "sim/scenario/ici_slice.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_gpu.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

// Pod sizes and torus kinds (data/reference/hardware-and-prices.json: GCP_TPU_V4, GCP_TPU_V5P,
// GCP_TPU_V5E, GCP_TPU_V6E pod_chips; SCALING_BOOK_TPU: v4/v5p 3D, v5e/v6e 2D tori).
struct Pod {
  const char* id;
  const char* name;
  bool three_d;
  int64_t chips;
};
constexpr Pod kPods[] = {{"tpu-v4", "TPU v4", true, 4096},
                         {"tpu-v5p", "TPU v5p", true, 8960},
                         {"tpu-v5e", "TPU v5e", false, 256},
                         {"tpu-v6e", "TPU v6e", false, 256}};

const Pod& pod_of(const std::string& id) {
  for (const Pod& p : kPods) {
    if (id == p.id) return p;
  }
  return kPods[0];
}

std::string shape_text(const std::vector<int>& dims) {
  std::string out;
  for (const int d : dims)
    out += (out.empty() ? "" : "x") + std::to_string(d);
  return out;
}

// A shape the row's words give, "4x4x8" or "16x16", in gpu_model, the interconnect texts or any
// other.* text; with the text it came from.
struct SaidShape {
  std::vector<int> dims;
  std::string where;
};
std::optional<SaidShape> said_shape(const json& row) {
  static const std::regex kShape(
      R"((?:^|[^\d])(\d{1,3})\s*[xX]\s*(\d{1,3})(?:\s*[xX]\s*(\d{1,3}))?(?![\d]))");
  std::vector<std::pair<std::string, std::string>> texts = {
      {row_text(row, "gpu_model"), "gpu_model"},
      {row_text(row, "intra_node_interconnect"), "intra_node_interconnect"},
      {row_text(row, "inter_node_interconnect"), "inter_node_interconnect"}};
  const json& other = row_other(row);
  if (other.is_object()) {
    for (const auto& [key, value] : other.items()) {
      if (value.is_string()) texts.emplace_back(value.get<std::string>(), "other." + key);
    }
  }
  for (const auto& [text, where] : texts) {
    std::smatch m;
    if (!std::regex_search(text, m, kShape)) continue;
    SaidShape s{{std::stoi(m[1].str()), std::stoi(m[2].str())}, ""};
    if (m[3].matched) s.dims.push_back(std::stoi(m[3].str()));
    s.where = "'" + shape_text(s.dims) + "' (" + where + ")";
    return s;
  }
  return std::nullopt;
}

}  // namespace

std::vector<int> even_tpu_slice(int64_t chips, bool three_d) {
  std::vector<int> best;
  int64_t best_max = 0, best_mid = 0;
  for (int64_t a = 1; a * a * (three_d ? a : 1) <= chips; ++a) {
    if (!three_d && a > 1) break;
    if (chips % a != 0) continue;
    const int64_t rest = chips / a;
    for (int64_t b = a; b * b <= rest; ++b) {
      if (rest % b != 0) continue;
      const int64_t c = rest / b;
      std::vector<int> dims{static_cast<int>(a), static_cast<int>(b), static_cast<int>(c)};
      if (!three_d) dims = {static_cast<int>(b), static_cast<int>(c)};
      if (!ici_slice_ok(dims, three_d)) continue;
      if (best.empty() || c < best_max || (c == best_max && b < best_mid)) {
        best = dims;
        best_max = c;
        best_mid = b;
      }
    }
  }
  // Leading sizes of 1 say nothing: 4 chips of a v4 are a 2x2 slice.
  while (best.size() > 1 && best.front() == 1)
    best.erase(best.begin());
  return best;
}

void map_tpu_slices(const json& row, const GpuChoice& gpu, int64_t chips, json& cluster,
                    RowBuild& b) {
  const Pod& pod = pod_of(gpu.id);
  const int64_t hosts_chips = gpu.node_gpus;
  std::vector<int> dims;
  int64_t slices = 1;
  if (const auto said = said_shape(row)) {
    int64_t product = 1;
    for (const int d : said->dims)
      product *= d;
    if (ici_slice_ok(said->dims, pod.three_d) && product <= pod.chips && chips % product == 0) {
      dims = said->dims;
      slices = chips / product;
      b.assume(std::string(pod.name) + " slice " + shape_text(dims) + ": the row's " + said->where +
               (slices > 1
                    ? ", " + std::to_string(slices) + " slices joined by the data-center network"
                    : ""));
    } else {
      b.assume("the row's " + said->where + " is not a " + pod.name + " slice of its " +
               std::to_string(chips) + " chips: the most even shape taken instead");
    }
  }
  if (dims.empty()) {
    // The fewest slices of at most a pod each, up to cluster.dcn.num_slices' 4,096.
    constexpr int64_t kMostSlices = 4096;
    slices = chips <= 0 ? kMostSlices + 1 : (chips + pod.chips - 1) / pod.chips;
    for (; slices <= kMostSlices; ++slices) {
      if (chips % slices != 0) continue;
      const int64_t per = chips / slices;
      if (per > pod.chips || (slices > 1 && per % hosts_chips != 0)) continue;
      dims = even_tpu_slice(per, pod.three_d);
      if (!dims.empty()) break;
    }
    if (dims.empty()) {
      throw InputError(row_name(row) + ".num_gpus", "is no slice of " + std::string(pod.name),
                       std::to_string(chips),
                       pod.three_d
                           ? "a chip count of sizes 1, 2 or multiples of 4 in 3 dimensions, "
                             "on at most 4,096 pods"
                           : "a chip count of two sizes among 1, 2, 4, 8, 16, on at most "
                             "4,096 pods");
    }
    b.assume(std::string(pod.name) + " slice not given: " + shape_text(dims) +
             " (the most even torus its slices take" +
             (slices > 1 ? "; " + std::to_string(chips) + " chips exceed a pod of " +
                               std::to_string(pod.chips) + ", so " + std::to_string(slices) +
                               " slices joined by the data-center network at its default 200 "
                               "Gb/s per host, an assumption"
                         : "") +
             ")");
  }
  cluster["network"] = {{"topology", "torus"}, {"torus", {{"dims", dims}}}};
  if (slices > 1) cluster["dcn"] = {{"num_slices", slices}};
}

}  // namespace wt::validation
