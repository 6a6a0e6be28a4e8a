// The example of docs/scenarios.md, "A scenario with every section", read from a file so that the
// calibration path resolves against its folder.
#include <gtest/gtest.h>

#include "scenario_test_util.hpp"

namespace wt {
namespace {

constexpr const char* kDesignExample = R"({
  "schema": 1,
  "name": "gpt3-175b-on-1024-a100",
  "model": {
    "preset": "gpt3-175b",
    "num_layers": 96, "hidden_size": 12288, "num_attention_heads": 96, "num_kv_heads": 96,
    "ffn_hidden_size": 49152, "seq_length": 2048, "vocab_size": 51200,
    "gated_mlp": false, "tied_embeddings": false,
    "moe": {"num_experts": 0, "top_k": 0, "moe_ffn_hidden_size": 0}
  },
  "training": {
    "global_batch_size": 1536, "micro_batch_size": 1, "precision": "bf16",
    "optimizer": "adam", "activation_recompute": "none",
    "total_tokens": 3.0e11
  },
  "parallel": {
    "tensor": 8, "pipeline": 8, "data": 16, "context": 1, "expert": 1,
    "zero_stage": 1, "sequence_parallel": true,
    "pipeline_schedule": "1f1b", "virtual_stages": 1,
    "dp_bucket_mb": 25, "overlap_grad_reduce": true, "overlap_param_gather": true
  },
  "cluster": {
    "gpu": "a100-sxm4-80gb",
    "num_nodes": 128, "gpus_per_node": 8,
    "intra_node": {"fabric": "nvswitch", "bandwidth_GBps": 300, "latency_us": 0.7},
    "network": {
      "topology": "fat-tree",
      "link_bandwidth_Gbps": 200, "link_latency_us": 1.0, "nics_per_node": 8,
      "rail_optimized": true,
      "fat_tree": {"levels": 3, "switch_radix": 40, "oversubscription": 1.0}
    }
  },
  "calibration": "profiles/a100-dgx-measured.json",
  "cost": {"usd_per_gpu_hour": 2.75, "spot": false},
  "reliability": {"gpu_mtbf_hours": 50000, "checkpoint_write_s": 60, "restart_s": 600}
})";

class DesignExample : public ::testing::Test {
 protected:
  void SetUp() override {
    calibration_ = dir_.write("profiles/a100-dgx-measured.json", test::kMinimalProfile);
    file_ = dir_.write("gpt3.json", kDesignExample);
  }
  test::TempDir dir_;
  std::string calibration_;
  std::string file_;
};

TEST_F(DesignExample, EveryFieldIsRead) {
  const Scenario s = load_scenario_file(file_);
  EXPECT_EQ(s.schema, 1);
  EXPECT_EQ(s.name, "gpt3-175b-on-1024-a100");
  const ModelConfig& m = s.model;
  EXPECT_EQ(m.preset, "gpt3-175b");
  EXPECT_EQ(m.hf_config, "");
  EXPECT_EQ(m.num_layers, 96);
  EXPECT_EQ(m.hidden_size, 12288);
  EXPECT_EQ(m.num_attention_heads, 96);
  EXPECT_EQ(m.num_kv_heads, 96);
  EXPECT_EQ(m.ffn_hidden_size, 49152);
  EXPECT_EQ(m.seq_length, 2048);
  EXPECT_EQ(m.vocab_size, 51200);
  EXPECT_FALSE(m.gated_mlp);
  EXPECT_FALSE(m.tied_embeddings);  // the file overrides the preset's tied embeddings
  EXPECT_EQ(m.moe.num_experts, 0);
  EXPECT_EQ(m.moe.top_k, 0);
  EXPECT_EQ(m.moe.moe_ffn_hidden_size, 0);

  const TrainingConfig& t = s.training;
  EXPECT_EQ(t.global_batch_size, 1536);
  EXPECT_EQ(t.micro_batch_size, 1);
  EXPECT_EQ(t.precision, Precision::bf16);
  EXPECT_EQ(t.optimizer, Optimizer::adam);
  EXPECT_EQ(t.activation_recompute, Recompute::none);
  EXPECT_DOUBLE_EQ(t.total_tokens, 3.0e11);

  const ParallelConfig& p = s.parallel;
  EXPECT_EQ(p.tensor, 8);
  EXPECT_EQ(p.pipeline, 8);
  EXPECT_EQ(p.data, 16);
  EXPECT_EQ(p.context, 1);
  EXPECT_EQ(p.expert, 1);
  EXPECT_EQ(p.zero_stage, 1);
  EXPECT_TRUE(p.sequence_parallel);
  EXPECT_EQ(p.pipeline_schedule, PipelineSchedule::one_f_one_b);
  EXPECT_EQ(p.virtual_stages, 1);
  EXPECT_DOUBLE_EQ(p.dp_bucket_mb, 25.0);
  EXPECT_TRUE(p.overlap_grad_reduce);
  EXPECT_TRUE(p.overlap_param_gather);
  EXPECT_EQ(p.collective_algorithm, CollectiveAlgorithm::automatic);  // not in the file

  const ClusterConfig& c = s.cluster;
  EXPECT_EQ(c.gpu, "a100-sxm4-80gb");
  EXPECT_EQ(c.num_nodes, 128);
  EXPECT_EQ(c.gpus_per_node, 8);
  EXPECT_EQ(c.num_gpus(), 1024);
  EXPECT_EQ(c.intra_node.fabric, IntraNodeFabric::nvswitch);
  EXPECT_DOUBLE_EQ(c.intra_node.bandwidth_GBps, 300.0);
  EXPECT_DOUBLE_EQ(c.intra_node.latency_us, 0.7);
  EXPECT_EQ(c.network.topology, NetworkTopology::fat_tree);
  EXPECT_DOUBLE_EQ(c.network.link_bandwidth_Gbps, 200.0);
  EXPECT_DOUBLE_EQ(c.network.link_latency_us, 1.0);
  EXPECT_EQ(c.network.nics_per_node, 8);
  EXPECT_TRUE(c.network.rail_optimized);
  EXPECT_EQ(c.network.fat_tree.levels, 3);
  EXPECT_EQ(c.network.fat_tree.switch_radix, 40);
  EXPECT_DOUBLE_EQ(c.network.fat_tree.oversubscription, 1.0);

  ASSERT_TRUE(s.calibration.has_value());
  EXPECT_EQ(*s.calibration, calibration_);
  EXPECT_DOUBLE_EQ(s.cost.usd_per_gpu_hour, 2.75);
  EXPECT_FALSE(s.cost.spot);
  EXPECT_DOUBLE_EQ(s.reliability.gpu_mtbf_hours, 50000.0);
  EXPECT_DOUBLE_EQ(s.reliability.checkpoint_write_s, 60.0);
  EXPECT_DOUBLE_EQ(s.reliability.restart_s, 600.0);

  // 1536 / (1 × 16) micro-batches; nothing to warn about.
  EXPECT_EQ(s.num_micro_batches(), 96);
  EXPECT_TRUE(s.warnings.empty());
}

TEST_F(DesignExample, TorusAndDragonflyBlocksOfTheExampleAreValidWithTheirTopology) {
  const Scenario torus =
      load_scenario_file(file_, {"cluster.network.topology=torus", "cluster.network.fat_tree=null",
                                 "cluster.network.torus.dims=[8,4,4]"});
  EXPECT_EQ(torus.cluster.network.topology, NetworkTopology::torus);
  EXPECT_EQ(torus.cluster.network.torus.dims, (std::vector<int>{8, 4, 4}));

  const Scenario dragonfly = load_scenario_file(
      file_, {"cluster.network.topology=dragonfly", "cluster.network.fat_tree=null",
              R"(cluster.network.dragonfly={"groups": 8, "routers_per_group": 8,
                 "nodes_per_router": 2, "global_links_per_router": 4})"});
  const DragonflyConfig& df = dragonfly.cluster.network.dragonfly;
  EXPECT_EQ(df.groups, 8);
  EXPECT_EQ(df.routers_per_group, 8);
  EXPECT_EQ(df.nodes_per_router, 2);
  EXPECT_EQ(df.global_links_per_router, 4);
}

TEST_F(DesignExample, AllThreeBlocksAsPrintedAreRefused) {
  nlohmann::json doc = nlohmann::json::parse(kDesignExample);
  doc["cluster"]["network"]["torus"] = {{"dims", {8, 4, 4}}};
  EXPECT_TRUE(test::throws_input_error([&] { parse_scenario(doc, {}, dir_.path().string()); },
                                       "cluster.network.torus", "fat-tree"));
}

}  // namespace
}  // namespace wt
