#pragma once
// Row-wise softmax over attention scores and its backward, one block per row (own kernels: the
// "softmax" of the bmm_softmax attention path).
#include <cuda_runtime.h>

#include <cstdint>

#include "calibrate/cuda_util.cuh"

namespace wt::calibrate::gpu {

// rows × cols scores, in place: x ← softmax(x · scale) per row.
void softmax_rows(void* x, Element e, int64_t rows, int64_t cols, float scale, cudaStream_t s);
// dP ← P ⊙ (dP − Σ_row P ⊙ dP) · scale per row: the gradient of the scores, in place.
void softmax_backward_rows(const void* p, void* dp, Element e, int64_t rows, int64_t cols,
                           float scale, cudaStream_t s);

}  // namespace wt::calibrate::gpu
