#pragma once
// The result of one run: every field of the `run --json` contract (docs/cli.md).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/engine/time_split.hpp"
#include "sim/report/histogram.hpp"
#include "sim/report/interruption_cause.hpp"
#include "sim/workload/memory_use.hpp"

namespace wt {

// The uncertainty of a predicted iteration time (docs/validation.md, "Error bands"): the measured
// time of runs of its class fell within ± half_width of the prediction on the validation set.
struct ErrorBand {
  std::string error_class;  // the prediction's class, "megatron/16bit/3d"
  std::string basis;        // the residuals used: the class, or a coarser one it fell back to
  double half_width = 0.0;  // a fraction of the predicted time
  double low_s = 0.0;
  double high_s = 0.0;
};

// fits: even the upper end of the range fits; does_not_fit: not even the lower end; tight: between.
enum class MemoryVerdict { fits, tight, does_not_fit };
const char* to_string(MemoryVerdict v);  // "fits", "tight", "does not fit"

// Of a MemoryUse with its range filled (a use without one is judged on its total alone).
MemoryVerdict memory_verdict(const MemoryUse& m);
// The result's warning for a stage whose GPUs do not fit or are tight ("" when they fit), with
// the need by line, word for word the same from every engine.
std::string memory_warning(const MemoryUse& m, int stage);

// Failures over the run, closed form (sim/report/train_cost.hpp; docs/cli.md, "Time, cost and
// failures").
struct FailureFigures {
  double cluster_mtbf_s = 0.0;
  double expected_interruptions = 0.0;  // over the expected time; +inf when it never finishes
  double ettr = 0.0;                    // failure-free / expected time; 0 when it never finishes
  double checkpoint_bytes = 0.0;
  double checkpoint_write_s = 0.0;
  double checkpoint_blocking_s = 0.0;
  double checkpoint_read_s = 0.0;  // on every restart (included in its restart time)
  double checkpoint_interval_s = 0.0;
  std::vector<std::pair<InterruptionCause, double>> interruptions_by_cause;  // expected counts
};

// The Monte Carlo of the whole run (sim/report/goodput_monte_carlo.hpp); runs 0 with why_not
// when it was not run.
struct MonteCarloFigures {
  int runs = 0;
  int seed = 0;
  std::string why_not;
  double mean_time_s = 0.0, stderr_time_s = 0.0, p50_time_s = 0.0, p90_time_s = 0.0;
  double p50_cost_usd = 0.0, p90_cost_usd = 0.0;
  double ettr = 0.0, mean_interruptions = 0.0;
  Histogram ettr_histogram;  // of the runs' ETTR (sim/report/goodput_monte_carlo.hpp)
};

// How the replicas combined gradients, and what the stragglers cost (sim/report/data_sync.hpp;
// docs/models.md, "Data synchronisation beyond all-reduce"). Present when parallel.data_sync is
// not allreduce, or step noise or slow nodes are on.
struct DataSyncFigures {
  std::string mode;               // parallel.data_sync
  int64_t worker_nodes = 0;       // nodes running, backup workers included
  int64_t counted_nodes = 0;      // nodes whose gradients a step uses
  int64_t gpus_paid = 0;          // worker_nodes * gpus_per_node: what GPU-hours and cost count
  int64_t servers = 0;            // parameter servers (0 under allreduce)
  std::string server_placement;   // colocated or dedicated ("" under allreduce)
  double grad_bytes = 0.0;        // gradient bytes one worker node pushes (and pulls) per step
  double worker_nic_bytes = 0.0;  // per step and direction, a worker node without a server
  double server_nic_bytes = 0.0;  // per step and direction, a server's (or its node's) NICs
  double worker_nic_busy = 0.0;   // those bytes at the node's line rate, over the step time
  double server_nic_busy = 0.0;
  std::string bottleneck;  // "server NIC" or "worker NIC"
  // The stragglers' stretch of the step's compute (sim/hardware/stragglers.hpp).
  double spread_stretch = 1.0, noise_stretch = 1.0, slow_stretch = 1.0;
  double slow_step_probability = 0.0;  // the step waits for a slow node
  // async: updates of other workers between a worker's pull and its push.
  bool has_staleness = false;
  double staleness_mean = 0.0, staleness_p50 = 0.0, staleness_p90 = 0.0, staleness_max = 0.0;
};

struct RunResult {
  int schema = 1;
  std::string scenario;
  std::string engine;
  int num_gpus = 0;
  double iteration_time_s = 0.0;
  double tokens_per_s = 0.0;
  // A layer-list model (a CNN): a sample is one input (image) with no tokens; tokens_per_s equals
  // samples_per_s and the text output says samples/s.
  bool samples_not_tokens = false;
  double samples_per_s = 0.0;
  double model_flops_per_iteration = 0.0;
  double hardware_flops_per_iteration = 0.0;
  double model_tflops_per_gpu = 0.0;
  double hardware_tflops_per_gpu = 0.0;
  double mfu = 0.0;
  double hfu = 0.0;
  Breakdown breakdown_s;
  ExposedComm exposed_comm_by_dim_s;  // an addition to the contract: breakdown_s.exposed_comm split
  // An addition: of breakdown_s.compute, what the layers lost to collectives running beside them
  // on their SMs (TP overlap, ZeRO-3's gathers and reduce-scatters, the gradient buckets).
  double compute_beside_comm_s = 0.0;
  CommVolume comm_volume_bytes_per_gpu;
  MemoryUse memory_per_gpu_bytes;
  MemoryVerdict memory_verdict = MemoryVerdict::fits;
  bool fits_in_memory = true;  // memory_verdict is not does_not_fit
  double time_to_train_s = 0.0;
  double gpu_hours = 0.0;
  double cost_usd = 0.0;
  double expected_time_to_train_with_failures_s = 0.0;
  double optimal_checkpoint_interval_s = 0.0;
  FailureFigures failures;
  // Filled by `run` (cli/run_command.cpp), not by run_scenario: the planner runs many scenarios.
  std::optional<MonteCarloFigures> monte_carlo;
  std::optional<DataSyncFigures> data_sync;  // JSON key data_sync, present only when set
  std::vector<std::string> warnings;
  // An addition to the contract: what the SimGrid engine aggregated (JSON key engine_reductions,
  // present only when not empty).
  std::vector<std::string> engine_reductions;
  // Attached by the faces from the committed bands (sim/validation/error_bands.hpp); none when
  // no bands file was read (JSON iteration_time_s_range and error_band are null).
  std::optional<ErrorBand> error_band;
};

}  // namespace wt
