#pragma once
// The bytes of the kernel named `name` in a kernel list, -1 when the list has none of that name.
#include <string>

#include "sim/workload/layer_kernels.hpp"

namespace wt::test {

inline double kernel_bytes(const KernelList& list, const std::string& name) {
  for (const Kernel& k : list) {
    if (k.name == name) return k.bytes;
  }
  return -1.0;
}

}  // namespace wt::test
