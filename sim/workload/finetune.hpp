#pragma once
// Parameter-efficient fine-tuning (training.finetune; docs/models.md, "Fine-tuning"): which
// parameters train, how many bytes the frozen ones take, and the adapted matrices of a layer.
//   - LoRA (Hu et al., "LoRA: Low-Rank Adaptation of Large Language Models", 2021, §4.1): each
//     adapted d_in × d_out weight W is frozen and gains A (d_in × r) and B (r × d_out), so
//     y = xW + (xA)B; r·(d_in + d_out) trainable parameters. Llama-2-7B with r = 8 on q and v:
//     32 layers × 2 × 8 × (4096 + 4096) = 4,194,304 (PEFT's print_trainable_parameters).
//   - QLoRA (Dettmers et al., "QLoRA: Efficient Finetuning of Quantized LLMs", 2023, §3): the
//     frozen linear weights of the layers in 4-bit NormalFloat, blocks of 64 with an fp32 absmax
//     each (32/64 = 0.5 bit per parameter), double quantization storing those constants in 8
//     bits with a second fp32 constant per 256 (8/64 + 32/(64·256) = 0.127 bit per parameter):
//     4.127 bits per parameter. Embeddings, the output layer and the norms stay 16-bit
//     (bitsandbytes quantizes the transformer's nn.Linear modules; transformers keeps lm_head
//     unquantized). Each weight is dequantized to bf16 before its GEMM, forward and backward
//     (bitsandbytes MatMul4Bit: dequantize_4bit, then the 16-bit matmul).
#include "sim/scenario/scenario.hpp"

namespace wt {

// Bits per parameter of a QLoRA base weight: 4 (NF4) + 0.127 (double-quantized constants).
constexpr double kNf4BitsPerParam = 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0);

// The base weights are frozen (lora, qlora).
bool frozen_base(const TrainingConfig& t);

// One linear layer of a transformer layer, whole (before TP): input and output widths.
struct LinearShape {
  int64_t d_in = 0, d_out = 0;
};

// The adapted matrices of one layer by target: q, k, v, o, gate, up, down (gate only in a gated
// MLP). Zero shapes for targets that are not adapted.
struct AdaptedLinears {
  LinearShape q, k, v, o, gate, up, down;
};
AdaptedLinears adapted_linears(const ModelConfig& m, unsigned targets);

// r·(d_in + d_out) summed over the adapted matrices of one layer, whole (before TP).
double adapter_params_per_layer(const ModelConfig& m, const FinetuneConfig& f);

// The parameters of the whole model that train: all of them (total_params) in full training, else
// the adapters of every layer. A checkpoint holds these with their optimizer state (PEFT's
// save_pretrained writes the adapters only; the base model is read from where it came from).
double trainable_params(const Scenario& s);

// The parameters of one layer that train, on one GPU: all of them (layer_params_on_gpu) for full
// training, else the adapters, split by TP (an assumption: Megatron/NeMo's parallel adapters split
// one of A and B and replicate the other; both are counted as split).
double layer_trainable_params_on_gpu(const Scenario& s);

// The trainable parameters one GPU of pipeline stage `stage` holds with `stage_layers` layers:
// stage_params for full training; the layers' adapters otherwise (embeddings, output layer and
// norms are frozen).
double stage_trainable_params(const Scenario& s, int stage_layers, int stage);

// Bytes of the frozen weights on that GPU before ZeRO-3 partitioning: 0 for full training; the
// frozen parameters at 16 bits for lora; for qlora the layers' linear weights at
// kNf4BitsPerParam and the rest at 16 bits.
double stage_frozen_weight_bytes(const Scenario& s, int stage_layers, int stage);

// QLoRA: the bf16 copy of the largest linear weight of a layer on one GPU, dequantized for its GEMM
// and freed after it (transient; 0 otherwise).
double dequantized_weight_bytes(const Scenario& s);

// The adapters' intermediates x·A one layer keeps for backward, per micro-batch on one GPU: r
// values per adapted matrix per token, 16-bit.
double adapter_activation_bytes_per_layer(const Scenario& s);

}  // namespace wt
