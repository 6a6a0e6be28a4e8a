#include "calibrate/sweep.hpp"

#include <algorithm>
#include <tuple>

namespace wt::calibrate {
namespace {

void add_layer_gemms(std::vector<GemmShape>& out, int64_t h, int64_t tokens, int64_t t) {
  out.push_back({tokens, 3 * h / t, h});  // QKV
  out.push_back({tokens, h, h / t});      // attention output projection
  out.push_back({tokens, 4 * h / t, h});  // MLP FC1
  out.push_back({tokens, h, 4 * h / t});  // MLP FC2
}

bool smaller(const GemmShape& a, const GemmShape& b) {
  if (a.flops() != b.flops()) return a.flops() < b.flops();
  return std::tie(a.m, a.n, a.k) < std::tie(b.m, b.n, b.k);
}

std::vector<uint64_t> capped(std::vector<uint64_t> sizes, uint64_t max_bytes) {
  std::erase_if(sizes, [&](uint64_t s) { return s > max_bytes; });
  return sizes;
}

}  // namespace

TransformerSweep full_transformer_sweep() {
  return {{2048, 4096, 8192, 12288, 16384}, {2048, 4096, 8192}, {1, 2, 4, 8}};
}

TransformerSweep quick_transformer_sweep() {
  return {{4096}, {4096}, {1, 8}};
}

std::vector<GemmShape> transformer_gemm_shapes(const TransformerSweep& sweep) {
  std::vector<GemmShape> shapes;
  for (int64_t h : sweep.hidden_sizes) {
    for (int64_t tokens : sweep.tokens) {
      for (int64_t t : sweep.tensor_parallel) {
        if (t > 0 && h % t == 0) add_layer_gemms(shapes, h, tokens, t);
      }
    }
  }
  std::sort(shapes.begin(), shapes.end(), smaller);
  shapes.erase(std::unique(shapes.begin(), shapes.end()), shapes.end());
  return shapes;
}

std::vector<uint64_t> size_ladder(uint64_t first, uint64_t last, uint64_t factor) {
  std::vector<uint64_t> sizes;
  if (first == 0 || factor < 2) return sizes;
  for (uint64_t s = first; s <= last; s *= factor) {
    sizes.push_back(s);
    if (s > last / factor) break;  // the next step would pass `last` (or overflow)
  }
  if (!sizes.empty() && sizes.back() != last) sizes.push_back(last);
  return sizes;
}

std::vector<uint64_t> device_memory_sizes(bool quick, uint64_t max_bytes) {
  if (quick) return capped({256 * kMiB, 1 * kGiB}, max_bytes);
  return capped(size_ladder(64 * kMiB, 2 * kGiB, 2), max_bytes);
}

std::vector<uint64_t> host_transfer_sizes(bool quick, uint64_t max_bytes) {
  if (quick) return capped({16 * kMiB, 256 * kMiB}, max_bytes);
  return capped(size_ladder(1 * kMiB, 1 * kGiB, 4), max_bytes);
}

std::vector<uint64_t> collective_sizes(bool quick, uint64_t max_bytes) {
  if (quick) return capped(size_ladder(8, 256 * kMiB, 16), max_bytes);
  return capped(size_ladder(8, 4 * kGiB, 4), max_bytes);
}

int64_t batch_chunk(int64_t batch, uint64_t item_bytes, uint64_t budget_bytes) {
  const uint64_t fit = item_bytes == 0 ? static_cast<uint64_t>(batch) : budget_bytes / item_bytes;
  for (int64_t chunk = batch; chunk >= 1; --chunk) {
    if (batch % chunk == 0 && static_cast<uint64_t>(chunk) <= fit) return chunk;
  }
  return 0;
}

}  // namespace wt::calibrate
