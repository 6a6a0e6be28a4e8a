#include "sim/workload/schedule.hpp"

#include <algorithm>

namespace wt {
namespace {

std::vector<PipeStep> gpipe(int64_t m) {
  std::vector<PipeStep> steps;
  for (int32_t i = 0; i < m; ++i)
    steps.push_back({true, i, 0});
  for (int32_t i = 0; i < m; ++i)
    steps.push_back({false, i, 0});
  return steps;
}

std::vector<PipeStep> one_f_one_b(int stages, int stage, int64_t m) {
  const auto warmup = static_cast<int32_t>(std::min<int64_t>(stages - stage - 1, m));
  const auto total = static_cast<int32_t>(m);
  std::vector<PipeStep> steps;
  for (int32_t i = 0; i < warmup; ++i)
    steps.push_back({true, i, 0});
  for (int32_t i = 0; i < total - warmup; ++i) {
    steps.push_back({true, warmup + i, 0});
    steps.push_back({false, i, 0});
  }
  for (int32_t i = total - warmup; i < total; ++i)
    steps.push_back({false, i, 0});
  return steps;
}

// Megatron-LM forward_backward_pipelining_with_interleaving: virtual micro-batch k runs chunk
// (k mod p·v) / p (reversed for backward) of micro-batch (k / p·v)·p + k mod p.
PipeStep interleaved_step(bool forward, int32_t k, int stages, int chunks) {
  const int32_t group = stages * chunks;
  int32_t chunk = (k % group) / stages;
  if (!forward) chunk = chunks - 1 - chunk;
  const int32_t micro_batch = (k / group) * stages + k % stages;
  return {forward, micro_batch, chunk};
}

std::vector<PipeStep> interleaved(int stages, int stage, int64_t m, int chunks) {
  const auto total = static_cast<int32_t>(m * chunks);
  int32_t warmup = (stages - stage - 1) * 2 + (chunks - 1) * stages;
  warmup = std::min(warmup, total);
  std::vector<PipeStep> steps;
  for (int32_t k = 0; k < warmup; ++k)
    steps.push_back(interleaved_step(true, k, stages, chunks));
  for (int32_t i = 0; i < total - warmup; ++i) {
    steps.push_back(interleaved_step(true, warmup + i, stages, chunks));
    steps.push_back(interleaved_step(false, i, stages, chunks));
  }
  for (int32_t k = total - warmup; k < total; ++k) {
    steps.push_back(interleaved_step(false, k, stages, chunks));
  }
  return steps;
}

}  // namespace

std::vector<PipeStep> stage_steps(PipelineSchedule schedule, int stages, int stage,
                                  int64_t micro_batches, int chunks) {
  switch (schedule) {
    case PipelineSchedule::gpipe:
      return gpipe(micro_batches);
    case PipelineSchedule::one_f_one_b:
      return one_f_one_b(stages, stage, micro_batches);
    case PipelineSchedule::interleaved:
      return interleaved(stages, stage, micro_batches, chunks);
  }
  return {};
}

int max_in_flight(const std::vector<PipeStep>& steps) {
  int live = 0, most = 0;
  for (const PipeStep& step : steps) {
    live += step.forward ? 1 : -1;
    most = std::max(most, live);
  }
  return most;
}

}  // namespace wt
