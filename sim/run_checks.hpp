#pragma once
// The last check of run_scenario(): every figure of a result is finite (only the expected time to
// train with failures may be +infinity, a job that never finishes). The field table's ranges keep
// scenario inputs inside what the model computes in doubles (docs/scenario.md); when a figure is
// still not finite, the run ends as an InputError naming the input furthest from its default (the
// likeliest cause) and the figure, never as an internal error.
#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// The first check of run_scenario() and estimate_scenario(): the scenario describes a training
// job; a file with only a serving block is an InputError at training.global_batch_size that points
// to windtunnel serve.
void require_training_job(const Scenario& s);

void check_result_finite(const Scenario& s, const RunResult& r);

// The scenario input whose value is furthest, by ratio, from its default in the direction that
// makes figures grow (smaller bandwidths, bucket, MTBF and speed; larger latencies, times, tokens
// and price): e.g. "cluster.intra_node.bandwidth_GBps" for a 1e-300 GB/s NVLink.
struct InputSuspect {
  std::string path;
  double value = 0.0;
};
InputSuspect furthest_input(const Scenario& s);

}  // namespace wt
