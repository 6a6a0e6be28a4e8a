#include "sim/report/summary_text.hpp"

#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "sim/engine/budget.hpp"  // kGiB
#include "sim/hardware/gpu.hpp"
#include "sim/report/text_table.hpp"

namespace wt {
namespace {

std::string gpu_name(const char* id) {
  const GpuSpec* gpu = find_gpu(id);
  return gpu ? gpu->name : std::string("<") + id + " missing from the catalog>";
}

// The summary of docs/cli.md on illustrative figures: GPT-3 175B on 128 DGX A100 nodes.
Scenario gpt3_scenario() {
  Scenario s;
  s.name = "gpt3-175b-on-1024-a100";
  s.model.preset = "gpt3-175b";
  s.training.total_tokens = 3e11;
  s.parallel = {.tensor = 8, .pipeline = 8, .data = 16, .zero_stage = 1, .sequence_parallel = true};
  s.cluster.gpu = "a100-sxm4-80gb";
  s.cluster.num_nodes = 128;
  s.cluster.gpus_per_node = 8;
  s.cluster.network.link_bandwidth_Gbps = 200;
  s.cluster.network.fat_tree.levels = 3;
  s.cost.usd_per_gpu_hour = 2.75;
  // Without the GPUs' sustained speed and speed spread the compute share has no note of them: the
  // note is tested on its own below.
  s.cluster.gpu_speed_spread = 0.0;
  s.cluster.gpu_sustained_speed = 1.0;
  return s;
}

RunResult gpt3_result() {
  RunResult r;
  r.iteration_time_s = 23.6;
  r.tokens_per_s = 133300;
  r.mfu = 0.449;
  // 82% / 7% / 9% / 2% of 23.6 s.
  r.breakdown_s = {
      .compute = 19.352, .exposed_comm = 2.124, .pipeline_bubble = 1.652, .optimizer = 0.472};
  r.memory_per_gpu_bytes.total = 61.2 * kGiB;
  r.memory_per_gpu_bytes.capacity = 80e9;  // 74.5 GiB
  r.time_to_train_s = 26.0 * 86400;
  r.gpu_hours = 639000;
  r.cost_usd = 1757250;
  r.expected_time_to_train_with_failures_s = 27.1 * 86400;
  return r;
}

TEST(SummaryText, DesignExample) {
  const std::string expected =
      "GPT-3 175B · 1,024 × " + gpu_name("a100-sxm4-80gb") +
      " · TP 8 · PP 8 · DP 16 · SP · ZeRO-1 · 1F1B ·\n"  // 113 characters: wrapped at 100
      "  fat-tree 3-level 200 Gb/s\n"
      "iteration 23.6 s   tokens/s 133k   MFU 44.9%   memory 61.2 GiB / 74.5 GiB per GPU (fits)\n"
      "where the time goes   compute 82%   pipeline bubble 7%   exposed comm 9%   optimizer 2%\n"
      "to train 300B tokens  26.0 days · 639k GPU-hours · $1.76M at $2.75/GPU-h"
      " (with failures: 27.1 days)\n";
  EXPECT_EQ(summary_text(gpt3_scenario(), gpt3_result()), expected);
}

// The failure lines under "to train": the closed form, then the Monte Carlo.
TEST(SummaryText, FailureLinesGiveInterruptionsEttrCheckpointAndPercentiles) {
  RunResult r = gpt3_result();
  r.failures = {.cluster_mtbf_s = 3.0 * 3600,
                .expected_interruptions = 216.8,  // 27.1 days / 3 h
                .ettr = 26.0 / 27.1,
                .checkpoint_bytes = 2.0 * 1024 * kGiB,
                .checkpoint_write_s = 20.0,
                .checkpoint_blocking_s = 20.0,
                .checkpoint_interval_s = 600.0};
  r.monte_carlo = MonteCarloFigures{.runs = 10000,
                                    .seed = 1,
                                    .mean_time_s = 27.0 * 86400,
                                    .stderr_time_s = 100.0,
                                    .p50_time_s = 27.0 * 86400,
                                    .p90_time_s = 27.5 * 86400,
                                    .p50_cost_usd = 1.83e6,
                                    .p90_cost_usd = 1.86e6,
                                    .ettr = 26.0 / 27.0};
  const std::string text = summary_text(gpt3_scenario(), r);
  EXPECT_NE(text.find("failures  ~217 interruptions (one every 3.00 h) · ETTR 95.9% ·"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("checkpoint 2.00 TiB, 20.0 s every 10.0 min"), std::string::npos) << text;
  EXPECT_NE(text.find("Monte Carlo  P50 27.0 days · P90 27.5 days · cost P50 $1.83M, P90 $1.86M"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("ETTR 96.3%"), std::string::npos) << text;
  EXPECT_NE(text.find("(10000 runs, seed 1)"), std::string::npos) << text;
  r.monte_carlo = MonteCarloFigures{.runs = 0, .seed = 1, .why_not = "failures outpace progress"};
  EXPECT_NE(summary_text(gpt3_scenario(), r).find("(no Monte Carlo: failures outpace progress)"),
            std::string::npos);
}

// The line under the headline: the parameter count of the model whatever its source (here
// fields, as a preset or hf_config leaves them after validation).
TEST(SummaryText, TheModelLineGivesTheParameterCount) {
  Scenario s = gpt3_scenario();
  // GPT-3 175B: 96 · (12·12288² + 13·12288) + 51200·12288 + 2·12288 = 174,590,662,656.
  s.model.num_layers = 96;
  s.model.hidden_size = 12288;
  s.model.num_attention_heads = 96;
  s.model.num_kv_heads = 96;
  s.model.ffn_hidden_size = 4 * 12288;
  s.model.vocab_size = 51200;
  s.model.tied_embeddings = true;
  std::string text = summary_text(s, gpt3_result());
  EXPECT_NE(text.find("\nmodel 175B parameters\niteration "), std::string::npos) << text;
  RunResult banded = gpt3_result();
  banded.error_band = ErrorBand{"megatron/16bit/3d", "megatron/16bit/3d", 0.06, 0.0, 0.0};
  EXPECT_NE(summary_text(s, banded).find(" (±6%)   tokens/s"), std::string::npos)
      << summary_text(s, banded);
  // Mixtral 8x7B: 46.7B total, 12.9B per token (both embeddings in); one MTP layer is one more
  // layer (1,451,550,720) and a 2h x h projection with three norms: 1,485,117,440.
  s.model.num_layers = 32;
  s.model.hidden_size = 4096;
  s.model.num_attention_heads = 32;
  s.model.num_kv_heads = 8;
  s.model.ffn_hidden_size = 14336;
  s.model.vocab_size = 32000;
  s.model.gated_mlp = true;
  s.model.tied_embeddings = false;
  s.model.moe = {.num_experts = 8, .top_k = 2, .moe_ffn_hidden_size = 14336};
  text = summary_text(s, gpt3_result());
  EXPECT_NE(text.find("\nmodel 46.7B parameters, 12.9B active per token\n"), std::string::npos)
      << text;
  s.model.mtp_layers = 1;
  text = summary_text(s, gpt3_result());
  EXPECT_NE(text.find("12.9B active per token (+1.49B in MTP layers)\n"), std::string::npos)
      << text;
}

TEST(SummaryText, ExposedCommunicationIsSplitByDimension) {
  RunResult r = gpt3_result();
  // 6% TP, 3% DP of 23.6 s.
  r.exposed_comm_by_dim_s = {.tp = 1.416, .pp = 0.0, .dp = 0.708, .cp = 0.0, .ep = 0.0};
  const std::string text = summary_text(gpt3_scenario(), r);
  EXPECT_NE(text.find("exposed comm 9% (TP 6%, DP 3%)"), std::string::npos) << text;
}

TEST(SummaryText, TheComputeShareNamesHowMuchTheSlowestGpuStretchedIt) {
  Scenario s = gpt3_scenario();
  s.cluster.gpu_speed_spread = 0.025;  // 1024 GPUs: 1 / (1 - 0.025 * 3.2482) = 1.088
  const std::string text = summary_text(s, gpt3_result());
  EXPECT_NE(text.find("compute 82% (slowest of 1024 GPUs +8.8%)"), std::string::npos) << text;
}

TEST(SummaryText, TheComputeShareNamesTheGpusSustainedSpeed) {
  Scenario s = gpt3_scenario();
  s.cluster.gpu_sustained_speed = 0.9;
  EXPECT_NE(summary_text(s, gpt3_result()).find("compute 82% (90% of benchmark speed)"),
            std::string::npos);
  s.cluster.gpu_speed_spread = 0.025;
  const std::string both = summary_text(s, gpt3_result());
  EXPECT_NE(both.find("compute 82% (90% of benchmark speed, slowest of 1024 GPUs +8.8%)"),
            std::string::npos)
      << both;
}

TEST(SummaryText, SingleNodeThatDoesNotFit) {
  Scenario s;
  s.name = "llama3-8b-one-node";
  s.model.preset = "llama3-8b";
  s.parallel.data = 8;
  s.cluster.gpu = "h100-sxm5-80gb";
  RunResult r;
  r.iteration_time_s = 0.5;
  r.tokens_per_s = 262144;
  r.mfu = 0.5;
  r.breakdown_s.compute = 0.5;
  r.memory_per_gpu_bytes.total = 90 * kGiB;
  r.memory_per_gpu_bytes.capacity = 80e9;  // short by 90 GiB − 80e9 B = 15.49 GiB
  r.fits_in_memory = false;
  r.warnings = {"does not fit in memory: activations 60 GiB"};
  const std::string expected =
      "Llama 3 8B · 8 × " + gpu_name("h100-sxm5-80gb") +
      " · TP 1 · PP 1 · DP 8\n"
      "iteration 500 ms   tokens/s 262k   MFU 50.0%\n"  // memory moves to its own line
      "memory 90.0 GiB / 74.5 GiB per GPU (does NOT fit: needs 15.5 GiB more)\n"
      "where the time goes   compute 100% (90% of benchmark speed, slowest of 8 GPUs +3.7%)\n"
      "warnings:\n"
      "  - does not fit in memory: activations 60 GiB\n";
  EXPECT_EQ(summary_text(s, r), expected);
}

TEST(SummaryText, OptionalLayoutPartsNameAndInfiniteFailures) {
  Scenario s;
  s.name = "my-moe";
  s.training.total_tokens = 1e12;
  s.training.activation_recompute = Recompute::full;
  s.parallel = {.tensor = 2,
                .pipeline = 2,
                .data = 8,
                .context = 2,
                .expert = 2,
                .pipeline_schedule = PipelineSchedule::interleaved,
                .virtual_stages = 2};
  s.cluster.gpu = "h100-sxm5-80gb";
  s.cluster.num_nodes = 8;
  s.cluster.network.topology = NetworkTopology::torus;
  s.cluster.network.torus.dims = {2, 2, 2};
  s.cluster.network.link_bandwidth_Gbps = 400;
  s.cost.usd_per_gpu_hour = 3.0;
  RunResult r;
  r.iteration_time_s = 1.0;
  r.tokens_per_s = 4096;
  r.mfu = 0.3;
  r.breakdown_s = {.compute = 0.899, .exposed_comm = 0.1, .other = 0.001};
  r.memory_per_gpu_bytes = {.total = 40 * kGiB, .capacity = 80e9};
  r.time_to_train_s = 30 * 3600;
  r.gpu_hours = 1920;
  r.cost_usd = 5760;
  r.expected_time_to_train_with_failures_s = std::numeric_limits<double>::infinity();
  const std::string expected =
      "my-moe · 64 × " + gpu_name("h100-sxm5-80gb") +
      " · TP 2 · PP 2 · DP 8 · CP 2 · EP 2 · interleaved 1F1B v=2 ·\n"
      "  full recompute · torus 2×2×2 400 Gb/s\n"
      "iteration 1.00 s   tokens/s 4.10k   MFU 30.0%   memory 40.0 GiB / 74.5 GiB per GPU (fits)\n"
      "where the time goes   compute 90% (90% of benchmark speed, slowest of 64 GPUs +6.2%)\n"
      "  exposed comm 10%   other <1%\n"
      "to train 1.00T tokens  30.0 h · 1.92k GPU-hours · $5.76k at $3.00/GPU-h\n"
      "  (with failures: never, failures outpace progress)\n";
  EXPECT_EQ(summary_text(s, r), expected);
}

TEST(SummaryText, EveryLineFitsAHundredColumns) {
  RunResult r = gpt3_result();
  r.fits_in_memory = false;
  r.memory_per_gpu_bytes.total = 3000 * kGiB;
  const std::string text = summary_text(gpt3_scenario(), r);
  size_t start = 0;
  for (size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    EXPECT_LE(display_width(text.substr(start, end - start)), 100u) << text;
    start = end + 1;
  }
}

TEST(SummaryText, LongWarningsWrapBetweenWords) {
  RunResult r = gpt3_result();
  r.warnings = {
      "parallel.pipeline: 126 layers do not split evenly over 16 stages (8 or 7 layers "
      "per stage); the slowest stage sets the pace",
      "short one"};
  const std::string text = summary_text(gpt3_scenario(), r);
  const std::string expected =
      "warnings:\n"
      "  - parallel.pipeline: 126 layers do not split evenly over 16 stages (8 or 7 layers per "
      "stage); the\n"  // 99 characters; "slowest" would make 107
      "    slowest stage sets the pace\n"
      "  - short one\n";
  EXPECT_EQ(text.substr(text.find("warnings:")), expected);
}

TEST(SummaryText, NoPriceNoCostAndNoIterationNoSplit) {
  Scenario s = gpt3_scenario();
  s.cost.usd_per_gpu_hour = 0.0;
  RunResult r = gpt3_result();
  const std::string text = summary_text(s, r);
  EXPECT_NE(
      text.find("to train 300B tokens  26.0 days · 639k GPU-hours (with failures: 27.1 days)\n"),
      std::string::npos);
  EXPECT_EQ(text.find('$'), std::string::npos);
  r.iteration_time_s = 0.0;
  EXPECT_EQ(summary_text(s, r).find("where the time goes"), std::string::npos);
}

// The headline says when the expert-parallel communication is overlapped (ep_pairs): an MoE model
// with EP > 1 under parallel.ep_comm_overlap; without EP the field changes nothing and says
// nothing.
TEST(SummaryText, TheHeadlineSaysTheExpertParallelOverlap) {
  Scenario s = gpt3_scenario();
  s.model.moe.num_experts = 8;
  s.model.moe.top_k = 2;
  s.parallel.expert = 8;
  EXPECT_NE(summary_text(s, gpt3_result()).find(" · EP 8 · "), std::string::npos);
  s.parallel.ep_comm_overlap = true;
  EXPECT_NE(summary_text(s, gpt3_result()).find(" · EP 8 (overlapped) · "), std::string::npos)
      << summary_text(s, gpt3_result());
  s.parallel.expert = 1;
  EXPECT_EQ(summary_text(s, gpt3_result()).find("overlapped"), std::string::npos);
}

}  // namespace
}  // namespace wt
