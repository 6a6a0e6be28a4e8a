#pragma once
// The slowest GPU of a job. GPUs of one model do not run at one speed: under the power cap each
// settles at its own clock (silicon, cooling, position in the rack), and a synchronous training
// step (tensor-parallel all-reduces every layer, the pipeline's hand-offs, the data-parallel
// reduction at the end) waits for the slowest of them. With sustained speeds spread normally
// around the measured mean with relative standard deviation `spread`, the expected slowest of n
// runs at 1 - spread * E[max of n standard normals] of the mean, so the compute of a step takes
// 1 / (1 - spread * z(n)) of what one typical GPU needs. docs/models.md, "The slowest GPU".
//
// The mean itself sits below the isolated micro-benchmark (MAMF) figures the catalog and the
// calibration profiles give: cluster.gpu_sustained_speed, docs/models.md, "Sustained speed".
#include <cstdint>

#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// E[max(Z_1..Z_n)] for n independent standard normals: 0 for n <= 1, 1/sqrt(pi) for n = 2,
// 1.5388 for n = 10, 3.2414 for n = 1000. Numerical integral, accurate to about 1e-7.
double expected_max_standard_normal(int64_t n);

// 1 / (1 - spread * z(n)): how much longer the slowest of n GPUs takes for the same compute.
// 1 for n <= 1 or spread == 0. spread must satisfy spread * z(n) < 1 (the scenario limits it).
double slowest_gpu_slowdown(int64_t n, double spread);

// The same for a scenario's job: cluster.num_gpus() GPUs spread by cluster.gpu_speed_spread. What
// the cost model stretches GEMMs and attention by, and what `run` and the GUI report.
double slowest_gpu_slowdown(const Scenario& s);

// The job's GPUs' mean speed on GEMMs and attention against the isolated micro-benchmarks:
// cluster.gpu_sustained_speed times the clock a power limit leaves (power_limit.hpp; 1 at the TDP).
double mean_compute_speed(const Scenario& s);
// The same with the scenario's GPU (find_gpu(s.cluster.gpu)) already looked up by the caller.
double mean_compute_speed(const Scenario& s, const GpuSpec& gpu);

// What the cost model divides the compute-bound part of every kernel by in a scenario's job:
// the stragglers' stretch (the slowest GPU's under allreduce; stragglers.hpp, straggler_stretch)
// over the GPUs' mean speed (mean_compute_speed). At least 1 unless backup workers skip the slow
// ones.
double compute_slowdown(const Scenario& s);
double compute_slowdown(const Scenario& s, const GpuSpec& gpu);  // gpu: as mean_compute_speed's

}  // namespace wt
