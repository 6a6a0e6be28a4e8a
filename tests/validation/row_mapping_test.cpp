// Row → scenario document, on hand-written rows shaped like the dataset's three sources.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/error.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_gpu.hpp"
#include "sim/validation/row_to_scenario.hpp"
#include "sim/validation/rows.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

// Shaped like the Megatron-LM SC'21 Table 1 rows: no micro-batch, ffn or kv heads given.
json megatron_row() {
  return json::parse(R"json({
    "row_type": "training_throughput", "id": 5, "model_name": "GPT 39.1B (Megatron-LM weak scaling)",
    "source": "Narayanan et al. (SC'21, arXiv 2104.04473), Table 1",
    "num_layers": 48, "hidden_size": 8192, "num_attention_heads": 64, "num_kv_heads": null,
    "ffn_hidden_size": null, "seq_length": 2048, "vocab_size": 51200, "moe": null,
    "global_batch_size": 1536, "micro_batch_size": null, "grad_accum_steps": null,
    "tp": 8, "pp": 2, "dp": 32, "cp": null, "ep": null, "vp": null,
    "other": {"activation_recompute": "full (per paper Eq.3)",
              "pipeline_schedule": "interleaved 1F1B + scatter/gather"},
    "gpu_model": "NVIDIA A100 SXM", "gpu_memory_gb": 80, "num_gpus": 512, "gpus_per_node": 8,
    "intra_node_interconnect": "NVLink + NVSwitch (DGX A100)",
    "inter_node_interconnect": "8x Mellanox 200 Gb/s HDR InfiniBand HCAs per node (+2 for storage)",
    "precision": "mixed precision 16-bit (paper does not say fp16 vs bf16 here)",
    "framework": "Megatron-LM",
    "metrics": {"tflops_per_gpu": 138, "tflops_includes_recompute": true}})json");
}

// Shaped like the MosaicML llm-foundry MPT rows: FSDP, no GPUs per node, a node total rate.
json mpt_row() {
  return json::parse(R"json({
    "row_type": "training_throughput", "id": 68, "model_name": "MPT-70B",
    "num_layers": 80, "hidden_size": 8192, "num_attention_heads": 64, "num_kv_heads": null,
    "ffn_hidden_size": 32768, "seq_length": 2048, "vocab_size": 50368, "moe": null,
    "global_batch_size": 512, "micro_batch_size": 4, "grad_accum_steps": 1,
    "tp": 1, "pp": 1, "dp": 128, "cp": null, "ep": null, "vp": null,
    "other": {"sharding_strategy": "FULL_SHARD", "activation_checkpointing": true},
    "gpu_model": "NVIDIA A100", "gpu_memory_gb": 40, "num_gpus": 128, "gpus_per_node": null,
    "intra_node_interconnect": null,
    "inter_node_interconnect": "1600 Gbps node-node interconnect (RoCE)",
    "precision": "bf16", "framework": "Composer/llm-foundry (PyTorch FSDP)",
    "metrics": {"mfu_pct": 48.91, "tokens_per_sec": 48194.0}})json");
}

// Shaped like the NeMo 24.12 Llama 3.1 8B rows: GQA, context parallelism, one node.
json nemo_llama_row() {
  return json::parse(R"json({
    "row_type": "training_throughput", "id": 108, "model_name": "Llama 3.1 8B",
    "num_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "num_kv_heads": 8,
    "ffn_hidden_size": 14336, "seq_length": 8192, "vocab_size": 128256, "moe": null,
    "global_batch_size": 128, "micro_batch_size": 1, "grad_accum_steps": 32,
    "tp": 1, "pp": 1, "dp": 4, "cp": 2, "ep": null, "vp": null, "other": {},
    "gpu_model": "NVIDIA H100 SXM 80GB HBM3 (700W)", "gpu_memory_gb": 80, "num_gpus": 8,
    "gpus_per_node": 8, "intra_node_interconnect": "NVLink 4th gen",
    "inter_node_interconnect": "InfiniBand compute links 8x 400 Gbit/s per node (+2x 400 Gbit/s storage)",
    "precision": "bf16", "framework": "NeMo 24.12",
    "metrics": {"iteration_time_s": 12.78, "tokens_per_sec": 82028.0}})json");
}

// Shaped like the NeMo GPT-3 175B fp8 rows: interleaved with vp given, TP 4.
json nemo_gpt_fp8_row() {
  return json::parse(R"json({
    "row_type": "training_throughput", "id": 79, "model_name": "GPT-3 175B (NeMo Megatron)",
    "num_layers": 96, "hidden_size": 12288, "num_attention_heads": 96, "num_kv_heads": null,
    "ffn_hidden_size": null, "seq_length": 2048, "vocab_size": 51200, "moe": null,
    "global_batch_size": 256, "micro_batch_size": 1, "grad_accum_steps": null,
    "tp": 4, "pp": 8, "dp": 4, "cp": 1, "ep": null, "vp": 12, "other": {},
    "gpu_model": "NVIDIA H100 SXM 80GB HBM3 (700W)", "gpu_memory_gb": 80, "num_gpus": 128,
    "gpus_per_node": 8, "intra_node_interconnect": "NVLink 4th gen",
    "inter_node_interconnect": "InfiniBand compute links 8x 400 Gbit/s per node",
    "precision": "fp8 (per table title)", "framework": "NeMo 24.12",
    "metrics": {"iteration_time_s": 5.626}})json");
}

// The scenario a row becomes once its framework profile has filled what the row leaves out.
Scenario parsed(const RowScenario& rs) {
  return parse_scenario(rs.doc);
}

bool has(const std::vector<std::string>& list, const std::string& prefix) {
  return std::any_of(list.begin(), list.end(),
                     [&](const std::string& s) { return s.rfind(prefix, 0) == 0; });
}

// Other frameworks' names for activation recompute: Megatron's recompute_granularity and its
// --recompute-activations flag (selective), Hugging Face's gradient_checkpointing and
// checkpoint_activations (whole layers), MaxText's remat_policy.
TEST(RowMapping, RecomputeUnderOtherFrameworksNames) {
  const auto mode = [](const json& other) {
    json row = megatron_row();
    row["other"] = other;
    const json t = row_to_scenario(row).doc.at("training");
    return t.value("activation_recompute", std::string("-"));
  };
  EXPECT_EQ(mode({{"recompute_granularity", "full"}, {"recompute_method", "uniform"}}), "full");
  EXPECT_EQ(mode({{"recompute_granularity", "selective"}}), "selective");
  EXPECT_EQ(mode({{"recompute_activations", true}}), "selective");
  EXPECT_EQ(mode({{"gradient_checkpointing", true}}), "full");
  EXPECT_EQ(mode({{"gradient_checkpointing", false}}), "none");
  EXPECT_EQ(mode({{"checkpoint_activations", true}}), "full");
  EXPECT_EQ(mode({{"remat_policy", "full"}}), "full");
  // The schema's own key wins.
  EXPECT_EQ(mode({{"activation_recompute", "selective"}, {"gradient_checkpointing", true}}),
            "selective");
}

TEST(RowMapping, StatedRecomputeModulesMeanSelectiveRecompute) {
  json row = megatron_row();
  row["other"].erase("activation_recompute");
  row["other"]["recompute_modules"] = "core_attn, MLP";
  const RowScenario rs = row_to_scenario(row);
  const json& t = rs.doc.at("training");
  EXPECT_EQ(t.at("activation_recompute"), "selective");
  EXPECT_EQ(t.at("recompute_modules"), json::array({"core_attn", "mlp"}));
  EXPECT_TRUE(has(rs.assumptions, "recompute modules as stated: core_attn, mlp"));
  EXPECT_EQ(parsed(rs).training.recompute_modules.size(), 2u);
  row["other"]["recompute_modules"] = json::array({"core_attn", "attention"});
  EXPECT_THROW(row_to_scenario(row), InputError);
  row["other"]["recompute_modules"] = "mlp";
  row["other"]["activation_recompute"] = "full";
  EXPECT_THROW(row_to_scenario(row), InputError);  // modules mean selective
}

// Modules named in words, as DeepSeek-V3's report writes them (§3.2.3: "Recomputation of RMSNorm
// and MLA Up-Projection"), under activation_recompute, recompute or recomputation.
TEST(RowMapping, RecomputeModulesNamedInWordsAreRead) {
  json row = megatron_row();
  row["other"].erase("activation_recompute");
  row["other"]["recomputation"] = "RMSNorm and MLA up-projection recomputed in backward";
  const json t = row_to_scenario(row).doc.at("training");
  EXPECT_EQ(t.at("activation_recompute"), "selective");
  EXPECT_EQ(t.at("recompute_modules"), json::array({"layernorm", "mla_up_proj"}));
  row["other"]["recomputation"] = "selective (core attention and shared experts)";
  EXPECT_EQ(row_to_scenario(row).doc.at("training").at("recompute_modules"),
            json::array({"core_attn", "shared_experts"}));
  row["other"]["recomputation"] = "full, uniform, 1 layer";
  EXPECT_EQ(row_to_scenario(row).doc.at("training").at("activation_recompute"), "full");
  EXPECT_FALSE(row_to_scenario(row).doc.at("training").contains("recompute_modules"));
}

bool has_assumption(const RowScenario& rs, const std::string& text) {
  return std::any_of(rs.assumptions.begin(), rs.assumptions.end(),
                     [&](const std::string& a) { return a.find(text) != std::string::npos; });
}

// Shaped like MegaScale's row (Jiang et al. NSDI'24): the methods stated in words.
json megascale_row() {
  json row = megatron_row();
  row["id"] = 1094;
  row["framework"] = "MegaScale (built on Megatron-LM)";
  row["other"] = {
      {"algorithmic_changes",
       "parallel transformer block + sliding window attention + LAMB optimizer (Sec. 3.1)"},
      {"system_optimizations",
       "3D-parallel comm overlap (incl. TP + sequence-parallel overlap, Sec. 3.2), "
       "FlashAttention-2, fused LayerNorm/GeLU, data pipeline, network tuning"}};
  return row;
}

TEST(RowMapping, StatedMethodsReachTheScenarioEachWithTheRowsWords) {
  const RowScenario rs = row_to_scenario(megascale_row());
  EXPECT_EQ(rs.doc.at("model").at("parallel_layers"), true);
  EXPECT_FALSE(rs.doc.at("model").contains("attention_window"));  // no size stated
  EXPECT_EQ(rs.doc.at("parallel").at("tp_comm_overlap"), true);
  EXPECT_EQ(rs.doc.at("parallel").at("sequence_parallel"), true);
  EXPECT_EQ(rs.doc.at("training").at("attention"), "flash2");
  EXPECT_EQ(rs.doc.at("training").at("optimizer"), "adam");
  EXPECT_TRUE(has_assumption(rs,
                             "model.parallel_layers = true: the row's 'parallel transformer block' "
                             "(other.algorithmic_changes, Sec. 3.1)"));
  EXPECT_TRUE(has_assumption(rs,
                             "the row's 'sliding window attention' (other.algorithmic_changes, "
                             "Sec. 3.1) gives no window size: full causal attention kept"));
  EXPECT_TRUE(has_assumption(rs, "optimizer: the row's 'LAMB optimizer (Sec. 3.1)'"));
  EXPECT_TRUE(has_assumption(
      rs,
      "the row's '3D-parallel comm overlap (incl. TP + sequence-parallel overlap, Sec. 3.2)' "
      "(other.system_optimizations, Sec. 3.2)"));
  EXPECT_TRUE(has_assumption(rs,
                             "training.attention = \"flash2\": the row's 'FlashAttention-2' "
                             "(other.system_optimizations)"));
  const Scenario s = parsed(rs);
  EXPECT_TRUE(s.model.fused_parallel_block());
  EXPECT_TRUE(s.parallel.tp_comm_overlap);
  EXPECT_EQ(s.model.attention_window, 0);

  json windowed = megascale_row();
  windowed["other"]["algorithmic_changes"] = "sliding window attention of 512 tokens (Sec. 3.1)";
  const RowScenario w = row_to_scenario(windowed);
  EXPECT_EQ(w.doc.at("model").at("attention_window"), 512);
  EXPECT_FALSE(w.doc.at("model").contains("parallel_layers"));
  EXPECT_EQ(parsed(w).model.attention_window, 512);

  // A row that states other.tp_comm_overlap itself keeps it.
  json stated = megascale_row();
  stated["other"]["tp_comm_overlap"] = false;
  EXPECT_EQ(row_to_scenario(stated).doc.at("parallel").at("tp_comm_overlap"), false);
}

TEST(RowMapping, MegatronRowFillsTheOpenFieldsAndSaysSo) {
  const RowScenario rs = row_to_scenario(megatron_row());
  const json& m = rs.doc.at("model");
  EXPECT_EQ(m.at("ffn_hidden_size"), 4 * 8192);
  EXPECT_EQ(m.at("num_kv_heads"), 64);
  EXPECT_EQ(m.at("gated_mlp"), false);
  const json& t = rs.doc.at("training");
  EXPECT_EQ(t.at("micro_batch_size"), 1);
  EXPECT_EQ(t.at("precision"), "fp16");
  EXPECT_EQ(t.at("framework"), "megatron-lm-2021");
  EXPECT_EQ(t.at("activation_recompute"), "full");
  const json& p = rs.doc.at("parallel");
  EXPECT_EQ(p.at("tensor"), 8);
  EXPECT_EQ(p.at("pipeline"), 2);
  EXPECT_EQ(p.at("data"), 32);
  EXPECT_EQ(p.at("context"), 1);
  EXPECT_EQ(p.at("zero_stage"), 0);
  const Scenario s = parsed(rs);
  EXPECT_FALSE(s.training.grad_reduce_in_fp32);  // fp16: Megatron-LM reduces in fp16
  EXPECT_FALSE(s.parallel.sequence_parallel);
  // Interleaved stated, vp not given: 48 / 2 = 24 layers per stage, smallest divisor > 1 is 2.
  EXPECT_EQ(p.at("pipeline_schedule"), "interleaved");
  EXPECT_EQ(p.at("virtual_stages"), 2);
  const json& c = rs.doc.at("cluster");
  EXPECT_EQ(c.at("gpu"), "a100-sxm4-80gb");
  EXPECT_EQ(c.at("num_nodes"), 64);
  EXPECT_EQ(c.at("gpus_per_node"), 8);
  EXPECT_EQ(c.at("network").at("topology"), "fat-tree");
  EXPECT_EQ(c.at("network").at("nics_per_node"), 8);
  EXPECT_EQ(c.at("network").at("link_bandwidth_Gbps"), 200.0);
  EXPECT_EQ(c.at("network").at("fat_tree").at("switch_radix"), 40);
  EXPECT_EQ(c.at("network").at("fat_tree").at("levels"), 3);

  EXPECT_TRUE(has(rs.assumptions, "micro_batch_size not given: 1"));
  EXPECT_TRUE(has(rs.assumptions, "ffn_hidden_size not given: 4 × hidden_size"));
  EXPECT_TRUE(has(rs.assumptions, "num_kv_heads not given"));
  EXPECT_TRUE(has(rs.assumptions, "precision 'mixed precision 16-bit' read as fp16"));
  EXPECT_TRUE(has(rs.assumptions, "zero_stage 0: the megatron-lm-2021 profile's"));
  EXPECT_TRUE(has(rs.assumptions, "framework 'Megatron-LM' published in 2021"));
  EXPECT_TRUE(has(rs.assumptions, "interleaved schedule stated, virtual stages not given"));
  EXPECT_TRUE(has(rs.assumptions, "network '8x Mellanox 200 Gb/s"));
  EXPECT_TRUE(has(rs.assumptions, "fat-tree: 3 levels"));
  EXPECT_FALSE(has(rs.assumptions, "gpus_per_node"));  // the row gives it
  EXPECT_EQ(rs.label, "GPT 39.1B, 512×A100-80GB, TP8 PP2 DP32 VP2, fp16");
}

TEST(RowMapping, MegatronLmWithBf16ReducesGradientsInFp32AndNemoIsNotAssumedTo) {
  json bf16 = megatron_row();
  bf16["precision"] = "bf16";
  const Scenario megatron = parsed(row_to_scenario(bf16));
  EXPECT_TRUE(megatron.training.grad_reduce_in_fp32);
  EXPECT_TRUE(has(megatron.framework_defaults, "training.grad_reduce_in_fp32 = true"));
  // bf16, NeMo's performance recipes: reduced in bf16 (performance_mode).
  const Scenario nemo = parsed(row_to_scenario(nemo_llama_row()));
  EXPECT_FALSE(nemo.training.grad_reduce_in_fp32);
}

TEST(RowMapping, MptRowIsFsdpOnA100NodesOfEight) {
  const RowScenario rs = row_to_scenario(mpt_row());
  EXPECT_EQ(rs.doc.at("training").at("activation_recompute"), "full");
  EXPECT_EQ(rs.doc.at("training").at("micro_batch_size"), 4);
  EXPECT_EQ(rs.doc.at("parallel").at("zero_stage"), 3);
  EXPECT_FALSE(rs.doc.at("parallel").contains("pipeline_schedule"));  // pp = 1
  const json& c = rs.doc.at("cluster");
  EXPECT_EQ(c.at("gpu"), "a100-sxm4-40gb");
  EXPECT_EQ(c.at("gpus_per_node"), 8);
  EXPECT_EQ(c.at("num_nodes"), 16);  // 128 / 8
  EXPECT_EQ(c.at("network").at("nics_per_node"), 8);
  EXPECT_EQ(c.at("network").at("link_bandwidth_Gbps"), 200.0);  // 1600 / 8
  EXPECT_TRUE(has(rs.assumptions, "gpus_per_node not given: 8"));
  EXPECT_TRUE(has(rs.assumptions, "GPU 'A100' read as the SXM4 module"));
  EXPECT_TRUE(has(rs.assumptions, "intra-node fabric not given"));
  EXPECT_TRUE(has(rs.assumptions,
                  "network '1600 Gbps node-node interconnect (RoCE)' read as "
                  "8 NICs × 200 Gb/s per node"));
  EXPECT_FALSE(has(rs.assumptions, "micro_batch_size"));
  EXPECT_FALSE(has(rs.assumptions, "activation recompute"));  // activation_checkpointing: true
  EXPECT_EQ(rs.label, "MPT-70B, 128×A100-40GB, TP1 PP1 DP128 ZeRO-3");
}

// torchtitan's H100 rows ran on Meta's 500 W HBM2e H100s (docs/hardware.md, "Power limits").
TEST(RowMapping, AnH100WithHbm2eIsTheCatalogsPowerLimitedPart) {
  json row = mpt_row();
  row["gpu_model"] = "NVIDIA H100 (HBM2e, 96GB, 500W power limit; Grand Teton)";
  row["gpu_memory_gb"] = 96;
  const RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpu"), "h100-sxm5-96gb-hbm2e");
  EXPECT_TRUE(has(rs.assumptions, "GPU 'H100 HBM2e' read as the catalog's h100-sxm5-96gb-hbm2e"));
  row["gpu_model"] = "NVIDIA H100 SXM";
  EXPECT_EQ(row_to_scenario(row).doc.at("cluster").at("gpu"), "h100-sxm5-80gb");
}

TEST(RowMapping, NemoLlamaRowIsGatedGqaWithContextParallelism) {
  const RowScenario rs = row_to_scenario(nemo_llama_row());
  const json& m = rs.doc.at("model");
  EXPECT_EQ(m.at("gated_mlp"), true);
  EXPECT_EQ(m.at("tied_embeddings"), false);
  EXPECT_EQ(m.at("num_kv_heads"), 8);
  EXPECT_EQ(m.at("ffn_hidden_size"), 14336);
  const json& p = rs.doc.at("parallel");
  EXPECT_EQ(p.at("context"), 2);
  EXPECT_EQ(p.at("data"), 4);
  EXPECT_EQ(p.at("zero_stage"), 1);
  const json& c = rs.doc.at("cluster");
  EXPECT_EQ(c.at("gpu"), "h100-sxm5-80gb");
  EXPECT_EQ(c.at("num_nodes"), 1);
  EXPECT_EQ(c.at("network").at("link_bandwidth_Gbps"), 400.0);
  EXPECT_EQ(c.at("network").at("fat_tree").at("switch_radix"), 64);
  EXPECT_TRUE(has(rs.assumptions, "gated MLP (SwiGLU)"));
  EXPECT_TRUE(has(rs.assumptions, "zero_stage 1: the nemo profile's"));
  const Scenario s = parsed(rs);
  EXPECT_FALSE(s.parallel.sequence_parallel);  // TP 1
  EXPECT_EQ(s.training.activation_recompute, Recompute::none);
  EXPECT_EQ(s.training.attention, AttentionKernel::cudnn);
  EXPECT_TRUE(has(s.framework_defaults, "training.activation_recompute = \"none\""));
  EXPECT_TRUE(has(s.framework_defaults, "training.attention = \"cudnn\""));
  EXPECT_FALSE(has(s.framework_defaults, "parallel.sequence_parallel"));
  EXPECT_EQ(rs.label, "Llama 3.1 8B, 8×H100, TP1 PP1 DP4 CP2 ZeRO-1");
}

TEST(RowMapping, NemoFp8RowKeepsItsVirtualStagesAndTurnsOnSequenceParallelism) {
  const RowScenario rs = row_to_scenario(nemo_gpt_fp8_row());
  EXPECT_EQ(rs.doc.at("training").at("precision"), "fp8");
  const json& p = rs.doc.at("parallel");
  EXPECT_EQ(p.at("pipeline_schedule"), "interleaved");
  EXPECT_EQ(p.at("virtual_stages"), 12);
  const Scenario s = parsed(rs);
  EXPECT_TRUE(s.parallel.sequence_parallel);
  EXPECT_TRUE(has(s.framework_defaults, "parallel.sequence_parallel = true"));
  EXPECT_FALSE(has(rs.assumptions, "interleaved schedule stated"));  // vp is given
  EXPECT_EQ(rs.label, "GPT-3 175B, 128×H100, TP4 PP8 DP4 VP12 ZeRO-1, fp8");
}

TEST(RowMapping, TpCommOverlapOnlyWhenTheRowSaysSo) {
  json row = nemo_gpt_fp8_row();
  RowScenario rs = row_to_scenario(row);
  EXPECT_FALSE(rs.doc.at("parallel").contains("tp_comm_overlap"));
  EXPECT_FALSE(parsed(rs).parallel.tp_comm_overlap);
  EXPECT_TRUE(has(parsed(rs).framework_defaults, "parallel.tp_comm_overlap = false"));
  row["other"]["tp_comm_overlap"] = true;
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("parallel").at("tp_comm_overlap"), true);
  EXPECT_FALSE(has(parsed(rs).framework_defaults, "parallel.tp_comm_overlap"));
}

TEST(RowMapping, NoCheckpointingRecomputesNothingAndAttentionIsFlashAttention2) {
  json row = mpt_row();
  row["other"]["activation_checkpointing"] = false;
  const RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("training").at("activation_recompute"), "none");
  const Scenario s = parsed(rs);
  EXPECT_EQ(s.training.attention,
            AttentionKernel::flash2);  // llm-foundry: the flash-attn 2 package
  EXPECT_TRUE(s.parallel.overlap_grad_reduce);
}

// The attention a row's other.attention names, as the kernels' own names and versions write it.
TEST(RowMapping, AttentionKernelsByTheirNamesAndVersions) {
  const auto kernel = [](const char* text) {
    json row = mpt_row();
    row["other"]["attention"] = text;
    const json t = row_to_scenario(row).doc.at("training");
    return t.value("attention", std::string("-"));
  };
  EXPECT_EQ(kernel("flash_attn 2.5.8"), "flash2");
  EXPECT_EQ(kernel("flash-attn==2.6.3"), "flash2");
  EXPECT_EQ(kernel("FA2"), "flash2");
  EXPECT_EQ(kernel("FA3"), "fused");
  EXPECT_EQ(kernel("FlashAttention-3"), "fused");
  EXPECT_EQ(kernel("math"), "unfused");  // SDPA's math backend
  EXPECT_EQ(kernel("cuDNN"), "cudnn");
}

TEST(RowMapping, RecomputeWordsOfEachFrameworkAreRead) {
  const auto mode = [](const json& other) {
    json row = mpt_row();
    row["other"] = other;
    const RowScenario rs = row_to_scenario(row);
    return std::string(to_string(parsed(rs).training.activation_recompute)) +
           (has(rs.assumptions, "activation recompute '") ? " (not understood)" : "");
  };
  EXPECT_EQ(mode({{"activation_recompute", "full (uniform, 1 layer)"}}), "full");
  EXPECT_EQ(mode({{"activation_recompute", "block"}}), "full");
  EXPECT_EQ(mode({{"activation_recompute", "selective (core attention)"}}), "selective");
  EXPECT_EQ(mode({{"activation_recompute", "None"}}), "none");
  EXPECT_EQ(mode({{"activation_checkpointing", true}}), "full");
  EXPECT_EQ(mode({{"activation_checkpointing", "yes"}}), "full");
  EXPECT_EQ(mode({{"activation_checkpointing", "off"}}), "none");
  EXPECT_EQ(mode({{"activation_recompute", "selective op"}}), "per_op");
  EXPECT_EQ(mode({{"activation_checkpointing", "per-op SAC"}}), "per_op");
  EXPECT_EQ(mode({{"activation_checkpointing", "op"}}), "per_op");
  EXPECT_EQ(mode({{"activation_checkpointing", "optional"}}), "full (not understood)");
  // Not understood: llm-foundry's default (its shipped configurations checkpoint every block).
  EXPECT_EQ(mode({{"activation_recompute", "sometimes"}}), "full (not understood)");
  EXPECT_EQ(mode(json::object()), "full");
}

TEST(RowMapping, PrecisionIsReadFromItsCommonSpellings) {
  const auto math = [](const char* text) {
    json row = mpt_row();
    row["precision"] = text;
    return row_to_scenario(row).doc.at("training").at("precision").get<std::string>();
  };
  EXPECT_EQ(math("BF16"), "bf16");
  EXPECT_EQ(math("bfloat16 mixed precision"), "bf16");
  EXPECT_EQ(math("float16 (AMP)"), "fp16");
  EXPECT_EQ(math("FP8 (Transformer Engine, e4m3/e5m2 hybrid)"), "fp8");
  EXPECT_EQ(math("float32"), "fp32");
  EXPECT_EQ(math("mixed precision"), "fp16");
  EXPECT_EQ(math("Float8 (torchao)"), "fp8");  // torchtitan's float8 converter
  EXPECT_EQ(math("apex O2"), "fp16");
  EXPECT_EQ(math("MX-FP8"), "mxfp8");
  EXPECT_EQ(math("FP4"), "nvfp4");  // Megatron-Core's --fp4: fp4_recipe nvfp4 by default
  EXPECT_EQ(math("fp4 (Blackwell)"), "nvfp4");
  json row = mpt_row();
  row["precision"] = "int4";
  EXPECT_THROW(row_to_scenario(row), InputError);
  row["precision"] = "MXFP4";  // not a training recipe of Transformer Engine
  EXPECT_THROW(row_to_scenario(row), InputError);
  row["precision"] = "fp40";
  EXPECT_THROW(row_to_scenario(row), InputError);
}

// NVIDIA's performance tables name the fp8 scaling recipe: FP8-CS, FP8-DS, FP8-SS (or in words).
TEST(RowMapping, Fp8RecipeIsReadFromThePrecisionText) {
  const auto recipe = [](const char* text) {
    json row = mpt_row();
    row["precision"] = text;
    const json t = row_to_scenario(row).doc.at("training");
    return t.contains("fp8_recipe") ? t.at("fp8_recipe").get<std::string>() : std::string("-");
  };
  EXPECT_EQ(recipe("FP8-CS"), "tensorwise");
  EXPECT_EQ(recipe("fp8 (current scaling)"), "tensorwise");
  EXPECT_EQ(recipe("FP8-DS"), "delayed");
  EXPECT_EQ(recipe("FP8 delayed scaling"), "delayed");
  EXPECT_EQ(recipe("FP8-SS"), "blockwise");
  EXPECT_EQ(recipe("fp8 blockwise"), "blockwise");
  EXPECT_EQ(recipe("fp8 (torchao rowwise)"), "rowwise");
  EXPECT_EQ(recipe("fp8_cs"), "tensorwise");
  EXPECT_EQ(recipe("Float8 tensorwise"), "tensorwise");
  EXPECT_EQ(recipe("FP8 (DeepSeek-V3's 1x128 tile-wise scaling)"), "blockwise");
  EXPECT_EQ(recipe("FP8"), "-");    // the profile's delayed
  EXPECT_EQ(recipe("MXFP8"), "-");  // a precision of its own
  EXPECT_EQ(recipe("BF16"), "-");
  // A recipe under other.* when the precision text names none: Megatron's --fp8-recipe,
  // torchtitan's Float8 recipe_name; an unknown one is said and the profile's kept.
  const auto other_recipe = [](const char* key, const char* value) {
    json row = mpt_row();
    row["precision"] = "fp8";
    row["other"][key] = value;
    const RowScenario rs = row_to_scenario(row);
    const json& t = rs.doc.at("training");
    return std::pair{
        t.contains("fp8_recipe") ? t.at("fp8_recipe").get<std::string>() : std::string("-"),
        rs.assumptions};
  };
  EXPECT_EQ(other_recipe("recipe_name", "rowwise").first, "rowwise");
  EXPECT_EQ(other_recipe("fp8_recipe", "tensorwise").first, "tensorwise");
  // torchao's rowwise_with_gw_hp (the weight gradient in 16 bits) is priced as rowwise.
  EXPECT_EQ(other_recipe("float8_recipe", "rowwise_with_gw_hp").first, "rowwise");
  const auto unknown = other_recipe("float8_recipe", "fancy");
  EXPECT_EQ(unknown.first, "-");
  EXPECT_TRUE(has(unknown.second, "other.float8_recipe 'fancy' names no fp8 recipe the model has"));
}

TEST(RowMapping, MegatronLmBefore2023IsUnfusedAndReducesGradientsAfterBackward) {
  const RowScenario rs = row_to_scenario(megatron_row());  // cites SC'21, arXiv 2104.04473
  const Scenario s = parsed(rs);
  EXPECT_EQ(s.training.framework, "megatron-lm-2021");
  EXPECT_EQ(s.training.attention, AttentionKernel::unfused);
  EXPECT_FALSE(s.parallel.overlap_grad_reduce);
  EXPECT_TRUE(has(s.framework_defaults, "training.attention = \"unfused\""));
}

TEST(RowMapping, MegatronLmOfLaterYearsOrWithFlashAttentionIsFusedByItsImplementation) {
  json later = megatron_row();
  later["source"] = "Megatron-LM README, 2024";
  later["source_locator"] = "github NVIDIA/Megatron-LM";
  const Scenario s = parsed(row_to_scenario(later));
  EXPECT_EQ(s.training.framework, "megatron-lm");
  EXPECT_EQ(s.training.attention, AttentionKernel::cudnn);
  EXPECT_FALSE(s.parallel.overlap_grad_reduce);  // Megatron-LM's command-line default
  // A row that states its attention kernel keeps it, whatever the year.
  json flash = megatron_row();
  flash["other"]["attention"] = "flash attention 2";
  EXPECT_EQ(parsed(row_to_scenario(flash)).training.attention, AttentionKernel::flash2);
  flash["other"]["attention"] = "flash (PyTorch SDPA, FLASH_ATTENTION backend)";
  EXPECT_EQ(parsed(row_to_scenario(flash)).training.attention, AttentionKernel::flash2);
  flash["other"]["attention"] = "cuDNN fused attention";
  EXPECT_EQ(parsed(row_to_scenario(flash)).training.attention, AttentionKernel::cudnn);
}

TEST(RowMapping, MicroBatchIsDerivedFromGradientAccumulation) {
  json row = mpt_row();
  row["micro_batch_size"] = nullptr;
  row["grad_accum_steps"] = 2;  // 512 / (128 × 2) = 2
  const RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("training").at("micro_batch_size"), 2);
  EXPECT_TRUE(has(rs.assumptions, "micro_batch_size not given: global_batch / (dp × grad_accum"));
}

TEST(RowMapping, WithoutMicroBatchOrAccumulationFsdpTakesTheWholeBatchAtOnce) {
  json row = mpt_row();  // FULL_SHARD, 512 sequences on 128 replicas
  row["micro_batch_size"] = nullptr;
  row["grad_accum_steps"] = nullptr;
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("training").at("micro_batch_size"), 4);
  EXPECT_TRUE(has(rs.assumptions, "micro_batch_size not given: global batch / DP = 4"));
  EXPECT_FALSE(has(rs.assumptions, "micro_batch_size not given: 1"));

  row["other"]["sharding_strategy"] = "NO_SHARD";  // plain data parallelism: micro-batches of 1
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("training").at("micro_batch_size"), 1);
  EXPECT_TRUE(has(rs.assumptions, "micro_batch_size not given: 1"));
}

TEST(RowMapping, VirtualStagesNotGivenAreEveryDivisorOfTheLayersPerStage) {
  // The document takes the smallest count; the others that divide the layers per stage are the
  // candidates validate runs against it (UnstatedVirtualStages.*).
  json row = megatron_row();
  row["num_layers"] = 105;  // 105 / 35 = 3 layers per stage → 3 chunks of 1
  row["pp"] = 35;
  row["dp"] = 1;
  row["num_gpus"] = 280;
  const RowScenario three = row_to_scenario(row);
  EXPECT_EQ(three.doc.at("parallel").at("virtual_stages"), 3);
  EXPECT_TRUE(three.virtual_stages_alternatives.empty());
  row["num_layers"] = 35;  // one layer per stage: nothing to interleave
  const RowScenario one = row_to_scenario(row);
  EXPECT_EQ(one.doc.at("parallel").at("pipeline_schedule"), "1f1b");
  EXPECT_TRUE(one.virtual_stages_alternatives.empty());
  EXPECT_TRUE(has(one.assumptions, "interleaved schedule stated but one layer per stage"));
  // Llama 3 405B's 126 layers on 16 stages: 126 + 2 (the embedding and the loss counted) = 8 a
  // stage, so 2, 4 or 8 chunks, with the first chunk holding the embedding and the last the loss
  // (Dubey et al. 2024 §3.3.2); 125 splits neither way and the stated schedule is said dropped.
  row["num_layers"] = 126;
  row["pp"] = 16;
  row["dp"] = 2;
  row["num_gpus"] = 256;
  const RowScenario llama = row_to_scenario(row);
  const json& p = llama.doc.at("parallel");
  EXPECT_EQ(p.at("virtual_stages"), 2);
  EXPECT_EQ(llama.virtual_stages_alternatives, (std::vector<int64_t>{4, 8}));
  EXPECT_EQ(p.at("account_for_embedding_in_pipeline_split"), true);
  EXPECT_EQ(p.at("account_for_loss_in_pipeline_split"), true);
  EXPECT_TRUE(has(llama.assumptions,
                  "interleaved schedule stated, virtual stages not given: each count > 1 that "
                  "divides the 8 layers per stage (126 + 2 for the embedding and the loss) is a "
                  "candidate (2, 4 and 8)"));
  row["num_layers"] = 125;
  const RowScenario uneven = row_to_scenario(row);
  EXPECT_EQ(uneven.doc.at("parallel").at("pipeline_schedule"), "1f1b");
  EXPECT_TRUE(has(uneven.assumptions,
                  "interleaved schedule stated but 125 layers do not split "
                  "evenly over 16 stages"));
  row["num_layers"] = 126;
  row["vp"] = 4;  // a stated count is kept: no candidates
  EXPECT_TRUE(row_to_scenario(row).virtual_stages_alternatives.empty());
}

// Virtual stages under other names when the row's vp is null: Megatron's
// virtual_pipeline_model_parallel_size, virtual_stages, interleaving_stages (MegaScale's table).
TEST(RowMapping, VirtualStagesUnderOtherNamesAreRead) {
  json row = megatron_row();  // 48 layers on 2 stages
  row["other"].erase("pipeline_schedule");
  for (const char* key :
       {"virtual_pipeline_model_parallel_size", "virtual_stages", "interleaving_stages"}) {
    json r = row;
    r["other"][key] = 3;
    const RowScenario rs = row_to_scenario(r);
    EXPECT_EQ(rs.doc.at("parallel").at("virtual_stages"), 3) << key;
    EXPECT_EQ(rs.doc.at("parallel").at("pipeline_schedule"), "interleaved") << key;
    EXPECT_TRUE(has(rs.assumptions, std::string("virtual stages 3: the row's other.") + key));
  }
  row["vp"] = 0;
  EXPECT_THROW(row_to_scenario(row), InputError);
}

// other.tp_comm_overlap must be true, false or null: other text is refused naming the field (it
// was dropped in silence).
TEST(RowMapping, TpCommOverlapMustBeABoolean) {
  json row = megatron_row();
  row["other"]["tp_comm_overlap"] = true;
  EXPECT_EQ(row_to_scenario(row).doc.at("parallel").at("tp_comm_overlap"), true);
  row["other"]["tp_comm_overlap"] = nullptr;
  EXPECT_FALSE(row_to_scenario(row).doc.at("parallel").contains("tp_comm_overlap"));
  row["other"]["tp_comm_overlap"] = "on";
  try {
    row_to_scenario(row);
    ADD_FAILURE() << "a text tp_comm_overlap was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("other.tp_comm_overlap"), std::string::npos) << e.what();
  }
}

// Gradient accumulation that does not divide the global batch over DP is said, not silently left
// out of the micro-batch size.
TEST(RowMapping, GradAccumulationThatDoesNotDivideIsSaid) {
  json row = megatron_row();  // global batch 1,536 over DP 32: 48 sequences a replica
  row["grad_accum_steps"] = 5;
  EXPECT_TRUE(has(row_to_scenario(row).assumptions,
                  "grad_accum_steps 5 does not divide global_batch / dp: not used"));
  row["grad_accum_steps"] = 6;
  const RowScenario six = row_to_scenario(row);
  EXPECT_EQ(six.doc.at("training").at("micro_batch_size"), 8);
  EXPECT_FALSE(has(six.assumptions, "grad_accum_steps 6"));
}

// Offload as a row states it: DeepSpeed's offload_param / offload_optimizer (a boolean or a
// device), cpu_offload by framework (FSDP's offloads the parameters), activation offload said as
// not modelled, a value that is neither refused.
TEST(RowMapping, OffloadAsTheRowStatesIt) {
  json row = mpt_row();  // llm-foundry: FSDP
  const auto offload = [&] {
    return row_to_scenario(row).doc.at("parallel").value("offload", std::string("(none)"));
  };
  EXPECT_EQ(offload(), "(none)");  // activation_cpu_offload false, nothing else
  row["other"]["cpu_offload"] = true;
  EXPECT_EQ(offload(), "parameters");
  row["other"].erase("cpu_offload");
  row["other"]["offload_optimizer"] = "cpu";
  EXPECT_EQ(offload(), "optimizer");
  row["other"]["offload_param"] = "nvme";
  EXPECT_EQ(offload(), "parameters");
  EXPECT_TRUE(has(row_to_scenario(row).assumptions,
                  "parallel.offload = parameters: the row's other.offload_param"));
  row["other"]["offload_param"] = "none";
  EXPECT_EQ(offload(), "optimizer");
  row["other"]["activation_cpu_offload"] = true;
  EXPECT_TRUE(has(row_to_scenario(row).assumptions, "activation offload stated"));
  row["other"]["offload_param"] = 3;
  EXPECT_THROW(row_to_scenario(row), InputError);
  json megatron = megatron_row();
  megatron["other"]["cpu_offload"] = true;  // DeepSpeed's legacy key: the optimizer state
  EXPECT_EQ(row_to_scenario(megatron).doc.at("parallel").at("offload"), "optimizer");
}

// Megatron's block recompute: other.recompute_num_layers under the block method recomputes that
// many layers of each chunk; under uniform (or no method) every layer, said; 0 is refused.
TEST(RowMapping, BlockRecomputeTakesTheStatedLayerCount) {
  json row = megatron_row();
  row["other"]["activation_recompute"] = "full";
  row["other"]["recompute_method"] = "block";
  row["other"]["recompute_num_layers"] = 4;
  const RowScenario block = row_to_scenario(row);
  EXPECT_EQ(block.doc.at("training").at("recompute_num_layers"), 4);
  EXPECT_TRUE(
      has(block.assumptions, "training.recompute_num_layers = 4: the row's block recompute"));
  row["other"]["recompute_method"] = "uniform";
  const RowScenario uniform = row_to_scenario(row);
  EXPECT_FALSE(uniform.doc.at("training").contains("recompute_num_layers"));
  EXPECT_TRUE(has(uniform.assumptions, "other.recompute_num_layers 4 under the uniform method"));
  row["other"]["recompute_num_layers"] = 0;
  EXPECT_THROW(row_to_scenario(row), InputError);
  row["other"]["recompute_num_layers"] = 2;
  row["other"]["activation_recompute"] = "selective";
  EXPECT_TRUE(has(row_to_scenario(row).assumptions,
                  "other.recompute_num_layers 2 without full recompute stated: not used"));
}

// FSDP's sharding strategies by their PyTorch names (with or without the enum's prefix, FSDP2's
// fully_shard), HYBRID_SHARD_ZERO2 as ZeRO-2 and said; a name not understood is said.
TEST(RowMapping, FsdpShardingStrategiesAreRead) {
  json row = mpt_row();
  const auto stage = [&](const char* strategy) {
    row["other"]["sharding_strategy"] = strategy;
    return row_to_scenario(row).doc.at("parallel").at("zero_stage").get<int>();
  };
  EXPECT_EQ(stage("FULL_SHARD"), 3);
  EXPECT_EQ(stage("ShardingStrategy.FULL_SHARD"), 3);
  EXPECT_EQ(stage("fully_shard"), 3);
  EXPECT_EQ(stage("SHARD_GRAD_OP"), 2);
  EXPECT_EQ(stage("_HYBRID_SHARD_ZERO2"), 2);
  EXPECT_EQ(stage("NO_SHARD"), 0);
  row["other"]["sharding_strategy"] = "_HYBRID_SHARD_ZERO2";
  EXPECT_TRUE(has(row_to_scenario(row).assumptions, "FSDP _HYBRID_SHARD_ZERO2 modelled as ZeRO-2"));
  row["other"]["sharding_strategy"] = "SHARD_EVERYTHING";
  EXPECT_TRUE(
      has(row_to_scenario(row).assumptions, "sharding_strategy 'SHARD_EVERYTHING' not understood"));
}

// A stated schedule the model has no form for (zero bubble, ...) is said, not priced silently as
// 1F1B; 1F1B in any spelling says nothing.
TEST(RowMapping, AStatedScheduleWithoutAModelIsSaid) {
  json row = megatron_row();
  row["other"]["pipeline_schedule"] = "ZB-H1 (zero bubble)";
  const RowScenario zb = row_to_scenario(row);
  EXPECT_EQ(zb.doc.at("parallel").at("pipeline_schedule"), "1f1b");
  EXPECT_TRUE(has(zb.assumptions,
                  "pipeline schedule 'ZB-H1 (zero bubble)' "
                  "(other.pipeline_schedule) is not modelled: 1F1B priced"));
  for (const char* plain : {"1F1B", "PipeDream-Flush", "non-interleaved 1F1B"}) {
    row["other"]["pipeline_schedule"] = plain;
    const RowScenario rs = row_to_scenario(row);
    EXPECT_EQ(rs.doc.at("parallel").at("pipeline_schedule"), "1f1b") << plain;
    EXPECT_FALSE(has(rs.assumptions, "pipeline schedule '")) << plain;
  }
}

// DualPipe: with expert parallelism its overlap of one micro-batch's forward with another's
// backward is parallel.ep_comm_overlap; its bidirectional feeding is named as not modelled.
TEST(RowMapping, DualPipeOverlapsTheExpertParallelCommunication) {
  json row = megatron_row();
  row["framework"] = "HAI-LLM (DeepSeek, DualPipe)";
  row["other"].erase("pipeline_schedule");
  const RowScenario dense = row_to_scenario(row);
  EXPECT_EQ(dense.doc.at("parallel").at("pipeline_schedule"), "1f1b");
  EXPECT_FALSE(dense.doc.at("parallel").contains("ep_comm_overlap"));
  EXPECT_TRUE(has(dense.assumptions, "DualPipe named without expert parallelism"));
  EXPECT_FALSE(has(dense.assumptions, "pipeline schedule not stated"));
  row["moe"] = {{"num_experts", 16}, {"top_k", 2}};
  row["ep"] = 8;
  const RowScenario moe = row_to_scenario(row);
  EXPECT_EQ(moe.doc.at("parallel").at("pipeline_schedule"), "1f1b");
  EXPECT_EQ(moe.doc.at("parallel").at("ep_comm_overlap"), true);
  EXPECT_TRUE(has(moe.assumptions, "DualPipe named: parallel.ep_comm_overlap = true"));
  EXPECT_TRUE(has_assumption(moe,
                             "bidirectional feeding (a smaller bubble, two copies of the "
                             "parameters) is not modelled"));
}

TEST(RowMapping, NothingStatedMeansDefaultsThatAreAllRecorded) {
  json row = mpt_row();
  row.erase("other");
  row.erase("framework");
  row["precision"] = nullptr;
  row["tp"] = nullptr;
  row["dp"] = nullptr;
  const RowScenario rs = row_to_scenario(row);
  EXPECT_FALSE(rs.doc.at("parallel").contains("data"));  // the parser derives it
  EXPECT_TRUE(has(rs.assumptions, "tp not given: 1"));
  EXPECT_TRUE(has(rs.assumptions, "dp not given: derived from the GPU count"));
  EXPECT_TRUE(has(rs.assumptions, "precision not given: bf16"));
  EXPECT_TRUE(has(rs.assumptions, "zero_stage not stated: 0"));
  EXPECT_TRUE(has(rs.assumptions, "framework not given: no profile"));
  EXPECT_EQ(parsed(rs).training.activation_recompute, Recompute::none);
  EXPECT_TRUE(has(rs.assumptions, "optimizer not stated: Adam"));
}

// LLaMA-style rows give the GPU count and the throughput but no layout: all data-parallel, which
// for a model too big for one GPU only fits with the weights sharded.
TEST(RowMapping, NoLayoutAtAllMeansShardedDataParallelism) {
  json row = mpt_row();
  row.erase("other");
  row["framework"] = "llm-foundry";  // no words naming a ZeRO stage
  row["tp"] = nullptr;
  row["pp"] = nullptr;
  row["dp"] = nullptr;
  row["micro_batch_size"] = nullptr;
  row["grad_accum_steps"] = nullptr;
  const RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("parallel").at("zero_stage"), 3);
  EXPECT_EQ(rs.doc.at("training").at("micro_batch_size"), 4);  // 512 over 128 ranks, at once
  EXPECT_TRUE(has(rs.assumptions, "no layout given: every GPU a data-parallel rank"));
}

// Which layers are MoE layers, as a row's moe object writes it: DeepSeek's first_k_dense_replace,
// Megatron-Core's --moe-layer-freq (an integer, an expression or a list), Llama 4's
// interleave_moe_layer_step; a pattern the model has no form for is refused.
// A two-matrix model of a family whose configs turn dropout off (MPT, Pythia, Falcon; the presets
// of presets_gpt_open.cpp) has none; another GPT-style model keeps Megatron's 0.1.
TEST(RowMapping, MptPythiaAndFalconTrainWithoutDropout) {
  json row = megatron_row();
  for (const char* name : {"MPT-3B", "Pythia 2.8B", "Falcon-7B"}) {
    row["model_name"] = name;
    const RowScenario rs = row_to_scenario(row);
    EXPECT_EQ(rs.doc.at("model").at("hidden_dropout"), 0.0) << name;
    EXPECT_TRUE(has(rs.assumptions, "tied input/output embeddings (GPT convention) and no dropout"))
        << name;
  }
  row["model_name"] = "GPT 3.6B";
  EXPECT_EQ(row_to_scenario(row).doc.at("model").at("hidden_dropout"), 0.1);
}

// A state-space or hybrid model (Mamba-2 mixers beside attention: Nemotron-H, Nemotron 3, Jamba)
// is not expressed, by its name or a key only such configs have: the model has no Mamba layer,
// and 118 transformer layers for Nemotron-H 56B would count 81B parameters, not 56B. Dense
// Nemotrons (Nemotron-4, the 2023 Nemotron-3 8B) are transformers.
TEST(RowMapping, StateSpaceAndHybridModelsAreNotExpressed) {
  json row = nemo_llama_row();
  for (const char* name :
       {"NemotronH_56B", "Nemotron-H 8B", "NVIDIA-Nemotron-3-Nano-30B-A3B", "nemotron_3_super",
        "Jamba 1.5 Mini", "Falcon-Mamba 7B", "Zamba2 7B", "Falcon-H1 34B", "RWKV-6 7B"}) {
    row["model_name"] = name;
    try {
      row_to_scenario(row);
      ADD_FAILURE() << name << " was expressed";
    } catch (const InputError& e) {
      EXPECT_EQ(e.path(), "row 108.model_name") << name;
      EXPECT_NE(e.problem().find("state-space or hybrid model"), std::string::npos) << name;
    }
  }
  row["model_name"] = "a model";
  row["other"] = {{"hybrid_override_pattern", "M-M-M-M*-M-M-M-M-"}};
  EXPECT_THROW(row_to_scenario(row), InputError);
  row["other"] = {{"mamba_num_heads", 128}};
  EXPECT_THROW(row_to_scenario(row), InputError);
  row["other"] = json::object();
  for (const char* name : {"Nemotron-4 15B", "Nemotron-3 8B", "Llama 3.1 8B"}) {
    row["model_name"] = name;
    EXPECT_NO_THROW(row_to_scenario(row)) << name;
  }
}

// A size the model's name carries ("1B" of "Llama 3.2 1B", 1.24B counted) is a rounded label:
// the preset the name names fills the architecture. Another count more than 10 % off says the row
// is another model, and a field the preset would have filled is then missing, with the reason.
TEST(RowMapping, ASizeTheNameCarriesIsRounded) {
  json row = nemo_llama_row();
  row["model_name"] = "Llama 3.2 1B";
  for (const char* key : {"num_layers", "hidden_size", "num_attention_heads", "num_kv_heads",
                          "ffn_hidden_size", "vocab_size"}) {
    row[key] = nullptr;
  }
  row["params"] = "1B";
  const RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("model").at("hidden_size"), 2048);
  EXPECT_EQ(rs.doc.at("model").at("num_layers"), 16);
  EXPECT_TRUE(has_assumption(rs, "as preset llama3.2-1b"));
  row["params"] = "1.6B";
  try {
    row_to_scenario(row);
    ADD_FAILURE() << "expressed with 1.6B";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "row 108.hidden_size");
    EXPECT_NE(e.problem().find("preset llama3.2-1b but the row's parameter count differs by more "
                               "than 10%"),
              std::string::npos)
        << e.what();
  }
}

// A preset named by a recipe's name fills what the row's moe object leaves out: Llama 4
// Maverick's shared expert and its MoE in every second layer, unless the row states a frequency.
TEST(RowMapping, PresetFillsTheMoeLayerFrequencyTheRowLeavesOut) {
  json row = nemo_llama_row();
  row["model_name"] = "LLAMA4_E128";
  row["params"] = "400B";
  row["num_layers"] = 48;
  row["hidden_size"] = 5120;
  row["num_attention_heads"] = 40;
  row["ffn_hidden_size"] = 16384;
  row["vocab_size"] = 202048;
  row["ep"] = 8;
  row["moe"] = {{"num_experts", 128}, {"top_k", 1}, {"moe_ffn_hidden_size", 8192}};
  RowScenario rs = row_to_scenario(row);
  const json& moe = rs.doc.at("model").at("moe");
  EXPECT_EQ(moe.at("layer_freq"), 2);
  EXPECT_EQ(moe.at("num_shared_experts"), 1);
  EXPECT_TRUE(has_assumption(rs,
                             "from preset llama4-maverick: moe.num_shared_experts 1; "
                             "moe.layer_freq 2"));
  row["moe"]["interleave_moe_layer_step"] = 1;
  EXPECT_FALSE(row_to_scenario(row).doc.at("model").at("moe").contains("layer_freq"));
}

// Megatron-Bridge's FSDP column: above 0 is Megatron FSDP (ZeRO-3 over #GPUs / (TP · PP)), 0 is
// DDP with the profile's distributed optimizer.
TEST(RowMapping, MegatronBridgeFsdpColumnMeansZeroThree) {
  json row = nemo_llama_row();
  row["framework"] = "Megatron-Bridge / NeMo 26.04.01";
  for (const json& v : {json("64"), json(1), json(8)}) {
    row["other"] = {{"fsdp_column", v}};
    const RowScenario rs = row_to_scenario(row);
    EXPECT_EQ(rs.doc.at("parallel").at("zero_stage"), 3) << v.dump();
    EXPECT_TRUE(has_assumption(rs, "Megatron-Bridge's FSDP column")) << v.dump();
  }
  for (const json& v : {json("0"), json(0)}) {
    row["other"] = {{"fsdp", v}};
    EXPECT_EQ(row_to_scenario(row).doc.at("parallel").at("zero_stage"), 1) << v.dump();
  }
}

// A dp written under another source's convention, read only where that one gives the GPU count
// exactly: #GPUs / (TP · PP) counting the context-parallel ranks, or the replicas of each expert
// beside the EP degree. A dp that fits neither stands, for the scenario's check to name.
TEST(RowMapping, DataParallelWrittenUnderAnotherConventionIsRead) {
  json row = nemo_llama_row();  // 8 GPUs: TP 1, PP 1, DP 4, CP 2
  row["dp"] = 8;
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("parallel").at("data"), 4);
  EXPECT_TRUE(has_assumption(rs, "dp 8 counts the context-parallel ranks (TP x PP x DP = 8 GPUs)"));
  EXPECT_EQ(parsed(rs).parallel.data, 4);
  row["dp"] = 3;
  EXPECT_EQ(row_to_scenario(row).doc.at("parallel").at("data"), 3);
  row["dp"] = 4;
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("parallel").at("data"), 4);
  EXPECT_FALSE(has_assumption(rs, "counts the context-parallel ranks"));

  row["cp"] = 1;
  row["dp"] = 1;
  row["ep"] = 8;
  row["moe"] = {{"num_experts", 8}, {"top_k", 2}};
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("parallel").at("data"), 8);
  EXPECT_TRUE(has_assumption(rs, "dp 1 is the replicas of each expert"));
  EXPECT_EQ(parsed(rs).parallel.expert, 8);
}

// Shared experts from the row's moe object, with or without a preset: a count and each one's
// width (DeepSeek's n_shared_experts), Megatron-Core's total width split over the count, or a
// width alone read as one expert (Qwen2-MoE's shared_expert_intermediate_size).
TEST(RowMapping, SharedExpertsFromTheRowsMoeObject) {
  json row = nemo_llama_row();
  row["model_name"] = "an MoE model";
  row["ep"] = 4;
  const auto moe_with = [&](const json& extra) {
    json moe = {{"num_experts", 8}, {"top_k", 2}, {"moe_ffn_hidden_size", 768}};
    moe.update(extra);
    row["moe"] = moe;
    return row_to_scenario(row);
  };
  json m = moe_with({{"n_shared_experts", 2}}).doc.at("model").at("moe");
  EXPECT_EQ(m.at("num_shared_experts"), 2);
  EXPECT_FALSE(m.contains("shared_expert_ffn_hidden_size"));  // the routed experts' width
  m = moe_with({{"n_shared_experts", 2}, {"moe_shared_expert_intermediate_size", 3072}})
          .doc.at("model")
          .at("moe");
  EXPECT_EQ(m.at("shared_expert_ffn_hidden_size"), 1536);
  const RowScenario one = moe_with({{"shared_expert_intermediate_size", 5632}});
  m = one.doc.at("model").at("moe");
  EXPECT_EQ(m.at("num_shared_experts"), 1);
  EXPECT_EQ(m.at("shared_expert_ffn_hidden_size"), 5632);
  EXPECT_TRUE(has_assumption(one, "moe: one shared expert of 5632"));
  EXPECT_FALSE(
      moe_with({{"shared_experts", 0}}).doc.at("model").at("moe").contains("num_shared_experts"));
}

// A global batch given in tokens ("4M tokens", as papers write it) is that many sequences of the
// model's length: whole sequences, so "4M" of 4096-token sequences is 4 · 2^20 (1024 of them).
TEST(RowMapping, GlobalBatchInTokens) {
  json row = nemo_llama_row();  // seq_length 8192
  row["global_batch_size"] = nullptr;
  row["grad_accum_steps"] = nullptr;
  row["other"] = {{"global_batch_tokens", "4M"}};
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("training").at("global_batch_size"), 512);
  EXPECT_TRUE(has_assumption(rs, "global_batch_size not given: 4.1943e+06 tokens"));
  // 1,000,000 tokens: 122.07 sequences, the nearest 122, which the 4 replicas cannot share; the
  // uneven-batch rule then runs 31 micro-batches per replica, 124.
  row["other"] = {{"global_batch_tokens", 1000000}};
  rs = row_to_scenario(row);
  EXPECT_TRUE(has_assumption(rs,
                             "1e+06 tokens (the row's global_batch_tokens) over 8192 tokens "
                             "a sequence, 122 sequences"));
  EXPECT_EQ(rs.doc.at("training").at("global_batch_size"), 124);
  row["other"] = json::object();
  EXPECT_THROW(row_to_scenario(row), InputError);  // neither given
}

// The names Hugging Face configs (DeepSeek, Qwen, Mixtral) and Megatron's arguments give the
// experts, top-k and expert FFN width read like the row schema's own.
TEST(RowMapping, MoeFieldsUnderTheirConfigNames) {
  json row = nemo_llama_row();
  row["model_name"] = "an MoE model";
  row["ep"] = 4;
  for (const json& moe :
       {json{{"n_routed_experts", 8}, {"num_experts_per_tok", 2}, {"moe_intermediate_size", 768}},
        json{{"num_local_experts", 8}, {"moe_router_topk", 2}, {"moe_ffn_hidden_size", 768}},
        json{{"moe_num_experts", 8}, {"moe_top_k", 2}, {"expert_ffn_hidden_size", 768}}}) {
    row["moe"] = moe;
    const RowScenario rs = row_to_scenario(row);
    const json& m = rs.doc.at("model").at("moe");
    EXPECT_EQ(m.at("num_experts"), 8) << moe.dump();
    EXPECT_EQ(m.at("top_k"), 2) << moe.dump();
    EXPECT_EQ(m.at("moe_ffn_hidden_size"), 768) << moe.dump();
    EXPECT_FALSE(has(rs.assumptions, "MoE top_k not given")) << moe.dump();
    EXPECT_FALSE(has(rs.assumptions, "MoE expert FFN size not given")) << moe.dump();
  }
}

TEST(RowMapping, MoeLayersFromTheRowsMoeObject) {
  json row = nemo_llama_row();
  row["model_name"] = "an MoE model";
  row["moe"] = {{"num_experts", 8}, {"top_k", 2}, {"first_k_dense_replace", 2}};
  row["ep"] = 4;
  const auto moe_of = [&] { return row_to_scenario(row).doc.at("model").at("moe"); };
  EXPECT_EQ(moe_of().at("first_dense_layers"), 2);
  row["moe"] = {{"num_experts", 8}, {"top_k", 2}, {"moe_layer_freq", "([0]*3+[1]*29)"}};
  const RowScenario pattern = row_to_scenario(row);
  EXPECT_EQ(pattern.doc.at("model").at("moe").at("first_dense_layers"), 3);
  EXPECT_FALSE(pattern.doc.at("model").at("moe").contains("layer_freq"));
  EXPECT_TRUE(has(pattern.assumptions,
                  "moe.first_dense_layers 3, moe.layer_freq 1: the row's moe.moe_layer_freq"));
  json one_dense = json::array({0});
  for (int i = 1; i < 32; ++i)
    one_dense.push_back(1);
  row["moe"]["moe_layer_freq"] = one_dense;
  EXPECT_EQ(moe_of().at("first_dense_layers"), 1);
  row["moe"]["moe_layer_freq"] = 1;
  EXPECT_FALSE(moe_of().contains("first_dense_layers"));
  EXPECT_FALSE(moe_of().contains("layer_freq"));
  // Every second layer: Llama 4 Maverick's step, its list and Megatron-Core's expressions.
  for (const json& every_second : {json(2), json("2"), json("([0,1]*16)"), json("[1,0]*16")}) {
    row["moe"] = {{"num_experts", 8}, {"top_k", 2}, {"interleave_moe_layer_step", every_second}};
    const json moe = moe_of();
    EXPECT_EQ(moe.at("layer_freq"), 2) << every_second.dump();
    EXPECT_FALSE(moe.contains("first_dense_layers")) << every_second.dump();
  }
  for (const json& irregular : {json::array({0, 1, 1, 0, 1, 0, 0, 1}), json("[1,0,0]*2+[1]*26"),
                                json("[0,1]*8"),  // 16 layers listed, the model has 32
                                json("every other layer"), json(0)}) {
    row["moe"] = {{"num_experts", 8}, {"top_k", 2}, {"moe_layer_freq", irregular}};
    try {
      row_to_scenario(row);
      ADD_FAILURE() << irregular.dump() << " was not refused";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("moe.moe_layer_freq"), std::string::npos) << e.what();
    }
  }
}

TEST(RowMapping, MoeRowMapsExpertsAndExpertParallelism) {
  json row = nemo_llama_row();
  row["model_name"] = "Mixtral 8x7B";
  row["moe"] = {{"num_experts", 8}, {"top_k", 2}};
  row["ep"] = 4;
  const RowScenario rs = row_to_scenario(row);
  const json& moe = rs.doc.at("model").at("moe");
  EXPECT_EQ(moe.at("num_experts"), 8);
  EXPECT_EQ(moe.at("top_k"), 2);
  EXPECT_EQ(moe.at("moe_ffn_hidden_size"), 14336);
  EXPECT_EQ(rs.doc.at("parallel").at("expert"), 4);
  EXPECT_TRUE(has(rs.assumptions, "MoE expert FFN size not given"));
  EXPECT_FALSE(moe.contains("capacity_factor"));
  EXPECT_TRUE(has(rs.assumptions, "MoE capacity factor not given: dropless"));
  row["moe"]["capacity_factor"] = 1.25;
  EXPECT_EQ(row_to_scenario(row).doc.at("model").at("moe").at("capacity_factor"), 1.25);
}

TEST(RowMapping, HopperVariantsMapToTheirCatalogGpu) {
  json row = nemo_gpt_fp8_row();
  row["gpu_model"] = "NVIDIA H200 SXM 141GB";
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpu"), "h200-sxm-141gb");
  EXPECT_FALSE(has(rs.assumptions, "GPU 'GH200'"));
  row["gpu_model"] = "NVIDIA GH200 Grace Hopper Superchip 96GB";
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpu"), "gh200-96gb");
  row["gpu_model"] = "NVIDIA GH200 144GB HBM3e";
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpu"), "h200-sxm-141gb");
  EXPECT_TRUE(has(rs.assumptions, "GPU 'GH200' with 144 GB of HBM3e read as the H200"));
}

TEST(RowMapping, AnA100WithoutItsMemoryIsThe80GbModule) {
  json row = megatron_row();
  row["gpu_memory_gb"] = nullptr;
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpu"), "a100-sxm4-80gb");
  EXPECT_TRUE(has(rs.assumptions, "A100 memory not given: the 80 GB module"));
  row["gpu_model"] = "NVIDIA A100 SXM4 40GB";
  EXPECT_EQ(row_to_scenario(row).doc.at("cluster").at("gpu"), "a100-sxm4-40gb");
}

// A value of the wrong kind where the mapping would otherwise read "not given" and substitute a
// default is refused, naming the field: a node of no GPUs, a GPU of no memory, a precision that is
// not text. PyTorch Lightning's precision flag (16, 32, "16-bit") reads as the bits it names.
TEST(RowMapping, ValuesThatWouldReadAsNotGivenAreRefused) {
  const auto refused_at = [](const json& row) -> std::string {
    try {
      row_to_scenario(row);
    } catch (const InputError& e) {
      return e.path();
    }
    return "(expressed)";
  };
  json row = nemo_llama_row();
  row["gpus_per_node"] = -1;
  EXPECT_EQ(refused_at(row), "row 108.gpus_per_node");
  row["gpus_per_node"] = 0;
  EXPECT_EQ(refused_at(row), "row 108.gpus_per_node");
  row = nemo_llama_row();
  row["gpu_memory_gb"] = 0;
  EXPECT_EQ(refused_at(row), "row 108.gpu_memory_gb");
  row = nemo_llama_row();
  for (const json& bad : {json(true), json(0), json(8), json::array(), json::object()}) {
    row["precision"] = bad;
    EXPECT_EQ(refused_at(row), "row 108.precision") << bad.dump();
  }
  for (const auto& [given, read] :
       {std::pair{json(16), "fp16"}, std::pair{json(32), "fp32"}, std::pair{json("16-bit"), "fp16"},
        std::pair{json("32-true"), "fp32"}, std::pair{json("16-mixed"), "fp16"},
        std::pair{json("bf16-mixed"), "bf16"}}) {
    row["precision"] = given;
    EXPECT_EQ(row_to_scenario(row).doc.at("training").at("precision"), read) << given.dump();
  }
}

TEST(RowMapping, OtherGpuNamesMapToCatalogIds) {
  json row = megatron_row();
  row["precision"] = "fp16";
  row["gpu_model"] = "NVIDIA Tesla V100 SXM2";
  row["gpu_memory_gb"] = 32;
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpu"), "v100-sxm2-32gb");
  EXPECT_FALSE(has(rs.assumptions, "GPU 'V100'"));
  row["gpu_memory_gb"] = 16;
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpu"), "v100-sxm2-32gb");
  EXPECT_TRUE(has(rs.assumptions,
                  "gpu_memory_gb 16 is not the 32 GB of v100-sxm2-32gb: the catalog part's memory "
                  "sets what fits"));
  row["gpu_model"] = "NVIDIA B200";
  EXPECT_EQ(row_to_scenario(row).doc.at("cluster").at("gpu"), "b200");
}

// A cloud instance names the GPU and the network together (data/reference/hardware-and-prices.json,
// cloud_prices and network.nic_per_node): a p4d is 8 A100 40 GB on 4 × 100 Gb/s of EFA, not the
// A100 default of 8 × 200 Gb/s InfiniBand.
TEST(RowMapping, CloudInstanceNamesGiveTheGpuAndTheNetwork) {
  struct Case {
    const char* field;
    const char* text;
    const char* gpu;
    int64_t nics;
    double nic_Gbps;
    bool efa;
  };
  const Case cases[] = {
      {"gpu_model", "p4d.24xlarge", "a100-sxm4-40gb", 4, 100.0, true},
      {"gpu_model", "NVIDIA A100 (AWS P4de instances)", "a100-sxm4-80gb", 4, 100.0, true},
      {"gpu_model", "p5.48xlarge", "h100-sxm5-80gb", 32, 100.0, true},
      {"gpu_model", "Amazon EC2 p5en.48xlarge", "h200-sxm-141gb", 16, 200.0, true},
      {"gpu_model", "p6-b200.48xlarge", "b200", 8, 400.0, true},
      {"inter_node_interconnect", "GPUDirect-TCPXO (a3-megagpu-8g)", "h100-sxm5-80gb", 8, 200.0,
       false},
      {"gpu_model", "H100 80GB on A3 High VMs", "h100-sxm5-80gb", 4, 200.0, false},
      {"gpu_model", "Standard_ND96amsr_A100_v4", "a100-sxm4-80gb", 8, 200.0, false},
      {"gpu_model", "Azure ND MI300X v5", "mi300x", 8, 400.0, false},
      {"instance_type", "p4d.24xlarge", "a100-sxm4-40gb", 4, 100.0, true},
  };
  for (const Case& c : cases) {
    json row = mpt_row();
    row["gpu_model"] = c.field == std::string("gpu_model") ? c.text : "NVIDIA A100";
    if (c.field == std::string("inter_node_interconnect")) row["gpu_model"] = "NVIDIA H100";
    if (c.field == std::string("instance_type")) row["other"]["instance_type"] = c.text;
    row["gpu_memory_gb"] = nullptr;
    row["inter_node_interconnect"] =
        c.field == std::string("inter_node_interconnect") ? json(c.text) : json(nullptr);
    const RowScenario rs = row_to_scenario(row);
    const json& cluster = rs.doc.at("cluster");
    EXPECT_EQ(cluster.at("gpu"), c.gpu) << c.text;
    EXPECT_EQ(cluster.at("network").at("nics_per_node"), c.nics) << c.text;
    EXPECT_EQ(cluster.at("network").at("link_bandwidth_Gbps"), c.nic_Gbps) << c.text;
    EXPECT_EQ(cluster.at("network").value("transport", ""), c.efa ? "efa" : "") << c.text;
    EXPECT_TRUE(has(rs.assumptions, "instance ")) << c.text;
    EXPECT_NO_THROW(parsed(rs)) << c.text;
  }

  // The row's own network text wins over the instance's; an InfiniBand text is not EFA.
  json row = mpt_row();
  row["gpu_model"] = "p4de.24xlarge";
  row["inter_node_interconnect"] = "8x 200 Gb/s HDR InfiniBand";
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("network").at("nics_per_node"), 8);
  EXPECT_FALSE(rs.doc.at("cluster").at("network").contains("transport"));
  // A rate without a fabric on an EFA instance is EFA.
  row["gpu_model"] = "p5.48xlarge";
  row["inter_node_interconnect"] = "3200 Gbps";
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("network").at("transport"), "efa");

  // An A2 Mega VM holds 16 GPUs.
  row = mpt_row();
  row["gpu_model"] = "a2-megagpu-16g";
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpus_per_node"), 16);

  // A row whose gpu_model names another part keeps it, and the instance is not read.
  row = mpt_row();
  row["gpu_model"] = "NVIDIA H100 SXM";
  row["inter_node_interconnect"] = nullptr;
  row["other"]["instance_type"] = "p4d.24xlarge";
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpu"), "h100-sxm5-80gb");
  EXPECT_EQ(rs.doc.at("cluster").at("network").at("nics_per_node"), 8);
  EXPECT_TRUE(has(rs.assumptions, "gpu_model names another GPU than the p4d.24xlarge"));
}

// Every accelerator of the catalog is reachable by its name, in the node it comes in: PCIe cards on
// PCIe, AMD's 8-GPU baseboards on an Infinity Fabric mesh, Gaudi 3 on its RoCE mesh, Trainium2's
// 16 chips on NeuronLink, TPUs by host on ICI.
TEST(RowMapping, EveryCatalogAcceleratorMapsWithItsNode) {
  struct Case {
    const char* gpu_model;
    const char* id;
    const char* fabric;
    int64_t gpus_per_node;
  };
  const Case cases[] = {{"AMD Instinct MI300X", "mi300x", "xgmi", 8},
                        {"MI325X", "mi325x", "xgmi", 8},
                        {"AMD MI355X OAM", "mi355x", "xgmi", 8},
                        {"AMD Instinct MI250X", "mi250x-gcd", "nvswitch", 8},
                        {"Intel Gaudi 3", "gaudi3", "nvlink-mesh", 8},
                        {"AWS Trainium2 (trn2.48xlarge)", "trainium2", "neuronlink", 16},
                        {"NVIDIA L40S", "l40s", "pcie", 8},
                        {"NVIDIA L4", "l4", "pcie", 8},
                        {"NVIDIA A10", "a10", "pcie", 8},
                        {"Tesla T4", "t4", "pcie", 8},
                        {"NVIDIA H100 PCIe", "h100-pcie-80gb", "pcie", 8},
                        {"NVIDIA A100 PCIe 80GB", "a100-pcie-80gb", "pcie", 8},
                        {"NVIDIA DGX B300", "b300", "nvswitch", 8},
                        {"NVIDIA GH200 Grace Hopper Superchip", "gh200-96gb", "nvlink-mesh", 4},
                        {"Grace Hopper", "gh200-96gb", "nvlink-mesh", 4},
                        {"NVIDIA A800 SXM4 80GB", "a800-sxm4-80gb", "nvswitch", 8},
                        {"NVIDIA DGX B200", "b200", "nvswitch", 8},
                        {"Cloud TPU v4", "tpu-v4", "ici", 4},
                        {"TPU v5p", "tpu-v5p", "ici", 4},
                        {"TPU v5 lite (v5litepod)", "tpu-v5e", "ici", 8},
                        {"Trillium (TPU v6e)", "tpu-v6e", "ici", 8}};
  for (const Case& c : cases) {
    json row = megatron_row();
    row["gpu_model"] = c.gpu_model;
    row["gpu_memory_gb"] = nullptr;
    row["gpus_per_node"] = nullptr;
    row["intra_node_interconnect"] = nullptr;
    row["num_gpus"] = 256;
    row["dp"] = 16;
    row["pp"] = 2;
    row["precision"] = std::string(c.id) == "t4" ? "fp16" : "bf16";  // Turing has no bf16
    const RowScenario rs = row_to_scenario(row);
    const json& cluster = rs.doc.at("cluster");
    EXPECT_EQ(cluster.at("gpu"), c.id) << c.gpu_model;
    EXPECT_EQ(cluster.at("intra_node").at("fabric"), c.fabric) << c.gpu_model;
    EXPECT_EQ(cluster.at("gpus_per_node"), c.gpus_per_node) << c.gpu_model;
    EXPECT_NO_THROW(parsed(rs)) << c.gpu_model;
  }
}

TEST(RowMapping, ATpuRowIsASliceTorusOrSeveralBeyondAPod) {
  json row = megatron_row();
  row["gpu_model"] = "Google TPU v5e";
  row["gpus_per_node"] = nullptr;
  row["precision"] = "bf16";
  row["num_gpus"] = 256;
  row["dp"] = 16;
  row["pp"] = 2;
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("network").at("torus").at("dims"), json({16, 16}));
  EXPECT_FALSE(rs.doc.at("cluster").contains("dcn"));
  EXPECT_TRUE(has(rs.assumptions, "TPU v5e slice not given: 16x16"));
  // 1,024 v5e chips are four 16 x 16 pods joined by the data-center network.
  row["num_gpus"] = 1024;
  row["dp"] = 64;
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("network").at("torus").at("dims"), json({16, 16}));
  EXPECT_EQ(rs.doc.at("cluster").at("dcn").at("num_slices"), 4);
  EXPECT_NO_THROW(parsed(rs));
  // A shape the row gives is taken: two v4 slices of 4x4x8.
  row["gpu_model"] = "TPU v4";
  row["num_gpus"] = 256;
  row["dp"] = 16;
  row["other"]["topology"] = "2 slices of 4x4x8";
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("network").at("torus").at("dims"), json({4, 4, 8}));
  EXPECT_EQ(rs.doc.at("cluster").at("dcn").at("num_slices"), 2);
  EXPECT_TRUE(has(rs.assumptions, "TPU v4 slice 4x4x8: the row's '4x4x8' (other.topology)"));
  EXPECT_NO_THROW(parsed(rs));
}

TEST(RowMapping, GpusThatAreNotWholeNodesOfEightFormSmallerNodesWhenTheRowGivesNone) {
  json row = megatron_row();
  row["gpus_per_node"] = nullptr;
  row["num_gpus"] = 96;
  row["dp"] = 12;
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpus_per_node"), 8);
  row["num_gpus"] = 12;
  row["tp"] = 4;
  row["pp"] = 1;
  row["dp"] = 3;
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpus_per_node"), 4);
  EXPECT_EQ(rs.doc.at("cluster").at("num_nodes"), 3);
  EXPECT_TRUE(has(rs.assumptions, "12 GPUs are not whole nodes of 8: nodes of 4"));
}

TEST(RowMapping, AnEfaNetworkRunsNcclsSimpleProtocol) {
  json row = megatron_row();
  row["inter_node_interconnect"] = "EFA v2, 3200 Gbps per node (p5.48xlarge)";
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("network").at("transport"), "efa");
  EXPECT_EQ(rs.doc.at("cluster").at("network").at("link_bandwidth_Gbps"), 400.0);
  EXPECT_TRUE(has(rs.assumptions, "network transport efa"));
  EXPECT_EQ(parsed(rs).cluster.network.transport, NetworkTransport::efa);
  row["inter_node_interconnect"] = "8x 200 Gb/s HDR InfiniBand";
  EXPECT_FALSE(row_to_scenario(row).doc.at("cluster").at("network").contains("transport"));
}

TEST(RowMapping, TheMostEvenTpuSliceIsTheOneItsTorusTakes) {
  EXPECT_EQ(even_tpu_slice(64, true), (std::vector<int>{4, 4, 4}));
  EXPECT_EQ(even_tpu_slice(128, true), (std::vector<int>{4, 4, 8}));
  EXPECT_EQ(even_tpu_slice(4096, true), (std::vector<int>{16, 16, 16}));
  EXPECT_EQ(even_tpu_slice(8, true), (std::vector<int>{2, 2, 2}));
  EXPECT_EQ(even_tpu_slice(4, true), (std::vector<int>{2, 2}));
  EXPECT_EQ(even_tpu_slice(48, true), (std::vector<int>{2, 2, 12}));  // 3 and 6 are no sizes
  EXPECT_EQ(even_tpu_slice(128, false), (std::vector<int>{8, 16}));
  EXPECT_EQ(even_tpu_slice(32, false), (std::vector<int>{4, 8}));
  EXPECT_TRUE(even_tpu_slice(512, false).empty());  // beyond a 16 x 16 pod
  EXPECT_TRUE(even_tpu_slice(6, true).empty());     // 2 x 3: 3 is no slice size
}

TEST(RowMapping, SequenceParallelismAsStatedElseTheProfiles) {
  const auto sp = [](const json& row) {
    return parsed(row_to_scenario(row)).parallel.sequence_parallel;
  };
  json row = megatron_row();  // Megatron-LM 2021, TP 8: off unless stated
  EXPECT_FALSE(sp(row));
  row["other"]["sequence_parallel"] = true;
  EXPECT_TRUE(sp(row));
  row["other"]["sequence_parallel"] = "yes";
  EXPECT_TRUE(sp(row));
  row["other"]["sequence_parallel"] = "sometimes";
  const RowScenario rs = row_to_scenario(row);
  EXPECT_FALSE(parsed(rs).parallel.sequence_parallel);
  EXPECT_TRUE(has(rs.assumptions, "sequence_parallel 'sometimes' not understood"));

  json nemo = nemo_gpt_fp8_row();  // NeMo, TP 4: on unless stated off
  EXPECT_TRUE(sp(nemo));
  nemo["other"]["sequence_parallel"] = false;
  EXPECT_FALSE(sp(nemo));
}

void expect_refused(const json& row, const std::string& path) {
  try {
    row_to_scenario(row);
    ADD_FAILURE() << "expected an InputError at " << path;
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), path) << e.what();
  }
}

// torchtitan's names for a layout and its options: tensor_parallel_degree,
// data_parallel_shard_degree × data_parallel_replicate_degree (HSDP; -1 takes the GPUs left), the
// degrees spelled out in a text ("Tensor Parallel 8", "8-way tensor parallelism"), its Float8
// converter beside bf16, and async TP.
TEST(RowMapping, TorchtitanConfigNamesAreRead) {
  // The names are read before the mapping (completed_row), whose readings are said.
  std::vector<std::string> readings;
  const auto mapped = [&](const json& row) {
    readings.clear();
    return row_to_scenario(completed_row(row, readings));
  };
  const auto read = [&](const std::string& text) {
    return std::any_of(readings.begin(), readings.end(),
                       [&](const std::string& r) { return r.find(text) != std::string::npos; });
  };
  json row = nemo_llama_row();  // 8 H100s
  row["framework"] = "torchtitan";
  row["tp"] = nullptr;
  row["dp"] = nullptr;
  row["cp"] = nullptr;
  row["grad_accum_steps"] = nullptr;
  row["other"] = {{"tensor_parallel_degree", 2},
                  {"data_parallel_shard_degree", 2},
                  {"data_parallel_replicate_degree", 2}};
  RowScenario rs = mapped(row);
  EXPECT_EQ(rs.doc.at("parallel").at("tensor"), 2);
  EXPECT_EQ(rs.doc.at("parallel").at("data"), 4);
  EXPECT_TRUE(read("data_parallel_shard_degree 2 x data_parallel_replicate_degree 2 = 4"));
  row["other"] = {{"tensor_parallel_degree", 2}, {"data_parallel_shard_degree", -1}};
  EXPECT_FALSE(mapped(row).doc.at("parallel").contains("data"));
  EXPECT_EQ(parsed(mapped(row)).parallel.data, 4);
  for (const char* text : {"2D: FSDP2 (4 ranks) + Tensor Parallel 2", "2-way tensor parallelism"}) {
    row["other"] = {{"parallelism", text}};
    EXPECT_EQ(mapped(row).doc.at("parallel").at("tensor"), 2) << text;
  }
  row["other"] = {{"converters", {"float8"}},
                  {"enable_async_tensor_parallel", true},
                  {"tensor_parallel_degree", 2}};
  rs = mapped(row);
  EXPECT_EQ(rs.doc.at("training").at("precision"), "fp8");
  EXPECT_TRUE(has_assumption(rs, "the row's other.converters switches fp8 linears on"));
  EXPECT_EQ(rs.doc.at("parallel").at("tp_comm_overlap"), true);
  row["other"] = {{"fp8", "hybrid"}};  // Megatron's --fp8-format
  EXPECT_EQ(mapped(row).doc.at("training").at("precision"), "fp8");
}

// A fine-tuning run is read from the words a row gives it: LoRA or QLoRA (not MLA's kv_lora_rank),
// with the rank and targets it states, else its framework's defaults; SFT is every weight trained
// (priced as pre-training); a LoRA scheme beats a plain "finetuning" row type.
TEST(RowMapping, FineTuningIsReadFromTheRowsWords) {
  const auto finetune = [](const json& row) {
    const json t = row_to_scenario(row).doc.at("training");
    return t.contains("finetune") ? t.at("finetune") : json();
  };
  json row = nemo_llama_row();
  EXPECT_TRUE(finetune(row).is_null());
  row["model_name"] = "Llama 3.1 8B LoRA";
  EXPECT_EQ(finetune(row),
            json({{"method", "lora"}, {"rank", 32}, {"target_modules", "all-linear"}}));
  EXPECT_TRUE(has_assumption(row_to_scenario(row), "NeMo's and Megatron-Bridge's defaults"));
  EXPECT_EQ(parsed(row_to_scenario(row)).training.finetune.method, FinetuneMethod::lora);
  row["model_name"] = "Llama 3.1 8B SFT";
  EXPECT_TRUE(finetune(row).is_null());
  EXPECT_TRUE(has_assumption(row_to_scenario(row), "fine-tuning with every weight trained"));
  row["model_name"] = "Llama 3.1 8B";
  row["row_type"] = "finetuning_throughput";
  row["other"] = {{"peft_scheme", "qlora"}, {"lora_rank", 16}};
  EXPECT_EQ(finetune(row),
            json({{"method", "qlora"}, {"rank", 16}, {"target_modules", "all-linear"}}));
  row["other"] = {{"task", "LoRA fine-tuning"},
                  {"lora", {{"dim", 8}, {"target_modules", {"linear_qkv", "linear_fc2"}}}}};
  EXPECT_EQ(finetune(row),
            json({{"method", "lora"}, {"rank", 8}, {"target_modules", "q,k,v,down"}}));
  row["other"] = {{"attention", "MLA (kv_lora_rank 512)"}};
  row["row_type"] = "training_throughput";
  EXPECT_TRUE(finetune(row).is_null());
  row["other"] = {{"use_lora", true}, {"target_modules", "bogus"}};
  expect_refused(row, "row 108.other.target_modules");
  row["framework"] = "Hugging Face Trainer";
  row["other"] = {{"use_lora", true}};
  EXPECT_EQ(finetune(row), json({{"method", "lora"}, {"rank", 8}, {"target_modules", "q,v"}}));
  // Axolotl's keys: adapter, lora_r, lora_target_linear.
  row["framework"] = "Axolotl";
  row["other"] = {{"adapter", "qlora"}, {"lora_r", 32}, {"lora_target_linear", true}};
  EXPECT_EQ(finetune(row),
            json({{"method", "qlora"}, {"rank", 32}, {"target_modules", "all-linear"}}));
  row["framework"] = "Hugging Face Trainer";
  // LoRA's frozen base GEMMs may run in fp8 (Transformer Engine); QLoRA's may not.
  row["other"] = {{"use_lora", true}};
  row["precision"] = "fp8";
  EXPECT_EQ(parsed(row_to_scenario(row)).training.precision, Precision::fp8);
  row["other"] = {{"use_qlora", true}};
  EXPECT_THROW(parsed(row_to_scenario(row)), InputError);
}

TEST(RowMapping, ParameterCountsAreReadWithTheirUnit) {
  EXPECT_DOUBLE_EQ(*count_with_unit("1.7B"), 1.7e9);
  EXPECT_DOUBLE_EQ(*count_with_unit("340M"), 340e6);
  EXPECT_DOUBLE_EQ(*count_with_unit("about 70 B"), 70e9);
  EXPECT_DOUBLE_EQ(*count_with_unit("1.2T"), 1.2e12);
  EXPECT_DOUBLE_EQ(*count_with_unit("46.7B (12.9B active)"), 46.7e9);
  EXPECT_FALSE(count_with_unit("8x7B"));  // experts × size, not a total
  EXPECT_FALSE(count_with_unit("175"));
  EXPECT_FALSE(count_with_unit("seven billion"));
  EXPECT_FALSE(count_with_unit(""));
}

// Llama 3.1 8B's shape (h 4096, 32 layers, GQA 8, f 14336, V 128256). Two MLP matrices and tied
// embeddings: 32 × (2.5h² + 2hf) + Vh = 5.63B; gated and separate: 32 × (2.5h² + 3hf) + 2Vh =
// 8.03B. The stated 8.03B tells them apart.
TEST(RowMapping, TheStatedParameterCountDecidesTheMlpOfAnUnknownFamily) {
  json row = nemo_llama_row();
  row["model_name"] = "Foundation model 8B";
  row["params"] = "8.03B";
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("model").at("gated_mlp"), true);
  EXPECT_EQ(rs.doc.at("model").at("tied_embeddings"), false);
  EXPECT_TRUE(has(rs.assumptions,
                  "gated MLP (SwiGLU): the row's parameter count matches it, not two matrices"));

  row["params"] = "5.6B";
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("model").at("gated_mlp"), false);
  EXPECT_TRUE(has(rs.assumptions, "MLP of two matrices: the row's parameter count matches it"));

  row["params"] = 5627000000;  // MPT's rows give the count as a number
  EXPECT_EQ(row_to_scenario(row).doc.at("model").at("gated_mlp"), false);

  row["params"] = "6.8B";  // 21 % above 5.63B, 18 % below 8.03B: neither is near enough
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("model").at("gated_mlp"), false);
  EXPECT_TRUE(has(rs.assumptions, "MLP of two matrices: neither the model's name nor"));
}

// Shaped like the DeepSeek-V3 row of published-runs-dev-2.json: no num_kv_heads, the shared
// expert and MLA only as text; the named preset fills what the row leaves out, and says so.
TEST(RowMapping, ANamedPresetFillsTheArchitectureTheRowLeavesOut) {
  json row = nemo_llama_row();
  row["model_name"] = "DeepSeek-V3 671B";
  row["params"] = "671B total, 37B activated";
  row["num_layers"] = 61;
  row["hidden_size"] = 7168;
  row["num_attention_heads"] = 128;
  row["num_kv_heads"] = nullptr;
  row["ffn_hidden_size"] = 18432;
  row["seq_length"] = 4096;
  row["vocab_size"] = 129280;
  row["moe"] = json::parse(R"json({"num_experts": 256, "top_k": 8, "moe_ffn_hidden_size": 2048,
    "shared_experts": 1, "attention": "MLA (q_lora_rank 1536, kv_lora_rank 512)"})json");
  row["tp"] = 1;
  row["dp"] = 8;
  row["cp"] = 1;
  RowScenario rs = row_to_scenario(row);
  const json& m = rs.doc.at("model");
  EXPECT_EQ(m.at("num_kv_heads"), 128);
  EXPECT_EQ(m.at("moe").at("num_shared_experts"), 1);
  EXPECT_EQ(m.at("moe").at("shared_expert_ffn_hidden_size"), 2048);
  EXPECT_EQ(m.at("moe").at("first_dense_layers"), 3);
  EXPECT_EQ(m.at("mla").at("kv_lora_rank"), 512);
  EXPECT_EQ(m.at("mtp_layers"), 1);
  EXPECT_EQ(m.at("gated_mlp"), true);
  EXPECT_EQ(m.at("tied_embeddings"), false);
  EXPECT_TRUE(has(rs.assumptions,
                  "gated MLP (SwiGLU), separate input/output embeddings, no dropout, rope "
                  "positions, as preset deepseek-v3"));
  EXPECT_EQ(m.at("position_embedding"), "rope");
  EXPECT_TRUE(has(rs.assumptions,
                  "model fields the row leaves out, from preset deepseek-v3: "
                  "num_kv_heads 128; moe.first_dense_layers 3"));
  // The row's attention text states MLA's two ranks; the preset gives the head widths.
  EXPECT_TRUE(has(rs.assumptions,
                  "multi-head latent attention as the row states it, with qk_rope_head_dim 64, "
                  "qk_nope_head_dim 128 and v_head_dim 128 from the preset"));
  row["model_name"] = "DeepSeekV3 (w/o MTP)";
  EXPECT_FALSE(row_to_scenario(row).doc.at("model").contains("mtp_layers"));
  // A row whose own shape differs from the preset's keeps its figures alone: its MLA is what its
  // attention text states, the head widths DeepSeek-V3's, said.
  row["num_layers"] = 60;
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("model").at("mla").at("q_lora_rank"), 1536);
  EXPECT_EQ(rs.doc.at("model").at("mla").at("qk_rope_head_dim"), 64);
  EXPECT_TRUE(has(rs.assumptions, "model_name names preset deepseek-v3 but the row's num_layers"));
  EXPECT_TRUE(has_assumption(rs, "as DeepSeek-V3's (the row does not say)"));
  // Nothing about MLA: none.
  row["moe"].erase("attention");
  EXPECT_FALSE(row_to_scenario(row).doc.at("model").contains("mla"));
  // MLA's figures as fields of the row.
  row["other"]["kv_lora_rank"] = 512;
  row["other"]["q_lora_rank"] = 0;
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("model").at("mla").at("kv_lora_rank"), 512);
  EXPECT_EQ(rs.doc.at("model").at("mla").at("q_lora_rank"), 0);
  EXPECT_NO_THROW(parsed(rs));
}

// Shaped like published-runs-dev-2.json id 1105: EP 64 > DP 32 with TP 2, other.etp 1
// (Megatron-Core MoE parallel folding); without the etp a Megatron-family row folds with ETP 1 and
// says so.
TEST(RowMapping, ExpertParallelismBeyondDataParallelismFoldsIntoTensorRanks) {
  json row = nemo_llama_row();
  row["model_name"] = "Mixtral 8x7B";
  row["moe"] = {{"num_experts", 8}, {"top_k", 2}};
  row["num_gpus"] = 8;
  row["tp"] = 2;
  row["pp"] = 1;
  row["cp"] = 1;
  row["dp"] = 4;
  row["ep"] = 8;
  row["other"]["etp"] = 1;
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("parallel").at("expert_tensor"), 1);
  EXPECT_EQ(parsed(rs).parallel.expert_tensor, 1);
  EXPECT_TRUE(has(rs.assumptions, "expert 8 > data x context 4"));
  row["other"].erase("etp");
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("parallel").at("expert_tensor"), 1);
  EXPECT_TRUE(has(rs.assumptions, "expert 8 > data x context 4, expert_tensor not given"));
  row["ep"] = 4;  // EP within DP: Megatron-Core's default ETP = TP, nothing set
  EXPECT_FALSE(row_to_scenario(row).doc.at("parallel").contains("expert_tensor"));
}

// nemo_llama_row on 256 GPUs of `gpu_model`, data-parallel only, with no node or network given.
json rack_row(const char* gpu_model) {
  json row = nemo_llama_row();
  row["gpu_model"] = gpu_model;
  row["gpu_memory_gb"] = nullptr;
  row["gpus_per_node"] = nullptr;
  row["inter_node_interconnect"] = nullptr;
  row["cp"] = 1;
  row["num_gpus"] = 256;
  row["dp"] = 256;
  return row;
}

// GB200 rows that do not give gpus_per_node run on NVL72 racks: NVLink domains of the most 4-GPU
// trays up to 72 that divide the run, one 400 Gb/s NIC per GPU (published-runs-dev-2 id 1002).
TEST(RowMapping, Gb200RunsFormNvl72Domains) {
  json row = rack_row("NVIDIA GB200 (DGX-GB200)");
  RowScenario rs = row_to_scenario(row);
  const json& c = rs.doc.at("cluster");
  EXPECT_EQ(c.at("gpus_per_node"), 64);  // 72 and 68 do not divide 256; 64 does
  EXPECT_EQ(c.at("num_nodes"), 4);
  EXPECT_EQ(c.at("network").at("nics_per_node"), 64);
  EXPECT_TRUE(has(rs.assumptions, "gpus_per_node not given: GB200 runs on NVL72 racks"));
  row["num_gpus"] = 144;
  row["dp"] = 144;
  row["global_batch_size"] = 288;
  row["grad_accum_steps"] = nullptr;
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpus_per_node"), 72);
  EXPECT_EQ(rs.doc.at("cluster").at("network").at("rail_optimized"), false);
  EXPECT_EQ(parsed(rs).cluster.network.nics_per_node, 72);  // a valid scenario
  row["num_gpus"] = 36;
  row["dp"] = 36;
  EXPECT_EQ(row_to_scenario(row).doc.at("cluster").at("gpus_per_node"), 36);
  // A stated 4 is a compute tray, 72 a rack: the NVLink domain is still the rack's. The 4-GPU
  // GB200 NVL4 board keeps its 4.
  row["num_gpus"] = 144;
  row["dp"] = 144;
  for (const int per_node : {4, 72}) {
    row["gpus_per_node"] = per_node;
    rs = row_to_scenario(row);
    EXPECT_EQ(rs.doc.at("cluster").at("gpus_per_node"), 72) << per_node;
    EXPECT_TRUE(has(rs.assumptions, "gpus_per_node " + std::to_string(per_node) + " is a "))
        << per_node;
  }
  row["gpus_per_node"] = 4;
  row["gpu_model"] = "NVIDIA GB200 NVL4";
  EXPECT_EQ(row_to_scenario(row).doc.at("cluster").at("gpus_per_node"), 4);
  // Nodes without GPUs per node: a GB200 node is its compute tray of 4.
  std::vector<std::string> readings;
  row = rack_row("NVIDIA GB200 (DGX-GB200)");
  row["num_gpus"] = nullptr;
  row["num_nodes"] = 64;
  EXPECT_EQ(completed_row(row, readings).at("num_gpus"), 256);
}

// GB300 rows run on NVL72 racks like GB200's; Blackwell Ultra systems (DGX B300, GB300 NVL72)
// carry one 800 Gb/s ConnectX-8 per GPU (MLENG_NET, nic_per_node DGX_B300), B200's one 400 Gb/s.
TEST(RowMapping, BlackwellUltraRunsTakeNvl72DomainsAnd800GNics) {
  json row = rack_row("NVIDIA GB300 (DGX-GB300)");
  row["global_batch_size"] = 512;
  row["grad_accum_steps"] = nullptr;
  RowScenario rs = row_to_scenario(row);
  const json& c = rs.doc.at("cluster");
  EXPECT_EQ(c.at("gpu"), "gb300");
  EXPECT_EQ(c.at("gpus_per_node"), 64);
  EXPECT_EQ(c.at("network").at("link_bandwidth_Gbps"), 800.0);
  EXPECT_EQ(c.at("network").at("rail_optimized"), false);
  EXPECT_TRUE(has(rs.assumptions, "gpus_per_node not given: GB300 runs on NVL72 racks"));
  EXPECT_TRUE(has(rs.assumptions, "network not given: one 800 Gb/s NIC per GPU"));
  EXPECT_EQ(parsed(rs).cluster.network.nics_per_node, 64);

  row["gpu_model"] = "NVIDIA B300 (DGX-B300)";
  row["gpus_per_node"] = 8;
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("cluster").at("gpu"), "b300");
  EXPECT_EQ(rs.doc.at("cluster").at("gpus_per_node"), 8);
  EXPECT_EQ(rs.doc.at("cluster").at("network").at("link_bandwidth_Gbps"), 800.0);
  row["gpu_model"] = "NVIDIA B200 (DGX-B200)";
  EXPECT_EQ(row_to_scenario(row).doc.at("cluster").at("network").at("link_bandwidth_Gbps"), 400.0);
}

// A row that leaves out seq_length (published-runs-dev-2.json id 1066) takes the preset's.
TEST(RowMapping, APresetGivesTheSequenceLengthARowLeavesOut) {
  json row = nemo_llama_row();
  row["seq_length"] = nullptr;
  const RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("model").at("seq_length"), 8192);
  EXPECT_TRUE(has(rs.assumptions,
                  "model fields the row leaves out, from preset llama3-8b: "
                  "seq_length 8192"));
}

TEST(RowMapping, TheStatedParameterCountOverridesTheFamilyName) {
  json row = nemo_llama_row();  // named Llama, which suggests gated
  row["params"] = "5.6B";
  const RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("model").at("gated_mlp"), false);
  EXPECT_TRUE(has(rs.assumptions, "MLP of two matrices: the row's parameter count matches it"));
  EXPECT_TRUE(std::any_of(rs.assumptions.begin(), rs.assumptions.end(), [](const std::string& a) {
    return a.find("though the model's family suggests otherwise") != std::string::npos;
  }));

  json gpt = megatron_row();  // GPT 39.1B: 48 × 12h² + Vh = 39.1B with h 8192
  gpt["params"] = "39.1B";
  EXPECT_EQ(row_to_scenario(gpt).doc.at("model").at("gated_mlp"), false);
  gpt["model_name"] = "Nemotron-4 15B";
  gpt.erase("params");
  const RowScenario named = row_to_scenario(gpt);
  EXPECT_EQ(named.doc.at("model").at("gated_mlp"), false);
  EXPECT_TRUE(has(named.assumptions, "MLP of two matrices, as in the model's family"));
}

TEST(RowMapping, UnexpressibleRowsAreInputErrorsNamingTheField) {
  json unknown = megatron_row();
  unknown["gpu_model"] = "Intel Gaudi 2";  // not in the catalog
  expect_refused(unknown, "row 5.gpu_model");
  json h100_nvl = megatron_row();
  h100_nvl["gpu_model"] = "NVIDIA H100 NVL";
  expect_refused(h100_nvl, "row 5.gpu_model");
  h100_nvl["gpu_model"] = "NVIDIA H200 NVL";  // a PCIe card with NVLink bridges, not the SXM module
  expect_refused(h100_nvl, "row 5.gpu_model");
  // More chips than 4,096 pods of v5e: refused at once, not searched.
  json too_many = megatron_row();
  too_many["gpu_model"] = "TPU v5e";
  too_many["precision"] = "bf16";
  too_many["gpus_per_node"] = nullptr;
  too_many["num_gpus"] = 9007199254740992.0;  // 2^53
  expect_refused(too_many, "row 5.num_gpus");
  json a800_pcie = megatron_row();
  a800_pcie["gpu_model"] = "NVIDIA A800 PCIe";
  expect_refused(a800_pcie, "row 5.gpu_model");

  json partial_node = megatron_row();  // gives 8 GPUs per node
  partial_node["num_gpus"] = 12;
  expect_refused(partial_node, "row 5.num_gpus");

  json no_width = megatron_row();
  no_width["hidden_size"] = nullptr;
  expect_refused(no_width, "row 5.hidden_size");

  json odd_memory = megatron_row();
  odd_memory["gpu_memory_gb"] = 64;
  expect_refused(odd_memory, "row 5.gpu_memory_gb");

  json bad_precision = megatron_row();
  bad_precision["precision"] = "int4";
  expect_refused(bad_precision, "row 5.precision");

  json fractional = megatron_row();
  fractional["tp"] = 2.5;
  expect_refused(fractional, "row 5.tp");

  // Found by damaging the dev rows (docs/reliability.md): 1e308 does not fit an integer, and
  // 2^62 accumulation steps overflowed dp × steps into a division by zero.
  json huge = megatron_row();
  huge["hidden_size"] = 1e308;
  expect_refused(huge, "row 5.hidden_size");
  json huge_expert = nemo_llama_row();
  huge_expert["moe"] = {{"num_experts", 1e300}};
  expect_refused(huge_expert, "row 108.moe.num_experts");
  json stage = megatron_row();
  stage["other"]["zero_stage"] = 7;
  expect_refused(stage, "row 5.other.zero_stage");

  json steps = megatron_row();
  steps["grad_accum_steps"] = 4611686018427387904.0;  // 2^62
  expect_refused(steps, "row 5.grad_accum_steps");
  steps["grad_accum_steps"] = 9007199254740992.0;  // 2^53: more steps than sequences
  steps["dp"] = 9007199254740992.0;
  EXPECT_EQ(row_to_scenario(steps).doc.at("training").at("micro_batch_size"), 1);
}

TEST(RowMapping, AMalformedIdOnlyLosesTheLabel) {
  json row = megatron_row();
  row["id"] = "8";
  const RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("name"), "validation-row");
  EXPECT_EQ(row_name(row), "row (no id)");
  row["id"] = int64_t{4294967296};  // beyond int
  EXPECT_FALSE(row_id(row).has_value());
  row["id"] = 12;
  EXPECT_EQ(row_id(row), 12);
}

// Shaped like published-runs-dev-2.json id 1021: Llama 3.1 405B, 126 layers over PP 16 × VP 8 on a
// Megatron-Bridge release. 126 + 2 fill the 128 chunks: both account-for flags, said so; the
// same row under plain Megatron-LM, or with layers that divide, gets neither.
TEST(RowMapping, EmbeddingAndLossFillTheChunksOnMegatronCoreFrameworks) {
  json row = nemo_gpt_fp8_row();
  row["num_layers"] = 126;
  row["hidden_size"] = 16384;
  row["num_attention_heads"] = 128;
  row["pp"] = 16;
  row["vp"] = 8;
  row["tp"] = 4;
  row["dp"] = 4;
  row["num_gpus"] = 256;
  row["global_batch_size"] = 1536;
  row["framework"] = "Megatron-Bridge / NeMo 26.04.01";
  const RowScenario rs = row_to_scenario(row);
  const json& p = rs.doc.at("parallel");
  EXPECT_EQ(p.at("account_for_embedding_in_pipeline_split"), true);
  EXPECT_EQ(p.at("account_for_loss_in_pipeline_split"), true);
  EXPECT_TRUE(has(rs.assumptions,
                  "parallel.account_for_embedding_in_pipeline_split and "
                  "account_for_loss_in_pipeline_split = true: 126 layers"));
  const Scenario s = parsed(rs);
  EXPECT_EQ(s.pipeline_split_slots(), 128);

  row["framework"] = "Megatron-LM @ 285068c8";
  EXPECT_FALSE(
      row_to_scenario(row).doc.at("parallel").contains("account_for_embedding_in_pipeline_split"));
  row["framework"] = "NeMo 24.12";
  row["num_layers"] = 128;
  EXPECT_FALSE(
      row_to_scenario(row).doc.at("parallel").contains("account_for_loss_in_pipeline_split"));
}

// Frameworks built on another's engine take its profile: GPT-NeoX DeepSpeed's, metaseq (OPT) and
// torchtune FSDP's, the Hugging Face Trainer and the fine-tuning tools on it eager PyTorch's.
TEST(RowMapping, FrameworksBuiltOnAnotherTakeItsProfile) {
  json row = nemo_llama_row();
  row["source"] = "a report, 2024";
  for (const auto& [name, profile] :
       {std::pair{"GPT-NeoX", "deepspeed"}, std::pair{"metaseq", "fsdp"},
        std::pair{"torchtune", "fsdp"}, std::pair{"HF Trainer", "pytorch"},
        std::pair{"Axolotl", "pytorch"}, std::pair{"LLaMA-Factory", "pytorch"}}) {
    row["framework"] = name;
    const RowScenario rs = row_to_scenario(row);
    EXPECT_EQ(rs.doc.at("training").at("framework"), profile) << name;
    EXPECT_TRUE(has_assumption(rs, std::string("framework '") + name + "': profile " + profile))
        << name;
  }
  row["source"] = "Black et al. 2022, GPT-NeoX-20B";
  row["framework"] = "GPT-NeoX";
  EXPECT_EQ(row_to_scenario(row).doc.at("training").at("framework"), "deepspeed-2021");
  // A date field dates the row where its source names no year.
  row["source"] = "the GPT-NeoX-20B paper";
  EXPECT_EQ(row_to_scenario(row).doc.at("training").at("framework"), "deepspeed");
  row["date"] = "2022-04-14";
  EXPECT_EQ(row_to_scenario(row).doc.at("training").at("framework"), "deepspeed-2021");
  row.erase("date");
  row["other"]["year"] = 2021;
  EXPECT_EQ(row_to_scenario(row).doc.at("training").at("framework"), "deepspeed-2021");
}

// torchtitan's "selective" is its SelectiveAC, per-op by default (trainer.py:108-110); its
// per-layer variant checkpoints every selective_ac_option-th block ("2" by default,
// job_config.py:652-655), read as full recompute of that many of each model chunk's layers.
TEST(RowMapping, TorchtitanSelectiveIsPerOpOrPerLayer) {
  const auto mapped = [](const char* text, int pp) {
    json row = mpt_row();  // 80 layers
    row["framework"] = "torchtitan (FSDP2)";
    row["pp"] = pp;
    row["dp"] = 128 / pp;
    row["other"] = {{"activation_checkpointing", text}};
    return row_to_scenario(row);
  };
  const auto mode = [&](const char* text) {
    return std::string(to_string(parsed(mapped(text, 1)).training.activation_recompute));
  };
  EXPECT_EQ(mode("selective"), "per_op");
  EXPECT_EQ(mode("full"), "full");

  const RowScenario layer = mapped("selective (layer)", 1);
  const Scenario s = parsed(layer);
  EXPECT_EQ(s.training.activation_recompute, Recompute::full);
  EXPECT_EQ(s.training.recompute_num_layers, 40);  // every 2nd of 80
  EXPECT_TRUE(has(layer.assumptions,
                  "activation checkpointing 'selective (layer)': torchtitan's per-layer "
                  "checkpointing of every 2nd block"));
  // A stated frequency wins; with pipeline stages it counts each stage's layers: 80 / 4 = 20,
  // every 3rd of them 6.
  EXPECT_EQ(parsed(mapped("selective layer, every 3", 4)).training.recompute_num_layers, 6);
  // Every 30th of a 20-layer stage: none.
  EXPECT_EQ(parsed(mapped("selective layer 30", 4)).training.activation_recompute, Recompute::none);
}

TEST(RowMapping, PlainPyTorchRowsRunEagerAndAStatedDropoutWins) {
  json row = mpt_row();
  row["framework"] = "PyTorch 2.11.0+cu130 eager";
  row["other"] = {{"hidden_dropout", 0.0}};
  const RowScenario rs = row_to_scenario(row);
  const Scenario s = parsed(rs);
  EXPECT_EQ(s.training.framework, "pytorch");
  EXPECT_EQ(s.training.kernel_fusion, KernelFusion::eager_amp);
  EXPECT_EQ(s.model.hidden_dropout, 0.0);
  EXPECT_TRUE(has(rs.assumptions, "hidden_dropout as the row states it: 0.0"));
  row["framework"] = "PyTorch 2.5 + torch.compile";  // compiled: the elementwise work is fused
  EXPECT_EQ(parsed(row_to_scenario(row)).training.framework, "none");
}

// Shaped like published-runs-dp.json id 3001 (Goyal et al. 2017): a model_name that names the
// layer-list preset, P100s, fp32, 32 images per GPU.
TEST(RowMapping, AConvolutionalNetworkIsItsLayerListPresetOnTheP100) {
  const json row = json::parse(R"json({
    "row_type": "training_throughput", "id": 3001, "model_name": "ResNet-50",
    "source": "Goyal et al. (arXiv:1706.02677, 2017)",
    "num_layers": null, "hidden_size": null, "num_attention_heads": null, "seq_length": null,
    "vocab_size": null, "moe": null, "global_batch_size": 8192, "micro_batch_size": 32,
    "tp": 1, "pp": 1, "dp": 256, "other": {"optimizer": "SGD with momentum 0.9"},
    "gpu_model": "NVIDIA Tesla P100 SXM2", "gpu_memory_gb": 16, "num_gpus": 256,
    "gpus_per_node": 8,
    "inter_node_interconnect": "1x Mellanox ConnectX-4 50 Gbit/s Ethernet per server",
    "precision": "fp32", "framework": "Caffe2",
    "metrics": {"scaling_efficiency_pct": 90, "scaling_baseline_gpus": 8}})json");
  const RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("model"), json({{"preset", "resnet50"}}));
  EXPECT_TRUE(has(rs.assumptions, "model_name names the layer-list preset resnet50"));
  const Scenario s = parsed(rs);
  EXPECT_TRUE(s.model.is_layer_list());
  EXPECT_EQ(s.cluster.gpu, "p100-sxm2-16gb");
  EXPECT_EQ(s.cluster.num_nodes, 32);
  EXPECT_EQ(s.parallel.data, 256);
  EXPECT_EQ(s.training.precision, Precision::fp32);
  EXPECT_EQ(s.training.optimizer, Optimizer::sgd);
  EXPECT_EQ(s.cluster.network.nics_per_node, 1);
  EXPECT_DOUBLE_EQ(s.cluster.network.link_bandwidth_Gbps, 50.0);
  json pcie = row;
  pcie["gpu_model"] = "Tesla P100 PCIe 12GB";
  EXPECT_THROW(row_to_scenario(pcie), InputError);
}

// Megatron's and DeepSpeed's own config keys, as a row copies them: --use-distributed-optimizer
// (ZeRO-1, or plain DDP), DeepSpeed's zero_optimization.stage, the DDP overlap flags.
TEST(RowMapping, ConfigKeysOfTheFrameworksAreRead) {
  json row = megatron_row();
  row["framework"] = "Megatron-Core";
  row["other"]["use_distributed_optimizer"] = true;
  RowScenario rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("parallel").at("zero_stage"), 1);
  EXPECT_TRUE(has(rs.assumptions, "zero_stage 1: the row's other.use_distributed_optimizer true"));
  row["other"]["use_distributed_optimizer"] = "False";
  EXPECT_EQ(row_to_scenario(row).doc.at("parallel").at("zero_stage"), 0);
  row["other"].erase("use_distributed_optimizer");
  row["framework"] = "DeepSpeed";
  row["other"]["zero_optimization"] = {{"stage", 3}, {"overlap_comm", true}};
  EXPECT_EQ(row_to_scenario(row).doc.at("parallel").at("zero_stage"), 3);
  row["other"]["overlap_grad_reduce"] = false;
  row["other"]["overlap_param_gather"] = true;
  rs = row_to_scenario(row);
  EXPECT_EQ(rs.doc.at("parallel").at("overlap_grad_reduce"), false);
  EXPECT_EQ(rs.doc.at("parallel").at("overlap_param_gather"), true);
}

// The optimizer as `other.optimizer` or, where other does not say, the row's own field.
TEST(RowMapping, TheOptimizerIsReadFromOtherOrTheRow) {
  json row = megatron_row();
  row["optimizer"] = "AdamW (beta2 0.95)";
  EXPECT_EQ(row_to_scenario(row).doc.at("training").at("optimizer"), "adamw");
  row["other"]["optimizer"] = "SGD";
  EXPECT_EQ(row_to_scenario(row).doc.at("training").at("optimizer"), "sgd");
}

}  // namespace
}  // namespace wt::validation
