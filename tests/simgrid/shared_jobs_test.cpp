// Several jobs in one simulation (simulate_simgrid_jobs), against hand-computed max-min sharing:
// two flows on one bottleneck link get half of it each; jobs that share no link do not slow each
// other.
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace wt::sgtest {
namespace {

constexpr double kNic_Bps = 1e10;  // 10 GB/s per NIC, and per leaf uplink
constexpr double kLink_s = 1e-6;
constexpr double kOverhead_s = 5e-6;
constexpr double kBytes = 1e9;
constexpr double kCompute_s = 0.05;

Fabric fabric() {
  return Fabric{{1e-6, 1e11}, {4e-6, kNic_Bps}, kOverhead_s};
}

// Two leaves of two one-GPU nodes each; each leaf has one uplink of a NIC's bandwidth to the
// spine: 2:1 oversubscribed (20 GB/s down, 10 GB/s up).
GraphTopology two_to_one_tree() {
  GraphTopology t(4, 1, 1e12, 1e-7);
  const int32_t leaf_a = t.add_switch("leafA"), leaf_b = t.add_switch("leafB");
  const int32_t spine = t.add_switch("spine");
  for (int g = 0; g < 4; ++g)
    t.attach(g, g < 2 ? leaf_a : leaf_b, kNic_Bps, kLink_s);
  t.connect(leaf_a, spine, kNic_Bps, kLink_s, topo::LinkLevel::level1);
  t.connect(leaf_b, spine, kNic_Bps, kLink_s, topo::LinkLevel::level1);
  return t;
}

// Data parallel over 2 GPUs: a compute op, then a ring all-reduce of kBytes.
Workload dp_job() {
  Workload w = workload(1, 1, 2);
  w.programs[0].ops.push_back(compute_op(kCompute_s));
  Op ar = comm_op(OpKind::collective, CommDim::dp, Collective::all_reduce, kBytes, 2, 0.0);
  ar.deps = {0};
  w.programs[0].ops.push_back(ar);
  return w;
}

SimgridJob placed(const Workload& w, const topo::Topology& t, std::vector<int32_t> gpus) {
  SimgridJob job{&w, setup_for(t, fabric())};
  job.setup.pin = CollectiveAlgorithm::ring;
  job.setup.gpu_of_rank = std::move(gpus);
  return job;
}

TEST(SharedJobs, TwoJobsOnOneUplinkHalveItsBandwidth) {
  const GraphTopology t = two_to_one_tree();
  const Workload a = dp_job(), b = dp_job();
  // Job a on GPUs 0 (leaf A) and 2 (leaf B), job b on 1 and 3: both rings cross the one uplink in
  // each direction.
  const SimgridJob ja = placed(a, t, {0, 2}), jb = placed(b, t, {1, 3});
  const SimgridJobsResult alone = simulate_simgrid_jobs({ja}, 3);
  const SimgridJobsResult together = simulate_simgrid_jobs({ja, jb}, 3);
  // A ring all-reduce over 2 GPUs sends 2·(2−1)/2·kBytes = kBytes per GPU, one flow each way.
  // Alone each flow gets the uplink's 10 GB/s; together two flows share it, 5 GB/s each, so each
  // step is longer by exactly kBytes / kNic_Bps = 0.1 s (latencies and compute unchanged).
  ASSERT_EQ(alone.step_end_s.size(), 1u);
  ASSERT_EQ(together.step_end_s.size(), 2u);
  const double step_alone = alone.step_end_s[0][0];
  // Alone: route nic + up + down + nic = 4 µs; ring latencies; the bandwidth term kBytes/kNic.
  EXPECT_GT(step_alone, kCompute_s + kBytes / kNic_Bps);
  EXPECT_LT(step_alone, kCompute_s + kBytes / kNic_Bps + 1e-3);
  for (int j = 0; j < 2; ++j) {
    for (int s = 0; s < 3; ++s) {
      EXPECT_NEAR(alone.step_end_s[0][s], (s + 1) * step_alone, 1e-9);
      EXPECT_NEAR(together.step_end_s[j][s], (s + 1) * (step_alone + kBytes / kNic_Bps), 1e-9);
    }
  }
  // Communication slowdown: (together − compute) / (alone − compute) ≈ 2 (latencies aside).
  const double comm_slowdown =
      (step_alone + kBytes / kNic_Bps - kCompute_s) / (step_alone - kCompute_s);
  EXPECT_NEAR(comm_slowdown, 2.0, 1e-3);
}

TEST(SharedJobs, JobsUnderDifferentLeavesDoNotSlowEachOther) {
  const GraphTopology t = two_to_one_tree();
  const Workload a = dp_job(), b = dp_job();
  // Job a on leaf A only (GPUs 0, 1), job b on leaf B (2, 3): no shared link.
  const SimgridJob ja = placed(a, t, {0, 1}), jb = placed(b, t, {2, 3});
  const double alone = simulate_simgrid_jobs({ja}, 3).step_end_s[0].back();
  const SimgridJobsResult together = simulate_simgrid_jobs({ja, jb}, 3);
  EXPECT_NEAR(together.step_end_s[0].back(), alone, 1e-12);
  EXPECT_NEAR(together.step_end_s[1].back(), alone, 1e-12);
}

TEST(SharedJobs, OneJobWithoutPlacementMatchesTheSingleJobEngine) {
  const GraphTopology t = two_to_one_tree();
  const Workload a = dp_job();
  SimgridJob job = placed(a, t, {});
  const double single = simulate_simgrid(a, job.setup).timeline.iteration_s;
  EXPECT_NEAR(simulate_simgrid_jobs({job}, 2).step_end_s[0][1], 2 * single, 1e-12);
}

TEST(SharedJobs, OverlappingPlacementsAreRefused) {
  const GraphTopology t = two_to_one_tree();
  const Workload a = dp_job(), b = dp_job();
  const SimgridJob ja = placed(a, t, {0, 2}), jb = placed(b, t, {2, 3});
  EXPECT_THROW(simulate_simgrid_jobs({ja, jb}, 1), std::invalid_argument);
  EXPECT_THROW(simulate_simgrid_jobs({placed(a, t, {0})}, 1), std::invalid_argument);
  EXPECT_THROW(simulate_simgrid_jobs({placed(a, t, {0, 9})}, 1), std::invalid_argument);
}

}  // namespace
}  // namespace wt::sgtest
