// Each pipeline boundary's transfer over its own link (pipeline_pair_crosses_nodes,
// sim/workload/costs.cpp): stage r holds ranks r·t·c·d + x, and a boundary crosses nodes when a
// pair of its ranks does; the builder's sends are priced per boundary.
#include <gtest/gtest.h>

#include "sim/comm/fabric.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/costs.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

TEST(PipelineBoundary, CrossesNodesWhereTheStagesRanksDo) {
  // TP 2 x DP 2: 4 ranks a stage on nodes of 8; stages 0-1 on node 0, 2-3 on node 1.
  const Scenario four = test::gpt_scenario(2, 4, 2);
  EXPECT_FALSE(pipeline_pair_crosses_nodes(four, 0, 1));
  EXPECT_TRUE(pipeline_pair_crosses_nodes(four, 1, 2));
  EXPECT_FALSE(pipeline_pair_crosses_nodes(four, 2, 3));
  EXPECT_TRUE(pipeline_pair_crosses_nodes(four, 3, 0));  // the interleaved wrap
  EXPECT_FALSE(pipeline_pair_crosses_nodes(four, 2, 2));
  // DP 3: ranks 0-2, 3-5, 6-8, 9-11: stage 2's rank 6 and stage 3's rank 9 sit on two nodes.
  const Scenario three = test::gpt_scenario(1, 4, 3);
  EXPECT_FALSE(pipeline_pair_crosses_nodes(three, 0, 1));
  EXPECT_TRUE(pipeline_pair_crosses_nodes(three, 1, 2));  // rank 5 on node 0, rank 8 on node 1
  EXPECT_TRUE(pipeline_pair_crosses_nodes(three, 2, 3));
  // TP 8: a stage fills a node, every boundary crosses.
  const Scenario eight = test::gpt_scenario(8, 2, 1);
  EXPECT_TRUE(pipeline_pair_crosses_nodes(eight, 0, 1));
  EXPECT_EQ(pipeline_pair_shape(four, true).nodes, 2);
  EXPECT_EQ(pipeline_pair_shape(four, false).nodes, 1);
}

TEST(PipelineBoundary, EachSendIsPricedOverItsOwnBoundary) {
  Scenario s = test::gpt_scenario(2, 4, 2);
  s.training.global_batch_size = 8;
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  ASSERT_NE(gpu, nullptr);
  Workload w = build_workload(s);
  assign_durations(w, s, *gpu, make_fabric(s, *gpu));
  // The first forward send of stages 0 (to 1, NVLink) and 1 (to 2, the network).
  const auto first_send = [&](int role) {
    for (const Op& op : w.programs[static_cast<size_t>(role)].ops)
      if (op.kind == OpKind::send) return op.duration_s;
    return -1.0;
  };
  const double inside = first_send(0);
  const double across = first_send(1);
  ASSERT_GT(inside, 0.0);
  // 1 × 2,048 tokens × 2,048 × 2 B / TP 2 = 4 MiB: NVLink's 450 GB/s against a 400 Gb/s NIC's 50.
  EXPECT_GT(across, 4.0 * inside);
  EXPECT_DOUBLE_EQ(first_send(2), inside);
}

}  // namespace
}  // namespace wt
