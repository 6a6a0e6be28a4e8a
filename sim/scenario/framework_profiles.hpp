#pragma once
// Framework profiles (`training.framework`): the defaults a training framework applies where a
// scenario leaves a field out, each read from the framework's source with its location
// (data/reference/framework-defaults.md; the table is in docs/models.md, "Framework profiles").
// An explicit field always wins over its profile.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/scenario/scenario.hpp"

namespace wt {

// Where a default applies: some exist only where their mechanism does (sequence parallelism needs
// TP > 1, a distributed optimizer needs DP > 1, DeepSpeed overlaps its reduction only at stage 3,
// Megatron-LM forces fp32 gradient reduction only with --bf16).
enum class ProfileCondition {
  always,
  tensor_parallel,  // TP > 1
  data_parallel,    // DP > 1
  zero_stage_3,
  below_zero_3,
  bf16_or_fp8,       // Megatron-LM's --bf16 (fp8, mxfp8 and nvfp4 run with it too)
  moe,               // a mixture-of-experts model (model.moe.num_experts > 0)
  context_parallel,  // parallel.context > 1
  fp8,               // training.precision fp8 (per-tensor scaled; its recipe matters)
};

struct ProfileDefault {
  std::string path;  // scenario field, e.g. "parallel.zero_stage"
  nlohmann::json value;
  ProfileCondition when = ProfileCondition::always;
  std::string source;  // repo@commit file:line, or the recipe that sets it
};

struct FrameworkProfile {
  std::string name;       // as written in training.framework, e.g. "nemo"
  std::string framework;  // what it stands for, with the versions the defaults were read at
  std::vector<ProfileDefault> defaults;
  // What a run of this framework can switch on to fit in memory where a validation row states
  // neither (validate, "A run that trained fit" in docs/validation.md): the highest ZeRO stage (0:
  // the profile's stage stands), the recompute modes, cheapest first, and whether sequence
  // parallelism may be switched on under TP.
  int fit_zero_stage = 0;
  std::vector<Recompute> fit_recompute = {};
  bool fit_sequence_parallel = false;
};

const std::vector<FrameworkProfile>& framework_profiles();
// Case- and separator-insensitive ("Megatron_Core", "megatron core"); null when unknown.
const FrameworkProfile* find_framework_profile(std::string_view name);
std::string framework_profile_names();  // comma-separated, for messages and docs

// Sets every field of the profile that the scenario document `doc` leaves out, where the field's
// condition holds in `s` (read from the document so far). Returns one line per default applied,
// e.g. "parallel.zero_stage = 1 (Megatron-Bridge ...)", which the scenario keeps.
std::vector<std::string> apply_framework_profile(const FrameworkProfile& profile,
                                                 const nlohmann::json& doc, Scenario& s);

}  // namespace wt
