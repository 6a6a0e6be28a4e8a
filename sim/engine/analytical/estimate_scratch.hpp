#pragma once
// Scratch memory of one `estimate` call: the stage table, the optimizer times and the pipeline
// recurrence's state live in a buffer on the caller's stack (a deep pipeline's that do not fit
// spill to the heap), so a call makes no heap allocation for them. Each call has its own; nothing
// outlives the call (the planner calls estimate from several threads).
#include <array>
#include <cstddef>
#include <memory_resource>

namespace wt {

template <size_t Bytes>
class StackArena {
 public:
  StackArena() = default;
  StackArena(const StackArena&) = delete;
  StackArena& operator=(const StackArena&) = delete;

  std::pmr::memory_resource* resource() { return &arena_; }

 private:
  alignas(std::max_align_t) std::array<std::byte, Bytes> buffer_;  // not cleared: handed out raw
  std::pmr::monotonic_buffer_resource arena_{buffer_.data(), buffer_.size()};
};

}  // namespace wt
