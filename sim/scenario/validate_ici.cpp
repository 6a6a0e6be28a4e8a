// ICI slices (intra_node.fabric "ici", docs/topology.md "ICI slices"): the chip must be a TPU, the
// network a torus of chips in a shape the chip's slices take; sets the torus links to the chip's
// ICI link rate and which dimensions wrap around.
#include <string>
#include <vector>

#include "core/error.hpp"
#include "sim/scenario/ici_slice.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

std::string dims_text(const std::vector<int>& dims) {
  std::string out = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    out += (i ? ", " : "") + std::to_string(dims[i]);
  }
  return out + "]";
}

constexpr double kLinksOf3dTorus = 6.0;  // SCALING_BOOK_TPU: v4, v5p; 4 links on v5e, v6e (2D)

// v4/v5p (3D): each dimension 1, 2 or a multiple of 4 (slices are built of 4×4×4 cubes or smaller
// blocks); a dimension that is a multiple of 4 wraps around (the optical switches close it).
// v5e/v6e (2D): at most two dimensions longer than 1, each 1, 2, 4, 8 or 16; only a full pod side
// of 16 wraps. Returns the wrap flags, or throws naming the dimension.
std::vector<bool> slice_wrap(const std::vector<int>& dims, bool three_d, const std::string& gpu) {
  const std::string path = "cluster.network.torus.dims";
  std::vector<bool> wrap;
  int long_dims = 0;
  for (int d : dims) {
    long_dims += d > 1 ? 1 : 0;
    if (!ici_dimension_ok(d, three_d)) {
      throw InputError(path, "not a slice shape of " + gpu, dims_text(dims),
                       three_d ? "sizes 1, 2 or a multiple of 4 (4×4×4 cubes)"
                               : "sizes 1, 2, 4, 8 or 16 (a 16×16 pod)");
    }
    wrap.push_back(three_d ? d % 4 == 0 : d == k2dPodSide);
  }
  if (!three_d && long_dims > 2) {
    throw InputError(path, gpu + " slices are 2D tori", dims_text(dims),
                     "at most two sizes above 1");
  }
  return wrap;
}

// cluster.dcn.num_slices: only for ICI slices, each slice whole hosts.
void check_slices(const ClusterConfig& c) {
  const std::string path = "cluster.dcn.num_slices";
  const int slices = c.dcn.num_slices;
  if (slices == 1) return;
  if (!c.ici()) {
    throw InputError(path, "slices joined by the data-center network are TPU ICI slices",
                     std::to_string(slices), "1, or intra_node.fabric \"ici\"");
  }
  if (c.num_nodes % slices != 0) {
    throw InputError(
        path, "every slice has the same whole number of hosts",
        std::to_string(slices) + " slices of " + std::to_string(c.num_nodes) + " hosts",
        "a divisor of cluster.num_nodes");
  }
}

}  // namespace

void apply_ici_slice(Scenario& s, const GpuSpec& gpu) {
  ClusterConfig& c = s.cluster;
  check_slices(c);
  if (!c.ici()) return;
  const std::string fabric = "cluster.intra_node.fabric";
  if (gpu.ici_links.value <= 0.0) {
    throw InputError(fabric, "\"ici\" needs a TPU chip (" + gpu.id + " has no ICI links)", "ici",
                     "nvswitch, nvlink-mesh or pcie; or cluster.gpu a TPU");
  }
  if (c.network.topology != NetworkTopology::torus) {
    throw InputError("cluster.network.topology", "an ICI slice is a torus of chips", "not torus",
                     "\"torus\" with intra_node.fabric \"ici\"");
  }
  if (c.network.torus.dims.empty()) {
    throw InputError("cluster.network.torus.dims", "required for an ICI slice (it counts chips)",
                     "", "1 .. 3 sizes whose product is the chip count of one slice");
  }
  c.network.nics_per_node = c.gpus_per_node;  // each chip is its own torus port
  c.network.link_bandwidth_Gbps = gpu.ici_link_GBps.value * 8.0;
  c.network.torus.wrap =
      slice_wrap(c.network.torus.dims, gpu.ici_links.value >= kLinksOf3dTorus, gpu.id);
}

}  // namespace wt
