#include "planner/commands/catalog_json.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

using nlohmann::ordered_json;

ordered_json sourced(const Sourced& s) {
  return {{"value", s.value}, {"source", s.source}};
}

ordered_json gpu_json(const GpuSpec& g) {
  return {{"id", g.id},
          {"name", g.name},
          {"aliases", g.aliases},
          {"peak_tflops",
           {{"fp32", sourced(g.fp32_tflops)},
            {"tf32", sourced(g.tf32_tflops)},
            {"fp16", sourced(g.fp16_tflops)},
            {"bf16", sourced(g.bf16_tflops)},
            {"fp8", sourced(g.fp8_tflops)},
            {"mxfp8", sourced(g.mxfp8_tflops)},
            {"nvfp4", sourced(g.nvfp4_tflops)}}},
          {"memory_GB", sourced(g.memory_GB)},
          {"memory_bw_GBps", sourced(g.memory_bw_GBps)},
          {"nvlink_GBps", sourced(g.nvlink_GBps)},
          {"pcie_GBps", sourced(g.pcie_GBps)},
          {"gemm_efficiency", sourced(g.gemm_efficiency)},
          {"memory_efficiency", sourced(g.memory_efficiency)},
          {"nvlink_efficiency", sourced(g.nvlink_efficiency)},
          {"network_efficiency", sourced(g.network_efficiency)},
          {"kernel_launch_us", sourced(g.kernel_launch_us)},
          {"collective_launch_us", sourced(g.collective_launch_us)},
          {"ici_links", sourced(g.ici_links)},
          {"ici_link_GBps", sourced(g.ici_link_GBps)}};
}

ordered_json model_json(const ModelPreset& p) {
  const ModelConfig& m = p.model;
  const ParamCount count = param_count(m);
  return {{"name", p.name},
          {"aliases", p.aliases},
          {"description", p.description},
          {"num_parameters", p.num_parameters},
          {"published_active_parameters", p.active_parameters},
          {"counted_parameters", count.total},
          {"counted_active_parameters", count.active},
          {"counted_mtp_parameters", count.mtp},
          {"num_layers", m.num_layers},
          {"hidden_size", m.hidden_size},
          {"num_attention_heads", m.num_attention_heads},
          {"num_kv_heads", m.num_kv_heads},
          {"ffn_hidden_size", m.ffn_hidden_size},
          {"seq_length", m.seq_length},
          {"vocab_size", m.vocab_size},
          {"gated_mlp", m.gated_mlp},
          {"tied_embeddings", m.tied_embeddings},
          {"head_dim", m.head_dim},
          {"parallel_layers", m.parallel_layers},
          {"mtp_layers", m.mtp_layers},
          {"moe",
           {{"num_experts", m.moe.num_experts},
            {"top_k", m.moe.top_k},
            {"moe_ffn_hidden_size", m.moe.moe_ffn_hidden_size},
            {"num_shared_experts", m.moe.num_shared_experts},
            {"shared_expert_ffn_hidden_size", m.moe.shared_expert_ffn_hidden_size},
            {"first_dense_layers", m.moe.first_dense_layers}}},
          {"mla",
           {{"q_lora_rank", m.mla.q_lora_rank},
            {"kv_lora_rank", m.mla.kv_lora_rank},
            {"qk_rope_head_dim", m.mla.qk_rope_head_dim},
            {"qk_nope_head_dim", m.mla.qk_nope_head_dim},
            {"v_head_dim", m.mla.v_head_dim}}}};
}

}  // namespace

nlohmann::ordered_json catalog_json() {
  ordered_json gpus = ordered_json::array();
  for (const GpuSpec& g : gpu_catalog())
    gpus.push_back(gpu_json(g));
  ordered_json models = ordered_json::array();
  for (const ModelPreset& p : model_presets())
    models.push_back(model_json(p));
  return {{"gpus", gpus}, {"models", models}};
}

}  // namespace wt
