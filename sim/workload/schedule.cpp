#include "sim/workload/schedule.hpp"

#include <algorithm>

namespace wt {
namespace {

// Forward passes run before the first backward: 1F1B stages − stage − 1 (stages − stage with
// ep_pairs), interleaved 2·(stages − stage − 1) + (chunks − 1)·stages, GPipe all of them; at most
// the total.
int64_t warmup_steps(PipelineSchedule schedule, int stages, int stage, int64_t total, int chunks,
                     bool pairs) {
  switch (schedule) {
    case PipelineSchedule::gpipe:
      return total;
    case PipelineSchedule::one_f_one_b:
      return std::min<int64_t>(stages - stage - (pairs ? 0 : 1), total);
    case PipelineSchedule::interleaved:
      return std::min<int64_t>(int64_t{stages - stage - 1} * 2 + int64_t{chunks - 1} * stages,
                               total);
  }
  return total;
}

// The n-th forward (or backward) pass of the stage: micro-batch n, or for interleaving virtual
// micro-batch n.
PipeStep nth_pass(PipelineSchedule schedule, bool forward, int64_t n, int stages, int chunks) {
  if (schedule == PipelineSchedule::interleaved) {
    return interleaved_pass(forward, n, stages, chunks);
  }
  return {forward, false, static_cast<int32_t>(n), 0};
}

}  // namespace

bool ep_pairs(const Scenario& s) {
  return s.parallel.ep_comm_overlap && s.model.moe.num_experts > 0 && s.parallel.expert > 1 &&
         s.parallel.pipeline_schedule != PipelineSchedule::gpipe;
}

// Megatron-LM forward_backward_pipelining_with_interleaving: virtual micro-batch k runs chunk
// (k mod p·v) / p (reversed for backward) of micro-batch (k / p·v)·p + k mod p.
PipeStep interleaved_pass(bool forward, int64_t k, int stages, int chunks) {
  const int64_t group = int64_t{stages} * chunks;
  auto chunk = static_cast<int32_t>((k % group) / stages);
  if (!forward) chunk = chunks - 1 - chunk;
  const auto micro_batch = static_cast<int32_t>((k / group) * stages + k % stages);
  return {forward, false, micro_batch, chunk};
}

int64_t stage_step_count(PipelineSchedule schedule, int64_t micro_batches, int chunks) {
  return 2 * micro_batches * (schedule == PipelineSchedule::interleaved ? chunks : 1);
}

PipeStep stage_step(PipelineSchedule schedule, int stages, int stage, int64_t micro_batches,
                    int chunks, int64_t index, bool pairs) {
  return StageSchedule(schedule, stages, stage, micro_batches, chunks, pairs).at(index);
}

StageSchedule::StageSchedule(PipelineSchedule schedule, int stages, int stage,
                             int64_t micro_batches, int chunks, bool pairs)
    : schedule_(schedule),
      stages_(stages),
      chunks_(chunks),
      passes_(stage_step_count(schedule, micro_batches, chunks) / 2),
      warmup_(warmup_steps(schedule, stages, stage, passes_, chunks, pairs)),
      pairs_(pairs) {}

PipeStep StageSchedule::at(int64_t index) const {
  if (index < warmup_) return nth_pass(schedule_, true, index, stages_, chunks_);
  const int64_t steady = 2 * (passes_ - warmup_);
  if (index < warmup_ + steady) {
    const int64_t j = index - warmup_;
    PipeStep step = j % 2 == 0 ? nth_pass(schedule_, true, warmup_ + j / 2, stages_, chunks_)
                               : nth_pass(schedule_, false, j / 2, stages_, chunks_);
    step.paired = pairs_;
    return step;
  }
  return nth_pass(schedule_, false, index - warmup_ - steady + (passes_ - warmup_), stages_,
                  chunks_);
}

std::vector<PipeStep> stage_steps(PipelineSchedule schedule, int stages, int stage,
                                  int64_t micro_batches, int chunks, bool pairs) {
  const int64_t count = stage_step_count(schedule, micro_batches, chunks);
  const StageSchedule steps_of(schedule, stages, stage, micro_batches, chunks, pairs);
  std::vector<PipeStep> steps;
  steps.reserve(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i)
    steps.push_back(steps_of.at(i));
  return steps;
}

int64_t warmup_passes(PipelineSchedule schedule, int stages, int stage, int64_t micro_batches,
                      int chunks, bool pairs) {
  const int64_t total = stage_step_count(schedule, micro_batches, chunks) / 2;
  return warmup_steps(schedule, stages, stage, total, chunks, pairs);
}

int max_in_flight(PipelineSchedule schedule, int stages, int stage, int64_t micro_batches,
                  int chunks, bool pairs) {
  const int64_t total = stage_step_count(schedule, micro_batches, chunks) / 2;
  const int64_t warmup = warmup_steps(schedule, stages, stage, total, chunks, pairs);
  return static_cast<int>(warmup < total ? warmup + 1 : total);
}

int max_in_flight(const std::vector<PipeStep>& steps) {
  int live = 0, most = 0;
  for (const PipeStep& step : steps) {
    live += step.forward ? 1 : -1;
    most = std::max(most, live);
  }
  return most;
}

int max_in_flight_layers(PipelineSchedule schedule, int stages, int stage, int64_t micro_batches,
                         const std::vector<int>& chunk_layers, bool pairs) {
  const int chunks = static_cast<int>(chunk_layers.size());
  const StageSchedule steps(schedule, stages, stage, micro_batches, chunks, pairs);
  const int64_t count = stage_step_count(schedule, micro_batches, chunks);
  int live = 0, most = 0;
  int64_t forwards = 0, backwards = 0;
  for (int64_t i = 0; i < count; ++i) {
    const PipeStep step = steps.at(i, forwards, backwards);
    const int layers = chunk_layers.at(static_cast<size_t>(step.chunk));
    live += step.forward ? layers : -layers;
    ++(step.forward ? forwards : backwards);
    most = std::max(most, live);
  }
  return most;
}

int max_in_flight_layers(const std::vector<PipeStep>& steps, const std::vector<int>& chunk_layers) {
  int live = 0, most = 0;
  for (const PipeStep& step : steps) {
    const int layers = chunk_layers.at(static_cast<size_t>(step.chunk));
    live += step.forward ? layers : -layers;
    most = std::max(most, live);
  }
  return most;
}

}  // namespace wt
