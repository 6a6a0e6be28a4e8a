#pragma once
// Equal-width bins over a sample (the Monte Carlo's ETTR distribution, `run --json`
// monte_carlo.ettr_histogram).
#include <cstdint>
#include <vector>

namespace wt {

// Bin i covers [low + i·w, low + (i + 1)·w) with w = (high − low) / counts.size(); the last bin
// also holds `high`. A sample of equal values is one bin with low = high.
struct Histogram {
  double low = 0.0;
  double high = 0.0;
  std::vector<int64_t> counts;
  double bin_width() const;
};

// low and high are the sample's minimum and maximum; empty (no bins) for an empty sample.
Histogram histogram(const std::vector<double>& values, int bins);

}  // namespace wt
