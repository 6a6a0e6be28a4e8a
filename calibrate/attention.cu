// Attention as batched cuBLASLt GEMMs around the softmax kernels ("bmm_softmax"), forward and
// backward, with the batch split into pieces when the score matrices do not fit in memory.
#include <cmath>
#include <stdexcept>

#include "calibrate/bench_impl.cuh"
#include "calibrate/softmax.cuh"
#include "calibrate/sweep.hpp"

namespace wt::calibrate::gpu {
namespace {

uint64_t u(int64_t v) {
  return static_cast<uint64_t>(v);
}

// Buffers of one piece of `chunk` items, in scratch slots.
struct AttentionBuffers {
  void *q, *k, *v, *scores, *out;            // forward: S/P in `scores`, O in `out`
  void *d_out, *d_scores, *d_q, *d_k, *d_v;  // backward only
};

struct Sizes {
  uint64_t q, kv, scores;  // elements per item
};

Sizes sizes_of(const AttentionShape& a) {
  return {u(a.seq_q) * u(a.head_dim), u(a.seq_k) * u(a.head_dim), u(a.seq_q) * u(a.seq_k)};
}

uint64_t item_bytes(const Sizes& z, AttentionPass pass, uint64_t element) {
  if (pass == AttentionPass::forward) return element * (2 * z.q + 2 * z.kv + z.scores);
  return element * (3 * z.q + 4 * z.kv + 2 * z.scores);  // Q dQ dO, K V dK dV, P dP
}

RowMajorProduct product(int64_t r, int64_t c, int64_t t, bool trans_x, bool trans_y, int64_t chunk,
                        uint64_t stride_x, uint64_t stride_y, uint64_t stride_out) {
  RowMajorProduct p;
  p.r = r;
  p.c = c;
  p.t = t;
  p.trans_x = trans_x;
  p.trans_y = trans_y;
  p.batch = static_cast<int32_t>(chunk);
  p.stride_x = static_cast<int64_t>(stride_x);
  p.stride_y = static_cast<int64_t>(stride_y);
  p.stride_out = static_cast<int64_t>(stride_out);
  return p;
}

// The batched products of one pass, planned once for a piece of `chunk` items.
struct Plan {
  std::vector<LtMatmul> matmuls;
};

Plan plan(const Bench::Impl& b, const LtTypes& types, const AttentionShape& a, AttentionPass pass,
          int64_t chunk) {
  const Sizes z = sizes_of(a);
  const int64_t sq = a.seq_q, sk = a.seq_k, d = a.head_dim;
  const void* one = b.one.get();
  Plan p;
  auto add = [&](const RowMajorProduct& rp) {
    p.matmuls.emplace_back(b.lt.get(), types, rp, one);
    if (!p.matmuls.back().has_algorithm()) {
      throw GpuFailure("cuBLASLt has no algorithm for a batched attention product: " +
                       p.matmuls.back().why_no_algorithm());
    }
  };
  if (pass == AttentionPass::forward) {
    add(product(sq, sk, d, false, true, chunk, z.q, z.kv, z.scores));   // S = Q·Kᵀ
    add(product(sq, d, sk, false, false, chunk, z.scores, z.kv, z.q));  // O = P·V
  } else {
    add(product(sk, d, sq, true, false, chunk, z.scores, z.q, z.kv));   // dV = Pᵀ·dO
    add(product(sq, sk, d, false, true, chunk, z.q, z.kv, z.scores));   // dP = dO·Vᵀ
    add(product(sq, d, sk, false, false, chunk, z.scores, z.kv, z.q));  // dQ = dS·K
    add(product(sk, d, sq, true, false, chunk, z.scores, z.q, z.kv));   // dK = dSᵀ·Q
  }
  return p;
}

AttentionBuffers buffers(Bench::Impl& b, const Sizes& z, AttentionPass pass, int64_t chunk,
                         uint64_t element) {
  const uint64_t n = u(chunk) * element;
  AttentionBuffers x{};
  x.q = b.scratch.get(0, n * z.q);
  x.k = b.scratch.get(1, n * z.kv);
  x.v = b.scratch.get(2, n * z.kv);
  x.scores = b.scratch.get(3, n * z.scores);
  if (pass == AttentionPass::forward) {
    x.out = b.scratch.get(4, n * z.q);
    return x;
  }
  x.d_out = b.scratch.get(4, n * z.q);
  x.d_scores = b.scratch.get(5, n * z.scores);
  x.d_q = b.scratch.get(6, n * z.q);
  x.d_k = b.scratch.get(7, n * z.kv);
  x.d_v = b.scratch.get(8, n * z.kv);
  return x;
}

void fill_inputs(Bench::Impl& b, const AttentionBuffers& x, const Sizes& z, AttentionPass pass,
                 int64_t chunk, Element e, uint32_t seed) {
  const uint64_t n = u(chunk);
  b.fill(x.q, e, n * z.q, seed);
  b.fill(x.k, e, n * z.kv, seed + 1);
  b.fill(x.v, e, n * z.kv, seed + 2);
  if (pass == AttentionPass::backward) {
    b.fill(x.scores, e, n * z.scores, seed + 3);  // P: only its timing matters here
    b.fill(x.d_out, e, n * z.q, seed + 4);
  }
}

}  // namespace

AttentionRun Bench::attention(GemmType t, const AttentionShape& a, AttentionPass pass,
                              const Repeat& r, uint32_t seed) {
  if (t == GemmType::fp8_e4m3) throw std::invalid_argument("attention runs in 16 or 32 bits");
  Impl& b = *impl_;
  b.use_device();
  b.scratch.release_all();  // the score matrices may need most of the memory
  const LtTypes types = lt_types(t);
  const uint64_t element = element_bytes(types.ab_element);
  const Sizes z = sizes_of(a);
  const uint64_t budget = free_bytes(b.device) / 10 * 8;
  const int64_t chunk = batch_chunk(a.batch, item_bytes(z, pass, element), budget);
  if (chunk == 0) throw OutOfDeviceMemory("attention: one item's score matrix does not fit");
  const int64_t pieces = a.batch / chunk;
  const Plan p = plan(b, types, a, pass, chunk);
  const AttentionBuffers x = buffers(b, z, pass, chunk, element);
  fill_inputs(b, x, z, pass, chunk, types.ab_element, seed);
  const int64_t rows = chunk * a.seq_q;
  const float scale = 1.0f / std::sqrt(static_cast<float>(a.head_dim));
  cudaStream_t s = b.stream.get();
  void* ws = b.workspace.get();
  auto forward = [&] {
    p.matmuls[0].run(x.q, x.k, x.scores, ws, s);
    softmax_rows(x.scores, types.ab_element, rows, a.seq_k, scale, s);
    p.matmuls[1].run(x.scores, x.v, x.out, ws, s);
  };
  auto backward = [&] {
    p.matmuls[0].run(x.scores, x.d_out, x.d_v, ws, s);
    p.matmuls[1].run(x.d_out, x.v, x.d_scores, ws, s);
    softmax_backward_rows(x.scores, x.d_scores, types.ab_element, rows, a.seq_k, scale, s);
    p.matmuls[2].run(x.d_scores, x.k, x.d_q, ws, s);
    p.matmuls[3].run(x.d_scores, x.q, x.d_k, ws, s);
  };
  AttentionRun run;
  run.chunks = pieces;
  run.samples_s = time_on_stream(s, r, [&] {
    for (int64_t i = 0; i < pieces; ++i)
      pass == AttentionPass::forward ? forward() : backward();
  });
  return run;
}

}  // namespace wt::calibrate::gpu
