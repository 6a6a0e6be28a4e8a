// Layout rules: the parallel degrees divide the model, the cluster and the batch.
#include <algorithm>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "sim/scenario/expert_layout.hpp"
#include "sim/scenario/text_util.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

std::string str(int64_t v) {
  return std::to_string(v);
}

// "1, 2, 4, 8": the divisors of n, for "allowed" texts.
std::string divisors_text(int64_t n) {
  std::vector<std::string> out;
  for (int64_t d = 1; d <= n && out.size() < 24; ++d) {
    if (n % d == 0) out.push_back(str(d));
  }
  return join(out);
}

void require_tensor_divides(const Scenario& s, int64_t value, const std::string& what) {
  const int t = s.parallel.tensor;
  if (value % t == 0) return;
  throw InputError("parallel.tensor", "must divide " + what + " (" + str(value) + ")", str(t),
                   "a divisor of " + str(value) + ": " + divisors_text(value));
}

}  // namespace

void check_tensor_parallel(const Scenario& s) {
  const ModelConfig& m = s.model;
  require_tensor_divides(s, m.num_attention_heads, "model.num_attention_heads");
  require_tensor_divides(s, m.num_kv_heads, "model.num_kv_heads");
  require_tensor_divides(s, m.ffn_hidden_size, "model.ffn_hidden_size");
  if (m.moe.num_experts > 0) {
    require_tensor_divides(s, m.moe.moe_ffn_hidden_size, "model.moe.moe_ffn_hidden_size");
  }
}

// What the split counts besides the layers, for messages: "" or " + 2 (embedding and loss
// counted as layers)".
std::string counted_extras(const Scenario& s) {
  const int extra = s.pipeline_split_slots() - s.model.num_layers;
  if (extra == 0) return "";
  const ParallelConfig& p = s.parallel;
  const char* what = extra == 2                                  ? "embedding and loss"
                     : p.account_for_embedding_in_pipeline_split ? "embedding"
                                                                 : "loss";
  return " + " + str(extra) + " (" + what + " counted as layers)";
}

constexpr const char* kAccountFor =
    "; parallel.account_for_embedding_in_pipeline_split and "
    "parallel.account_for_loss_in_pipeline_split count the embedding and the loss as one layer "
    "each";

void check_pipeline_depth(const Scenario& s) {
  const int slots = s.pipeline_split_slots();
  if (s.parallel.pipeline <= slots) return;
  throw InputError("parallel.pipeline",
                   "more pipeline stages than model.num_layers (" + str(s.model.num_layers) +
                       counted_extras(s) + ")",
                   str(s.parallel.pipeline), "1 .. " + str(slots) + kAccountFor);
}

void derive_data_parallel(Scenario& s) {
  const ParallelConfig& p = s.parallel;
  const int64_t gpus = int64_t{s.cluster.num_nodes} * s.cluster.gpus_per_node;
  const int64_t inner = int64_t{p.tensor} * p.pipeline * p.context;
  const std::string inner_text = "tensor x pipeline x context = " + str(p.tensor) + " x " +
                                 str(p.pipeline) + " x " + str(p.context) + " = " + str(inner);
  const std::string gpus_text = "the GPU count " + str(gpus) + " (" + str(s.cluster.num_nodes) +
                                " nodes x " + str(s.cluster.gpus_per_node) + " GPUs)";
  if (p.data == 0) {
    if (gpus % inner != 0 || gpus / inner > 1'000'000) {
      throw InputError("parallel.data",
                       "cannot be derived: " + gpus_text + " is not a multiple of " + inner_text,
                       "", "a layout whose tensor x pipeline x context divides " + str(gpus));
    }
    s.parallel.data = static_cast<int>(gpus / inner);
    return;
  }
  if (inner * p.data != gpus) {
    throw InputError("parallel.data",
                     inner_text + " times data " + str(p.data) + " is " + str(inner * p.data) +
                         ", not " + gpus_text,
                     str(p.data),
                     gpus % inner == 0
                         ? str(gpus / inner) + " (or omit it)"
                         : "no data size fits; change tensor, pipeline or context so that their "
                           "product divides " +
                               str(gpus));
  }
}

void check_batch(const Scenario& s) {
  const TrainingConfig& t = s.training;
  const int64_t per_step = t.micro_batch_size * s.parallel.data;
  if (t.global_batch_size % per_step == 0) return;
  throw InputError("training.global_batch_size",
                   "must be divisible by micro_batch_size x data = " + str(t.micro_batch_size) +
                       " x " + str(s.parallel.data) + " = " + str(per_step),
                   str(t.global_batch_size), "a multiple of " + str(per_step));
}

// recompute_num_layers counts the layers of full recompute's block method; it means nothing
// otherwise, and is refused rather than ignored.
void check_recompute_layers(const Scenario& s) {
  const TrainingConfig& t = s.training;
  if (t.recompute_num_layers == 0 || t.activation_recompute == Recompute::full) return;
  throw InputError("training.recompute_num_layers",
                   "applies to full recompute only (training.activation_recompute is " +
                       std::string(to_string(t.activation_recompute)) + ")",
                   str(t.recompute_num_layers), "0, or activation_recompute \"full\"");
}

// recompute_modules name what Megatron-Core's selective recompute checkpoints: refused with
// another recompute, and a module the model does not have (mlp in a MoE model, moe, moe_act and
// shared_experts in a dense one or without shared experts, mla_up_proj without MLA) is refused
// rather than ignored.
void check_recompute_modules(const Scenario& s) {
  const TrainingConfig& t = s.training;
  const std::string path = "training.recompute_modules";
  const bool is_default =
      t.recompute_modules.size() == 1 && t.recompute_modules.front() == RecomputeModule::core_attn;
  if (t.recompute_modules.empty()) {
    throw InputError(path, "is empty", "[]", "one or more modules, [\"core_attn\"] by default");
  }
  if (!is_default && t.activation_recompute != Recompute::selective) {
    throw InputError(path,
                     "applies to selective recompute only (training.activation_recompute is " +
                         std::string(to_string(t.activation_recompute)) + ")",
                     to_string(t.recompute_modules.front()),
                     "[\"core_attn\"], or activation_recompute \"selective\"");
  }
  const ModelConfig& m = s.model;
  const bool moe = m.moe.num_experts > 0;
  for (const RecomputeModule r : t.recompute_modules) {
    const char* needs = nullptr;
    if (r == RecomputeModule::mlp && moe) needs = "a dense model (a MoE model recomputes \"moe\")";
    if ((r == RecomputeModule::moe || r == RecomputeModule::moe_act) && !moe)
      needs = "a MoE model (model.moe.num_experts > 0)";
    if (r == RecomputeModule::shared_experts && m.moe.num_shared_experts == 0)
      needs = "shared experts (model.moe.num_shared_experts > 0)";
    if (r == RecomputeModule::mla_up_proj && m.mla.kv_lora_rank == 0)
      needs = "multi-latent attention (model.mla)";
    if (needs != nullptr) {
      throw InputError(path,
                       std::string("lists a module the model does not have: ") + to_string(r) +
                           " needs " + needs,
                       to_string(r), "modules of this model");
    }
  }
}

void check_pipeline_schedule(const Scenario& s) {
  const ParallelConfig& p = s.parallel;
  if (p.pipeline_schedule != PipelineSchedule::interleaved) {
    if (p.virtual_stages == 1) return;
    throw InputError("parallel.virtual_stages",
                     std::string("must be 1 for the ") + to_string(p.pipeline_schedule) +
                         " schedule (only interleaved uses virtual stages)",
                     str(p.virtual_stages), "1");
  }
  if (p.virtual_stages < 2) {
    throw InputError("parallel.virtual_stages", "must be > 1 for the interleaved schedule",
                     str(p.virtual_stages), "2 .. 128");
  }
  if (p.pipeline < 2) {
    throw InputError("parallel.pipeline", "must be > 1 for the interleaved schedule",
                     str(p.pipeline), "2 .. model.num_layers");
  }
  const int64_t chunks = int64_t{p.pipeline} * p.virtual_stages;
  if (s.pipeline_split_slots() < chunks) {
    throw InputError("parallel.virtual_stages",
                     "leaves model chunks without a layer: model.num_layers (" +
                         str(s.model.num_layers) + counted_extras(s) +
                         ") is below pipeline x virtual_stages = " + str(chunks),
                     str(p.virtual_stages),
                     std::string("a value with pipeline x it <= num_layers") + kAccountFor);
  }
  if (s.num_micro_batches() % p.pipeline != 0) {
    throw InputError("training.global_batch_size",
                     "the interleaved schedule needs the number of micro-batches (global / "
                     "(micro x data) = " +
                         str(s.num_micro_batches()) + ") to be a multiple of parallel.pipeline (" +
                         str(p.pipeline) + ")",
                     str(s.training.global_batch_size),
                     "a multiple of " + str(s.training.micro_batch_size * p.data * p.pipeline));
  }
}

void check_context_parallel(const Scenario& s) {
  const int c = s.parallel.context;
  const int64_t chunks = int64_t{2} * c;
  if (c == 1 || s.model.seq_length % chunks == 0) return;
  throw InputError("parallel.context",
                   "model.seq_length (" + str(s.model.seq_length) +
                       ") must be divisible by 2 x context = " + str(chunks) +
                       " (each rank holds two chunks, for causal load balance)",
                   str(c), "a context size c with seq_length divisible by 2c");
}

// Megatron-Core's --decoder-first/last-pipeline-num-layers: the first and last stages take their
// stated layers, the stages between an even share of the rest, and each stage's layers split
// evenly over its model chunks; Megatron-Core asserts each division exact.
void check_stated_stage_layers(const Scenario& s) {
  const ParallelConfig& p = s.parallel;
  const int first = p.first_stage_layers, last = p.last_stage_layers;
  if (first == 0 && last == 0) return;
  const std::string path = first > 0 ? "parallel.first_stage_layers" : "parallel.last_stage_layers";
  const std::string value = str(first > 0 ? first : last);
  if (p.account_for_embedding_in_pipeline_split || p.account_for_loss_in_pipeline_split) {
    throw InputError(path,
                     "cannot be combined with parallel.account_for_embedding_in_pipeline_split or "
                     "account_for_loss_in_pipeline_split (two ways of making stages uneven)",
                     value, "0, or the account_for_* fields false");
  }
  if (p.pipeline < 2) {
    throw InputError(path, "needs parallel.pipeline > 1", value, "0 with one pipeline stage");
  }
  const int v = p.virtual_stages;
  for (const auto& [field, n] : {std::pair{"parallel.first_stage_layers", first},
                                 std::pair{"parallel.last_stage_layers", last}}) {
    if (n > 0 && n % v != 0) {
      throw InputError(field,
                       "must split evenly over the stage's " + str(v) +
                           " model chunks (parallel.virtual_stages)",
                       str(n), "a multiple of " + str(v));
    }
  }
  const int rest = s.model.num_layers - first - last;
  const int others = p.pipeline - (first > 0 ? 1 : 0) - (last > 0 ? 1 : 0);
  const std::string split = "model.num_layers (" + str(s.model.num_layers) + ") less " +
                            str(first) + " first and " + str(last) + " last = " + str(rest);
  if (others == 0 && rest != 0) {
    throw InputError(path, split + " layers are left with no stage to hold them", value,
                     "first + last = " + str(s.model.num_layers) + " with two stages");
  }
  if (others > 0 && (rest < others * v || rest % (others * v) != 0)) {
    throw InputError(path,
                     split + " must split evenly over the other " + str(others) + " stages x " +
                         str(v) + " model chunks, at least one layer each",
                     value, "values leaving a positive multiple of " + str(others * v) + " layers");
  }
}

// DeepSpeed-Ulysses (cp_comm_type a2a) gives each context rank heads / context of its tensor
// rank's query heads and KV heads (Transformer Engine's a2a context parallelism asserts both).
void check_ulysses_heads(const Scenario& s) {
  const ParallelConfig& p = s.parallel;
  if (p.cp_comm_type != CpCommType::a2a || p.context == 1) return;
  const ModelConfig& m = s.model;
  const struct {
    int heads;
    const char* path;
  } kinds[] = {{m.num_attention_heads, "model.num_attention_heads"},
               {m.num_kv_heads, "model.num_kv_heads"}};
  for (const auto& k : kinds) {
    const int per_tensor_rank = k.heads / p.tensor;
    if (per_tensor_rank % p.context == 0) continue;
    throw InputError("parallel.context",
                     "with parallel.cp_comm_type a2a (Ulysses) the " + std::string(k.path) +
                         " per tensor rank (" + str(k.heads) + " / " + str(p.tensor) + " = " +
                         str(per_tensor_rank) + ") must be divisible by context",
                     str(p.context),
                     "a context size dividing " + str(per_tensor_rank) +
                         ", or parallel.cp_comm_type p2p (the ring has no such limit)");
  }
}

// Megatron-Core's allgather dispatcher gathers over the TP x EP group with TP (and ETP) > 1, a
// group the cost model has no dimension for: only the EP group alone is modelled.
void check_moe_dispatcher(const Scenario& s) {
  const ParallelConfig& p = s.parallel;
  if (s.training.moe_dispatcher != MoeDispatcher::allgather || s.model.moe.num_experts == 0 ||
      p.expert == 1) {
    return;
  }
  if (p.tensor > 1 || expert_tensor_size(p) > 1) {
    throw InputError("training.moe_dispatcher",
                     "allgather with tensor x expert_tensor = " + str(p.tensor) + " x " +
                         str(expert_tensor_size(p)) +
                         " is not modelled (Megatron-Core gathers over the TP x EP group)",
                     "allgather",
                     "alltoall, or allgather with parallel.tensor and parallel.expert_tensor 1");
  }
}

void check_expert_parallel(const Scenario& s) {
  const ParallelConfig& p = s.parallel;
  const int e = p.expert;
  const int experts = s.model.moe.num_experts;
  if (p.expert_tensor > 0 && experts == 0) {
    throw InputError("parallel.expert_tensor", "needs an MoE model (model.moe.num_experts > 0)",
                     str(p.expert_tensor), "0 (omitted) for a dense model");
  }
  if (p.expert_tensor > 0 && s.model.moe.moe_ffn_hidden_size % p.expert_tensor != 0) {
    const int64_t f = s.model.moe.moe_ffn_hidden_size;
    throw InputError("parallel.expert_tensor",
                     "must divide model.moe.moe_ffn_hidden_size (" + str(f) + ")",
                     str(p.expert_tensor), "0 (= tensor) or a divisor of " + str(f));
  }
  if (s.model.moe.load_imbalance > std::max(1, e)) {
    throw InputError("model.moe.load_imbalance",
                     "exceeds parallel.expert = " + str(e) +
                         " (the most loaded of e ranks receives at most e times the mean)",
                     std::to_string(s.model.moe.load_imbalance), "1 .. " + str(std::max(1, e)));
  }
  if (e == 1 && p.expert_tensor == 0) return;
  if (e > 1 && experts == 0) {
    throw InputError("parallel.expert", "needs an MoE model (model.moe.num_experts > 0)", str(e),
                     "1 for a dense model");
  }
  if (experts % e != 0) {
    throw InputError("parallel.expert", "must divide model.moe.num_experts (" + str(experts) + ")",
                     str(e), divisors_text(experts));
  }
  // Megatron-Core's MoE parallel folding: the expert layers regroup a stage's TP x CP x DP ranks
  // as ETP x EP x EDP (sim/scenario/expert_layout.hpp).
  const int etp = expert_tensor_size(p);
  const int64_t ranks = expert_stage_ranks(p);
  if (ranks % (int64_t{e} * etp) != 0) {
    const std::string path =
        p.expert_tensor > 0 && e == 1 ? "parallel.expert_tensor" : "parallel.expert";
    throw InputError(path,
                     "expert x expert_tensor = " + str(e) + " x " + str(etp) +
                         " must divide tensor x context x data = " + str(p.tensor) + " x " +
                         str(p.context) + " x " + str(p.data) + " = " + str(ranks) +
                         " (the expert layers regroup a pipeline stage's ranks as expert_tensor "
                         "x expert x expert-data; expert_tensor defaults to tensor)",
                     str(path == "parallel.expert" ? e : etp),
                     "expert x expert_tensor a divisor of " + str(ranks) +
                         " (e.g. expert_tensor 1 for expert up to " + str(ranks) + ")");
  }
}

void add_layout_warnings(Scenario& s) {
  const ParallelConfig& p = s.parallel;
  const int slots = s.pipeline_split_slots();
  const std::string what = str(s.model.num_layers) + " layers" + counted_extras(s);
  const int chunks = p.pipeline * p.virtual_stages;
  const bool stated = p.first_stage_layers > 0 || p.last_stage_layers > 0;
  if (p.pipeline_schedule == PipelineSchedule::interleaved && slots % chunks != 0 && !stated) {
    // As Megatron-Core's uneven splits (--decoder-first/last-pipeline-num-layers, or the embedding
    // and loss counted as layers): the first chunks hold one layer more.
    add_warning(s,
                "parallel.virtual_stages: " + what + " do not split evenly over " + str(chunks) +
                    " model chunks (" + str(slots / chunks + 1) + " or " + str(slots / chunks) +
                    " layers per chunk: one more in each chunk after the first in the model's "
                    "order, chunk 0 of stages 1, 2, ... first); the slowest stage sets the pace");
  }
  if (slots % p.pipeline != 0 && p.pipeline_schedule != PipelineSchedule::interleaved && !stated) {
    add_warning(s, "parallel.pipeline: " + what + " do not split evenly over " + str(p.pipeline) +
                       " stages (" + str(slots / p.pipeline + 1) + " or " +
                       str(slots / p.pipeline) +
                       " layers per stage); the slowest stage sets "
                       "the pace");
  }
  if (p.cp_comm_type != CpCommType::p2p && p.context == 1) {
    add_warning(s, std::string("parallel.cp_comm_type ") + to_string(p.cp_comm_type) +
                       " has no effect with parallel.context = 1");
  }
  if (s.training.moe_dispatcher != MoeDispatcher::alltoall &&
      (s.model.moe.num_experts == 0 || p.expert == 1)) {
    add_warning(s, std::string("training.moe_dispatcher ") + to_string(s.training.moe_dispatcher) +
                       " has no effect without expert parallelism (parallel.expert > 1 on an MoE "
                       "model)");
  }
  if (s.model.moe.load_imbalance > 1.0 && p.expert == 1) {
    add_warning(s,
                "model.moe.load_imbalance changes nothing with parallel.expert = 1 (one rank "
                "holds every expert)");
  }
  if (p.sequence_parallel && p.tensor == 1) {
    add_warning(s, "parallel.sequence_parallel has no effect with parallel.tensor = 1");
  }
  if (p.tp_comm_overlap && (p.tensor == 1 || !p.sequence_parallel)) {
    add_warning(s, p.tensor == 1 ? "parallel.tp_comm_overlap has no effect with parallel.tensor = 1"
                                 : "parallel.tp_comm_overlap has no effect without "
                                   "parallel.sequence_parallel (Megatron-LM overlaps sequence "
                                   "parallelism's all-gathers and reduce-scatters)");
  }
  if (p.tp_backward_overlap && p.tensor == 1) {
    add_warning(s, "parallel.tp_backward_overlap has no effect with parallel.tensor = 1");
  } else if (p.tp_backward_overlap && p.tp_comm_overlap && p.sequence_parallel) {
    add_warning(s,
                "parallel.tp_backward_overlap adds nothing to parallel.tp_comm_overlap, whose "
                "userbuffers overlap the backward's collectives too");
  }
  if (p.ep_comm_overlap && (s.model.moe.num_experts == 0 || p.expert == 1)) {
    add_warning(s,
                "parallel.ep_comm_overlap has no effect without expert parallelism "
                "(parallel.expert > 1 on an MoE model)");
  } else if (p.ep_comm_overlap && p.pipeline_schedule == PipelineSchedule::gpipe) {
    add_warning(s,
                "parallel.ep_comm_overlap has no effect under the gpipe schedule (it pairs "
                "1F1B's steady forwards and backwards; GPipe runs every forward first)");
  }
  if (p.offload != Offload::none && p.zero_stage == 0) {
    throw InputError("parallel.zero_stage",
                     std::string("must be 1, 2 or 3 with parallel.offload ") +
                         to_string(p.offload) +
                         " (DeepSpeed offloads the optimizer state of ZeRO stages 1-3)",
                     "0", "1, 2 or 3, or parallel.offload none");
  }
  if (p.offload == Offload::parameters && p.zero_stage != 3) {
    throw InputError("parallel.zero_stage",
                     "must be 3 with parallel.offload parameters (parameters are offloaded only "
                     "as ZeRO-3/FSDP shards)",
                     str(p.zero_stage), "3, or parallel.offload none or optimizer");
  }
  if (p.zero_stage > 0 && p.data == 1) {
    add_warning(
        s, "parallel.zero_stage " + str(p.zero_stage) + " has no effect with data-parallel size 1");
  }
  if (p.tensor > s.cluster.gpus_per_node) {
    add_warning(s, "parallel.tensor " + str(p.tensor) + " exceeds cluster.gpus_per_node " +
                       str(s.cluster.gpus_per_node) +
                       ": tensor-parallel collectives cross the network");
  }
}

}  // namespace wt
