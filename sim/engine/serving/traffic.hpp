#pragma once
// The requests of a serving run (docs/serving.md), drawn from the scenario's seed: Poisson
// arrivals at rate_rps (times the hour's percent of a daily profile, and burst_factor within
// bursts), prompt and output lengths
// from their distributions, each prompt + output cut to model.seq_length; and, for the queueing
// tests only, a sampled service time per request.
#include <cstdint>
#include <vector>

#include "sim/engine/serving/scheduler.hpp"

namespace wt::serving {

std::vector<Request> sample_requests(const Scenario& s);

// The length distributions' draws from a uniform u in [0, 1) (and a second one for the normal of
// a lognormal, by Box-Muller), exposed for their tests.
double exponential_draw(double rate, double u);
int64_t length_draw(const LengthConfig& l, int64_t cap, double u1, double u2);

}  // namespace wt::serving
