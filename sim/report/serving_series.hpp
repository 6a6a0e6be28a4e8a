#pragma once
// The batch and the queue of a serving run over time (the GUI's Serving tab), from the steps
// `serve_scenario` records with ServeOptions::record_steps and the requests' records.
#include <vector>

#include "sim/engine/simgrid/serving_des.hpp"

namespace wt {

struct ServingSeries {
  std::vector<double> end_s;     // each bucket's end; buckets of equal width from 0 to sim.end_s
  std::vector<double> decoding;  // sequences decoding per step, summed over the replicas,
                                 // time-weighted over the bucket (idle time counts as 0)
  std::vector<double> waiting;   // requests arrived and not yet admitted to a step at end_s
};

// Empty when the simulation has no duration or buckets ≤ 0. Requests never served (rejected) are
// not counted as waiting.
ServingSeries serving_series(const serving::SimulationOutput& sim, int buckets);

}  // namespace wt
