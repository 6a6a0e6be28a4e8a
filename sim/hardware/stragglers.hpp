#pragma once
// Stragglers as a distribution (docs/models.md, "Data synchronisation beyond all-reduce"). Beside
// the constant spread of sustained speeds (speed_spread.hpp), a GPU's compute time varies from step
// to step (cluster.step_noise, relative standard deviation, normal) and a node is now and then
// slow (cluster.slow_node_rate per node and step, by cluster.slow_node_slowdown). A synchronous
// step waits for its slowest worker, a step with k backup workers for the n-th fastest of n + k
// (Chen et al. 2016), an asynchronous worker only for itself, which costs staleness instead
// (Dean et al. 2012; Ho et al. 2013).
#include <cstdint>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace wt {

// E[X_(r)], the r-th smallest (1-based) of n independent variables, each the largest of g standard
// normals (g = 1: plain normals). Numerical integral over the order statistic's density, accurate
// to about 1e-7: E[2nd of 3 normals] = 0, E[max of 2] = 1/sqrt(pi), E[max of 3] = 1.5/sqrt(pi).
// r = n gives E[max of n * g normals] (expected_max_standard_normal).
double expected_order_statistic(int64_t r, int64_t n, int64_t g = 1);

// Probability that at least one of n nodes is slow in a step: 1 - (1 - p)^n.
double any_slow_probability(int64_t n, double p);

// Probability that more than k of n nodes are slow in a step: P(Binomial(n, p) > k).
double more_than_k_slow_probability(int64_t n, int64_t k, double p);

// Worker nodes of a data-parallel job: cluster.num_nodes, plus parallel.backup_workers under
// backup_workers (all of them run; the step counts the first cluster.num_nodes).
int64_t worker_nodes_running(const Scenario& s);

// What the stragglers stretch a step's compute by, per mode: the speed spread (constant speeds),
// the step noise and the slow nodes, each 1 when it is off.
struct StragglerStretch {
  double spread = 1.0;  // 1 / (1 - spread * E[order statistic of the node speeds])
  double noise = 1.0;   // 1 + step_noise * E[order statistic]
  double slow = 1.0;    // 1 + P(the step waits for a slow node) * (slow_node_slowdown - 1)
  double slow_probability = 0.0;
  double total() const { return spread * noise * slow; }
};

// allreduce and parameter_server wait for the slowest of all GPUs (and all nodes); backup_workers
// for the n-th fastest of n + k nodes (a node as fast as its slowest GPU); async for each node's
// own GPUs, so its noise and slow nodes cost their mean: 1 + rate * (slowdown - 1).
StragglerStretch straggler_stretch(const Scenario& s);

// Gradient staleness under async: the other workers' updates applied to the servers between a
// worker's pull and its next push, in updates (steps of one worker).
struct Staleness {
  double mean = 0.0;
  double p50 = 0.0;
  double p90 = 0.0;
  double max = 0.0;
};

// A seeded simulation of `workers` workers cycling pull, compute, push: each cycle takes
// compute_share * (1 + noise * Z) * (slowdown if slow, with probability rate) + (1 - compute_share)
// (Z standard normal, clipped so a cycle stays positive). Equal speeds give N - 1 for every push.
Staleness async_staleness(int64_t workers, double compute_share, double noise, double rate,
                          double slowdown, uint64_t seed);

// The same figures from simulated pushes (the SimGrid engine's async run): `push_s[w]` holds
// worker w's push times in order. The pushes are applied in time order (a tie to the lower
// worker); each after the first `warmup` of all counts the updates applied since its worker's
// previous push (its pull). Equal speeds give N - 1 for every push.
Staleness staleness_of_pushes(const std::vector<std::vector<double>>& push_s, int64_t warmup);

// The per-step compute stretches of async workers simulated step by step (the SimGrid engine):
// per worker node and step, the slowest of its g GPUs' noise, max_j max(0.05, 1 + noise * Z_j),
// times slowdown with probability rate; each worker's stretches rescaled to mean 1 over its
// `steps`, so the simulated window keeps the mean stretch the durations already carry
// (straggler_stretch) and only their order varies. All 1 when noise and rate are 0.
std::vector<std::vector<double>> async_step_stretches(int64_t workers, int steps, int64_t g,
                                                      double noise, double rate, double slowdown,
                                                      uint64_t seed);

}  // namespace wt
