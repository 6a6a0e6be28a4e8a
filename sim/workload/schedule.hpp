#pragma once
// Pipeline schedules as explicit per-stage step sequences (docs/models.md): GPipe, 1F1B
// (PipeDream-Flush, as Megatron-LM runs it) and interleaved 1F1B (Narayanan et al., SC'21), in the
// order Megatron-LM's schedules.py issues them.
#include <cstdint>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace wt {

struct PipeStep {
  bool forward = true;
  bool paired = false;  // one of a steady-state forward/backward pair (ep_pairs)
  int32_t micro_batch = 0;
  int32_t chunk = 0;  // model chunk on this stage; always 0 unless interleaved
};

// parallel.ep_comm_overlap in effect (an MoE model, expert parallelism, a 1F1B or interleaved
// schedule): each steady-state forward step and the backward step after it run as a pair, the
// expert-parallel collectives of both on their own stream under the pair's compute
// (Megatron-Core's combined 1F1B, --overlap-moe-expert-parallel-comm; DeepSeek-V3's DualPipe).
// So that a pair never holds a micro-batch's forward and its own backward, 1F1B runs one forward
// more before its steady state on every stage (the last stage has none otherwise); interleaving's
// warm-up already differs by a whole round of stages.
bool ep_pairs(const Scenario& s);

// The steps stage `stage` of `stages` runs for `micro_batches` micro-batches and `chunks` model
// chunks per stage (virtual stages; 1 unless interleaved).
std::vector<PipeStep> stage_steps(PipelineSchedule schedule, int stages, int stage,
                                  int64_t micro_batches, int chunks, bool pairs = false);

// Step `index` (0 ≤ index < stage_step_count) of that sequence, computed directly: what
// stage_steps returns is exactly stage_step for every index, and the `estimate` path walks it
// without materialising the vector.
int64_t stage_step_count(PipelineSchedule schedule, int64_t micro_batches, int chunks);
PipeStep stage_step(PipelineSchedule schedule, int stages, int stage, int64_t micro_batches,
                    int chunks, int64_t index, bool pairs = false);

// The n-th forward (or backward) pass of a stage of the interleaved schedule: virtual micro-batch
// n.
PipeStep interleaved_pass(bool forward, int64_t n, int stages, int chunks);

// The same for one stage, with what stage_step derives per stage (its passes and warm-up) taken
// once: the `estimate` recurrence asks for every step of every stage in turn.
class StageSchedule {
 public:
  StageSchedule() = default;
  StageSchedule(PipelineSchedule schedule, int stages, int stage, int64_t micro_batches, int chunks,
                bool pairs = false);
  PipeStep at(int64_t index) const;  // stage_step(..., index)
  // at(index) for a walk that runs the steps in order and counts the passes it ran: the n-th
  // forward (backward) step of a stage runs forward (backward) pass n, so only the direction is
  // derived. Its paired flag is left unset: paired(index) gives it.
  PipeStep at(int64_t index, int64_t forwards_run, int64_t backwards_run) const {
    const bool forward =
        index < warmup_ || (index < 2 * passes_ - warmup_ && ((index - warmup_) & 1) == 0);
    const int64_t n = forward ? forwards_run : backwards_run;
    if (schedule_ == PipelineSchedule::interleaved)
      return interleaved_pass(forward, n, stages_, chunks_);
    return {forward, false, static_cast<int32_t>(n), 0};
  }
  // Whether step `index` is one of a steady-state pair (ep_pairs).
  bool paired(int64_t index) const {
    return pairs_ && index >= warmup_ && index < 2 * passes_ - warmup_;
  }

 private:
  PipelineSchedule schedule_ = PipelineSchedule::one_f_one_b;
  int stages_ = 1, chunks_ = 1;
  int64_t passes_ = 0;  // forward (and backward) passes of the stage
  int64_t warmup_ = 0;  // forwards before the first backward
  bool pairs_ = false;  // ep_pairs: the steady steps are paired
};

// Forward passes the stage runs before its first backward (all of them for GPipe).
int64_t warmup_passes(PipelineSchedule schedule, int stages, int stage, int64_t micro_batches,
                      int chunks, bool pairs = false);

// max_in_flight(stage_steps(...)) in closed form: GPipe holds every micro-batch, 1F1B
// min(stages − stage, m) (one more with ep_pairs), interleaved min(warm-up + 1, m·chunks).
int max_in_flight(PipelineSchedule schedule, int stages, int stage, int64_t micro_batches,
                  int chunks, bool pairs = false);

// The most micro-batch chunks whose forward has run and whose backward has not, at any point of the
// sequence: what sets the activation memory of the stage.
int max_in_flight(const std::vector<PipeStep>& steps);

// The most layers whose activations the stage holds at once: max_in_flight weighted by the layers
// of each pass's chunk (`chunk_layers`, indexed by PipeStep::chunk). With chunks of equal size it
// is max_in_flight(steps) times that size; with an uneven split (2 or 1 layers per chunk) the
// passes in flight at the peak are not all of the largest chunk.
int max_in_flight_layers(const std::vector<PipeStep>& steps, const std::vector<int>& chunk_layers);
// The same over stage_step's sequence, without materialising it (the `estimate` path).
int max_in_flight_layers(PipelineSchedule schedule, int stages, int stage, int64_t micro_batches,
                         const std::vector<int>& chunk_layers, bool pairs = false);

}  // namespace wt
