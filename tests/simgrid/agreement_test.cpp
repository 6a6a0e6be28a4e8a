// The engines agree: for every shipped scenario, on a network without contention between distinct
// GPU pairs (every GPU its own NVSwitch port and its own NIC to one crossbar, links giving the cost
// model's alpha-beta exactly), the SimGrid engine's iteration time is within 1% of the walk's.
// The remaining difference is real: DP and PP flows of one GPU share its NIC in SimGrid, while the
// closed forms price each alone. Async parameter servers run without the stragglers' per-step
// draws here (see below).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>

#include "sim/comm/fabric.hpp"
#include "sim/comm/parameter_server.hpp"
#include "sim/engine/analytical/walk.hpp"
#include "sim/engine/simgrid/simgrid_engine.hpp"
#include "sim/engine/simgrid/uncontended_topology.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/calibration_profile.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/costs.hpp"
#include "tests/workload/layer_mix_doc.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> shipped_scenarios() {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(fs::path(WT_SOURCE_DIR) / "scenarios")) {
    const bool plan = e.path().stem().string().rfind("plan-", 0) == 0;  // planner inputs
    if (e.is_regular_file() && e.path().extension() == ".json" && !plan) {
      files.push_back(e.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

class Agreement : public ::testing::TestWithParam<std::string> {};

// SimGrid's iteration time against the walk's for `s` on the uncontended network; `label` names it.
double expect_agreement(const Scenario& s, const std::string& label) {
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  if (gpu == nullptr) {
    ADD_FAILURE() << label << ": unknown GPU";
    return 0.0;
  }
  Fabric fabric = make_fabric(s, *gpu);
  // Dragonfly: no shared local or global cables here, so none bounds the rings; both engines still
  // pick the two-level form where it is faster (on latency) and run it alike.
  fabric.dragonfly_global_Bps = 0.0;
  fabric.dragonfly_local_Bps = 0.0;
  std::optional<Calibration> calibration;
  if (s.calibration) {
    calibration.emplace(read_profile(*s.calibration), *gpu);
    fabric = calibrate_fabric(fabric, s.cluster.gpus_per_node, *calibration);
  }
  Workload w = build_workload(s);
  assign_durations(w, s, *gpu, fabric, calibration ? &*calibration : nullptr);
  const PsHosts servers = ps_hosts(s);  // dedicated servers and backup workers are nodes too
  // TPU: every chip has a port per torus dimension and direction (the per-dimension rings of a
  // torus collective share no link, as the walk's closed form assumes) and, across slices, its own
  // DCN link pair (its share of the host's).
  const ChipTorus torus = chip_torus(s.cluster);
  const int slice_gpus = s.cluster.num_slices() > 1 ? s.cluster.slice_chips() : 0;
  sg::UncontendedLinks links{fabric.intra.beta_Bps, fabric.intra.alpha_s, fabric.inter.beta_Bps,
                             fabric.inter.alpha_s};
  links.slice_gpus = slice_gpus;
  links.dcn_Bps = fabric.dcn.beta_Bps;
  links.dcn_latency_s = fabric.dcn.alpha_s;
  links.torus_dims = torus.dims;
  links.torus_wrap = torus.wrap;
  links.torus_block = torus.block_gpus;
  links.ici_Bps = fabric.ici.beta_Bps;
  links.ici_latency_s = fabric.ici.alpha_s;
  const auto network = sg::uncontended_topology(static_cast<int>(simulated_cluster(s).num_nodes),
                                                s.cluster.gpus_per_node, links);
  SimgridSetup setup;
  setup.topology = network.get();
  setup.fabric = fabric;
  setup.pin = s.parallel.collective_algorithm;
  setup.parameter_servers = servers;
  setup.slice_gpus = slice_gpus;
  setup.torus = torus;
  // Async: every worker node runs its own steps. Without the stragglers' per-step draws the
  // identical workers stay in lockstep, which is what the walk prices; with them they drift apart
  // and share the server NICs less (async_ps_test.cpp, on the real fat-tree).
  setup.async = async_steps(s);
  setup.async.compute_scale.clear();
  const double analytical_s = walk(w).iteration_s;
  const double simgrid_s = simulate_simgrid(w, setup).timeline.iteration_s;
  EXPECT_NEAR(simgrid_s, analytical_s, 0.01 * analytical_s)
      << label << ": simgrid " << simgrid_s << " s, analytical " << analytical_s << " s";
  return simgrid_s / analytical_s - 1.0;
}

// Shipped scenarios above this many GPUs are scale measurements (the 131,072-GPU files,
// docs/performance.md: one SimGrid run takes from 40 s to more than minutes); their smaller
// siblings with the same programs run here.
constexpr int64_t kMostGpus = 16384;

TEST_P(Agreement, SimgridWithinOnePercentOfTheWalkWithoutContention) {
  const Scenario s = load_scenario_file(GetParam());
  const int64_t gpus = int64_t{s.cluster.num_nodes} * s.cluster.gpus_per_node;
  if (gpus > kMostGpus) {
    GTEST_SKIP() << GetParam() << ": " << gpus
                 << " GPUs, a scale measurement (docs/performance.md)";
  }
  const double diff = expect_agreement(s, GetParam());
  RecordProperty("relative_difference", std::to_string(diff));
}

// The dense first layers of an MoE model on stage 0 and an MTP layer on the last stage
// (sim/workload/layer_mix.hpp): stages of unequal work, 1F1B and interleaved.
TEST(AgreementLayerMix, DenseFirstLayersAndMtp) {
  for (const int v : {1, 2}) {
    nlohmann::json doc = test::dense_first_mtp_doc(4, v);
    doc["training"]["global_batch_size"] = 16;
    expect_agreement(parse_scenario(doc), "dense first layers and MTP, v=" + std::to_string(v));
  }
}

// DeepSpeed-Ulysses context parallelism: its all-to-alls over the context ranks, inside a node
// (TP 1 on nodes of 8) and across nodes (TP 2 on nodes of 4: a context group spans two nodes).
TEST(AgreementUlysses, AllToAllsOfQkvAndOutput) {
  for (const int t : {1, 2}) {
    const nlohmann::json doc = {
        {"schema", 1},
        {"name", "ulysses"},
        {"model", {{"preset", "llama3-8b"}, {"seq_length", 16384}, {"num_layers", 8}}},
        {"training", {{"global_batch_size", 8}, {"micro_batch_size", 1}}},
        {"parallel",
         {{"tensor", t},
          {"context", 4},
          {"data", 2},
          {"zero_stage", 1},
          {"sequence_parallel", t > 1},
          {"cp_comm_type", "a2a"}}},
        {"cluster", {{"gpu", "h100-sxm5-80gb"}, {"num_nodes", t * t}, {"gpus_per_node", 8 / t}}}};
    expect_agreement(parse_scenario(doc), "ulysses, t=" + std::to_string(t));
  }
}

// Megatron-Core's allgather MoE dispatcher: its all-gather and reduce-scatter over the EP ranks,
// inside a node (EP 8 on nodes of 8) and across nodes (EP 8 on nodes of 4).
TEST(AgreementAllGatherDispatcher, GatherAndReduceScatterOverTheExpertRanks) {
  for (const int per_node : {8, 4}) {
    const nlohmann::json doc = {
        {"schema", 1},
        {"name", "allgather"},
        {"model", {{"preset", "mixtral-8x7b"}, {"num_layers", 4}}},
        {"training",
         {{"global_batch_size", 16}, {"micro_batch_size", 1}, {"moe_dispatcher", "allgather"}}},
        {"parallel", {{"data", 8}, {"expert", 8}, {"zero_stage", 1}}},
        {"cluster",
         {{"gpu", "h100-sxm5-80gb"}, {"num_nodes", 8 / per_node}, {"gpus_per_node", per_node}}}};
    expect_agreement(parse_scenario(doc), "allgather, " + std::to_string(per_node) + " per node");
  }
}

// MoE in every second layer: each chunk's dense layers first, then its MoE layers, with and
// without an MTP layer on the last stage.
TEST(AgreementLayerMix, MoeEverySecondLayer) {
  for (const int v : {1, 2}) {
    for (const int first_dense : {0, 1}) {
      nlohmann::json doc = test::dense_first_mtp_doc(4, v);
      doc["model"]["num_layers"] = 16;
      doc["model"]["mtp_layers"] = first_dense;
      doc["model"]["moe"]["first_dense_layers"] = first_dense;
      doc["model"]["moe"]["layer_freq"] = 2;
      doc["training"]["global_batch_size"] = 16;
      expect_agreement(parse_scenario(doc), "MoE every second layer, v=" + std::to_string(v) +
                                                ", first dense " + std::to_string(first_dense));
    }
  }
}

// Pipeline boundaries inside and across nodes: TP 2 x DP 2 puts 4 ranks on a stage, so on nodes
// of 8 stages 0-1 and 2-3 share a node and the transfers between stages 1 and 2 (and the
// interleaved wrap from 3 to 0) cross; each is priced over its own link in both engines
// (pipeline_pair_crosses_nodes). The MTP layer makes the last stage the slowest, which put every
// cross-node transfer on the critical path when all were priced as the first boundary's.
TEST(AgreementPipelineBoundaries, EachBoundaryOnItsOwnLink) {
  for (const int v : {1, 2}) {
    for (const int tensor : {2, 1}) {
      nlohmann::json doc = test::dense_first_mtp_doc(4, v);
      doc["model"]["num_layers"] = 16;
      doc["model"]["moe"]["first_dense_layers"] = 0;
      doc["parallel"]["tensor"] = tensor;
      doc["parallel"]["data"] = 4 / tensor;
      doc["parallel"]["sequence_parallel"] = tensor > 1;
      doc["training"]["global_batch_size"] = 16;
      expect_agreement(parse_scenario(doc), "pipeline boundaries, v=" + std::to_string(v) +
                                                ", tensor " + std::to_string(tensor));
    }
  }
}

// parallel.ep_comm_overlap: the expert-parallel collectives of steady forward/backward pairs run as
// flows on their own stream while the pair computes; 1F1B and interleaved, EP inside a node and
// across nodes (EP 8 on nodes of 4).
TEST(AgreementEpCommOverlap, PairsOverlapTheirExpertParallelFlows) {
  for (const auto& [v, per_node] : {std::pair{1, 8}, std::pair{2, 8}, std::pair{1, 4}}) {
    nlohmann::json doc = test::dense_first_mtp_doc(2, v);
    doc["model"]["num_layers"] = 8;
    doc["training"]["global_batch_size"] = 16;
    doc["parallel"]["tensor"] = 1;
    doc["parallel"]["sequence_parallel"] = false;
    doc["parallel"]["data"] = 8;
    doc["parallel"]["expert"] = 8;
    doc["parallel"]["ep_comm_overlap"] = true;
    doc["cluster"]["num_nodes"] = 16 / per_node;
    doc["cluster"]["gpus_per_node"] = per_node;
    expect_agreement(parse_scenario(doc), "EP overlap, v=" + std::to_string(v) + ", " +
                                              std::to_string(per_node) + " per node");
  }
}

// The first and last stages' layers stated: stages of unequal length, 1F1B and interleaved.
TEST(AgreementStatedStages, FirstAndLastStageLayers) {
  for (const int v : {1, 2}) {
    nlohmann::json doc = test::dense_first_mtp_doc(4, v);
    doc["model"]["num_layers"] = v == 1 ? 10 : 12;
    doc["training"]["global_batch_size"] = 16;
    doc["parallel"]["first_stage_layers"] = 2;
    doc["parallel"]["last_stage_layers"] = 2;
    expect_agreement(parse_scenario(doc), "stated stage layers, v=" + std::to_string(v));
  }
}

// fp8 delayed scaling's amax all-reduce closing every chunk pass (chunk_amax_sync): SimGrid waits
// its closed-form time on the compute stream, as the walk does.
TEST(AgreementFp8, AmaxReductionsPerChunkPass) {
  for (const int v : {1, 2}) {
    nlohmann::json doc = {
        {"schema", 1},
        {"name", "fp8-amax"},
        {"model", {{"preset", "gpt3-1.3b"}, {"num_layers", 16}}},
        {"training", {{"global_batch_size", 64}, {"micro_batch_size", 1}, {"precision", "fp8"}}},
        {"parallel", {{"tensor", 2}, {"pipeline", 2}, {"data", 4}, {"zero_stage", 1}}},
        {"cluster", {{"gpu", "h100-sxm5-80gb"}, {"num_nodes", 2}, {"gpus_per_node", 8}}}};
    if (v > 1) {
      doc["parallel"]["pipeline_schedule"] = "interleaved";
      doc["parallel"]["virtual_stages"] = v;
    }
    expect_agreement(parse_scenario(doc), "fp8 amax reductions, v=" + std::to_string(v));
  }
}

std::string name_of(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = fs::path(info.param).stem().string();
  std::replace_if(
      n.begin(), n.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
  return n;
}

INSTANTIATE_TEST_SUITE_P(Scenarios, Agreement, ::testing::ValuesIn(shipped_scenarios()), name_of);

}  // namespace
}  // namespace wt
