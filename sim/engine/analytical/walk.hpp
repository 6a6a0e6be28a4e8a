#pragma once
// The analytical engine's `walk`: times every op of every role's program in dependency order.
// Streams of one GPU run concurrently, ops on one stream in order; communication costs are the
// closed-form durations the cost model assigned (no contention).
#include "sim/engine/timeline.hpp"

namespace wt {

Timeline walk(const Workload& w);

class AnalyticalEngine final : public Engine {
 public:
  const char* name() const override { return "analytical"; }
  Timeline run(const Workload& w) override { return walk(w); }
};

}  // namespace wt
