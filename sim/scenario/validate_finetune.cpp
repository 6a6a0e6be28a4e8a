// training.finetune: what LoRA and QLoRA are modelled for (docs/models.md, "Fine-tuning").
#include "core/error.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {

void check_finetune(Scenario& s) {
  const FinetuneConfig& f = s.training.finetune;
  const std::string method = to_string(f.method);
  if (f.method == FinetuneMethod::full) {
    const FinetuneConfig defaults;
    if (f.rank != defaults.rank || f.target_modules != defaults.target_modules) {
      add_warning(s, "training.finetune: rank and target_modules have no effect with method full");
    }
    return;
  }
  // LoRA's frozen base GEMMs may run quantized (Transformer Engine's fp8 and MXFP8 linears skip
  // the weight gradient of a frozen weight); QLoRA dequantizes its NF4 weights to bf16.
  const Precision p = s.training.precision;
  const bool sixteen = p == Precision::bf16 || p == Precision::fp16;
  const bool quantized_lora =
      f.method == FinetuneMethod::lora && (p == Precision::fp8 || p == Precision::mxfp8);
  if (!sixteen && !quantized_lora) {
    throw InputError("training.precision",
                     "must be bf16 or fp16 with training.finetune.method " + method +
                         (f.method == FinetuneMethod::qlora
                              ? " (QLoRA dequantizes its 4-bit weights to bf16)"
                              : " (or fp8, mxfp8: Transformer Engine's quantized base GEMMs)"),
                     to_string(p),
                     f.method == FinetuneMethod::qlora
                         ? "bf16, fp16, or training.finetune.method full"
                         : "bf16, fp16, fp8, mxfp8");
  }
  if (s.model.moe.num_experts > 0 || s.model.mla.kv_lora_rank > 0) {
    throw InputError("training.finetune.method",
                     "is modelled for dense models without multi-head latent attention only "
                     "(this model has " +
                         std::string(s.model.moe.num_experts > 0 ? "experts" : "MLA") + ")",
                     method, "full");
  }
  if (f.rank > s.model.hidden_size) {
    throw InputError("training.finetune.rank", "exceeds the model width (a full-rank adapter)",
                     std::to_string(f.rank), "1 .. model.hidden_size");
  }
  if (f.method == FinetuneMethod::qlora && s.parallel.zero_stage >= 3) {
    throw InputError("parallel.zero_stage",
                     "must be 0, 1 or 2 with training.finetune.method qlora (sharding the 4-bit "
                     "base weights is not modelled)",
                     std::to_string(s.parallel.zero_stage), "0, 1, 2");
  }
}

}  // namespace wt
