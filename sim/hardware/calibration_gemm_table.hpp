#pragma once
// Measured GEMM efficiencies of one precision, interpolated between the measured shapes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace wt {

class GemmEfficiencyTable {
 public:
  static constexpr std::size_t kNeighbours = 8;

  void add(int64_t m, int64_t n, int64_t k, double efficiency);
  bool empty() const { return entries_.empty(); }
  std::size_t size() const { return entries_.size(); }

  // Inverse-distance weighting with power 2 in (log2 m, log2 n, log2 k) over the kNeighbours
  // nearest measured shapes (ties broken by insertion order). At a measured shape it returns that
  // measurement (the mean if the shape was measured more than once). Never extrapolates: the result
  // lies between the smallest and largest neighbour efficiency. Requires !empty().
  double at(int64_t m, int64_t n, int64_t k) const;

 private:
  struct Entry {
    std::array<double, 3> log2_shape;
    double efficiency;
  };
  std::vector<Entry> entries_;
};

}  // namespace wt
