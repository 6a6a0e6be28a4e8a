#include "sim/validation/error_class.hpp"

#include <algorithm>

namespace wt::validation {

namespace {

bool among(const std::string& name, std::initializer_list<const char*> names) {
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
}

}  // namespace

std::string framework_family(const std::string& profile) {
  if (among(profile, {"megatron-core", "megatron-lm", "megatron-lm-2021", "nemo"}))
    return "megatron";
  if (among(profile, {"deepspeed", "deepspeed-2021"})) return "deepspeed";
  if (among(profile, {"fsdp", "torchtitan", "llm-foundry"})) return "fsdp";
  return "other";
}

std::string precision_family(Precision p) {
  switch (p) {
    case Precision::fp8:
    case Precision::mxfp8:
      return "fp8";
    case Precision::nvfp4:
      return "fp4";
    case Precision::fp32:
    case Precision::tf32:
    case Precision::fp16:
    case Precision::bf16:
      break;
  }
  return "16bit";
}

std::string parallelism_family(const Scenario& s) {
  if (s.model.moe.num_experts > 0) return "moe";
  if (s.parallel.context > 1) return "cp";
  if (s.parallel.tensor > 1 || s.parallel.pipeline > 1) return "3d";
  return "data";
}

ErrorClass error_class(const Scenario& s) {
  return {framework_family(s.training.framework), precision_family(s.training.precision),
          parallelism_family(s)};
}

}  // namespace wt::validation
