// What a restart costs beyond the lost work (docs/models.md, "Time to train and failures"): the
// checkpoint read, and spot preemptions announced early enough to save first; against
// hand-computed values and, for the Monte Carlo, its closed form.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/error.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/hardware/host_platform.hpp"
#include "sim/report/checkpoint_cost.hpp"
#include "sim/report/goodput_monte_carlo.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

TEST(CheckpointRead, TakesTheWriteTimeUnlessAReadBandwidthIsGiven) {
  Scenario s;
  s.cluster.num_nodes = 1;
  s.cluster.gpus_per_node = 8;
  s.model = find_model_preset("llama3-8b")->model;
  // 8.0318e9 parameters × 14 B = 112.447 GB at one node's 1.2 GB/s: 93.706 s each way.
  CheckpointCost c = checkpoint_cost(s);
  EXPECT_NEAR(c.read_s, 93.706, 0.001);
  EXPECT_DOUBLE_EQ(c.read_s, c.write_s);
  // A faster file system does not help one node: min(500, 1 × 1.2) GB/s.
  s.reliability.storage_read_GBps = 500.0;
  EXPECT_NEAR(checkpoint_cost(s).read_s, 93.706, 0.001);
  // 2,048 nodes can take 2,457.6 GB/s; the file system reads at 500: 112.447 / 500 = 0.22489 s.
  s.cluster.num_nodes = 2048;
  EXPECT_NEAR(checkpoint_cost(s).read_s, 0.22489, 0.00001);
  EXPECT_NEAR(checkpoint_cost(s).write_s, 0.05622, 0.00001);  // at 2,000 GB/s
  // A given write time is also the read time unless the read bandwidth is given.
  s.reliability.storage_read_GBps = -1.0;
  s.reliability.checkpoint_write_s = 30.0;
  EXPECT_DOUBLE_EQ(checkpoint_cost(s).read_s, 30.0);
}

TEST(SpotNotice, MonteCarloMeanMatchesTheClosedFormWithAnnouncedPreemptions) {
  // Failures and announced preemptions each one per 400 h (together M = 200 h); R = 360 s;
  // τ = 7200 s, C = 36 s; an announced one saves in 36 s and loses nothing. Closed form: each
  // failure costs τ/2 + R = 3960 s, each preemption 36 + 360 = 396 s, per 1,440,000 s each.
  GoodputInputs in;
  const double rate = 1.0 / (400.0 * 3600);
  in.failures = {{InterruptionCause::gpu, 1.0, rate, 360.0},
                 {InterruptionCause::spot_preemption, 1.0, rate, 360.0, true, 36.0}};
  in.work_s = 1000.0 * 3600;
  in.interval_s = 7200.0;
  in.blocking_s = 36.0;
  in.runs = 4000;
  in.seed = 3;
  in.expected_interruptions = 5.0;
  const double closed = in.work_s * (1.0 + 36.0 / 7200.0) / (1.0 - (3960.0 + 396.0) / 1440000.0);
  const GoodputStats g = simulate_goodput(in);
  EXPECT_LT(g.stderr_time_s, 0.0001 * closed);
  EXPECT_NEAR(g.mean_time_s, closed, 3.0 * g.stderr_time_s);
  // Without the notice the same rates cost more: each preemption loses half an interval too.
  in.failures[1].notice_save_s = -1.0;
  EXPECT_GT(simulate_goodput(in).mean_time_s, closed + 1000.0);
}

TEST(PeerMemoryCheckpoint, HostCopyThenOneShardPerPeerOverTheNics) {
  Scenario s;
  s.cluster.num_nodes = 16;
  s.cluster.gpus_per_node = 8;
  s.cluster.network.nics_per_node = 8;
  s.cluster.network.link_bandwidth_Gbps = 400.0;
  s.model = find_model_preset("llama3-8b")->model;
  s.reliability.checkpoint_target = CheckpointTarget::peer_memory;
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  ASSERT_NE(gpu, nullptr);
  // 112.447 GB in 16 shards of 7.0279 GB; a node sends m − 1 = 1 copy over 8 × 50 GB/s at the
  // GPU's network efficiency; each of the 128 GPUs copies 0.87849 GB over its host link first.
  const CheckpointCost c = checkpoint_cost(s);
  const double bytes = c.bytes;
  EXPECT_NEAR(bytes, 112.447e9, 0.001e9);
  const double node_Bps = 400e9 * gpu->network_efficiency.value;
  EXPECT_NEAR(c.write_s, bytes / 16 / node_Bps, 1e-12);
  EXPECT_DOUBLE_EQ(c.lag_s, c.write_s);
  EXPECT_NEAR(c.blocking_s, bytes / 128 / (gpu->pcie_GBps.value * 1e9 * kHostLinkEfficiency),
              1e-12);
  EXPECT_DOUBLE_EQ(c.read_s, std::max(c.write_s, c.blocking_s));
  // Three copies send twice the bytes; the storage path for the same job is far slower to read.
  s.reliability.peer_replicas = 3;
  EXPECT_NEAR(checkpoint_cost(s).write_s, 2.0 * c.write_s, 1e-12);
  s.reliability.checkpoint_target = CheckpointTarget::storage;
  EXPECT_GT(checkpoint_cost(s).read_s, 10.0 * c.read_s);
}

TEST(PeerMemoryCheckpoint, NeedsAPeerForEveryCopy) {
  const std::string text =
      R"({"model": {"preset": "llama3-8b"}, "training": {"global_batch_size": 16},
    "cluster": {"gpu": "H100", "num_nodes": 2, "gpus_per_node": 8},
    "reliability": {"checkpoint_target": "peer_memory", "peer_replicas": 3}})";
  try {
    parse_scenario_text(text);
    ADD_FAILURE() << "accepted 3 copies on 2 nodes";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "reliability.peer_replicas");
  }
}

}  // namespace
}  // namespace wt
