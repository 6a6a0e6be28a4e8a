// Memory-bound benchmarks: device-to-device copy, the read-modify-write kernel y = a·x + y, and
// pinned host ↔ device transfers.
#include <algorithm>
#include <cstring>

#include "calibrate/bench_impl.cuh"

namespace wt::calibrate::gpu {
namespace {

constexpr unsigned kThreads = 256;
constexpr uint64_t kRmwPieceFloats = (1ull << 30) / sizeof(float);  // 1 GiB per array

__global__ void axpy4_kernel(float a, const float4* __restrict__ x, float4* __restrict__ y,
                             uint64_t n4) {
  const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
  for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n4;
       i += stride) {
    const float4 xv = x[i];
    float4 yv = y[i];
    yv.x = a * xv.x + yv.x;
    yv.y = a * xv.y + yv.y;
    yv.z = a * xv.z + yv.z;
    yv.w = a * xv.w + yv.w;
    y[i] = yv;
  }
}

__global__ void axpy_tail_kernel(float a, const float* x, float* y, uint64_t begin, uint64_t n) {
  const uint64_t i = begin + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

// y[0..n) = a·x + y: float4 over the bulk (cudaMalloc memory is 256-byte aligned), then < 4 floats.
void axpy(const Bench::Impl& b, const float* x, float* y, uint64_t n) {
  const uint64_t n4 = n / 4;
  const uint64_t max_blocks = static_cast<uint64_t>(b.sm_count) * 16;
  const auto blocks =
      static_cast<unsigned>(std::clamp<uint64_t>((n4 + kThreads - 1) / kThreads, 1, max_blocks));
  cudaStream_t s = b.stream.get();
  if (n4 > 0) {
    axpy4_kernel<<<blocks, kThreads, 0, s>>>(0.5f, reinterpret_cast<const float4*>(x),
                                             reinterpret_cast<float4*>(y), n4);
  }
  if (n % 4 != 0) axpy_tail_kernel<<<1, 4, 0, s>>>(0.5f, x, y, n4 * 4, n);
  check(cudaGetLastError(), "rmw kernel launch");
}

void* pinned(Bench::Impl& b, uint64_t bytes) {
  if (b.pinned_bytes < bytes) {
    b.pinned.reset();
    b.pinned_bytes = 0;
    b.pinned = pinned_alloc(bytes);
    b.pinned_bytes = bytes;
    std::memset(b.pinned.get(), 0, bytes);
  }
  return b.pinned.get();
}

}  // namespace

std::vector<double> Bench::device_copy(uint64_t bytes, const Repeat& r) {
  Impl& b = *impl_;
  b.use_device();
  void* src = b.scratch.get(0, bytes);
  void* dst = b.scratch.get(1, bytes);
  b.fill(src, Element::f32, bytes / 4, 11);
  return time_on_stream(b.stream.get(), r, [&] {
    check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, b.stream.get()),
          "cudaMemcpyAsync(device to device)");
  });
}

std::vector<double> Bench::rmw(uint64_t array_bytes, const Repeat& r) {
  Impl& b = *impl_;
  b.use_device();
  const uint64_t n = std::max<uint64_t>(array_bytes / sizeof(float), 1);
  auto* x = static_cast<float*>(b.scratch.get(0, n * sizeof(float)));
  auto* y = static_cast<float*>(b.scratch.get(1, n * sizeof(float)));
  b.fill(x, Element::f32, n, 21);
  b.fill(y, Element::f32, n, 22);
  return time_on_stream(b.stream.get(), r, [&] { axpy(b, x, y, n); });
}

std::vector<double> Bench::rmw_traffic(double traffic_bytes, const Repeat& r) {
  Impl& b = *impl_;
  b.use_device();
  const auto total = std::max<uint64_t>(static_cast<uint64_t>(traffic_bytes / 12.0), 1);
  const uint64_t piece = std::min(total, kRmwPieceFloats);
  auto* x = static_cast<float*>(b.scratch.get(0, piece * sizeof(float)));
  auto* y = static_cast<float*>(b.scratch.get(1, piece * sizeof(float)));
  b.fill(x, Element::f32, piece, 31);
  b.fill(y, Element::f32, piece, 32);
  const uint64_t full = total / piece;
  const uint64_t rest = total % piece;
  return time_on_stream(b.stream.get(), r, [&] {
    for (uint64_t i = 0; i < full; ++i)
      axpy(b, x, y, piece);
    if (rest > 0) axpy(b, x, y, rest);
  });
}

std::vector<double> Bench::host_transfer(uint64_t bytes, bool to_device, const Repeat& r) {
  Impl& b = *impl_;
  b.use_device();
  void* host = pinned(b, bytes);
  void* device = b.scratch.get(0, bytes);
  const cudaMemcpyKind kind = to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
  return time_on_stream(b.stream.get(), r, [&] {
    check(cudaMemcpyAsync(to_device ? device : host, to_device ? host : device, bytes, kind,
                          b.stream.get()),
          to_device ? "cudaMemcpyAsync(host to device)" : "cudaMemcpyAsync(device to host)");
  });
}

}  // namespace wt::calibrate::gpu
