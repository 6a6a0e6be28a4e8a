// Shared clusters end to end (sim/run_shared.hpp): jobs on disjoint parts of a non-blocking fat
// tree do not slow each other; interleaved on an oversubscribed one they do; the run alone honours
// the job's placement.
#include <gtest/gtest.h>

#include "sim/run_shared.hpp"
#include "sim/scenario/shared_cluster.hpp"

namespace wt {
namespace {

using nlohmann::json;

json job(const std::string& name, json nodes) {
  return {{"name", name},
          {"model", {{"preset", "llama2-7b"}}},
          {"training", {{"global_batch_size", 32}, {"micro_batch_size", 1}}},
          {"parallel", {{"tensor", 4}}},
          {"nodes", std::move(nodes)}};
}

// 8 nodes of 8 GPUs, one NIC per GPU, a two-level fat tree of radix `radix` at `ratio`.
SharedCluster cluster(json jobs, int radix, double ratio) {
  json doc = {
      {"name", "t"},
      {"steps", 3},
      {"cluster",
       {{"gpu", "h100-sxm5-80gb"},
        {"num_nodes", 8},
        {"gpus_per_node", 8},
        {"network",
         {{"topology", "fat-tree"},
          {"nics_per_node", 8},
          {"rail_optimized", false},
          {"fat_tree", {{"levels", 2}, {"switch_radix", radix}, {"oversubscription", ratio}}}}}}},
      {"jobs", std::move(jobs)}};
  return parse_shared_cluster(doc, ".");
}

TEST(SharedClusterRun, DisjointPartsOfANonBlockingFatTreeDoNotSlowEachOther) {
  // Radix 32, 1:1: 16 NICs (2 nodes) per leaf, 16 uplinks each. Jobs on leaves {0,1} and {2,3}
  // share no link: each leaf's uplinks and the spines' downlinks to it carry one job only.
  const SharedRunResult r =
      run_shared_cluster(cluster({job("a", {0, 1, 2, 3}), job("b", {4, 5, 6, 7})}, 32, 1.0));
  ASSERT_EQ(r.jobs.size(), 2u);
  for (const SharedJobResult& j : r.jobs) {
    EXPECT_NEAR(j.slowdown, 1.0, 0.01) << j.name;
    EXPECT_GT(j.alone_step_s, 0.0);
  }
  EXPECT_TRUE(r.shared_links.empty());
}

TEST(SharedClusterRun, InterleavedJobsOnAnOversubscribedTreeSlowEachOther) {
  // Radix 20, 4:1: 2 nodes per leaf, 4 uplinks each; every leaf holds a node of each job.
  const SharedRunResult r =
      run_shared_cluster(cluster({job("a", {0, 2, 4, 6}), job("b", {1, 3, 5, 7})}, 20, 4.0));
  // Identical jobs start together: their DP traffic meets on the leaf uplinks. (Their times alone
  // differ a little: ECMP hashes each GPU pair onto an uplink, and other pairs collide.)
  EXPECT_GT(r.jobs[0].slowdown, 1.02);
  EXPECT_GT(r.jobs[1].slowdown, 1.02);
  EXPECT_FALSE(r.shared_links.empty());
  for (const SharedLinkResult& l : r.shared_links)
    EXPECT_EQ(l.jobs.size(), 2u);
}

TEST(SharedClusterRun, TheRunAloneHonoursThePlacement) {
  // The same job alone: on one leaf (nodes 0, 1) its DP traffic stays under the leaf; on nodes 0
  // and 2 it crosses the 4:1 oversubscribed uplinks and takes longer.
  const SharedRunResult one_leaf = run_shared_cluster(cluster({job("a", {0, 1})}, 20, 4.0));
  const SharedRunResult two_leaves = run_shared_cluster(cluster({job("a", {0, 2})}, 20, 4.0));
  EXPECT_GT(two_leaves.jobs[0].alone_step_s, one_leaf.jobs[0].alone_step_s * 1.01);
  EXPECT_NEAR(one_leaf.jobs[0].slowdown, 1.0, 1e-12);  // alone and "together" are the same run
}

TEST(SharedClusterRun, SteadyStepIsTheMeanAfterTheFirst) {
  EXPECT_DOUBLE_EQ(steady_step_s({1.5, 2.5, 3.7}), 1.1);
  EXPECT_DOUBLE_EQ(steady_step_s({2.0}), 2.0);
  EXPECT_DOUBLE_EQ(steady_step_s({}), 0.0);
}

}  // namespace
}  // namespace wt
