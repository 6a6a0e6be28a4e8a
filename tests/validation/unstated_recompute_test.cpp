// A published run trained, so it fit: a row whose profile defaults do not fit takes the fastest
// combination of the memory settings it leaves open and its framework offers that fits
// (sim/validation/training_row.cpp): recompute (NVIDIA's recipes, Megatron-LM, DeepSpeed, no
// profile), sequence parallelism under TP (Megatron-LM, no profile from 2022), the ZeRO stage
// (Megatron-LM 1, DeepSpeed and no profile 3); others keep their verdict. A stated interleaved
// schedule without its virtual stages takes the fastest count that fits, whether or not the
// defaults fit.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/validation/rows.hpp"
#include "tests/validation/says.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;
using test::says;

// A 39B GPT on 64 H100 at micro-batch 8 of 8k tokens without recompute: 119 GiB, with full 25.
json recipe_row(const std::string& framework) {
  json row = json::parse(R"json({
    "row_type": "training_throughput", "id": 7, "model_name": "GPT 39.1B",
    "source": "a 2025 performance table", "num_layers": 48, "hidden_size": 8192,
    "num_attention_heads": 64, "num_kv_heads": null, "ffn_hidden_size": null, "seq_length": 8192,
    "vocab_size": 51200, "moe": null, "global_batch_size": 512, "micro_batch_size": 8,
    "grad_accum_steps": null, "tp": 8, "pp": 2, "dp": 4, "cp": null, "ep": null, "vp": null,
    "other": {}, "gpu_model": "NVIDIA H100 SXM", "gpu_memory_gb": 80, "num_gpus": 64,
    "gpus_per_node": 8, "intra_node_interconnect": null, "inter_node_interconnect": null,
    "precision": "bf16", "metrics": {"tokens_per_sec_per_gpu": 500}})json");
  row["framework"] = framework;
  return row;
}

TEST(UnstatedRecompute, ARecipeRowThatDoesNotFitTakesTheRecomputeThatFits) {
  // Selective recompute does not fit (the 39B row's MLP activations stay): full, 1 of 2 settings.
  const ValidationRow r = validate_training_row(recipe_row("NeMo 25.04"), {});
  ASSERT_TRUE(r.expressed) << r.why_not;
  EXPECT_TRUE(r.fits_in_memory);
  EXPECT_TRUE(
      says(r, "activation recompute not stated and the nemo profile's defaults do not fit"));
  EXPECT_TRUE(says(r,
                   "the run trained, so training.activation_recompute = \"full\", the fastest "
                   "setting that fits (25.2 GiB; 1 of 2 settings fit)"));
  EXPECT_EQ(r.scenario.at("training").at("activation_recompute"), "full");
}

TEST(UnstatedRecompute, OtherFrameworksAndStatedRecomputeKeepTheVerdict) {
  // Plain PyTorch (DDP under autocast) offers no sharding; even whole-block checkpointing
  // (torch.utils.checkpoint) leaves the 39B row's replicated weights and optimizer too large.
  const ValidationRow eager = validate_training_row(recipe_row("PyTorch"), {});
  EXPECT_FALSE(eager.fits_in_memory);
  EXPECT_FALSE(says(eager, "the run trained"));
  json stated = recipe_row("NeMo 25.04");
  stated["other"]["activation_recompute"] = "none";
  const ValidationRow none = validate_training_row(stated, {});
  EXPECT_FALSE(none.fits_in_memory);
  const ValidationRow pinned =
      validate_training_row(recipe_row("NeMo 25.04"), {"training.activation_recompute=none"});
  EXPECT_FALSE(pinned.fits_in_memory);
}

// The 39B row at micro-batch 1: 81.2 GiB without sequence parallelism on TP 8, 54.9 with it, which
// divides the norm and dropout activations (10 of 34 bytes per token and hidden unit, Korthikanti
// et al. 2022) by 8.
json megatron_lm_row() {
  json row = recipe_row("Megatron-LM");
  row["micro_batch_size"] = 1;
  return row;
}

TEST(UnstatedSequenceParallel, AMegatronLmRowWithTpThatDoesNotFitTakesSequenceParallelism) {
  // Sequence parallelism with the distributed optimizer is the fastest of the 10 settings that fit
  // (of 2 × 2 × 3 less the defaults): the optimizer step is sharded over the 4 replicas.
  const ValidationRow r = validate_training_row(megatron_lm_row(), {});
  ASSERT_TRUE(r.expressed) << r.why_not;
  EXPECT_TRUE(r.fits_in_memory);
  EXPECT_TRUE(says(r,
                   "sequence parallelism, the ZeRO stage and activation recompute not stated and "
                   "the megatron-lm profile's defaults do not fit (81.4 of 80.0 GiB): the run "
                   "trained, so parallel.sequence_parallel = true and parallel.zero_stage = 1, the "
                   "fastest setting that fits (34.4 GiB; 10 of 11 settings fit)"));
  EXPECT_EQ(r.scenario.at("parallel").at("sequence_parallel"), true);
}

// The 39B row at micro-batch 2 from a framework without a profile: 115.8 GiB with the field
// table's defaults. Published from 2022 it may take sequence parallelism (Korthikanti et al. 2022);
// before, it may not.
json no_profile_row(const std::string& source) {
  json row = recipe_row("PaxML");
  row["micro_batch_size"] = 2;
  row["source"] = source;
  return row;
}

TEST(UnstatedSequenceParallel, ARowWithoutAProfileTakesItFrom2022) {
  const ValidationRow r = validate_training_row(no_profile_row("a 2025 performance table"), {});
  ASSERT_TRUE(r.expressed) << r.why_not;
  EXPECT_TRUE(says(r,
                   "sequence parallelism, the ZeRO stage and activation recompute not stated and "
                   "the field table's defaults (no framework profile) do not fit (115.8 of 80.0 "
                   "GiB): the run trained, so parallel.sequence_parallel = true and "
                   "parallel.zero_stage = 1, the fastest setting that fits (42.6 GiB; 12 of 15 "
                   "settings fit)"));
  const ValidationRow old = validate_training_row(no_profile_row("a 2021 paper"), {});
  ASSERT_TRUE(old.expressed) << old.why_not;
  EXPECT_TRUE(old.fits_in_memory);
  EXPECT_FALSE(old.scenario.at("parallel").contains("sequence_parallel"));
  EXPECT_TRUE(says(old, "the ZeRO stage and activation recompute not stated"));
}

TEST(UnstatedSequenceParallel, StatedSequenceParallelismKeepsTheVerdict) {
  // With the ZeRO stage and the recompute stated too, nothing is left to choose.
  json row = megatron_lm_row();
  row["other"]["sequence_parallel"] = false;
  row["other"]["zero_stage"] = 0;
  row["other"]["activation_recompute"] = "none";
  EXPECT_FALSE(validate_training_row(row, {}).fits_in_memory);
  EXPECT_FALSE(validate_training_row(megatron_lm_row(),
                                     {"parallel.sequence_parallel=false", "parallel.zero_stage=0",
                                      "training.activation_recompute=none"})
                   .fits_in_memory);
}

// A GPT 6.7B on 32 A100-80GB, all data-parallel at micro-batch 4 of 2,048 tokens, no recompute:
// 16 B per parameter unsharded (weights, fp32 gradients and Adam's states: 107 GB) does not fit.
json data_parallel_row(const std::string& framework) {
  json row = json::parse(R"json({
    "row_type": "training_throughput", "id": 8, "model_name": "GPT 6.7B",
    "source": "a 2023 paper", "num_layers": 32, "hidden_size": 4096,
    "num_attention_heads": 32, "num_kv_heads": null, "ffn_hidden_size": null, "seq_length": 2048,
    "vocab_size": 50304, "moe": null, "global_batch_size": 256, "micro_batch_size": 4,
    "grad_accum_steps": null, "tp": 1, "pp": 1, "dp": 32, "cp": null, "ep": null, "vp": null,
    "other": {}, "gpu_model": "NVIDIA A100 SXM", "gpu_memory_gb": 80, "num_gpus": 32,
    "gpus_per_node": 8, "intra_node_interconnect": null, "inter_node_interconnect": null,
    "precision": "bf16", "metrics": {"tokens_per_sec_per_gpu": 3000}})json");
  row["framework"] = framework;
  return row;
}

// The predicted rate of `row` with `sets` applied.
double rate_with(const json& row, const std::vector<std::string>& sets) {
  const ValidationRow r = validate_training_row(row, sets);
  return r.fits_in_memory ? r.predicted : 0.0;
}

TEST(UnstatedZeroStage, ARowNamingNoStageTakesTheFastestItsFrameworkOffersThatFits) {
  for (const char* framework : {"PaxML", "DeepSpeed"}) {
    const json row = data_parallel_row(framework);
    const ValidationRow r = validate_training_row(row, {});
    ASSERT_TRUE(r.expressed) << r.why_not;
    EXPECT_TRUE(r.fits_in_memory) << framework;
    const int stage = r.scenario.at("parallel").at("zero_stage").get<int>();
    // ZeRO-1 and 2 run alike and ZeRO-3 is a little slower (its gathers and reduce-scatters take
    // SMs from the layers they run beside): the first of the fastest is taken.
    EXPECT_EQ(stage, 1) << framework;
    EXPECT_TRUE(says(r, "the ZeRO stage and activation recompute not stated")) << framework;
    EXPECT_TRUE(says(r,
                     "so parallel.zero_stage = 1, the fastest setting that fits (63.5 GiB; 6 of 7 "
                     "settings fit)"))
        << framework;
    // Every other setting on offer is slower or does not fit (stage 0 without recompute does
    // not: 135.5 GiB).
    const double taken = r.predicted;
    for (const char* zero : {"0", "1", "2", "3"}) {
      for (const char* recompute : {"none", "full"}) {
        const std::vector<std::string> sets = {
            std::string("parallel.zero_stage=") + zero,
            std::string("training.activation_recompute=") + recompute};
        EXPECT_LE(rate_with(row, sets), taken) << framework << " " << zero << " " << recompute;
      }
    }
    EXPECT_EQ(rate_with(row, {"parallel.zero_stage=0", "training.activation_recompute=none"}), 0.0);
  }
}

TEST(UnstatedZeroStage, MegatronLmOffersItsDistributedOptimizerAndRecompute) {
  // Megatron-LM shards only the optimizer (--use-distributed-optimizer): ZeRO-1 at most, and at
  // micro-batch 16 only with full recompute.
  json row = data_parallel_row("Megatron-LM");
  row["micro_batch_size"] = 16;
  row["global_batch_size"] = 512;
  const ValidationRow r = validate_training_row(row, {});
  ASSERT_TRUE(r.expressed) << r.why_not;
  EXPECT_TRUE(r.fits_in_memory);
  EXPECT_EQ(r.scenario.at("parallel").at("zero_stage"), 1);
  EXPECT_EQ(r.scenario.at("training").at("activation_recompute"), "full");
  EXPECT_TRUE(says(r, "1 of 5 settings fit"));
}

TEST(UnstatedRecompute, FsdpFrameworksOfferWholeBlockCheckpointing) {
  // torchtitan's FullAC (after its per-op default) and FSDP's apply_activation_checkpointing: the
  // 6.7B row at micro-batch 32 (torchtitan) and 16 (FSDP) does not fit without it.
  json titan = data_parallel_row("torchtitan");
  titan["micro_batch_size"] = 32;
  titan["global_batch_size"] = 1024;
  json fsdp = data_parallel_row("PyTorch FSDP");
  fsdp["micro_batch_size"] = 16;
  fsdp["global_batch_size"] = 512;
  for (const auto& [row, said_text] :
       {std::pair{titan, std::string("the torchtitan profile's defaults do not fit (175.4 of 80.0 "
                                     "GiB): the run trained, so training.activation_recompute = "
                                     "\"full\", the fastest setting that fits (67.2 GiB")},
        std::pair{fsdp, std::string("the fsdp profile's defaults do not fit (159.5 of 80.0 GiB): "
                                    "the run trained, so training.activation_recompute = \"full\", "
                                    "the fastest setting that fits (35.7 GiB")}}) {
    const ValidationRow r = validate_training_row(row, {});
    ASSERT_TRUE(r.expressed) << r.why_not;
    EXPECT_TRUE(r.fits_in_memory);
    EXPECT_TRUE(says(r, said_text)) << said_text;
    EXPECT_EQ(r.scenario.at("training").at("activation_recompute"), "full");
  }
}

TEST(UnstatedZeroStage, ACombinationTheScenarioRefusesIsSkipped) {
  // QLoRA refuses ZeRO-3 (the 4-bit base weights' sharding is not modelled): at micro-batch 64
  // the row fits only with recompute, and the search takes it at a stage QLoRA allows.
  json row = data_parallel_row("DeepSpeed");
  row["micro_batch_size"] = 64;
  row["global_batch_size"] = 2048;
  const ValidationRow r = validate_training_row(row, {"training.finetune.method=qlora"});
  ASSERT_TRUE(r.expressed) << r.why_not;
  EXPECT_TRUE(r.fits_in_memory);
  EXPECT_LE(r.scenario.at("parallel").at("zero_stage").get<int>(), 2);
  EXPECT_EQ(r.scenario.at("training").at("activation_recompute"), "full");
}

TEST(UnstatedZeroStage, AStageInTheRowsWordsOrASetIsKept) {
  json row = data_parallel_row("DeepSpeed ZeRO stage 2");
  const ValidationRow r = validate_training_row(row, {});
  EXPECT_EQ(r.scenario.at("parallel").at("zero_stage"), 2);
  EXPECT_TRUE(says(r, "zero_stage 2: the row's 'DeepSpeed ZeRO stage 2' (framework)"));
  const ValidationRow pinned =
      validate_training_row(data_parallel_row("PaxML"), {"parallel.zero_stage=0"});
  EXPECT_FALSE(pinned.fits_in_memory);
  EXPECT_FALSE(says(pinned, "the ZeRO stage"));
}

// Megatron-LM's 48-layer GPT on 2 stages with the interleaved schedule stated and no count: 24
// layers per stage, so 2, 3, 4, 6, 8, 12 or 24 chunks. Each is run; the fastest that fits is
// taken, as for the memory settings, and the label shows it.
TEST(UnstatedVirtualStages, TheFastestCountThatFitsIsTaken) {
  json row = recipe_row("Megatron-LM");
  row["micro_batch_size"] = 1;
  row["other"]["pipeline_schedule"] = "interleaved 1F1B";
  row["other"]["activation_recompute"] = "full";
  row["other"]["sequence_parallel"] = true;
  row["global_batch_size"] = 32;  // 8 micro-batches a replica: the bubble matters
  const ValidationRow r = validate_training_row(row, {});
  ASSERT_TRUE(r.expressed) << r.why_not;
  ASSERT_TRUE(r.fits_in_memory);
  const int64_t taken = r.scenario.at("parallel").at("virtual_stages").get<int64_t>();
  EXPECT_NE(r.label.find("VP" + std::to_string(taken)), std::string::npos) << r.label;
  EXPECT_TRUE(
      says(r, "the virtual stages not stated: parallel.virtual_stages = " + std::to_string(taken)));
  int64_t fastest = 0;
  double best = 0.0;
  for (const int64_t v : {2, 3, 4, 6, 8, 12, 24}) {
    const double rate = rate_with(row, {"parallel.virtual_stages=" + std::to_string(v)});
    if (rate > best) {
      best = rate;
      fastest = v;
    }
  }
  EXPECT_EQ(taken, fastest);
  EXPECT_DOUBLE_EQ(r.predicted, best);
  EXPECT_GT(taken, 2);  // 8 micro-batches over 2 stages: more chunks, a smaller bubble
  // A count given with --set is kept, and not searched.
  const ValidationRow pinned = validate_training_row(row, {"parallel.virtual_stages=2"});
  EXPECT_EQ(pinned.scenario.at("parallel").at("virtual_stages"), 2);
  EXPECT_FALSE(says(pinned, "the virtual stages not stated"));
}

// DualPipe places the first and last chunks on one rank, so its output layer does not load the
// last stage: a DualPipe row that states no split takes the fastest first/last-stage layer counts.
// A GPT of 12 layers of width 1024 on PP 4 whose output layer (vocabulary 51,200: about 4 layers'
// work per token) sits on the last stage with its even 3 layers.
json dualpipe_row() {
  return json::parse(R"json({
    "row_type": "training_throughput", "id": 8, "model_name": "GPT small",
    "num_layers": 12, "hidden_size": 1024, "num_attention_heads": 16, "seq_length": 2048,
    "vocab_size": 51200, "global_batch_size": 64, "micro_batch_size": 1,
    "tp": 1, "pp": 4, "dp": 2, "gpu_model": "NVIDIA H100 SXM", "gpu_memory_gb": 80,
    "num_gpus": 8, "gpus_per_node": 8, "precision": "bf16", "framework": "Megatron-LM",
    "other": {"pipeline_schedule": "DualPipe"}, "metrics": {"tokens_per_sec_per_gpu": 500}})json");
}

TEST(UnstatedPipelineSplit, ADualPipeRowTakesTheFastestStageSplit) {
  const ValidationRow r = validate_training_row(dualpipe_row(), {});
  ASSERT_TRUE(r.expressed) << r.why_not;
  EXPECT_TRUE(says(r, "the pipeline split not stated: parallel."));
  const json& p = r.scenario.at("parallel");
  ASSERT_TRUE(p.contains("last_stage_layers"));
  EXPECT_LT(p.at("last_stage_layers").get<int>(), 3);
  json plain = dualpipe_row();
  plain["other"] = json::object();
  const ValidationRow even = validate_training_row(plain, {});
  EXPECT_FALSE(says(even, "the pipeline split"));
  EXPECT_GT(r.predicted, even.predicted);  // tokens/s: the balanced pipeline is faster
  json stated = dualpipe_row();
  stated["other"]["decoder_last_pipeline_num_layers"] = 3;
  EXPECT_FALSE(says(validate_training_row(stated, {}), "the pipeline split"));
}

}  // namespace
}  // namespace wt::validation
