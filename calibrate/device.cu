// Devices, versions, memory owners, the pseudo-random fill and event timing support.
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <nccl.h>
#ifdef WT_HAVE_CUDNN
#include <cudnn.h>
#endif

#include <algorithm>

#include "calibrate/cuda_util.cuh"

namespace wt::calibrate::gpu {
namespace {

// splitmix64 of (index, seed), top 24 bits mapped to [-1, 1).
__device__ __forceinline__ float uniform_pm1(uint64_t i, uint32_t seed) {
  uint64_t z = i + 0x9E3779B97F4A7C15ull * (static_cast<uint64_t>(seed) + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<float>(z >> 40) * (2.0f / 16777216.0f) - 1.0f;
}

template <class T>
__device__ __forceinline__ T from_float(float x) {
  return static_cast<T>(x);
}
template <>
__device__ __forceinline__ __half from_float<__half>(float x) {
  return __float2half(x);
}
template <>
__device__ __forceinline__ __nv_bfloat16 from_float<__nv_bfloat16>(float x) {
  return __float2bfloat16(x);
}
template <>
__device__ __forceinline__ __nv_fp8_e4m3 from_float<__nv_fp8_e4m3>(float x) {
  return __nv_fp8_e4m3(x);
}

template <class T>
__global__ void fill_kernel(T* p, uint64_t n, uint32_t seed) {
  const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
  for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    p[i] = from_float<T>(uniform_pm1(i, seed));
  }
}

template <class T>
void launch_fill(void* p, uint64_t n, uint32_t seed, cudaStream_t s) {
  constexpr unsigned threads = 256;
  const auto blocks = static_cast<unsigned>(std::min<uint64_t>((n + threads - 1) / threads, 4096));
  fill_kernel<T><<<std::max(blocks, 1u), threads, 0, s>>>(static_cast<T*>(p), n, seed);
  check(cudaGetLastError(), "fill kernel launch");
}

int attribute_or_zero(cudaDeviceAttr a, int device) {
  int value = 0;
  if (cudaDeviceGetAttribute(&value, a, device) != cudaSuccess) {
    cudaGetLastError();  // the attribute is gone in this runtime: record 0
    return 0;
  }
  return value;
}

Device device_info(int index) {
  cudaDeviceProp p{};
  check(cudaGetDeviceProperties(&p, index), "cudaGetDeviceProperties");
  Device d;
  d.index = index;
  d.name = p.name;
  d.cc_major = p.major;
  d.cc_minor = p.minor;
  d.memory_bytes = p.totalGlobalMem;
  d.sm_count = p.multiProcessorCount;
  d.sm_clock_khz = attribute_or_zero(cudaDevAttrClockRate, index);
  d.memory_clock_khz = attribute_or_zero(cudaDevAttrMemoryClockRate, index);
  return d;
}

}  // namespace

void check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  const std::string message = std::string(what) + ": " + cudaGetErrorString(e);
  if (e == cudaErrorMemoryAllocation) {
    cudaGetLastError();  // not sticky: clear it so that later calls run
    throw OutOfDeviceMemory(message);
  }
  throw GpuFailure(message);
}

DeviceMemory device_alloc(uint64_t bytes) {
  void* p = nullptr;
  check(cudaMalloc(&p, std::max<uint64_t>(bytes, 256)), "cudaMalloc");
  return DeviceMemory(p);
}

HostMemory pinned_alloc(uint64_t bytes) {
  void* p = nullptr;
  check(cudaHostAlloc(&p, std::max<uint64_t>(bytes, 256), cudaHostAllocDefault), "cudaHostAlloc");
  return HostMemory(p);
}

Stream make_stream() {
  cudaStream_t s = nullptr;
  check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreate");
  return Stream(s);
}

Event make_event() {
  cudaEvent_t e = nullptr;
  check(cudaEventCreate(&e), "cudaEventCreate");
  return Event(e);
}

double elapsed_s(const Event& start, const Event& stop) {
  float ms = 0.0f;
  check(cudaEventElapsedTime(&ms, start.get(), stop.get()), "cudaEventElapsedTime");
  return std::max(static_cast<double>(ms) * 1e-3, kEventResolution_s);
}

void* Scratch::get(std::size_t slot, uint64_t bytes) {
  if (slot >= memory_.size()) {
    memory_.resize(slot + 1);
    bytes_.resize(slot + 1, 0);
  }
  if (bytes_[slot] < bytes || memory_[slot].get() == nullptr) {
    memory_[slot].reset();
    bytes_[slot] = 0;
    memory_[slot] = device_alloc(bytes);
    bytes_[slot] = bytes;
  }
  return memory_[slot].get();
}

void Scratch::release_all() {
  memory_.clear();
  bytes_.clear();
}

uint64_t element_bytes(Element e) {
  switch (e) {
    case Element::f32:
      return 4;
    case Element::f16:
    case Element::bf16:
      return 2;
    case Element::e4m3:
      return 1;
  }
  return 4;
}

void fill_uniform(void* p, Element e, uint64_t count, uint32_t seed, cudaStream_t s) {
  switch (e) {
    case Element::f32:
      return launch_fill<float>(p, count, seed, s);
    case Element::f16:
      return launch_fill<__half>(p, count, seed, s);
    case Element::bf16:
      return launch_fill<__nv_bfloat16>(p, count, seed, s);
    case Element::e4m3:
      return launch_fill<__nv_fp8_e4m3>(p, count, seed, s);
  }
}

std::vector<Device> devices() {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) throw GpuUnavailable(cudaGetErrorString(e));
  if (count == 0) throw GpuUnavailable("no CUDA device is visible");
  const cudaError_t init = cudaFree(nullptr);  // creates the context of device 0
  if (init != cudaSuccess) throw GpuUnavailable(cudaGetErrorString(init));
  std::vector<Device> found;
  for (int i = 0; i < count; ++i)
    found.push_back(device_info(i));
  return found;
}

Versions versions() {
  Versions v;
  check(cudaDriverGetVersion(&v.driver), "cudaDriverGetVersion");
  check(cudaRuntimeGetVersion(&v.runtime), "cudaRuntimeGetVersion");
  v.cublaslt = cublasLtGetVersion();
  if (ncclGetVersion(&v.nccl) != ncclSuccess) v.nccl = 0;
#ifdef WT_HAVE_CUDNN
  v.cudnn = cudnnGetVersion();
#endif
  return v;
}

uint64_t free_bytes(int device) {
  check(cudaSetDevice(device), "cudaSetDevice");
  size_t free = 0, total = 0;
  check(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  return free;
}

bool all_pairs_peer_accessible(int device_count) {
  for (int a = 0; a < device_count; ++a) {
    for (int b = 0; b < device_count; ++b) {
      int ok = 0;
      if (a == b) continue;
      check(cudaDeviceCanAccessPeer(&ok, a, b), "cudaDeviceCanAccessPeer");
      if (ok == 0) return false;
    }
  }
  return true;
}

}  // namespace wt::calibrate::gpu
