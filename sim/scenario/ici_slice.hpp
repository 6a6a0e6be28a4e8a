#pragma once
// The slice shapes a TPU's ICI torus takes (docs/topology.md, "ICI slices"; SCALING_BOOK_TPU):
// v4/v5p (3D) build slices of 4×4×4 cubes or smaller blocks, so each dimension is 1, 2 or a
// multiple of 4; v5e/v6e (2D) pods are 16 × 16, so each dimension is 1, 2, 4, 8 or 16 and at most
// two are longer than 1. validate_ici.cpp refuses other shapes; validate's TPU rows pick one.
#include <vector>

namespace wt {

inline constexpr int k2dPodSide = 16;

inline bool ici_dimension_ok(int d, bool three_d) {
  return three_d ? (d == 1 || d == 2 || (d > 0 && d % 4 == 0))
                 : (d == 1 || d == 2 || d == 4 || d == 8 || d == k2dPodSide);
}

inline bool ici_slice_ok(const std::vector<int>& dims, bool three_d) {
  int long_dims = 0;
  for (const int d : dims) {
    if (!ici_dimension_ok(d, three_d)) return false;
    long_dims += d > 1 ? 1 : 0;
  }
  return three_d || long_dims <= 2;
}

}  // namespace wt
