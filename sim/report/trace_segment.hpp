#pragma once
// Folds consecutive ops of one stream into trace spans. A segment is a stretch of ops of one
// (phase, micro-batch, chunk) that ran back to back without waiting (recomputation counts as part
// of the backward pass); it is drawn as one span per part (compute of each phase, then each
// collective dimension, in order of first appearance) with the part's total time, laid end to end
// over the segment's exact interval. The per-layer interleaving of compute and TP collectives is
// folded this way to keep traces small; waits are never folded.
#include <vector>

#include "sim/engine/timeline.hpp"
#include "sim/report/trace_spans.hpp"
#include "sim/workload/program.hpp"

namespace wt {

// The trace category of an op: compute | optimizer | tp | pp | dp | cp | ep.
const char* trace_category(const Op& op);

class TraceSegment {
 public:
  bool empty() const { return parts_.empty(); }
  // Whether `op` extends this segment: same (phase, micro-batch, chunk), no wait before it,
  // starting where the segment ends. Receives always stand alone.
  bool accepts(const Op& op, const OpTiming& t) const;
  // `index`: the op's index in its program (TraceSpan::op of the part it opens).
  void add(int32_t index, const Op& op, const OpTiming& t);
  void emit(TraceThread thread, std::vector<TraceSpan>& out) const;

 private:
  struct Part {
    const Op* first = nullptr;
    int32_t first_index = -1;
    double duration_s = 0.0;
    double bytes = 0.0;
    int calls = 0;
    int first_layer = -1, last_layer = -1;
    std::vector<Collective> collectives;  // in order of first appearance
  };
  Part& part_for(int32_t index, const Op& op);
  static std::string name_of(const Part& p);
  static std::string layers_text(const Part& p);

  double start_s_ = 0.0, end_s_ = 0.0;
  std::vector<Part> parts_;
};

}  // namespace wt
