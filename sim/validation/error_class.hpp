#pragma once
// The class of a prediction for its error band (docs/validation.md, "Error bands"): framework
// family × precision family × parallelism family, each a coarse grouping of scenario fields.
//   framework:   megatron (megatron-core, megatron-lm, megatron-lm-2021, nemo), deepspeed
//                (deepspeed, deepspeed-2021), fsdp (fsdp, torchtitan, llm-foundry), other (none,
//                maxtext, anything else)
//   precision:   16bit (bf16, fp16, and fp32/tf32), fp8 (fp8, mxfp8), fp4 (nvfp4)
//   parallelism: moe (routed experts), cp (context parallel > 1), 3d (tensor or pipeline > 1),
//                data (data parallel only, any ZeRO stage); the first that applies
// The key is "framework/precision/parallelism", e.g. "megatron/fp8/3d".
#include <string>

#include "sim/scenario/scenario.hpp"

namespace wt::validation {

struct ErrorClass {
  std::string framework;
  std::string precision;
  std::string parallelism;
  std::string key() const { return framework + "/" + precision + "/" + parallelism; }
};

std::string framework_family(const std::string& profile);
std::string precision_family(Precision p);
std::string parallelism_family(const Scenario& s);
ErrorClass error_class(const Scenario& s);

}  // namespace wt::validation
