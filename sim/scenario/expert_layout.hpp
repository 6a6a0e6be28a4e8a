#pragma once
// How the expert layers of an MoE model are laid out over the GPUs of one pipeline stage, as
// Megatron-Core's MoE parallel folding does it (Liu et al. 2025, "MoE Parallel Folding",
// arXiv 2504.14960; --expert-model-parallel-size, --expert-tensor-parallel-size in
// data/reference/megatron-lm-arguments.txt): the tensor × context × data ranks that run the
// attention layers are regrouped, for the expert layers, as expert-tensor (ETP, fastest) ×
// expert (EP) × expert-data (EDP) ranks. Without folding Megatron used ETP = TP, which makes EP a
// divisor of data × context, the rule before folding.
#include <algorithm>
#include <cstdint>

#include "sim/scenario/scenario.hpp"

namespace wt {

// ETP: parallel.expert_tensor, 0 (the default) meaning parallel.tensor.
inline int expert_tensor_size(const ParallelConfig& p) {
  return p.expert_tensor > 0 ? p.expert_tensor : p.tensor;
}

// The ranks of one pipeline stage that the expert layers are regrouped from: TP × CP × DP.
inline int64_t expert_stage_ranks(const ParallelConfig& p) {
  return int64_t{p.tensor} * p.context * p.data;
}

// EDP: the ranks holding the same expert shard, which reduce its gradients and shard its
// optimizer state: TP × CP × DP / (EP × ETP).
inline int expert_data_size(const ParallelConfig& p) {
  const int64_t shard = int64_t{p.expert} * expert_tensor_size(p);
  return static_cast<int>(std::max<int64_t>(1, expert_stage_ranks(p) / shard));
}

// Whether the experts share the dense parameters' data-parallel group (data × context ranks at
// stride TP): only without expert parallelism and with ETP = TP.
inline bool experts_share_dense_dp(const ParallelConfig& p) {
  return p.expert == 1 && expert_tensor_size(p) == p.tensor;
}

}  // namespace wt
