// validate(): the cross-field rules, in an order where each rule can rely on the ones before it
// (the model is complete before the layout is checked against it, data is derived before the batch
// is divided by it).
#include <algorithm>

#include "sim/scenario/field_binding.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

// The range of every field, for scenarios built in code rather than read from a file.
void check_field_ranges(const Scenario& s) {
  for (const FieldBinding& field : field_bindings()) {
    if (field.check) field.check(s);
  }
}

}  // namespace

void add_warning(Scenario& s, const std::string& text) {
  if (std::find(s.warnings.begin(), s.warnings.end(), text) == s.warnings.end()) {
    s.warnings.push_back(text);
  }
}

void validate(Scenario& s) {
  const bool layer_list = s.model.is_layer_list();
  if (layer_list) {
    check_layer_list_model(s);
  } else {
    check_required_fields(s);
  }
  check_text_fields(s);
  check_field_ranges(s);
  check_reliability(s);
  if (!layer_list) {
    fill_model_defaults(s);
    check_model_shape(s);
    add_model_warnings(s);
  }
  check_finetune(s);
  const GpuSpec& gpu = resolve_gpu(s);
  check_power_limit(s, gpu);
  if (s.serving.enabled) check_serving(s, gpu);
  // A file with only a serving block describes no training job: the training rules do not apply
  // (run and plan refuse it, naming training.global_batch_size).
  if (s.serving_only()) {
    check_calibration(s);
    return;
  }
  check_precision(s, gpu);
  check_tensor_parallel(s);
  check_pipeline_depth(s);
  derive_data_parallel(s);
  check_batch(s);
  check_recompute_layers(s);
  check_recompute_modules(s);
  if (!layer_list) check_size_limits(s);
  check_pipeline_schedule(s);
  check_stated_stage_layers(s);
  check_context_parallel(s);
  check_ulysses_heads(s);
  check_expert_parallel(s);
  check_moe_dispatcher(s);
  check_grad_compression(s);
  check_data_sync(s);
  check_intra_node_bandwidth(s);
  apply_ici_slice(s, gpu);
  check_network_config(s);
  check_calibration(s);
  add_layout_warnings(s);
  add_cluster_warnings(s, gpu);
}

}  // namespace wt
