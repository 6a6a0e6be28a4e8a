// Softmax forward (one pass for the running max and sum, one to write) and backward kernels.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cfloat>

#include "calibrate/softmax.cuh"

namespace wt::calibrate::gpu {
namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;

__device__ __forceinline__ float to_float(float x) {
  return x;
}
__device__ __forceinline__ float to_float(__half x) {
  return __half2float(x);
}
__device__ __forceinline__ float to_float(__nv_bfloat16 x) {
  return __bfloat162float(x);
}

template <class T>
__device__ __forceinline__ T from_float(float x);
template <>
__device__ __forceinline__ float from_float<float>(float x) {
  return x;
}
template <>
__device__ __forceinline__ __half from_float<__half>(float x) {
  return __float2half(x);
}
template <>
__device__ __forceinline__ __nv_bfloat16 from_float<__nv_bfloat16>(float x) {
  return __float2bfloat16(x);
}

// A running maximum and the sum of exp(x − max) over the values seen.
struct MaxSum {
  float max;
  float sum;
};

__device__ __forceinline__ MaxSum combine(MaxSum a, MaxSum b) {
  const float m = fmaxf(a.max, b.max);
  return {m, a.sum * __expf(a.max - m) + b.sum * __expf(b.max - m)};
}

__device__ __forceinline__ MaxSum warp_combine(MaxSum v) {
  for (int offset = 16; offset > 0; offset /= 2) {
    const MaxSum other{__shfl_xor_sync(0xffffffffu, v.max, offset),
                       __shfl_xor_sync(0xffffffffu, v.sum, offset)};
    v = combine(v, other);
  }
  return v;
}

__device__ __forceinline__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}

// Reduces over the block through `partial` (kWarps entries); every thread gets the result.
__device__ MaxSum block_combine(MaxSum v, MaxSum* partial) {
  v = warp_combine(v);
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < kWarps ? partial[threadIdx.x] : MaxSum{-FLT_MAX, 0.0f};
    v = warp_combine(v);
    if (threadIdx.x == 0) partial[0] = v;
  }
  __syncthreads();
  return partial[0];
}

__device__ float block_sum(float v, float* partial) {
  v = warp_sum(v);
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < kWarps ? partial[threadIdx.x] : 0.0f;
    v = warp_sum(v);
    if (threadIdx.x == 0) partial[0] = v;
  }
  __syncthreads();
  return partial[0];
}

template <class T>
__global__ void __launch_bounds__(kThreads) softmax_kernel(T* x, int64_t cols, float scale) {
  __shared__ MaxSum partial[kWarps];
  T* row = x + static_cast<int64_t>(blockIdx.x) * cols;
  MaxSum acc{-FLT_MAX, 0.0f};
  for (int64_t j = threadIdx.x; j < cols; j += kThreads) {
    acc = combine(acc, MaxSum{to_float(row[j]) * scale, 1.0f});
  }
  const MaxSum total = block_combine(acc, partial);
  const float inverse_sum = 1.0f / total.sum;
  for (int64_t j = threadIdx.x; j < cols; j += kThreads) {
    row[j] = from_float<T>(__expf(to_float(row[j]) * scale - total.max) * inverse_sum);
  }
}

template <class T>
__global__ void __launch_bounds__(kThreads)
    softmax_backward_kernel(const T* p, T* dp, int64_t cols, float scale) {
  __shared__ float partial[kWarps];
  const int64_t offset = static_cast<int64_t>(blockIdx.x) * cols;
  float dot = 0.0f;
  for (int64_t j = threadIdx.x; j < cols; j += kThreads) {
    dot += to_float(p[offset + j]) * to_float(dp[offset + j]);
  }
  const float total = block_sum(dot, partial);
  for (int64_t j = threadIdx.x; j < cols; j += kThreads) {
    const float pj = to_float(p[offset + j]);
    dp[offset + j] = from_float<T>(pj * (to_float(dp[offset + j]) - total) * scale);
  }
}

template <class T>
void launch_forward(void* x, int64_t rows, int64_t cols, float scale, cudaStream_t s) {
  softmax_kernel<T>
      <<<static_cast<unsigned>(rows), kThreads, 0, s>>>(static_cast<T*>(x), cols, scale);
  check(cudaGetLastError(), "softmax kernel launch");
}

template <class T>
void launch_backward(const void* p, void* dp, int64_t rows, int64_t cols, float scale,
                     cudaStream_t s) {
  softmax_backward_kernel<T><<<static_cast<unsigned>(rows), kThreads, 0, s>>>(
      static_cast<const T*>(p), static_cast<T*>(dp), cols, scale);
  check(cudaGetLastError(), "softmax backward kernel launch");
}

}  // namespace

void softmax_rows(void* x, Element e, int64_t rows, int64_t cols, float scale, cudaStream_t s) {
  switch (e) {
    case Element::f32:
      return launch_forward<float>(x, rows, cols, scale, s);
    case Element::f16:
      return launch_forward<__half>(x, rows, cols, scale, s);
    case Element::bf16:
      return launch_forward<__nv_bfloat16>(x, rows, cols, scale, s);
    case Element::e4m3:
      break;
  }
  throw GpuFailure("softmax: fp8 scores are not supported");
}

void softmax_backward_rows(const void* p, void* dp, Element e, int64_t rows, int64_t cols,
                           float scale, cudaStream_t s) {
  switch (e) {
    case Element::f32:
      return launch_backward<float>(p, dp, rows, cols, scale, s);
    case Element::f16:
      return launch_backward<__half>(p, dp, rows, cols, scale, s);
    case Element::bf16:
      return launch_backward<__nv_bfloat16>(p, dp, rows, cols, scale, s);
    case Element::e4m3:
      break;
  }
  throw GpuFailure("softmax backward: fp8 scores are not supported");
}

}  // namespace wt::calibrate::gpu
