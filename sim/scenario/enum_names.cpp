#include "sim/scenario/scenario.hpp"

#include "sim/scenario/enum_names.hpp"

namespace wt {

const char* to_string(Precision p) {
  switch (p) {
    case Precision::fp32:
      return "fp32";
    case Precision::tf32:
      return "tf32";
    case Precision::fp16:
      return "fp16";
    case Precision::bf16:
      return "bf16";
    case Precision::fp8:
      return "fp8";
    case Precision::mxfp8:
      return "mxfp8";
    case Precision::nvfp4:
      return "nvfp4";
  }
  return "?";
}

const char* to_string(Optimizer o) {
  switch (o) {
    case Optimizer::adam:
      return "adam";
    case Optimizer::adamw:
      return "adamw";
    case Optimizer::sgd:
      return "sgd";
  }
  return "?";
}

const char* to_string(Recompute r) {
  switch (r) {
    case Recompute::none:
      return "none";
    case Recompute::selective:
      return "selective";
    case Recompute::per_op:
      return "per_op";
    case Recompute::full:
      return "full";
  }
  return "?";
}

const char* to_string(RecomputeModule m) {
  switch (m) {
    case RecomputeModule::core_attn:
      return "core_attn";
    case RecomputeModule::moe_act:
      return "moe_act";
    case RecomputeModule::layernorm:
      return "layernorm";
    case RecomputeModule::mla_up_proj:
      return "mla_up_proj";
    case RecomputeModule::mlp:
      return "mlp";
    case RecomputeModule::moe:
      return "moe";
    case RecomputeModule::shared_experts:
      return "shared_experts";
  }
  return "?";
}

const char* to_string(CheckpointTarget t) {
  switch (t) {
    case CheckpointTarget::storage:
      return "storage";
    case CheckpointTarget::peer_memory:
      return "peer_memory";
  }
  return "?";
}

const char* to_string(Offload o) {
  switch (o) {
    case Offload::none:
      return "none";
    case Offload::optimizer:
      return "optimizer";
    case Offload::parameters:
      return "parameters";
  }
  return "?";
}

const char* to_string(GradCompression c) {
  switch (c) {
    case GradCompression::none:
      return "none";
    case GradCompression::fp16:
      return "fp16";
    case GradCompression::bf16:
      return "bf16";
    case GradCompression::fp8:
      return "fp8";
    case GradCompression::topk:
      return "topk";
    case GradCompression::powersgd:
      return "powersgd";
    case GradCompression::onebit_adam:
      return "onebit_adam";
  }
  return "?";
}

const char* to_string(DataSync d) {
  switch (d) {
    case DataSync::allreduce:
      return "allreduce";
    case DataSync::parameter_server:
      return "parameter_server";
    case DataSync::async:
      return "async";
    case DataSync::backup_workers:
      return "backup_workers";
  }
  return "?";
}

const char* to_string(ServerPlacement p) {
  switch (p) {
    case ServerPlacement::colocated:
      return "colocated";
    case ServerPlacement::dedicated:
      return "dedicated";
  }
  return "?";
}

const char* to_string(Fp8Recipe r) {
  switch (r) {
    case Fp8Recipe::delayed:
      return "delayed";
    case Fp8Recipe::tensorwise:
      return "tensorwise";
    case Fp8Recipe::blockwise:
      return "blockwise";
    case Fp8Recipe::rowwise:
      return "rowwise";
  }
  return "?";
}

const char* to_string(AttentionKernel a) {
  switch (a) {
    case AttentionKernel::fused:
      return "fused";
    case AttentionKernel::unfused:
      return "unfused";
    case AttentionKernel::flash2:
      return "flash2";
    case AttentionKernel::cudnn:
      return "cudnn";
  }
  return "?";
}

const char* to_string(PositionEmbedding p) {
  switch (p) {
    case PositionEmbedding::learned:
      return "learned";
    case PositionEmbedding::rope:
      return "rope";
    case PositionEmbedding::alibi:
      return "alibi";
    case PositionEmbedding::none:
      return "none";
  }
  return "?";
}

const char* to_string(CrossEntropy c) {
  switch (c) {
    case CrossEntropy::in_place:
      return "in_place";
    case CrossEntropy::pytorch:
      return "pytorch";
  }
  return "?";
}

const char* to_string(KernelFusion k) {
  switch (k) {
    case KernelFusion::fused:
      return "fused";
    case KernelFusion::eager_amp:
      return "eager_amp";
  }
  return "?";
}

const char* to_string(PipelineSchedule s) {
  switch (s) {
    case PipelineSchedule::gpipe:
      return "gpipe";
    case PipelineSchedule::one_f_one_b:
      return "1f1b";
    case PipelineSchedule::interleaved:
      return "interleaved";
  }
  return "?";
}

const char* to_string(CpCommType c) {
  switch (c) {
    case CpCommType::p2p:
      return "p2p";
    case CpCommType::all_gather:
      return "all_gather";
    case CpCommType::a2a:
      return "a2a";
  }
  return "?";
}

const char* to_string(MoeDispatcher d) {
  switch (d) {
    case MoeDispatcher::alltoall:
      return "alltoall";
    case MoeDispatcher::allgather:
      return "allgather";
  }
  return "?";
}

const char* to_string(IntraNodeFabric f) {
  switch (f) {
    case IntraNodeFabric::nvswitch:
      return "nvswitch";
    case IntraNodeFabric::nvlink_mesh:
      return "nvlink-mesh";
    case IntraNodeFabric::pcie:
      return "pcie";
    case IntraNodeFabric::ici:
      return "ici";
    case IntraNodeFabric::xgmi:
      return "xgmi";
    case IntraNodeFabric::neuronlink:
      return "neuronlink";
  }
  return "?";
}

const char* to_string(NetworkTopology t) {
  switch (t) {
    case NetworkTopology::fat_tree:
      return "fat-tree";
    case NetworkTopology::torus:
      return "torus";
    case NetworkTopology::dragonfly:
      return "dragonfly";
  }
  return "?";
}

const char* to_string(NetworkTransport t) {
  switch (t) {
    case NetworkTransport::infiniband:
      return "infiniband";
    case NetworkTransport::efa:
      return "efa";
  }
  return "?";
}

const char* to_string(DragonflyRouting r) {
  switch (r) {
    case DragonflyRouting::minimal:
      return "minimal";
    case DragonflyRouting::valiant:
      return "valiant";
    case DragonflyRouting::ugal:
      return "ugal";
  }
  return "?";
}

const char* to_string(CollectiveAlgorithm a) {
  switch (a) {
    case CollectiveAlgorithm::automatic:
      return "auto";
    case CollectiveAlgorithm::ring:
      return "ring";
    case CollectiveAlgorithm::tree:
      return "tree";
    case CollectiveAlgorithm::hierarchical:
      return "hierarchical";
    case CollectiveAlgorithm::nvls:
      return "nvls";
  }
  return "?";
}

const char* to_string(FinetuneMethod m) {
  switch (m) {
    case FinetuneMethod::full:
      return "full";
    case FinetuneMethod::lora:
      return "lora";
    case FinetuneMethod::qlora:
      return "qlora";
  }
  return "?";
}

const std::vector<LoraTargetName>& lora_target_names() {
  static const std::vector<LoraTargetName> names = {
      {"q", kLoraQ, false},       {"k", kLoraK, false},       {"v", kLoraV, false},
      {"o", kLoraO, false},       {"gate", kLoraGate, false}, {"up", kLoraUp, false},
      {"down", kLoraDown, false}, {"fc1", kLoraUp, true},     {"fc2", kLoraDown, true},
  };
  return names;
}

std::string lora_targets_text(unsigned targets) {
  std::string text;
  for (const LoraTargetName& t : lora_target_names()) {
    if ((targets & t.bit) == 0 || t.alias) continue;
    if (!text.empty()) text += ",";
    text += t.name;
  }
  return text;
}

}  // namespace wt
