#include "planner/emit/megatron_model_args.hpp"

#include <iomanip>
#include <sstream>
#include <string>

namespace wt {
namespace {

using Args = std::vector<CliArg>;

// Shortest form of a short decimal such as a capacity factor: 1.25, not 1.250000.
std::string decimal(double v) {
  std::ostringstream out;
  out << std::setprecision(12) << v;
  return out.str();
}

void add_shape(Args& a, const ModelConfig& m) {
  add_flag(a, "--num-layers", std::to_string(m.num_layers));
  add_flag(a, "--hidden-size", std::to_string(m.hidden_size));
  add_flag(a, "--ffn-hidden-size", std::to_string(m.ffn_hidden_size));
  add_flag(a, "--num-attention-heads", std::to_string(m.num_attention_heads));
  if (m.num_kv_heads > 0 && m.num_kv_heads != m.num_attention_heads) {
    add_flag(a, "--group-query-attention");
    add_flag(a, "--num-query-groups", std::to_string(m.num_kv_heads));
  }
  const bool mla = m.mla.kv_lora_rank > 0;
  if (!mla && m.head_dim > 0 && m.head_dim * m.num_attention_heads != m.hidden_size) {
    add_flag(a, "--kv-channels", std::to_string(m.head_dim));
  }
  add_flag(a, "--hidden-dropout", decimal(m.hidden_dropout));
}

// The convention the simulator counts (docs/models.md, "Parameters"; the bias gradients of the
// two-matrix GPT convention in the eager kernels): gated MLP = Llama (rotary, RMSNorm, no biases),
// else GPT-2/3 (learned absolute positions, LayerNorm, biases: Megatron's defaults).
void add_convention(Args& a, const ModelConfig& m) {
  if (m.gated_mlp) {
    add_flag(a, "--swiglu");
    add_flag(a, "--position-embedding-type", "rope");
    add_flag(a, "--normalization", "RMSNorm");
    add_flag(a, "--disable-bias-linear");
  } else {
    add_flag(a, "--position-embedding-type", "learned_absolute");
    add_flag(a, "--normalization", "LayerNorm");
  }
  if (!m.tied_embeddings) add_flag(a, "--untie-embeddings-and-output-weights");
}

void add_mla(Args& a, const MlaConfig& m) {
  if (m.kv_lora_rank <= 0) return;
  add_flag(a, "--multi-latent-attention");
  if (m.q_lora_rank > 0) add_flag(a, "--q-lora-rank", std::to_string(m.q_lora_rank));
  add_flag(a, "--kv-lora-rank", std::to_string(m.kv_lora_rank));
  add_flag(a, "--qk-head-dim", std::to_string(m.qk_nope_head_dim));
  add_flag(a, "--qk-pos-emb-head-dim", std::to_string(m.qk_rope_head_dim));
  add_flag(a, "--v-head-dim", std::to_string(m.v_head_dim));
}

void add_moe(Args& a, const Scenario& s) {
  const MoeConfig& e = s.model.moe;
  if (e.num_experts <= 0) return;
  add_flag(a, "--num-experts", std::to_string(e.num_experts));
  add_flag(a, "--moe-router-topk", std::to_string(e.top_k));
  add_flag(a, "--moe-ffn-hidden-size", std::to_string(e.moe_ffn_hidden_size));
  // The dispatcher the simulator timed (training.moe_dispatcher) and the local experts' GEMMs
  // grouped (sim/workload/layer_kernels.cpp).
  add_flag(a, "--moe-token-dispatcher-type", to_string(s.training.moe_dispatcher));
  add_flag(a, "--moe-grouped-gemm");
  add_flag(a, "--moe-router-load-balancing-type", "aux_loss");
  add_flag(a, "--moe-aux-loss-coeff", kMoeAuxLossCoeff);
  if (e.capacity_factor > 0.0) {
    add_flag(a, "--moe-expert-capacity-factor", decimal(e.capacity_factor));
    add_flag(a, "--moe-pad-expert-input-to-capacity");
  }
  if (e.num_shared_experts > 0) {
    const int64_t width = e.shared_expert_ffn_hidden_size > 0 ? e.shared_expert_ffn_hidden_size
                                                              : e.moe_ffn_hidden_size;
    add_flag(a, "--moe-shared-expert-intermediate-size",
             std::to_string(e.num_shared_experts * width));
  }
  if (e.first_dense_layers > 0) {
    add_flag(a, "--moe-layer-freq",
             "([0]*" + std::to_string(e.first_dense_layers) + "+[1]*" +
                 std::to_string(s.model.num_layers - e.first_dense_layers) + ")");
  }
  if (s.training.moe_permute_fusion) add_flag(a, "--moe-permute-fusion");
}

}  // namespace

void add_flag(std::vector<CliArg>& args, std::string flag, std::string value) {
  args.push_back({std::move(flag), std::move(value), false});
}

const char* megatron_attention_backend(AttentionKernel a) {
  switch (a) {
    case AttentionKernel::flash2:
      return "flash";
    case AttentionKernel::cudnn:
      return "fused";
    case AttentionKernel::unfused:
      return "unfused";
    case AttentionKernel::fused:
      return "auto";
  }
  return "auto";
}

void add_megatron_model(std::vector<CliArg>& args, const Scenario& s) {
  const ModelConfig& m = s.model;
  add_shape(args, m);
  add_convention(args, m);
  if (m.mtp_layers > 0) add_flag(args, "--mtp-num-layers", std::to_string(m.mtp_layers));
  add_mla(args, m.mla);
  add_moe(args, s);
  add_flag(args, "--attention-backend", megatron_attention_backend(s.training.attention));
}

}  // namespace wt
