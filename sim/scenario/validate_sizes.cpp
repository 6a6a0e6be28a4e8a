// Size limits: inputs whose sizes are each in range but whose products are absurd (an exabyte of
// activations, a trillion micro-batches) are refused here, before any engine allocates or
// multiplies, with overflow-checked int64 arithmetic. The limits sit far above any real training
// run and far below where int64 byte counts or the walk engine's memory would give out.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "core/checked_math.hpp"
#include "core/error.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

// Above this a figure is refused: 2^60 bytes (1 EiB), 8x below where int64 byte counts overflow.
constexpr int64_t kMaxBytes = int64_t{1} << 60;
constexpr char kMaxBytesText[] = "at most 2^60 bytes (1 EiB)";

void require_bytes(std::optional<int64_t> bytes, const std::string& path, const std::string& what,
                   const std::string& formula) {
  if (bytes && *bytes <= kMaxBytes) return;
  const std::string got = bytes ? std::to_string(*bytes) + " bytes" : "more than 2^63 bytes";
  throw InputError(path, what + " (" + formula + ") is absurdly large", got, kMaxBytesText);
}

int64_t widest_matrix(const ModelConfig& m) {
  return std::max({m.hidden_size, m.ffn_hidden_size, m.moe.moe_ffn_hidden_size, m.vocab_size});
}

// How many copies of each token the expert MLP handles: top_k, times the capacity factor rounded
// up (at most 4096 x 64); 1 for a dense model.
int64_t routed_copies(const ModelConfig& m) {
  const auto capacity = static_cast<int64_t>(std::ceil(std::max(1.0, m.moe.capacity_factor)));
  return std::max(1, m.moe.top_k) * capacity;
}

// One micro-batch's activations through the whole model, bounded above by
// l · s · b · (34 · W + 5 · a · s) · R bytes with W the widest matrix (Korthikanti et al.'s
// per-layer terms, every width taken as the widest one) and R the routed copies of a token.
void check_activation_bytes(const Scenario& s) {
  const ModelConfig& m = s.model;
  // Field ranges keep each per-token term below 10^13; only the products can overflow.
  const int64_t per_token =
      34 * widest_matrix(m) + 5 * int64_t{m.num_attention_heads} * m.seq_length;
  const std::optional<int64_t> bytes = checked_product(
      {m.num_layers, m.seq_length, s.training.micro_batch_size, per_token, routed_copies(m)});
  require_bytes(bytes, "model.seq_length", "the activations of one micro-batch",
                "num_layers x seq_length x micro_batch_size x (34 x widest width + 5 x heads x "
                "seq_length) x top_k x capacity factor");
}

// Weights, gradients and optimizer state of the whole model, bounded above by 20 bytes per
// parameter, parameters by l · h · (4h + 3f + 3 · experts · f_moe) + 2 · V · h.
void check_parameter_bytes(const Scenario& s) {
  const ModelConfig& m = s.model;
  const int64_t h = m.hidden_size;
  const std::optional<int64_t> experts =
      checked_product({3, m.moe.num_experts, m.moe.moe_ffn_hidden_size});
  const std::optional<int64_t> width =
      experts ? checked_add(4 * h + 3 * m.ffn_hidden_size, *experts) : std::nullopt;
  const std::optional<int64_t> layers =
      width ? checked_product({m.num_layers, h, *width}) : std::nullopt;
  const std::optional<int64_t> params =
      layers ? checked_add(*layers, 2 * m.vocab_size * h) : std::nullopt;
  const std::optional<int64_t> bytes = params ? checked_mul(*params, 20) : std::nullopt;
  require_bytes(bytes, "model.hidden_size", "the model's weights and optimizer state",
                "20 bytes per parameter");
}

// Bytes one GPU moves in an iteration, bounded above by 16 · tokens per replica · h · l · R.
void check_communication_bytes(const Scenario& s) {
  const ModelConfig& m = s.model;
  const int64_t replica_sequences = s.training.global_batch_size / s.parallel.data;
  const std::optional<int64_t> bytes = checked_product(
      {16, replica_sequences, m.seq_length, m.hidden_size, m.num_layers, routed_copies(m)});
  require_bytes(bytes, "training.global_batch_size", "the bytes one GPU communicates per iteration",
                "16 x global_batch_size / data x seq_length x hidden_size x num_layers x top_k x "
                "capacity factor");
}

// The engines walk every layer of every micro-batch: bound that work (and its memory).
constexpr int64_t kMaxLayerPasses = int64_t{1} << 20;

void check_layer_passes(const Scenario& s) {
  const int64_t micro_batches =
      s.training.global_batch_size / (s.training.micro_batch_size * s.parallel.data);
  const int64_t pipeline = s.parallel.pipeline;
  const int64_t layers_per_stage = (s.model.num_layers + pipeline - 1) / pipeline;
  const std::optional<int64_t> passes = checked_mul(micro_batches, layers_per_stage);
  if (passes && *passes <= kMaxLayerPasses) return;
  throw InputError(
      "training.global_batch_size",
      "one iteration has " + std::to_string(micro_batches) + " micro-batches per replica of " +
          std::to_string(layers_per_stage) +
          " layers per pipeline stage, too many layer passes to simulate",
      passes ? std::to_string(*passes) + " layer passes" : "more than 2^63 layer passes",
      "at most 2^20 = 1048576 (raise training.micro_batch_size or lower "
      "training.global_batch_size)");
}

}  // namespace

void check_size_limits(const Scenario& s) {
  check_layer_passes(s);
  check_activation_bytes(s);
  check_parameter_bytes(s);
  check_communication_bytes(s);
}

}  // namespace wt
