#pragma once
// The model half of Megatron-LM's arguments (docs/launch.md, "What each setting comes from"):
// shape, the architecture convention the simulator assumes, MoE and MLA, attention backend.
#include <string>
#include <vector>

#include "planner/emit/shell_text.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// Appends a literal argument ("" for a switch).
void add_flag(std::vector<CliArg>& args, std::string flag, std::string value = {});

// Appends layers, hidden, FFN, heads, query groups, head width, dropout, position embedding,
// normalization, biases, MTP, MLA, the MoE router, dispatcher and experts, and the attention
// backend. Gated-MLP models follow the Llama convention the simulator counts (rotary positions,
// RMSNorm, no linear biases); two-matrix models the GPT one (learned absolute positions,
// LayerNorm, biases).
void add_megatron_model(std::vector<CliArg>& args, const Scenario& s);

// Megatron-Core's --attention-backend for training.attention: flash2 → flash, cudnn → fused,
// unfused → unfused, fused (unnamed) → auto (Transformer Engine picks).
const char* megatron_attention_backend(AttentionKernel a);

// Megatron's MoE load balancing coefficient the files set: 0.01 (NeMo's Mixtral recipe,
// data/reference/framework-defaults.md §3), so that routing approaches the balanced load the
// simulator assumes; Megatron's own default, 0.0, applies no balancing.
inline constexpr const char* kMoeAuxLossCoeff = "0.01";

}  // namespace wt
