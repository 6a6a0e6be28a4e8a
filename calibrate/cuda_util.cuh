#pragma once
// CUDA helpers shared by the calibrator's .cu files: error checks that throw, owners of device and
// pinned memory, streams and events, the pseudo-random fill, and event timing of repetitions.
#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "calibrate/gpu_api.hpp"

namespace wt::calibrate::gpu {

// Throws OutOfDeviceMemory for a failed allocation, GpuFailure for any other error.
void check(cudaError_t e, const char* what);

template <class T, class Release>
class Owner {
 public:
  Owner() = default;
  explicit Owner(T handle) : handle_(handle) {}
  ~Owner() { reset(); }
  Owner(Owner&& o) noexcept : handle_(std::exchange(o.handle_, T{})) {}
  Owner& operator=(Owner&& o) noexcept {
    if (this != &o) {
      reset();
      handle_ = std::exchange(o.handle_, T{});
    }
    return *this;
  }
  Owner(const Owner&) = delete;
  Owner& operator=(const Owner&) = delete;
  T get() const { return handle_; }
  void reset() {
    if (handle_ != T{}) Release{}(handle_);
    handle_ = T{};
  }

 private:
  T handle_{};
};

struct FreeDevice {
  void operator()(void* p) const { cudaFree(p); }
};
struct FreeHost {
  void operator()(void* p) const { cudaFreeHost(p); }
};
struct DestroyStream {
  void operator()(cudaStream_t s) const { cudaStreamDestroy(s); }
};
struct DestroyEvent {
  void operator()(cudaEvent_t e) const { cudaEventDestroy(e); }
};

using DeviceMemory = Owner<void*, FreeDevice>;
using HostMemory = Owner<void*, FreeHost>;
using Stream = Owner<cudaStream_t, DestroyStream>;
using Event = Owner<cudaEvent_t, DestroyEvent>;

DeviceMemory device_alloc(uint64_t bytes);  // on the current device
HostMemory pinned_alloc(uint64_t bytes);
Stream make_stream();  // non-blocking, on the current device
Event make_event();    // timing event, on the current device
// CUDA events resolve about 0.5 µs: a shorter interval is recorded as that, never as 0.
inline constexpr double kEventResolution_s = 0.5e-6;
double elapsed_s(const Event& start, const Event& stop);

// Buffers that are kept between measurements and grown (freed, then allocated) when too small.
class Scratch {
 public:
  void* get(std::size_t slot, uint64_t bytes);
  void release_all();

 private:
  std::vector<DeviceMemory> memory_;
  std::vector<uint64_t> bytes_;
};

enum class Element { f32, f16, bf16, e4m3 };
uint64_t element_bytes(Element e);
// Fills `count` elements with a hash of (index, seed) mapped to [-1, 1): fresh, reproducible data
// without cuRAND.
void fill_uniform(void* p, Element e, uint64_t count, uint32_t seed, cudaStream_t s);

// Times `launch` with CUDA events on stream `s`: r.warmup untimed runs (the last is timed to size
// the repetitions, see reps_within), then the repetitions, each between its own pair of events.
template <class Launch>
std::vector<double> time_on_stream(cudaStream_t s, const Repeat& r, Launch&& launch) {
  for (int i = 1; i < r.warmup; ++i)
    launch();
  Event probe_start = make_event(), probe_stop = make_event();
  check(cudaEventRecord(probe_start.get(), s), "cudaEventRecord");
  launch();
  check(cudaEventRecord(probe_stop.get(), s), "cudaEventRecord");
  check(cudaEventSynchronize(probe_stop.get()), "warm-up run");
  const int reps = reps_within(r, elapsed_s(probe_start, probe_stop));
  std::vector<std::pair<Event, Event>> events;
  for (int i = 0; i < reps; ++i) {
    events.emplace_back(make_event(), make_event());
    check(cudaEventRecord(events.back().first.get(), s), "cudaEventRecord");
    launch();
    check(cudaEventRecord(events.back().second.get(), s), "cudaEventRecord");
  }
  check(cudaStreamSynchronize(s), "timed runs");
  std::vector<double> samples_s;
  for (const auto& [start, stop] : events)
    samples_s.push_back(elapsed_s(start, stop));
  return samples_s;
}

}  // namespace wt::calibrate::gpu
