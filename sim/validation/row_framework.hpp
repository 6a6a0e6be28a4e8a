#pragma once
// What a row's framework did by default in the year of the run, where the row does not say:
// whether its attention core was fused (FlashAttention arrived in 2022 and became the default of
// NeMo, Megatron-Core and llm-foundry) and whether it overlapped the data-parallel gradient
// reduction with the backward pass (Megatron-LM's own DDP did not until Megatron-Core, 2023).
#include <nlohmann/json.hpp>

namespace wt::validation {

struct FrameworkDefaults {
  bool fused_attention = true;
  bool overlap_grad_reduce = true;
  const char* why = "";  // the assumption, for the row's list
};

FrameworkDefaults framework_defaults(const nlohmann::json& row);

// Megatron-LM's own trainer (not NeMo): with bf16 it keeps the gradients in fp32 and reduces them
// in fp32, whatever the command line says (its arguments.py turns
// --accumulate-allreduce-grads-in-fp32 on for bf16).
bool megatron_lm_trainer(const nlohmann::json& row);

}  // namespace wt::validation
