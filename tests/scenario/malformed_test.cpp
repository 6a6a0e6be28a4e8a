// Malformed scenarios, one row each: a mutation of the valid base scenario (an RFC 7386 merge
// patch, a whole text, or a --set override) and the JSON path the InputError must name, with a
// fragment of its message.
#include <gtest/gtest.h>

#include "scenario_test_util.hpp"

namespace wt {
namespace {

enum class Kind { patch, text, set };

struct Row {
  const char* label;
  Kind kind;
  const char* mutation;
  const char* path;
  const char* fragment;
};

void parse_row(const Row& row) {
  switch (row.kind) {
    case Kind::patch:
      parse_scenario(test::patched_base(row.mutation));
      return;
    case Kind::text:
      parse_scenario_text(row.mutation);
      return;
    case Kind::set:
      parse_scenario(test::small_base(), {row.mutation});
      return;
  }
}

constexpr Kind P = Kind::patch;
constexpr Kind T = Kind::text;
constexpr Kind S = Kind::set;

// 2 nodes, data derived (4): the cluster.network rows need more than one node.
#define TWO_NODES R"("parallel": {"data": null}, "cluster": {"num_nodes": 2, )"

const Row kRows[] = {
    // The document itself.
    {"syntax_error", T, "{\"schema\": 1,\n  \"model\": {\"num_layers\": 8,}\n}", "", "line 2"},
    {"truncated", T, "{\"schema\": 1", "", "line 1, column 13"},
    {"empty_text", T, "", "", "invalid JSON"},
    {"not_an_object", T, "[1, 2]", "", "must be a JSON object"},
    {"duplicate_key", T, R"({"schema": 1, "model": {"num_layers": 8, "num_layers": 9}})",
     "model.num_layers", "duplicate key"},
    {"schema_2", P, R"({"schema": 2})", "schema", "allowed: 1"},
    {"schema_string", P, R"({"schema": "1"})", "schema", "must be an integer"},
    // Unknown keys at each level.
    {"unknown_top", P, R"({"modle": {}})", "modle", "did you mean \"model\""},
    {"unknown_top_elsewhere", P, R"({"tensor": 2})", "tensor", "did you mean \"parallel.tensor\""},
    {"unknown_model", P, R"({"model": {"num_layer": 8}})", "model.num_layer", "\"num_layers\""},
    {"unknown_moe", P, R"({"model": {"moe": {"topk": 2}}})", "model.moe.topk", "\"top_k\""},
    {"unknown_training", P, R"({"training": {"precison": "bf16"}})", "training.precison",
     "\"precision\""},
    {"unknown_parallel", P, R"({"parallel": {"tensr": 2}})", "parallel.tensr", "\"tensor\""},
    {"unknown_cluster", P, R"({"cluster": {"gpus": "a100"}})", "cluster.gpus", "\"gpu\""},
    {"unknown_intra_node", P, R"({"cluster": {"intra_node": {"bandwidth_gbps": 300}}})",
     "cluster.intra_node.bandwidth_gbps", "\"bandwidth_GBps\""},
    {"unknown_network", P, R"({"cluster": {"network": {"link_bandwith_Gbps": 200}}})",
     "cluster.network.link_bandwith_Gbps", "\"link_bandwidth_Gbps\""},
    {"unknown_fat_tree", P, R"({"cluster": {"network": {"fat_tree": {"radix": 64}}}})",
     "cluster.network.fat_tree.radix", "allowed: levels, switch_radix, oversubscription"},
    {"unknown_torus", P,
     R"({"cluster": {"network": {"topology": "torus", "torus": {"dim": [1]}}}})",
     "cluster.network.torus.dim", "\"dims\""},
    {"unknown_dragonfly", P,
     R"({"cluster": {"network": {"topology": "dragonfly", "dragonfly": {"group": 1}}}})",
     "cluster.network.dragonfly.group", "\"groups\""},
    {"unknown_cost", P, R"({"cost": {"usd_per_hour": 2}})", "cost.usd_per_hour", "unknown key"},
    {"unknown_reliability", P, R"({"reliability": {"mtbf_hours": 1}})", "reliability.mtbf_hours",
     "unknown key"},
    // Sections that are not objects.
    {"model_number", P, R"({"model": 5})", "model", "must be an object"},
    {"parallel_list", P, R"({"parallel": [1]})", "parallel", "must be an object"},
    {"network_string", P, R"({"cluster": {"network": "fat-tree"}})", "cluster.network",
     "must be an object"},
    {"moe_true", P, R"({"model": {"moe": true}})", "model.moe", "must be an object"},
    // Wrong types.
    {"integer_fraction", P, R"({"parallel": {"tensor": 2.5}})", "parallel.tensor",
     "must be an integer"},
    {"integer_string", P, R"({"parallel": {"tensor": "8"}})", "parallel.tensor",
     "must be an integer"},
    {"integer_boolean", P, R"({"parallel": {"tensor": true}})", "parallel.tensor",
     "must be an integer"},
    {"boolean_number", P, R"({"parallel": {"sequence_parallel": 1}})", "parallel.sequence_parallel",
     "must be a boolean"},
    {"number_string", P, R"({"training": {"total_tokens": "3e11"}})", "training.total_tokens",
     "must be a number"},
    {"choice_unknown", P, R"({"training": {"precision": "bf17"}})", "training.precision",
     "did you mean \"bf16\""},
    {"choice_number", P, R"({"training": {"precision": 16}})", "training.precision",
     "must be a string"},
    {"fabric_unknown", P, R"({"cluster": {"intra_node": {"fabric": "nvlink"}}})",
     "cluster.intra_node.fabric", "nvswitch, nvlink-mesh, pcie"},
    {"topology_underscore", P, R"({"cluster": {"network": {"topology": "fat_tree"}}})",
     "cluster.network.topology", "did you mean \"fat-tree\""},
    {"optimizer_unknown", P, R"({"training": {"optimizer": "lamb"}})", "training.optimizer",
     "adam, adamw, sgd"},
    {"recompute_unknown", P, R"({"training": {"activation_recompute": "partial"}})",
     "training.activation_recompute", "none, selective, per_op, full"},
    {"recompute_module_unknown", P,
     R"({"training": {"activation_recompute": "selective", "recompute_modules": ["attn"]}})",
     "training.recompute_modules[0]", "core_attn, moe_act, layernorm"},
    {"recompute_module_twice", P,
     R"({"training": {"activation_recompute": "selective", "recompute_modules": ["mlp", "mlp"]}})",
     "training.recompute_modules[1]", "listed twice"},
    {"recompute_modules_empty", P, R"({"training": {"recompute_modules": []}})",
     "training.recompute_modules", "non-empty"},
    {"recompute_modules_not_selective", P,
     R"({"training": {"activation_recompute": "full", "recompute_modules": ["mlp"]}})",
     "training.recompute_modules", "selective recompute only"},
    {"recompute_module_not_in_model", P,
     R"({"training": {"activation_recompute": "selective", "recompute_modules": ["moe"]}})",
     "training.recompute_modules", "needs a MoE model"},
    {"schedule_unknown", P, R"({"parallel": {"pipeline_schedule": "zero-bubble"}})",
     "parallel.pipeline_schedule", "gpipe, 1f1b, interleaved"},
    {"algorithm_unknown", P, R"({"parallel": {"collective_algorithm": "nccl"}})",
     "parallel.collective_algorithm", "auto, ring, tree, hierarchical"},
    {"gpu_number", P, R"({"cluster": {"gpu": 100}})", "cluster.gpu", "must be a string"},
    {"name_empty", P, R"({"name": ""})", "name", "must not be empty"},
    {"dims_string", P,
     R"({"cluster": {"network": {"topology": "torus", "torus": {"dims": "8x4"}}}})",
     "cluster.network.torus.dims", "must be a list of integers"},
    {"dims_item", P,
     R"({"cluster": {"network": {"topology": "torus", "torus": {"dims": [2, 0]}}}})",
     "cluster.network.torus.dims[1]", "out of range"},
    {"dims_empty", P, R"({"cluster": {"network": {"topology": "torus", "torus": {"dims": []}}}})",
     "cluster.network.torus.dims", "1 .. 3 entries"},
    {"dims_four", P,
     R"({"cluster": {"network": {"topology": "torus", "torus": {"dims": [2, 2, 2, 2]}}}})",
     "cluster.network.torus.dims", "wrong number of entries"},
    // Ranges.
    {"layers_0", P, R"({"model": {"num_layers": 0}})", "model.num_layers", "1 .. 10000"},
    {"layers_10001", P, R"({"model": {"num_layers": 10001}})", "model.num_layers", "out of range"},
    {"hidden_huge", P, R"({"model": {"hidden_size": 2000000}})", "model.hidden_size",
     "1 .. 1000000"},
    {"heads_0", P, R"({"model": {"num_attention_heads": 0}})", "model.num_attention_heads",
     "out of range"},
    {"seq_too_long", P, R"({"model": {"seq_length": 16777217}})", "model.seq_length",
     "1 .. 16777216"},
    {"vocab_0", P, R"({"model": {"vocab_size": 0}})", "model.vocab_size", "out of range"},
    {"experts_5000", P, R"({"model": {"moe": {"num_experts": 5000}}})", "model.moe.num_experts",
     "0 .. 4096"},
    {"batch_0", P, R"({"training": {"global_batch_size": 0}})", "training.global_batch_size",
     "out of range"},
    {"micro_batch_negative", P, R"({"training": {"micro_batch_size": -2}})",
     "training.micro_batch_size", "out of range"},
    {"tokens_negative", P, R"({"training": {"total_tokens": -1}})", "training.total_tokens",
     "out of range"},
    {"tokens_1e17", P, R"({"training": {"total_tokens": 1e17}})", "training.total_tokens",
     "0 .. 1e+16"},
    {"tensor_0", P, R"({"parallel": {"tensor": 0}})", "parallel.tensor", "1 .. 16384"},
    {"pipeline_huge", P, R"({"parallel": {"pipeline": 1e300}})", "parallel.pipeline",
     "out of range"},
    {"data_negative", P, R"({"parallel": {"data": -1}})", "parallel.data", "0 .. 1000000"},
    {"zero_4", P, R"({"parallel": {"zero_stage": 4}})", "parallel.zero_stage", "0 .. 3"},
    {"virtual_129", P, R"({"parallel": {"virtual_stages": 129}})", "parallel.virtual_stages",
     "1 .. 128"},
    {"bucket_0", P, R"({"parallel": {"dp_bucket_mb": 0}})", "parallel.dp_bucket_mb",
     "> 0 and <= 100000"},
    {"nodes_0", P, R"({"cluster": {"num_nodes": 0}})", "cluster.num_nodes", "1 .. 1000000"},
    {"gpus_per_node_73", P, R"({"cluster": {"gpus_per_node": 73}})", "cluster.gpus_per_node",
     "1 .. 72"},
    {"intra_bandwidth_negative", P, R"({"cluster": {"intra_node": {"bandwidth_GBps": -1}}})",
     "cluster.intra_node.bandwidth_GBps", "out of range"},
    {"intra_latency_negative", P, R"({"cluster": {"intra_node": {"latency_us": -0.1}}})",
     "cluster.intra_node.latency_us", "out of range"},
    {"link_bandwidth_0", P, R"({"cluster": {"network": {"link_bandwidth_Gbps": 0}}})",
     "cluster.network.link_bandwidth_Gbps", "0.001 .. 100000"},
    {"link_bandwidth_tiny", P, R"({"cluster": {"network": {"link_bandwidth_Gbps": 1e-300}}})",
     "cluster.network.link_bandwidth_Gbps", "0.001 .. 100000"},
    {"intra_bandwidth_tiny", P, R"({"cluster": {"intra_node": {"bandwidth_GBps": 5e-324}}})",
     "cluster.intra_node.bandwidth_GBps", "or 0.001 .. 100000"},
    {"name_newline", P, R"({"name": "demo\necho INJECTED\n#"})", "name", "U+000A at byte 4"},
    {"link_latency_huge", P, R"({"cluster": {"network": {"link_latency_us": 2e6}}})",
     "cluster.network.link_latency_us", "0 .. 1000000"},
    {"nics_73", P, R"({"cluster": {"network": {"nics_per_node": 73}}})",
     "cluster.network.nics_per_node", "1 .. 72"},
    {"levels_4", P, R"({"cluster": {"network": {"fat_tree": {"levels": 4}}}})",
     "cluster.network.fat_tree.levels", "1 .. 3"},
    {"radix_odd", P, R"({"cluster": {"network": {"fat_tree": {"switch_radix": 41}}}})",
     "cluster.network.fat_tree.switch_radix", "must be even"},
    {"radix_2", P, R"({"cluster": {"network": {"fat_tree": {"switch_radix": 2}}}})",
     "cluster.network.fat_tree.switch_radix", "4 .. 1024, even"},
    {"oversubscription_half", P,
     R"({"cluster": {"network": {"fat_tree": {"oversubscription": 0.5}}}})",
     "cluster.network.fat_tree.oversubscription", "1 .. 16"},
    {"dragonfly_groups_0", P,
     R"({"cluster": {"network": {"topology": "dragonfly", "dragonfly": {"groups": 0}}}})",
     "cluster.network.dragonfly.groups", "out of range"},
    {"price_10001", P, R"({"cost": {"usd_per_gpu_hour": 10001}})", "cost.usd_per_gpu_hour",
     "0 .. 10000"},
    {"mtbf_0", P, R"({"reliability": {"gpu_mtbf_hours": 0}})", "reliability.gpu_mtbf_hours",
     "> 0 and <= 1000000000"},
    {"checkpoint_negative", P, R"({"reliability": {"checkpoint_write_s": -1}})",
     "reliability.checkpoint_write_s", "out of range"},
    {"mtbf_with_a_cause", P,
     R"({"reliability": {"gpu_mtbf_hours": 5e4, "failures": {"hbm": {"mtbf_hours": 1e5}}}})",
     "reliability.gpu_mtbf_hours", "cannot be set with reliability.failures.hbm.mtbf_hours"},
    {"mtbf_with_a_cause_restart", P,
     R"({"reliability": {"gpu_mtbf_hours": 5e4, "failures": {"host": {"restart_s": 60}}}})",
     "reliability.gpu_mtbf_hours", "reliability.failures.host.restart_s"},
    {"write_with_storage", P, R"({"reliability": {"checkpoint_write_s": 60, "storage_GBps": 100}})",
     "reliability.checkpoint_write_s", "cannot be set with reliability.storage_GBps"},
    {"cause_mtbf_0", P, R"({"reliability": {"failures": {"gpu": {"mtbf_hours": 0}}}})",
     "reliability.failures.gpu.mtbf_hours", "out of range"},
    {"cause_restart_negative", P, R"({"reliability": {"failures": {"nic": {"restart_s": -1}}}})",
     "reliability.failures.nic.restart_s", "out of range"},
    {"unknown_cause", P, R"({"reliability": {"failures": {"psu": {"mtbf_hours": 1}}}})",
     "reliability.failures.psu", "unknown key"},
    {"interval_0", P, R"({"reliability": {"checkpoint_interval_iterations": 0}})",
     "reliability.checkpoint_interval_iterations", "out of range"},
    {"restart_huge", P, R"({"reliability": {"restart_s": 1e8}})", "reliability.restart_s",
     "0 .. 10000000"},
    // Required model fields and presets.
    {"model_missing", P, R"({"model": null})", "model.num_layers", "required"},
    {"seq_missing", P, R"({"model": {"seq_length": null}})", "model.seq_length", "required"},
    {"batch_missing", P, R"({"training": {"global_batch_size": null}})",
     "training.global_batch_size", "required"},
    {"preset_unknown", P, R"({"model": {"preset": "gpt4"}})", "model.preset", "unknown preset"},
    {"preset_and_hf_config", P, R"({"model": {"preset": "llama2-7b", "hf_config": "c.json"}})",
     "model.hf_config", "cannot be combined"},
    {"hf_config_missing", P, R"({"model": {"hf_config": "no/such/config.json"}})",
     "model.hf_config", "not found"},
    // Model shape.
    {"hidden_not_divisible", P, R"({"model": {"hidden_size": 1000}})", "model.hidden_size",
     "divisible by model.num_attention_heads (16)"},
    {"kv_not_divisor", P, R"({"model": {"num_kv_heads": 5}})", "model.num_kv_heads",
     "must divide model.num_attention_heads"},
    {"kv_above_heads", P, R"({"model": {"num_kv_heads": 32}})", "model.num_kv_heads",
     "a divisor of 16"},
    {"top_k_0", P, R"({"model": {"moe": {"num_experts": 8}}})", "model.moe.top_k", "1 .. 8"},
    {"top_k_9", P, R"({"model": {"moe": {"num_experts": 8, "top_k": 9}}})", "model.moe.top_k",
     "1 .. 8"},
    {"top_k_dense", P, R"({"model": {"moe": {"top_k": 2}}})", "model.moe.top_k", "dense"},
    {"moe_ffn_dense", P, R"({"model": {"moe": {"moe_ffn_hidden_size": 1024}}})",
     "model.moe.moe_ffn_hidden_size", "dense"},
    {"capacity_dense", P, R"({"model": {"moe": {"capacity_factor": 1.25}}})",
     "model.moe.capacity_factor", "dense"},
    {"shared_dense", P, R"({"model": {"moe": {"num_shared_experts": 1}}})",
     "model.moe.num_shared_experts", "dense"},
    {"first_dense_dense", P, R"({"model": {"moe": {"first_dense_layers": 1}}})",
     "model.moe.first_dense_layers", "dense"},
    {"first_dense_all", P, R"({"model": {"moe": {"num_experts": 8, "top_k": 2,
     "first_dense_layers": 8}}})",
     "model.moe.first_dense_layers", "0 .. 7"},
    {"shared_ffn_alone", P, R"({"model": {"moe": {"num_experts": 8, "top_k": 2,
     "shared_expert_ffn_hidden_size": 512}}})",
     "model.moe.shared_expert_ffn_hidden_size", "num_shared_experts > 0"},
    {"mla_without_dims", P, R"({"model": {"mla": {"kv_lora_rank": 512}}})",
     "model.mla.qk_rope_head_dim", "required with model.mla.kv_lora_rank"},
    {"mla_q_alone", P, R"({"model": {"mla": {"q_lora_rank": 64}}})", "model.mla.q_lora_rank",
     "kv_lora_rank > 0"},
    {"mla_v_alone", P, R"({"model": {"mla": {"v_head_dim": 64}}})", "model.mla.v_head_dim",
     "kv_lora_rank > 0"},
    {"mla_unknown", P, R"({"model": {"mla": {"kv_rank": 64}}})", "model.mla.kv_rank", ""},
    {"mtp_17", P, R"({"model": {"mtp_layers": 17}})", "model.mtp_layers", "0 .. 16"},
    {"head_dim_negative", P, R"({"model": {"head_dim": -1}})", "model.head_dim", ""},
    {"imbalance_dense", P, R"({"model": {"moe": {"load_imbalance": 1.2}}})",
     "model.moe.load_imbalance", "needs model.moe.num_experts > 0"},
    {"imbalance_with_capacity", P, R"({"model": {"moe": {"num_experts": 8, "top_k": 2,
     "capacity_factor": 1.25, "load_imbalance": 1.2}}})",
     "model.moe.load_imbalance", "dropless routing only"},
    {"imbalance_below_one", P, R"({"model": {"moe": {"num_experts": 8, "top_k": 2,
     "load_imbalance": 0.5}}})",
     "model.moe.load_imbalance", "1 .. 1024"},
    {"imbalance_over_expert", P, R"({"model": {"moe": {"num_experts": 8, "top_k": 2,
     "load_imbalance": 3}}, "parallel": {"expert": 2}})",
     "model.moe.load_imbalance", "1 .. 2"},
    {"capacity_negative", P, R"({"model": {"moe": {"num_experts": 8, "top_k": 2,
     "capacity_factor": -1}}})",
     "model.moe.capacity_factor", "0 .. 64"},
    // GPU and precision.
    {"gpu_unknown", P, R"({"cluster": {"gpu": "a100-90gb"}})", "cluster.gpu", "a100-sxm4-80gb"},
    {"gpu_profile_missing", P, R"({"cluster": {"gpu": "profiles/my-h100.json"}})", "cluster.gpu",
     "calibration profile not found"},
    {"precision_unsupported", P, R"({"cluster": {"gpu": "t4"}})", "training.precision",
     "allowed: fp32, fp16"},
    {"fp8_on_ampere", P, R"({"training": {"precision": "fp8"}})", "training.precision",
     "not supported by a100-sxm4-80gb"},
    {"fp8_recipe_without_fp8", P, R"({"training": {"fp8_recipe": "tensorwise"}})",
     "training.fp8_recipe", "applies to precision fp8 only"},
    {"fp8_recipe_unknown", P, R"({"training": {"fp8_recipe": "current"}})", "training.fp8_recipe",
     "delayed, tensorwise, blockwise, rowwise"},
    // Tensor parallel.
    {"tensor_heads", P, R"({"parallel": {"tensor": 3, "data": null}})", "parallel.tensor",
     "must divide model.num_attention_heads (16)"},
    {"tensor_kv_heads", P, R"({"model": {"num_kv_heads": 4}, "parallel": {"tensor": 8,
       "pipeline": 1, "data": 1}})",
     "parallel.tensor", "must divide model.num_kv_heads (4)"},
    {"tensor_ffn", P, R"({"model": {"ffn_hidden_size": 4097}})", "parallel.tensor",
     "must divide model.ffn_hidden_size (4097)"},
    {"tensor_moe_ffn", P,
     R"({"model": {"moe": {"num_experts": 8, "top_k": 2, "moe_ffn_hidden_size": 1001}}})",
     "parallel.tensor", "moe_ffn_hidden_size (1001)"},
    // Pipeline.
    {"pipeline_above_layers", P, R"({"parallel": {"pipeline": 16, "tensor": 1, "data": 1},
       "cluster": {"gpus_per_node": 16}})",
     "parallel.pipeline", "1 .. 8"},
    {"interleaved_v1", P, R"({"parallel": {"pipeline_schedule": "interleaved"}})",
     "parallel.virtual_stages", "must be > 1"},
    {"interleaved_p1", P, R"({"parallel": {"pipeline_schedule": "interleaved", "virtual_stages": 2,
       "pipeline": 1, "data": 4}})",
     "parallel.pipeline", "must be > 1"},
    {"interleaved_layers", P, R"({"parallel": {"pipeline_schedule": "interleaved",
       "virtual_stages": 5}})",
     "parallel.virtual_stages", "pipeline x virtual_stages = 10"},
    {"interleaved_layers_names_the_flags", P, R"({"parallel": {"pipeline_schedule": "interleaved",
       "virtual_stages": 5}})",
     "parallel.virtual_stages", "parallel.account_for_embedding_in_pipeline_split"},
    {"interleaved_layers_counted", P, R"({"parallel": {"pipeline_schedule": "interleaved",
       "virtual_stages": 6, "account_for_embedding_in_pipeline_split": true,
       "account_for_loss_in_pipeline_split": true}})",
     "parallel.virtual_stages", "(8 + 2 (embedding and loss counted as layers)) is below"},
    {"nvfp4_on_hopper", P, R"({"training": {"precision": "nvfp4"},
       "cluster": {"gpu": "h100-sxm5-80gb"}})",
     "training.precision", "not supported by h100-sxm5-80gb (no NVFP4 tensor cores"},
    {"mxfp8_on_hopper_lists_what_is_allowed", P, R"({"training": {"precision": "mxfp8"},
       "cluster": {"gpu": "h100-sxm5-80gb"}})",
     "training.precision", "allowed: fp32, tf32, fp16, bf16, fp8"},
    {"interleaved_micro_batches", P, R"({"training": {"global_batch_size": 12},
       "parallel": {"pipeline_schedule": "interleaved", "virtual_stages": 2}})",
     "training.global_batch_size", "micro-batches"},
    {"virtual_without_interleaved", P, R"({"parallel": {"virtual_stages": 2}})",
     "parallel.virtual_stages", "must be 1 for the 1f1b schedule"},
    // Data parallel and batch.
    {"data_mismatch", P, R"({"parallel": {"data": 3}})", "parallel.data", "not the GPU count 8"},
    {"data_not_derivable", P, R"({"parallel": {"data": null}, "cluster": {"gpus_per_node": 6}})",
     "parallel.data", "not a multiple of tensor x pipeline x context"},
    {"batch_not_divisible", P, R"({"training": {"global_batch_size": 66}})",
     "training.global_batch_size", "micro_batch_size x data = 2 x 2 = 4"},
    // Context and expert parallel.
    {"context_sequence", P, R"({"model": {"seq_length": 2050}, "parallel": {"context": 2,
       "data": 1}})",
     "parallel.context", "2 x context = 4"},
    {"expert_dense", P, R"({"parallel": {"expert": 2}})", "parallel.expert", "needs an MoE model"},
    {"expert_experts", P, R"({"model": {"moe": {"num_experts": 8, "top_k": 2}},
       "parallel": {"expert": 3}})",
     "parallel.expert", "must divide model.moe.num_experts (8)"},
    {"expert_data", P, R"({"model": {"moe": {"num_experts": 8, "top_k": 2}},
       "parallel": {"expert": 4}})",
     "parallel.expert", "must divide tensor x context x data = 2 x 1 x 2 = 4"},
    {"expert_tensor_dense", P, R"({"parallel": {"expert_tensor": 1}})", "parallel.expert_tensor",
     "needs an MoE model"},
    {"expert_tensor_ffn", P, R"({"model": {"moe": {"num_experts": 8, "top_k": 2,
       "moe_ffn_hidden_size": 1000}}, "parallel": {"expert_tensor": 3}})",
     "parallel.expert_tensor", "must divide model.moe.moe_ffn_hidden_size (1000)"},
    {"expert_folded_too_wide", P, R"({"model": {"moe": {"num_experts": 8, "top_k": 2}},
       "parallel": {"expert": 8, "expert_tensor": 1}})",
     "parallel.expert", "expert x expert_tensor = 8 x 1 must divide"},
    // Network.
    {"torus_block_beside_fat_tree", P, R"({"cluster": {"network": {"torus": {"dims": [1]}}}})",
     "cluster.network.torus", "cluster.network.topology is \"fat-tree\""},
    {"dragonfly_block_beside_torus", P,
     R"({"cluster": {"network": {"topology": "torus", "dragonfly": {"groups": 1}}}})",
     "cluster.network.dragonfly", "set cluster.network.topology to \"dragonfly\""},
    {"fat_tree_block_beside_torus", P,
     R"({"cluster": {"network": {"topology": "torus", "fat_tree": {"levels": 2}}}})",
     "cluster.network.fat_tree", "only the block of the chosen topology"},
    {"torus_dims_required", P, "{" TWO_NODES R"("network": {"topology": "torus"}}})",
     "cluster.network.torus.dims", "required"},
    {"dragonfly_required", P, "{" TWO_NODES R"("network": {"topology": "dragonfly"}}})",
     "cluster.network.dragonfly.groups", "required"},
    {"torus_dims_product", P,
     "{" TWO_NODES R"("network": {"topology": "torus", "torus": {"dims": [3]}}}})",
     "cluster.network.torus.dims", "torus"},
    {"fat_tree_too_small", P,
     "{" TWO_NODES R"("network": {"fat_tree": {"levels": 1, "switch_radix": 4}}}})",
     "cluster.network.fat_tree", "fewer node ports"},
    // Files.
    {"calibration_missing", P, R"({"calibration": "no-such-profile.json"})", "calibration",
     "file not found"},
    // --set.
    {"set_without_value", S, "parallel.tensor", "--set", "expected key=value"},
    {"set_unknown_path", S, "parallel.tensors=2", "parallel.tensors", "did you mean \"tensor\""},
    {"set_into_a_value", S, "parallel.tensor.x=2", "--set", "not an object"},
};

#undef TWO_NODES

class Malformed : public ::testing::TestWithParam<Row> {};

TEST_P(Malformed, NamesThePathAtFault) {
  const Row& row = GetParam();
  EXPECT_TRUE(test::throws_input_error([&] { parse_row(row); }, row.path, row.fragment))
      << row.label << ": " << row.mutation;
}

INSTANTIATE_TEST_SUITE_P(Rows, Malformed, ::testing::ValuesIn(kRows),
                         [](const ::testing::TestParamInfo<Row>& param_info) {
                           return std::string(param_info.param.label);
                         });

TEST(MalformedTable, HasAtLeastFortyRows) {
  EXPECT_GE(std::size(kRows), 40u);
}

TEST(MalformedTable, TheBaseItselfIsValid) {
  EXPECT_NO_THROW(parse_scenario(test::small_base()));
}

}  // namespace
}  // namespace wt
