#pragma once
// What interrupts a training job and what each interruption costs (docs/models.md, "Time to train
// and failures"): independent Poisson processes, one per cause, whose rates add.
#include <vector>

#include "sim/report/interruption_cause.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

struct FailureSource {
  InterruptionCause cause = InterruptionCause::all_causes;
  double units = 0.0;       // GPUs, NICs or nodes of the job
  double rate_per_s = 0.0;  // of the whole job: units / (unit MTBF in seconds)
  double restart_s = 0.0;   // from the failure to training again (train_cost adds the read)
  bool takes_node = false;  // out until repaired: GPU, HBM, NIC, host, all causes, spot
  // ≥ 0: announced early enough (a spot preemption with cost.spot_notice_s ≥ the checkpoint's
  // save): the job saves a checkpoint, taking this long, and loses no work.
  double notice_save_s = -1.0;
};

// The job's failure processes: the per-cause rates of reliability.failures (GPU, HBM and software
// per GPU, NIC and network per NIC, host per node), or one "all causes" process of
// num_gpus / gpu_mtbf_hours when that is set; with cost.spot and node_mtbp_hours > 0 also
// preemptions at num_nodes / node_mtbp_hours. Causes with a zero rate are left out.
std::vector<FailureSource> failure_sources(const Scenario& s, double node_mtbp_hours);

// Sum of the rates (failures per second of wall time).
double total_failure_rate(const std::vector<FailureSource>& sources);

// Rate-weighted mean restart time: the expected restart after a failure of unknown cause.
double mean_restart_s(const std::vector<FailureSource>& sources);

}  // namespace wt
