// serving_series: the batch and queue over time, on hand-made records.
#include <gtest/gtest.h>

#include "sim/report/serving_series.hpp"

namespace wt {
namespace {

TEST(ServingSeries, DecodingIsTimeWeightedAndWaitingCountsArrivedNotAdmitted) {
  serving::SimulationOutput sim;
  sim.end_s = 4.0;
  // Two buckets of 2 s: [0, 2) holds 4 sequences for 1 s and 2 sequences for 1 s of a step
  // from 1 to 3 s: (4·1 + 2·1) / 2 = 3; [2, 4] the rest of that step (2·1) and 6 for 1 s: 4.
  sim.steps = {{.replica = 0, .decode_seqs = 4, .start_s = 0.0, .duration_s = 1.0},
               {.replica = 0, .decode_seqs = 2, .start_s = 1.0, .duration_s = 2.0},
               {.replica = 1, .decode_seqs = 6, .start_s = 3.0, .duration_s = 1.0}};
  // At 2 s: the second (arrived 1 s, admitted 3 s) waits; the first is admitted and the third has
  // not arrived; the rejected one (never admitted) is not counted. At 4 s none waits.
  sim.requests = {{.arrival_s = 0.0, .start_s = 0.5},
                  {.arrival_s = 1.0, .start_s = 3.0},
                  {.arrival_s = 2.5, .start_s = 3.5},
                  {.arrival_s = 0.1, .start_s = -1.0}};
  const ServingSeries s = serving_series(sim, 2);
  EXPECT_EQ(s.end_s, (std::vector<double>{2.0, 4.0}));
  EXPECT_EQ(s.decoding, (std::vector<double>{3.0, 4.0}));
  EXPECT_EQ(s.waiting, (std::vector<double>{1.0, 0.0}));
  EXPECT_TRUE(serving_series(serving::SimulationOutput{}, 10).end_s.empty());
}

}  // namespace
}  // namespace wt
