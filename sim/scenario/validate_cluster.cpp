// Cluster rules: the GPU exists and supports the precision, the network can be built, the
// calibration profile can be read; warnings for what this build does not model yet.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "sim/hardware/calibration_profile.hpp"
#include "sim/hardware/power_limit.hpp"
#include "sim/scenario/enum_names.hpp"
#include "sim/scenario/field_readers.hpp"
#include "sim/scenario/text_util.hpp"
#include "sim/scenario/validate_rules.hpp"
#include "topology/network_summary.hpp"

namespace wt {
namespace {

bool ends_with_json(const std::string& text) {
  return text.size() >= 5 && iequals(text.substr(text.size() - 5), ".json");
}

void require_set(int value, const std::string& path, const std::string& topology) {
  if (value > 0) return;
  throw InputError(path, "required when cluster.network.topology is " + in_quotes(topology) +
                             " and cluster.num_nodes > 1");
}

}  // namespace

const GpuSpec& resolve_gpu(Scenario& s) {
  if (ends_with_json(s.cluster.gpu)) {
    // A calibration profile as the GPU: the catalog entry it measured, and the profile itself.
    const std::string file = s.cluster.gpu;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
      throw InputError("cluster.gpu", "calibration profile not found", in_quotes(file),
                       gpu_ids() + ", or an existing calibration profile (.json)");
    }
    const CalibrationProfile profile = read_profile(file);
    if (profile.catalog_gpu.empty()) {
      throw InputError("cluster.gpu",
                       "the calibration profile's GPU (" + profile.provenance.gpu_name +
                           ") matches no catalog entry; give the catalog id as cluster.gpu and "
                           "the profile as calibration",
                       in_quotes(file), gpu_ids());
    }
    s.cluster.gpu = profile.catalog_gpu;
    if (!s.calibration) s.calibration = file;
  }
  const std::string& gpu = s.cluster.gpu;
  const GpuSpec* spec = find_gpu(gpu);
  if (spec == nullptr) {
    std::vector<std::string> ids;
    for (const GpuSpec& g : gpu_catalog()) {
      ids.push_back(g.id);
    }
    throw InputError("cluster.gpu", "unknown GPU" + did_you_mean(gpu, ids), in_quotes(gpu),
                     gpu_ids() + " (or an alias such as \"H100\")");
  }
  s.cluster.gpu = spec->id;
  return *spec;
}

void check_precision(const Scenario& s, const GpuSpec& gpu) {
  const Precision p = s.training.precision;
  if (s.training.fp8_recipe != Fp8Recipe::delayed && p != Precision::fp8) {
    throw InputError("training.fp8_recipe", "applies to precision fp8 only",
                     to_string(s.training.fp8_recipe),
                     "\"delayed\" (the default) with training.precision " +
                         std::string(to_string(p)) + ", or training.precision \"fp8\"");
  }
  if (gpu.peak_flops(p) > 0.0) return;
  std::vector<std::string> supported;
  for (Precision q : EnumValues<Precision>::values) {
    if (gpu.peak_flops(q) > 0.0) supported.emplace_back(to_string(q));
  }
  // The catalog says why (e.g. "no NVFP4 tensor cores (Blackwell has them)").
  std::string why = gpu.peak_tflops(p).source;
  const std::string prefix = "not supported: ";
  if (why.starts_with(prefix)) why.erase(0, prefix.size());
  throw InputError("training.precision",
                   "not supported by " + gpu.id + (why.empty() ? "" : " (" + why + ")"),
                   to_string(p), join(supported));
}

void check_power_limit(const Scenario& s, const GpuSpec& gpu) {
  const double limit = s.cluster.gpu_power_limit_W;
  if (limit == 0.0) return;
  char value[32];
  std::snprintf(value, sizeof value, "%g", limit);
  const double tdp = gpu.tdp_W.value;
  if (tdp <= 0.0) {
    throw InputError("cluster.gpu_power_limit_W",
                     "cannot be applied: the catalog has no TDP for " + gpu.id, value,
                     "0 (no limit) for this GPU");
  }
  const double lowest = kLowestPowerLimitShare * tdp;
  if (limit < lowest || limit > tdp) {
    char allowed[96];
    std::snprintf(allowed, sizeof allowed, "0, or %g to %g W (%g%% of the TDP to the TDP)", lowest,
                  tdp, kLowestPowerLimitShare * 100.0);
    throw InputError("cluster.gpu_power_limit_W",
                     "outside the range the power model covers for " + gpu.id, value, allowed);
  }
}

void check_intra_node_bandwidth(const Scenario& s) {
  constexpr double kMinGBps = 1e-3;  // as cluster.network.link_bandwidth_Gbps: 1 MB/s at least
  const double bw = s.cluster.intra_node.bandwidth_GBps;
  if (bw > 0.0 && bw < kMinGBps) {
    throw InputError("cluster.intra_node.bandwidth_GBps",
                     "is below the slowest link the simulator models", number_text(bw),
                     "0 (the GPU's NVLink figure), or 0.001 .. 100000");
  }
  // NeuronLink (docs/topology.md "NeuronLink nodes"): the 4 × 4 torus of a trn2.48xlarge.
  const ClusterConfig& c = s.cluster;
  if (c.intra_node.fabric == IntraNodeFabric::neuronlink && c.gpus_per_node != kNeuronLinkChips) {
    throw InputError("cluster.gpus_per_node",
                     "a NeuronLink node is a trn2.48xlarge's 4 × 4 torus of Trainium2 chips",
                     std::to_string(c.gpus_per_node),
                     std::to_string(kNeuronLinkChips) + " with intra_node.fabric \"neuronlink\"");
  }
}

void check_network_config(const Scenario& s) {
  const ClusterConfig& c = s.cluster;
  if (c.num_nodes == 1 && !c.ici()) return;
  const NetworkConfig& n = c.network;
  if (n.topology == NetworkTopology::torus && n.torus.dims.empty()) {
    throw InputError("cluster.network.torus.dims",
                     "required when cluster.network.topology is \"torus\" and "
                     "cluster.num_nodes > 1",
                     "", "1 .. 3 sizes whose product is cluster.num_nodes");
  }
  if (n.topology == NetworkTopology::dragonfly) {
    const std::string df = "cluster.network.dragonfly.";
    require_set(n.dragonfly.groups, df + "groups", "dragonfly");
    require_set(n.dragonfly.routers_per_group, df + "routers_per_group", "dragonfly");
    require_set(n.dragonfly.nodes_per_router, df + "nodes_per_router", "dragonfly");
    require_set(n.dragonfly.global_links_per_router, df + "global_links_per_router", "dragonfly");
  }
  if (const std::optional<NetworkProblem> problem = check_network(c)) {
    throw InputError(problem->path, problem->problem, problem->value, problem->allowed);
  }
}

void check_calibration(Scenario& s) {
  if (!s.calibration) return;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(*s.calibration, ec)) {
    throw InputError("calibration", "file not found", in_quotes(*s.calibration),
                     "an existing calibration profile (path relative to the scenario's folder)");
  }
  read_profile(*s.calibration);  // a profile that cannot be read is refused here, with its path
}

void add_cluster_warnings(Scenario& s, const GpuSpec& gpu) {
  if (s.cost.spot) {
    add_warning(s,
                "cost.spot: preemptions are counted as further failures at an assumed one per "
                "node per 720 h (providers publish no rate); plan files can set their own");
  }
  const IntraNodeFabric fabric = s.cluster.intra_node.fabric;
  if (fabric != IntraNodeFabric::pcie && gpu.nvlink_GBps.value <= 0.0 &&
      s.cluster.gpus_per_node > 1) {
    add_warning(s, std::string("cluster.intra_node.fabric is ") + to_string(fabric) + " but " +
                       gpu.id + " has no NVLink; consider \"pcie\"");
  }
  if (gpu.name.starts_with("AMD ")) {
    add_warning(s, gpu.id +
                       ": RCCL is priced with NCCL's algorithm choice, protocols and latency "
                       "tables (RCCL's own tuning and its MSCCL/MSCCL++ paths are not modelled)");
  }
}

}  // namespace wt
