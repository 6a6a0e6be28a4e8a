#pragma once
// The cross-field rules of validate(), one function per concern. Each throws an InputError naming
// the JSON path at fault, or appends to s.warnings.
#include <string>

#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// validate_model.cpp
void check_required_fields(const Scenario& s);
// A layer-list model (model.layers): no transformer fields, data parallelism only; sets
// model.num_layers to the list's length and model.seq_length to 1 (validate_layer_list.cpp).
void check_layer_list_model(Scenario& s);
void fill_model_defaults(Scenario& s);
void fill_model_defaults(ModelConfig& m);  // kv heads, FFN width, head_dim left at 0
void check_model_shape(const Scenario& s);
// What the model states that the workload does not yet simulate, each named by its field.
void add_model_warnings(Scenario& s);

// validate_finetune.cpp: lora and qlora need 16-bit precision and a dense model without MLA;
// qlora no ZeRO-3. rank and target_modules under full training only warn.
void check_finetune(Scenario& s);

// validate_layout.cpp
void check_tensor_parallel(const Scenario& s);
void check_pipeline_depth(const Scenario& s);
void derive_data_parallel(Scenario& s);
void check_batch(const Scenario& s);
void check_recompute_layers(const Scenario& s);
void check_recompute_modules(const Scenario& s);
void check_pipeline_schedule(const Scenario& s);
void check_stated_stage_layers(const Scenario& s);
void check_context_parallel(const Scenario& s);
void check_ulysses_heads(const Scenario& s);
void check_expert_parallel(const Scenario& s);
void check_moe_dispatcher(const Scenario& s);
void add_layout_warnings(Scenario& s);
// validate_data_sync.cpp: parameter_server, async and backup_workers need pure data parallelism
// (t = p = context = expert = 1, ZeRO 0); backup_workers >= 1 exactly under backup_workers;
// colocated servers at most one per worker node.
void check_data_sync(Scenario& s);

// validate_compression.cpp: parallel.grad_compression against ZeRO, overlap and the optimizer;
// warns that convergence is not simulated.
void check_grad_compression(Scenario& s);

// validate_cluster.cpp
const GpuSpec& resolve_gpu(Scenario& s);
void check_precision(const Scenario& s, const GpuSpec& gpu);
// cluster.gpu_power_limit_W: 0, or between kLowestPowerLimitShare of the GPU's TDP and the TDP.
void check_power_limit(const Scenario& s, const GpuSpec& gpu);
void check_intra_node_bandwidth(const Scenario& s);
void check_network_config(const Scenario& s);
// intra_node.fabric "ici": checks the chip and slice shape, sets the ICI link rate, the chips'
// ports and the torus wrap-around (validate_ici.cpp).
void apply_ici_slice(Scenario& s, const GpuSpec& gpu);
void check_calibration(Scenario& s);
void add_cluster_warnings(Scenario& s, const GpuSpec& gpu);

// validate_reliability.cpp: gpu_mtbf_hours and checkpoint_write_s replace the per-cause rates
// and the storage model; each refuses being set with what it replaces.
void check_reliability(const Scenario& s);

// validate_sizes.cpp: products of sizes (bytes, layer passes) that no engine could hold,
// overflow-checked; needs the model filled in and parallel.data derived.
void check_size_limits(const Scenario& s);

// validate_text.cpp: the name is one line of printable text (it is written into launch scripts,
// manifests, reports and CSV); a control character is an InputError naming its code and byte.
void check_text_fields(const Scenario& s);

// validate_serving.cpp: the serving block against the model and the GPU (cluster.gpu).
void check_serving(Scenario& s, const GpuSpec& gpu);
// An encoder (serving.encode) decodes nothing: no serving.slo.tpot_ms (serve-plan checks it once
// per file too).
void check_encoder_slo(const ServingConfig& v);

// Appends a warning once (validate may run more than once on a scenario).
void add_warning(Scenario& s, const std::string& text);

}  // namespace wt
