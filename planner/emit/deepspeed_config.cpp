#include "planner/emit/deepspeed_config.hpp"

#include <cmath>

#include "planner/emit/megatron_args.hpp"
#include "sim/scenario/precision.hpp"

namespace wt {
namespace {

using Json = nlohmann::ordered_json;

// DeepSpeed bucket sizes count elements; the scenario's bucket is in MB of 16-bit gradients.
int64_t bucket_elements(const ParallelConfig& p) {
  constexpr double kBytesPerElement = 2.0;
  return static_cast<int64_t>(std::llround(p.dp_bucket_mb * 1.0e6 / kBytesPerElement));
}

Json zero_block(const ParallelConfig& p) {
  Json z = {{"stage", p.zero_stage}};
  if (p.zero_stage == 0) return z;
  z["overlap_comm"] = p.overlap_grad_reduce;
  z["contiguous_gradients"] = true;
  z["reduce_scatter"] = true;
  z["reduce_bucket_size"] = bucket_elements(p);
  z["allgather_bucket_size"] = bucket_elements(p);
  // ZeRO-Offload / ZeRO-Infinity (docs/models.md, "Offload"); offload_param needs stage 3.
  if (p.offload != Offload::none) z["offload_optimizer"] = {{"device", "cpu"}};
  if (p.offload == Offload::parameters && p.zero_stage == 3) {
    z["offload_param"] = {{"device", "cpu"}};
  }
  return z;
}

void add_precision(Json& c, const TrainingConfig& t) {
  const Precision p = t.precision;
  if (t.grad_reduce_in_fp32 && p != Precision::fp32 && p != Precision::tf32) {
    c["communication_data_type"] = "fp32";
  }
  if (p == Precision::bf16 || quantized_gemms(p)) c["bf16"] = {{"enabled", true}};
  if (p == Precision::fp16) {
    c["fp16"] = {{"enabled", true},           {"loss_scale", 0}, {"initial_scale_power", 16},
                 {"loss_scale_window", 1000}, {"hysteresis", 2}, {"min_loss_scale", 1}};
  }
}

}  // namespace

nlohmann::ordered_json deepspeed_config(const Scenario& s) {
  Json c;
  c["train_batch_size"] = s.training.global_batch_size;
  c["train_micro_batch_size_per_gpu"] = s.training.micro_batch_size;
  // Micro-batches per DP replica, as the simulator counts them: context parallelism splits each
  // micro-batch's sequence, so the CP ranks of a replica share its micro-batches (the DeepSpeed
  // engine must see the DP group alone as its data-parallel world, as Megatron-DeepSpeed's mpu
  // gives it).
  c["gradient_accumulation_steps"] = s.num_micro_batches();
  c["gradient_clipping"] = kClipGradNorm;
  c["zero_optimization"] = zero_block(s.parallel);
  add_precision(c, s.training);
  if (s.training.activation_recompute == Recompute::full) {
    c["activation_checkpointing"] = {{"partition_activations", s.parallel.sequence_parallel},
                                     {"contiguous_memory_optimization", false},
                                     {"cpu_checkpointing", false}};
  }
  c["steps_per_print"] = 10;
  c["wall_clock_breakdown"] = false;
  return c;
}

}  // namespace wt
