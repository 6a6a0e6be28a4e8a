#include "sim/report/trace_segment.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace wt {
namespace {

const char* phase_tag(Phase p) {
  switch (p) {
    case Phase::forward:
      return "F";
    case Phase::backward:
      return "B";
    case Phase::recompute:
      return "R";
    default:
      return to_string(p);
  }
}

std::string micro_batch_text(const Op& op) {
  if (op.micro_batch < 0) return "";
  return " mb" + std::to_string(op.micro_batch) + " c" + std::to_string(op.chunk);
}

// Recomputation runs inside the backward pass, layer by layer: it belongs to the backward stretch.
Phase stretch_phase(Phase p) {
  return p == Phase::recompute ? Phase::backward : p;
}

bool same_stretch(const Op& a, const Op& b) {
  return stretch_phase(a.phase) == stretch_phase(b.phase) && a.micro_batch == b.micro_batch &&
         a.chunk == b.chunk;
}

// Ops that share one span of a stretch: the same kind and category, and for compute the same phase
// (recompute and backward stay apart).
bool same_part(const Op& a, const Op& b) {
  if (a.kind != b.kind || std::strcmp(trace_category(a), trace_category(b)) != 0) return false;
  return a.kind != OpKind::compute || a.phase == b.phase;
}

}  // namespace

const char* trace_category(const Op& op) {
  if (op.kind == OpKind::compute) return op.phase == Phase::optimizer ? "optimizer" : "compute";
  if (op.kind == OpKind::send || op.kind == OpKind::recv) return "pp";
  if (op.dim == CommDim::edp) return "dp";  // the experts' share of the gradient reduction
  return op.dim == CommDim::none ? "comm" : to_string(op.dim);
}

bool TraceSegment::accepts(const Op& op, const OpTiming& t) const {
  if (empty() || op.kind == OpKind::recv || parts_.front().first->kind == OpKind::recv)
    return false;
  if (!same_stretch(*parts_.front().first, op)) return false;
  if (t.wait_bubble_s > 0.0 || t.wait_comm_s > 0.0) return false;
  return std::fabs(t.start_s - end_s_) <= 1e-12 + 1e-9 * std::fabs(end_s_);
}

TraceSegment::Part& TraceSegment::part_for(int32_t index, const Op& op) {
  for (Part& p : parts_) {
    if (same_part(*p.first, op)) return p;
  }
  Part& p = parts_.emplace_back();
  p.first = &op;
  p.first_index = index;
  return p;
}

void TraceSegment::add(int32_t index, const Op& op, const OpTiming& t) {
  if (empty()) start_s_ = t.start_s;
  end_s_ = t.end_s;
  Part& p = part_for(index, op);
  p.duration_s += t.end_s - t.start_s;
  p.bytes += op.bytes_sent;
  p.calls += op.count;
  if (op.kind == OpKind::collective &&
      std::find(p.collectives.begin(), p.collectives.end(), op.collective) == p.collectives.end()) {
    p.collectives.push_back(op.collective);
  }
  if (op.layer < 0) return;
  const int last = op.layer + std::max(op.num_layers, 1) - 1;
  p.first_layer =
      p.first_layer < 0 ? op.layer : std::min(p.first_layer, static_cast<int>(op.layer));
  p.last_layer = std::max(p.last_layer, last);
}

std::string TraceSegment::layers_text(const Part& p) {
  if (p.first_layer < 0) return "";
  if (p.first_layer == p.last_layer) return " L" + std::to_string(p.first_layer);
  return " L" + std::to_string(p.first_layer) + "-" + std::to_string(p.last_layer);
}

std::string TraceSegment::name_of(const Part& p) {
  const Op& op = *p.first;
  switch (op.kind) {
    case OpKind::compute:
      if (op.phase == Phase::optimizer) return "optimizer step";
      return phase_tag(op.phase) + micro_batch_text(op) + layers_text(p);
    case OpKind::send:
      return std::string("pp send ") + phase_tag(op.phase) + micro_batch_text(op);
    case OpKind::recv:
      return std::string("pp recv ") + phase_tag(op.phase) + micro_batch_text(op);
    case OpKind::collective:
      break;
  }
  std::string name = std::string(trace_category(op)) + " ";
  for (size_t i = 0; i < p.collectives.size(); ++i) {
    name += (i ? "+" : "") + std::string(to_string(p.collectives[i]));
  }
  return p.calls > 1 ? name + " ×" + std::to_string(p.calls) : name;
}

void TraceSegment::emit(TraceThread thread, std::vector<TraceSpan>& out) const {
  double t = start_s_;
  for (size_t i = 0; i < parts_.size(); ++i) {
    const Part& p = parts_[i];
    const double end_s = i + 1 == parts_.size() ? end_s_ : std::min(end_s_, t + p.duration_s);
    if (end_s <= t) continue;
    const double bytes = p.first->kind == OpKind::compute ? 0.0 : p.bytes;
    out.push_back({thread, trace_category(*p.first), name_of(p), t, end_s, bytes, p.first_index});
    t = end_s;
  }
}

}  // namespace wt
