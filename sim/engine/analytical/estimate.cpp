#include "sim/engine/analytical/estimate.hpp"

#include <algorithm>
#include <limits>
#include <memory_resource>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "sim/engine/analytical/estimate_costs.hpp"
#include "sim/engine/analytical/estimate_pipeline.hpp"
#include "sim/engine/analytical/estimate_scratch.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_mix.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/schedule.hpp"
#include "sim/workload/stage_memory.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

// A scenario built in code must have been through validate(): the data-parallel size derived and at
// least one micro-batch per iteration (the planner calls estimate from many threads; a division
// by zero there would take the process down).
void check_validated(const Scenario& s) {
  if (s.parallel.data < 1) {
    throw InputError("parallel.data", "not derived yet: validate the scenario first",
                     std::to_string(s.parallel.data), ">= 1");
  }
  if (s.training.micro_batch_size < 1 || s.num_micro_batches() < 1) {
    throw InputError("training.global_batch_size",
                     "gives no micro-batch per iteration: validate the scenario first",
                     std::to_string(s.training.global_batch_size), ">= micro_batch_size x data");
  }
}

// Every stage's weights. A stage's weights depend on its layer count and on whether it is the
// first or the last (workload_sizes.hpp, stage_params), so the middle stages of a deep pipeline
// share theirs: the weights, and what is priced from them (the optimizer time), are taken once
// per kind of stage, the first, the last and the middle ones by layer count.
class StageTable {
 public:
  StageTable(const Scenario& s, std::pmr::memory_resource* memory)
      : kinds_(memory), stages_(static_cast<size_t>(s.parallel.pipeline), memory) {
    const int p = s.parallel.pipeline;
    kinds_.reserve(4);  // the first, the last, usually one or two middle layer counts
    for (int st = 0; st < p; ++st) {
      int layers = 0, most_chunk = 0, least_chunk = std::numeric_limits<int>::max();
      for (int chunk = 0; chunk < s.parallel.virtual_stages; ++chunk) {
        const int n = chunk_layers(s, st, chunk);
        layers += n;
        most_chunk = std::max(most_chunk, n);
        least_chunk = std::min(least_chunk, n);
      }
      const bool middle = st > 0 && st < p - 1;
      // A middle stage holding dense first layers (layer_mix.hpp) is a kind of its own.
      const int dense = stage_dense_layers(s, st);
      size_t k = 0;
      while (k < kinds_.size() && !(middle && kinds_[k].middle && kinds_[k].layers == layers &&
                                    kinds_[k].dense == dense))
        ++k;
      if (k == kinds_.size())
        kinds_.push_back({layers, dense, middle, stage_weights(s, layers, st)});
      stages_[st] = {static_cast<int>(k), most_chunk, most_chunk != least_chunk};
    }
  }

  int kinds() const { return static_cast<int>(kinds_.size()); }
  int kind(int stage) const { return stages_[stage].kind; }
  // The most layers of one of the stage's model chunks, and whether its chunks differ in size.
  int most_chunk_layers(int stage) const { return stages_[stage].most_chunk; }
  bool uneven_chunks(int stage) const { return stages_[stage].uneven; }
  const StageWeights& weights(int stage) const { return kinds_[kind(stage)].weights; }
  const StageWeights& kind_weights(int kind) const { return kinds_[kind].weights; }

 private:
  struct Kind {
    int layers, dense;
    bool middle;
    StageWeights weights;
  };
  struct Stage {
    int kind;
    int most_chunk;
    bool uneven;
  };
  std::pmr::vector<Kind> kinds_;
  std::pmr::vector<Stage> stages_;
};

// The scratch memory of one call: the stage table and the optimizer times (estimate_scratch.hpp).
using Scratch = StackArena<4096>;

IterationEstimate iteration(const Scenario& s, const HardwareSetup& hw, const StageTable& stages,
                            std::pmr::memory_resource* memory) {
  const StepCosts costs = step_costs(s, hw.gpu, hw.fabric, hw.profile());
  // Priced per kind of stage, then copied to the stages of that kind (the first stages' kinds
  // are numbered first, so a stage's kind is never ahead of the stage).
  const int p = s.parallel.pipeline;
  std::pmr::vector<double> optimizer(static_cast<size_t>(p), memory);
  for (int k = 0; k < stages.kinds(); ++k) {
    const StageWeights& w = stages.kind_weights(k);
    optimizer[k] =
        optimizer_s(s, w.trainable, w.expert_params, hw.gpu, hw.profile(), costs.compute_slowdown);
  }
  for (int st = p - 1; st >= 0; --st)
    optimizer[st] = optimizer[stages.kind(st)];
  const PipelineEstimate pipe = estimate_pipeline(s, costs, optimizer);
  IterationEstimate out;
  out.iteration_s = pipe.iteration_s;
  out.critical_stage = pipe.critical_stage;
  out.breakdown_s = pipe.breakdown_s;
  out.exposed_comm_by_dim_s = pipe.exposed_comm_by_dim_s;
  out.compute_beside_comm_s = pipe.compute_beside_comm_s;
  out.busiest = pipe.busiest;
  out.comm_volume_bytes_per_gpu = pipe.comm_volume_bytes_per_gpu;
  return out;
}

PeakMemory peak_memory_of(const Scenario& s, const StageTable& stages, double capacity_bytes) {
  const ParallelConfig& par = s.parallel;
  const int p = par.pipeline, v = par.virtual_stages;
  const StageMemoryTerms terms = stage_memory_terms(s);
  const bool pairs = ep_pairs(s);
  PeakMemory peak;
  for (int st = 0; st < p; ++st) {
    // Equal chunks in closed form; chunks of different sizes by walking the stage's schedule, as
    // the passes in flight at the peak are not all of the largest chunk.
    int in_flight = 0;
    if (stages.uneven_chunks(st)) {
      std::vector<int> layers(static_cast<size_t>(v));
      for (int c = 0; c < v; ++c)
        layers[static_cast<size_t>(c)] = chunk_layers(s, st, c);
      in_flight =
          max_in_flight_layers(par.pipeline_schedule, p, st, s.num_micro_batches(), layers, pairs);
    } else {
      in_flight = max_in_flight(par.pipeline_schedule, p, st, s.num_micro_batches(), v, pairs) *
                  stages.most_chunk_layers(st);
    }
    const MemoryUse m =
        stage_memory(s, terms, stages.weights(st), in_flight, st == p - 1, capacity_bytes);
    if (st == 0 || m.total > peak.use.total) peak = {st, m};
  }
  return peak;
}

}  // namespace

IterationEstimate estimate_iteration(const Scenario& s, const HardwareSetup& hw) {
  check_validated(s);
  Scratch scratch;
  return iteration(s, hw, StageTable(s, scratch.resource()), scratch.resource());
}

IterationEstimate estimate_iteration(const Scenario& s) {
  return estimate_iteration(s, HardwareSetup(s));
}

double estimate_iteration_s(const Scenario& s) {
  return estimate_iteration(s).iteration_s;
}

PeakMemory estimate_peak_memory(const Scenario& s) {
  return estimate_peak_memory(s, scenario_gpu(s).memory_bytes());
}

PeakMemory estimate_peak_memory(const Scenario& s, double capacity_bytes) {
  check_validated(s);
  Scratch scratch;
  return peak_memory_of(s, StageTable(s, scratch.resource()), capacity_bytes);
}

ScenarioEstimate estimate_iteration_and_memory(const Scenario& s, const HardwareSetup& hw) {
  check_validated(s);
  Scratch scratch;
  const StageTable stages(s, scratch.resource());
  return {iteration(s, hw, stages, scratch.resource()),
          peak_memory_of(s, stages, hw.gpu.memory_bytes())};
}

}  // namespace wt
