#pragma once
// What a Bench holds on its GPU: one stream, the cuBLASLt handle and its workspace, a device 1.0f
// for fp8 scale factors, reusable device buffers and a pinned host buffer.
#include "calibrate/lt_matmul.cuh"

namespace wt::calibrate::gpu {

struct Bench::Impl {
  int device = 0;
  int sm_count = 1;
  Stream stream;
  LtHandle lt;
  DeviceMemory workspace;
  DeviceMemory one;
  Scratch scratch;
  HostMemory pinned;
  uint64_t pinned_bytes = 0;

  explicit Impl(int d);
  void use_device() const { check(cudaSetDevice(device), "cudaSetDevice"); }
  void fill(void* p, Element e, uint64_t count, uint32_t seed) const {
    fill_uniform(p, e, count, seed, stream.get());
  }
};

}  // namespace wt::calibrate::gpu
