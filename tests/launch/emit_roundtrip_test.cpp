// Issue 26: the emitted launch files train the model simulated. Each megatron_args.sh is read back
// into a scenario's fields (the inverse of planner/emit/megatron_args.cpp, written here from
// Megatron-LM's meaning of each flag) and compared with the scenario, for every shipped scenario
// and MoE / fp8 / GQA / CP / MLA variants; every flag is one of Megatron-LM's
// (data/reference/megatron-lm-arguments.txt) and every DeepSpeed key one of DeepSpeed's
// (data/reference/deepspeed-config-keys.txt).
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "launch_parse.hpp"
#include "planner/emit/deepspeed_config.hpp"
#include "planner/emit/launch_plan.hpp"
#include "planner/emit/megatron_args.hpp"
#include "sim/run.hpp"

namespace wt {
namespace {

using Flags = std::map<std::string, std::string>;

// The shipped transformers (a layer-list model has no launch files: EmitFiles.*) and variants.
std::vector<Scenario> scenarios_and_variants() {
  std::vector<Scenario> all = test::shipped_scenarios();
  std::erase_if(all, [](const Scenario& s) { return s.model.is_layer_list(); });
  all.push_back(test::shipped_scenario(
      "mixtral-8x7b-ep", {"model.moe.capacity_factor=1.25", "training.activation_recompute=full",
                          "training.moe_permute_fusion=true", "training.total_tokens=1e11"}));
  all.push_back(test::shipped_scenario("llama3-8b-1node-h100",
                                       {"training.precision=fp8", "training.attention=cudnn"}));
  all.push_back(test::shipped_scenario(
      "llama3-8b-1node-h100",
      {"training.activation_recompute=full", "training.recompute_num_layers=3"}));
  all.push_back(test::shipped_scenario(
      "llama3-8b-1node-h100",
      {"parallel.context=2", "parallel.data=2", "training.attention=flash2"}));
  all.push_back(test::shipped_scenario(
      "llama3-8b-1node-h100",
      {"parallel.context=2", "parallel.data=2", "parallel.cp_comm_type=a2a"}));
  all.push_back(test::shipped_scenario(
      "llama2-70b-64-h100", {"parallel.first_stage_layers=44", "parallel.last_stage_layers=36"}));
  all.push_back(test::shipped_scenario("mixtral-8x7b-ep", {"model.preset=deepseek-v3"}));
  all.push_back(test::shipped_scenario("mixtral-8x7b-ep", {"parallel.tensor=1", "parallel.data=64",
                                                           "parallel.sequence_parallel=false",
                                                           "training.moe_dispatcher=allgather"}));
  all.push_back(test::shipped_scenario("mixtral-8x7b-ep", {"parallel.ep_comm_overlap=true"}));
  return all;
}

int64_t integer(const Flags& f, const std::string& flag) {
  const auto it = f.find(flag);
  if (it == f.end()) {
    ADD_FAILURE() << flag << " missing";
    return -1;
  }
  return std::stoll(it->second);
}

bool has(const Flags& f, const std::string& flag) {
  return f.count(flag) == 1;
}

std::string value(const Flags& f, const std::string& flag) {
  const auto it = f.find(flag);
  return it == f.end() ? "<absent>" : it->second;
}

Precision precision_of(const Flags& f) {
  if (has(f, "--fp16")) return Precision::fp16;
  if (value(f, "--fp4-recipe") == "nvfp4") return Precision::nvfp4;
  if (value(f, "--fp8-recipe") == "mxfp8") return Precision::mxfp8;
  if (has(f, "--fp8-format")) return Precision::fp8;
  return has(f, "--bf16") ? Precision::bf16 : Precision::fp32;
}

Recompute recompute_of(const Flags& f) {
  const std::string g = value(f, "--recompute-granularity");
  if (g == "selective") return Recompute::selective;
  return g == "full" ? Recompute::full : Recompute::none;
}

AttentionKernel attention_of(const Flags& f) {
  const std::string b = value(f, "--attention-backend");
  if (b == "flash") return AttentionKernel::flash2;
  if (b == "fused") return AttentionKernel::cudnn;
  return b == "unfused" ? AttentionKernel::unfused : AttentionKernel::fused;
}

void expect_layout(const Scenario& s, const Flags& f) {
  const ParallelConfig& p = s.parallel;
  EXPECT_EQ(integer(f, "--tensor-model-parallel-size"), p.tensor);
  EXPECT_EQ(integer(f, "--pipeline-model-parallel-size"), p.pipeline);
  EXPECT_EQ(integer(f, "--context-parallel-size"), p.context);
  EXPECT_EQ(has(f, "--decoder-first-pipeline-num-layers")
                ? integer(f, "--decoder-first-pipeline-num-layers")
                : 0,
            p.first_stage_layers);
  EXPECT_EQ(has(f, "--decoder-last-pipeline-num-layers")
                ? integer(f, "--decoder-last-pipeline-num-layers")
                : 0,
            p.last_stage_layers);
  EXPECT_EQ(has(f, "--cp-comm-type") ? value(f, "--cp-comm-type") : "p2p",
            p.context > 1 ? to_string(p.cp_comm_type) : "p2p");
  const bool moe = s.model.moe.num_experts > 0;
  EXPECT_EQ(moe ? integer(f, "--expert-model-parallel-size") : 1, p.expert);
  if (moe && p.expert_tensor > 0) {
    EXPECT_EQ(integer(f, "--expert-tensor-parallel-size"), p.expert_tensor);
  }
  const bool interleaved =
      p.pipeline_schedule == PipelineSchedule::interleaved && p.virtual_stages > 1;
  EXPECT_EQ(interleaved ? s.pipeline_split_slots() /
                              (p.pipeline * integer(f, "--num-layers-per-virtual-pipeline-stage"))
                        : 1,
            interleaved ? p.virtual_stages : 1);
  EXPECT_EQ(has(f, "--sequence-parallel"), p.sequence_parallel && p.tensor > 1);
  EXPECT_EQ(has(f, "--use-distributed-optimizer"), p.zero_stage >= 1);
  // The world is TP × PP × CP × DP GPUs; DP is what remains.
  EXPECT_EQ(int64_t{p.tensor} * p.pipeline * p.context * p.data, s.cluster.num_gpus());
}

void expect_model(const Scenario& s, const Flags& f) {
  const ModelConfig& m = s.model;
  EXPECT_EQ(integer(f, "--num-layers"), m.num_layers);
  EXPECT_EQ(integer(f, "--hidden-size"), m.hidden_size);
  EXPECT_EQ(integer(f, "--ffn-hidden-size"), m.ffn_hidden_size);
  EXPECT_EQ(integer(f, "--num-attention-heads"), m.num_attention_heads);
  const int groups = has(f, "--num-query-groups")
                         ? static_cast<int>(integer(f, "--num-query-groups"))
                         : m.num_attention_heads;
  EXPECT_EQ(groups, m.num_kv_heads > 0 ? m.num_kv_heads : m.num_attention_heads);
  EXPECT_EQ(has(f, "--group-query-attention"), groups != m.num_attention_heads);
  if (m.mla.kv_lora_rank == 0) {
    const int64_t kv = has(f, "--kv-channels") ? integer(f, "--kv-channels")
                                               : m.hidden_size / m.num_attention_heads;
    EXPECT_EQ(kv, m.head_dim > 0 ? m.head_dim : m.hidden_size / m.num_attention_heads);
  } else {
    EXPECT_TRUE(has(f, "--multi-latent-attention"));
    EXPECT_EQ(integer(f, "--kv-lora-rank"), m.mla.kv_lora_rank);
    EXPECT_EQ(has(f, "--q-lora-rank") ? integer(f, "--q-lora-rank") : 0, m.mla.q_lora_rank);
    EXPECT_EQ(integer(f, "--qk-head-dim"), m.mla.qk_nope_head_dim);
    EXPECT_EQ(integer(f, "--qk-pos-emb-head-dim"), m.mla.qk_rope_head_dim);
    EXPECT_EQ(integer(f, "--v-head-dim"), m.mla.v_head_dim);
  }
  EXPECT_EQ(has(f, "--mtp-num-layers") ? integer(f, "--mtp-num-layers") : 0, m.mtp_layers);
  EXPECT_DOUBLE_EQ(std::stod(value(f, "--hidden-dropout")), m.hidden_dropout);
  EXPECT_EQ(integer(f, "--seq-length"), m.seq_length);
  EXPECT_EQ(has(f, "--swiglu"), m.gated_mlp);
  EXPECT_EQ(has(f, "--untie-embeddings-and-output-weights"), !m.tied_embeddings);
  // The simulator's convention: gated = Llama (rope, RMSNorm, no biases), else GPT.
  EXPECT_EQ(value(f, "--position-embedding-type"), m.gated_mlp ? "rope" : "learned_absolute");
  EXPECT_EQ(value(f, "--normalization"), m.gated_mlp ? "RMSNorm" : "LayerNorm");
  EXPECT_EQ(has(f, "--disable-bias-linear"), m.gated_mlp);
}

void expect_moe(const Scenario& s, const Flags& f) {
  const MoeConfig& e = s.model.moe;
  if (e.num_experts == 0) {
    EXPECT_FALSE(has(f, "--num-experts"));
    EXPECT_FALSE(has(f, "--moe-token-dispatcher-type"));
    return;
  }
  EXPECT_EQ(integer(f, "--num-experts"), e.num_experts);
  EXPECT_EQ(integer(f, "--moe-router-topk"), e.top_k);
  EXPECT_EQ(integer(f, "--moe-ffn-hidden-size"), e.moe_ffn_hidden_size);
  EXPECT_EQ(value(f, "--moe-token-dispatcher-type"), to_string(s.training.moe_dispatcher));
  EXPECT_EQ(has(f, "--overlap-moe-expert-parallel-comm"), s.parallel.ep_comm_overlap);
  EXPECT_TRUE(has(f, "--moe-grouped-gemm"));
  EXPECT_EQ(value(f, "--moe-router-load-balancing-type"), "aux_loss");
  EXPECT_DOUBLE_EQ(std::stod(value(f, "--moe-aux-loss-coeff")), 0.01);
  const double capacity = has(f, "--moe-expert-capacity-factor")
                              ? std::stod(value(f, "--moe-expert-capacity-factor"))
                              : 0.0;
  EXPECT_DOUBLE_EQ(capacity, e.capacity_factor);
  EXPECT_EQ(has(f, "--moe-pad-expert-input-to-capacity"), e.capacity_factor > 0.0);
  EXPECT_EQ(has(f, "--moe-permute-fusion"), s.training.moe_permute_fusion);
  const int64_t shared_width =
      e.shared_expert_ffn_hidden_size > 0 ? e.shared_expert_ffn_hidden_size : e.moe_ffn_hidden_size;
  EXPECT_EQ(has(f, "--moe-shared-expert-intermediate-size")
                ? integer(f, "--moe-shared-expert-intermediate-size")
                : 0,
            e.num_shared_experts * shared_width);
  const std::string freq = e.first_dense_layers == 0
                               ? "<absent>"
                               : "([0]*" + std::to_string(e.first_dense_layers) + "+[1]*" +
                                     std::to_string(s.model.num_layers - e.first_dense_layers) +
                                     ")";
  EXPECT_EQ(value(f, "--moe-layer-freq"), freq);
}

void expect_training(const Scenario& s, const LaunchPlan& plan, const Flags& f) {
  const TrainingConfig& t = s.training;
  EXPECT_EQ(integer(f, "--micro-batch-size"), t.micro_batch_size);
  EXPECT_EQ(integer(f, "--global-batch-size"), t.global_batch_size);
  const Precision p = precision_of(f);
  EXPECT_EQ(p, t.precision == Precision::tf32 ? Precision::fp32 : t.precision);
  EXPECT_EQ(recompute_of(f),
            t.activation_recompute == Recompute::per_op ? Recompute::full : t.activation_recompute);
  if (t.activation_recompute == Recompute::full) {
    const bool block = t.recompute_num_layers > 0;
    EXPECT_EQ(value(f, "--recompute-method"), block ? "block" : "uniform");
    EXPECT_EQ(integer(f, "--recompute-num-layers"), block ? t.recompute_num_layers : 1);
  }
  EXPECT_EQ(attention_of(f), t.attention);
  EXPECT_EQ(value(f, "--optimizer"), t.optimizer == Optimizer::sgd ? "sgd" : "adam");
  EXPECT_DOUBLE_EQ(std::stod(value(f, "--clip-grad")), 1.0);
  if (t.total_tokens > 0.0) {
    EXPECT_EQ(integer(f, "--train-iters"),
              static_cast<int64_t>(
                  std::ceil(t.total_tokens / (static_cast<double>(t.global_batch_size) *
                                              static_cast<double>(s.model.seq_length)))));
  }
  // --save-interval: the run's Young/Daly interval in iterations of the analytical engine.
  const RunResult r = run_scenario(s, EngineKind::analytical).result;
  if (r.optimal_checkpoint_interval_s > 0.0) {
    const int64_t expected =
        std::max<int64_t>(1, std::llround(r.optimal_checkpoint_interval_s / r.iteration_time_s));
    EXPECT_EQ(integer(f, "--save-interval"), expected);
    EXPECT_EQ(plan.save_interval, expected);
  } else {
    EXPECT_EQ(value(f, "--save-interval"), "${SAVE_INTERVAL}");
  }
}

TEST(EmitRoundTrip, MegatronArgumentsReadBackAsTheScenario) {
  const std::set<std::string> known = test::reference_names("megatron-lm-arguments.txt");
  ASSERT_GT(known.size(), 900u);
  size_t checked = 0;
  for (const Scenario& s : scenarios_and_variants()) {
    SCOPED_TRACE(s.name);
    const LaunchPlan plan = launch_plan(s);
    const Flags f = test::megatron_flags(megatron_args_sh(s));
    for (const auto& [flag, v] : f)
      EXPECT_TRUE(known.count(flag)) << flag << " is not a Megatron-LM argument";
    expect_layout(s, f);
    expect_model(s, f);
    expect_moe(s, f);
    expect_training(s, plan, f);
    ++checked;
  }
  EXPECT_GE(checked, 18u);
}

// Dotted paths of every leaf key in a JSON object: {"a": {"b": 1}} → {"a.b"}.
void leaf_keys(const nlohmann::json& j, const std::string& prefix, std::set<std::string>& out) {
  for (const auto& [key, v] : j.items()) {
    const std::string path = prefix.empty() ? key : prefix + "." + key;
    if (v.is_object()) {
      leaf_keys(v, path, out);
    } else {
      out.insert(path);
    }
  }
}

TEST(EmitRoundTrip, DeepSpeedKeysAreDeepSpeedsAndValuesReadBack) {
  const std::set<std::string> known = test::reference_names("deepspeed-config-keys.txt");
  ASSERT_GT(known.size(), 20u);
  std::vector<Scenario> all = scenarios_and_variants();
  all.push_back(test::shipped_scenario("zero3-llama2-13b", {"parallel.offload=parameters"}));
  all.push_back(test::shipped_scenario(
      "llama3-8b-1node-h100", {"training.precision=fp16", "training.grad_reduce_in_fp32=true"}));
  for (const Scenario& s : all) {
    SCOPED_TRACE(s.name);
    const nlohmann::json c = nlohmann::json::parse(deepspeed_config(s).dump());
    std::set<std::string> keys;
    leaf_keys(c, "", keys);
    for (const std::string& k : keys)
      EXPECT_TRUE(known.count(k)) << k << " is not a DeepSpeed config key";
    EXPECT_EQ(c.at("train_batch_size"), s.training.global_batch_size);
    EXPECT_EQ(c.at("train_micro_batch_size_per_gpu"), s.training.micro_batch_size);
    EXPECT_EQ(c.at("gradient_accumulation_steps"), s.num_micro_batches());
    EXPECT_DOUBLE_EQ(c.at("gradient_clipping").get<double>(), 1.0);
    EXPECT_EQ(c.at("zero_optimization").at("stage"), s.parallel.zero_stage);
    const Precision p = s.training.precision;
    EXPECT_EQ(c.contains("fp16"), p == Precision::fp16);
    EXPECT_EQ(c.contains("bf16"),
              p != Precision::fp16 && p != Precision::fp32 && p != Precision::tf32);
    EXPECT_EQ(c.contains("activation_checkpointing"),
              s.training.activation_recompute == Recompute::full);
    EXPECT_EQ(c.at("zero_optimization").contains("offload_optimizer"),
              s.parallel.offload != Offload::none);
  }
}

TEST(EmitRoundTrip, ContextParallelRanksShareTheirReplicasMicroBatches) {
  // llama3-8b: 8 GPUs = TP 2 × CP 2 × DP 2; global 128 = micro 1 × 64 micro-batches × DP 2. The
  // simulator's workload runs the same 64 per rank (each on seq / CP tokens).
  const Scenario s =
      test::shipped_scenario("llama3-8b-1node-h100", {"parallel.context=2", "parallel.data=2"});
  EXPECT_EQ(deepspeed_config(s).at("gradient_accumulation_steps"), 64);
  EXPECT_EQ(run_scenario(s, EngineKind::analytical).workload.num_micro_batches, 64);
  EXPECT_EQ(launch_plan(s).gradient_accumulation_steps, 64);
}

TEST(EmitRoundTrip, SaveIntervalIsTheCheckpointIntervalInIterations) {
  // 51,961.5 s between checkpoints at 14.359 s per iteration: 3,618.7 → 3,619 iterations.
  EXPECT_EQ(save_interval_iterations(51961.5, 14.359), 3619);
  EXPECT_EQ(save_interval_iterations(3.0, 14.0), 1);             // at least every iteration
  EXPECT_EQ(save_interval_iterations(0.0, 14.0), std::nullopt);  // no interval: a placeholder
  EXPECT_EQ(save_interval_iterations(100.0, 0.0), std::nullopt);
}

TEST(EmitRoundTrip, JobNameLeavesRoomForTheOperatorsWorkerSuffix) {
  Scenario s = test::shipped_scenario("llama3-405b-16k-h100");
  s.name = std::string(200, 'a') + " run";
  const int nodes = s.cluster.num_nodes;
  const std::string job = launch_plan(s).job_name;
  EXPECT_EQ((job + "-worker-" + std::to_string(nodes - 2)).size(), 63u);
  EXPECT_LE((job + "-master-0").size(), 63u);
  EXPECT_EQ(job_name_label(std::string(100, 'b'), 1), std::string(54, 'b'));  // "-master-0"
  EXPECT_EQ(job_name_label(std::string(100, 'b'), 1000).size(), 63u - 11u);   // "-worker-998"
}

}  // namespace
}  // namespace wt
