#pragma once
// Every value of each scenario enum, in the order the docs list them, so that parsing, messages
// and the reference share the spellings of to_string().
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/scenario/scenario.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {

template <class E>
struct EnumValues;

template <>
struct EnumValues<Precision> {
  static constexpr std::array values{Precision::fp32, Precision::tf32, Precision::fp16,
                                     Precision::bf16, Precision::fp8,  Precision::mxfp8,
                                     Precision::nvfp4};
};
template <>
struct EnumValues<Optimizer> {
  static constexpr std::array values{Optimizer::adam, Optimizer::adamw, Optimizer::sgd};
};
template <>
struct EnumValues<Recompute> {
  static constexpr std::array values{Recompute::none, Recompute::selective, Recompute::per_op,
                                     Recompute::full};
};
template <>
struct EnumValues<RecomputeModule> {
  static constexpr std::array values{RecomputeModule::core_attn,     RecomputeModule::moe_act,
                                     RecomputeModule::layernorm,     RecomputeModule::mla_up_proj,
                                     RecomputeModule::mlp,           RecomputeModule::moe,
                                     RecomputeModule::shared_experts};
};
template <>
struct EnumValues<Fp8Recipe> {
  static constexpr std::array values{Fp8Recipe::delayed, Fp8Recipe::tensorwise,
                                     Fp8Recipe::blockwise, Fp8Recipe::rowwise};
};
template <>
struct EnumValues<AttentionKernel> {
  static constexpr std::array values{AttentionKernel::fused, AttentionKernel::unfused,
                                     AttentionKernel::flash2, AttentionKernel::cudnn};
};
template <>
struct EnumValues<KernelFusion> {
  static constexpr std::array values{KernelFusion::fused, KernelFusion::eager_amp};
};
template <>
struct EnumValues<CrossEntropy> {
  static constexpr std::array values{CrossEntropy::in_place, CrossEntropy::pytorch};
};
template <>
struct EnumValues<PositionEmbedding> {
  static constexpr std::array values{PositionEmbedding::learned, PositionEmbedding::rope,
                                     PositionEmbedding::alibi, PositionEmbedding::none};
};
template <>
struct EnumValues<PipelineSchedule> {
  static constexpr std::array values{PipelineSchedule::gpipe, PipelineSchedule::one_f_one_b,
                                     PipelineSchedule::interleaved};
};
template <>
struct EnumValues<CpCommType> {
  static constexpr std::array values{CpCommType::p2p, CpCommType::all_gather, CpCommType::a2a};
};
template <>
struct EnumValues<MoeDispatcher> {
  static constexpr std::array values{MoeDispatcher::alltoall, MoeDispatcher::allgather};
};
template <>
struct EnumValues<Offload> {
  static constexpr std::array values{Offload::none, Offload::optimizer, Offload::parameters};
};
template <>
struct EnumValues<CheckpointTarget> {
  static constexpr std::array values{CheckpointTarget::storage, CheckpointTarget::peer_memory};
};
template <>
struct EnumValues<GradCompression> {
  static constexpr std::array values{GradCompression::none,       GradCompression::fp16,
                                     GradCompression::bf16,       GradCompression::fp8,
                                     GradCompression::topk,       GradCompression::powersgd,
                                     GradCompression::onebit_adam};
};
template <>
struct EnumValues<DataSync> {
  static constexpr std::array values{DataSync::allreduce, DataSync::parameter_server,
                                     DataSync::async, DataSync::backup_workers};
};
template <>
struct EnumValues<ServerPlacement> {
  static constexpr std::array values{ServerPlacement::colocated, ServerPlacement::dedicated};
};
template <>
struct EnumValues<IntraNodeFabric> {
  static constexpr std::array values{IntraNodeFabric::nvswitch, IntraNodeFabric::nvlink_mesh,
                                     IntraNodeFabric::pcie,     IntraNodeFabric::ici,
                                     IntraNodeFabric::xgmi,     IntraNodeFabric::neuronlink};
};
template <>
struct EnumValues<NetworkTopology> {
  static constexpr std::array values{NetworkTopology::fat_tree, NetworkTopology::torus,
                                     NetworkTopology::dragonfly};
};
template <>
struct EnumValues<NetworkTransport> {
  static constexpr std::array values{NetworkTransport::infiniband, NetworkTransport::efa};
};
template <>
struct EnumValues<DragonflyRouting> {
  static constexpr std::array values{DragonflyRouting::minimal, DragonflyRouting::valiant,
                                     DragonflyRouting::ugal};
};
template <>
struct EnumValues<CollectiveAlgorithm> {
  static constexpr std::array values{CollectiveAlgorithm::automatic, CollectiveAlgorithm::ring,
                                     CollectiveAlgorithm::tree, CollectiveAlgorithm::hierarchical,
                                     CollectiveAlgorithm::nvls};
};

template <>
struct EnumValues<WeightPrecision> {
  static constexpr std::array values{WeightPrecision::bf16, WeightPrecision::fp16,
                                     WeightPrecision::fp8, WeightPrecision::int8,
                                     WeightPrecision::int4};
};
template <>
struct EnumValues<KvCachePrecision> {
  static constexpr std::array values{KvCachePrecision::bf16, KvCachePrecision::fp16,
                                     KvCachePrecision::fp8};
};
template <>
struct EnumValues<Batching> {
  static constexpr std::array values{Batching::static_batch, Batching::continuous};
};
template <>
struct EnumValues<Router> {
  static constexpr std::array values{Router::round_robin, Router::least_loaded};
};
template <>
struct EnumValues<LengthDistribution> {
  static constexpr std::array values{LengthDistribution::fixed, LengthDistribution::uniform,
                                     LengthDistribution::lognormal};
};
template <>
struct EnumValues<SloPercentile> {
  static constexpr std::array values{SloPercentile::p50, SloPercentile::p95, SloPercentile::p99};
};

template <>
struct EnumValues<FinetuneMethod> {
  static constexpr std::array values{FinetuneMethod::full, FinetuneMethod::lora,
                                     FinetuneMethod::qlora};
};

// The names of training.finetune.target_modules: PEFT's q_proj ... down_proj without "_proj";
// fc1 and fc2 (a two-matrix MLP's) are aliases of up and down.
struct LoraTargetName {
  const char* name;
  unsigned bit;
  bool alias;
};
const std::vector<LoraTargetName>& lora_target_names();

template <class E>
std::vector<std::string> enum_names() {
  std::vector<std::string> names;
  names.reserve(EnumValues<E>::values.size());
  for (E e : EnumValues<E>::values) {
    names.emplace_back(to_string(e));
  }
  return names;
}

// The value spelled `text` (case-insensitive); nullopt when none is.
template <class E>
std::optional<E> enum_from_string(std::string_view text) {
  for (E e : EnumValues<E>::values) {
    if (iequals(to_string(e), text)) return e;
  }
  return std::nullopt;
}

}  // namespace wt
