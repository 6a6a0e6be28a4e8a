// Alpha-beta closed forms of the collective algorithms on one link class (docs/collectives.md).
#include <cmath>

#include "sim/comm/collective.hpp"

namespace wt {
namespace {

double ceil_log2(int n) {
  return std::ceil(std::log2(static_cast<double>(n)));
}

}  // namespace

double tree_all_reduce_s(int n, double bytes, LinkClass link) {
  if (n <= 1) {
    return 0.0;
  }
  return 2.0 * ceil_log2(n) * link.alpha_s + 2.0 * bytes / link.beta_Bps;
}

const char* to_string(Collective c) {
  switch (c) {
    case Collective::all_reduce:
      return "all_reduce";
    case Collective::all_gather:
      return "all_gather";
    case Collective::reduce_scatter:
      return "reduce_scatter";
    case Collective::all_to_all:
      return "all_to_all";
    case Collective::broadcast:
      return "broadcast";
    case Collective::send_recv:
      return "send_recv";
  }
  return "unknown";
}

}  // namespace wt
