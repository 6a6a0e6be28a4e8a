#pragma once
// The names a calibration profile may use for collectives, bandwidth kernels, attention kernels and
// link classes: one list each, shared by busbw_factor, the JSON reader and its messages.
#include <array>
#include <string_view>

namespace wt::calibration_names {

inline constexpr std::array<std::string_view, 6> kCollectives{
    "all_reduce", "all_gather", "reduce_scatter", "all_to_all", "broadcast", "send_recv"};
inline constexpr std::array<std::string_view, 4> kBandwidthKernels{"copy", "rmw", "h2d", "d2h"};
inline constexpr std::array<std::string_view, 3> kAttentionKernels{"bmm_softmax", "cudnn_fused",
                                                                   "sdpa_flash"};
inline constexpr std::array<std::string_view, 2> kAttentionPasses{"forward", "forward_backward"};

template <std::size_t N>
bool contains(const std::array<std::string_view, N>& names, std::string_view name) {
  for (std::string_view n : names) {
    if (n == name) return true;
  }
  return false;
}

}  // namespace wt::calibration_names
