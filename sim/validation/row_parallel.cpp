// doc["parallel"] from a row: the layout, ZeRO stage, sequence parallelism and pipeline schedule.
#include <algorithm>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "sim/scenario/framework_profiles.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_sections.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

int64_t degree(const json& row, const char* key, RowBuild& b) {
  if (const auto v = row_int(row, key)) return *v;
  b.assume(std::string(key) + " not given: 1");
  return 1;
}

// The ZeRO stages a text names: "ZeRO-3", "ZeRO stage 2", "ZeRO-Infinity", FSDP (FULL_SHARD,
// fully sharded, HSDP: 3; SHARD_GRAD_OP: 2), "distributed optimizer" (Megatron's, ZeRO-1).
std::set<int> zero_stages_named(const std::string& text) {
  static const std::regex kStage(R"(zero[\s_-]*(?:stage[\s_-]*)?([0-3])(?!\d))");
  static const std::regex kGradOp(R"(shard[\s_-]*grad[\s_-]*op)");
  static const std::regex kFull(
      R"(zero[\s_-]*infinity|full[\s_-]*shard|fully[\s_-]*sharded|hybrid[\s_-]*shard|\b(?:fsdp2?|hsdp)\b)");
  static const std::regex kDistOpt(R"(distributed[\s_-]*optimi[sz]er)");
  const std::string t = lower(text);
  std::set<int> out;
  for (std::sregex_iterator it(t.begin(), t.end(), kStage), end; it != end; ++it)
    out.insert(std::stoi((*it)[1].str()));
  const bool grad_op = std::regex_search(t, kGradOp);
  if (grad_op) out.insert(2);
  // "FSDP SHARD_GRAD_OP" is ZeRO-2 only.
  if (!grad_op && std::regex_search(t, kFull)) out.insert(3);
  if (std::regex_search(t, kDistOpt)) out.insert(1);
  return out;
}

// Whether other.<key> is about how the run is parallelized (not a note or a comparison).
bool parallelism_key(const std::string& key) {
  const std::string k = lower(key);
  for (const char* skip : {"note", "without", "compar", "baseline", "speedup", "_vs"}) {
    if (contains(k, skip)) return false;
  }
  for (const char* word : {"parallel", "zero", "shard", "fsdp", "technique", "optimization",
                           "strategy", "method", "distributed"}) {
    if (contains(k, word)) return true;
  }
  return false;
}

// The ZeRO stage the row's words name, in its framework ("DeepSpeed ZeRO-3") or in an other.*
// field about its parallelism ("parallelism": "2D: FSDP2 + TP 8"), when they name exactly one.
std::optional<int> zero_stage_in_words(const json& row, RowBuild& b) {
  std::set<int> stages;
  std::string quoted;
  const auto read = [&](const std::string& text, const std::string& where) {
    const std::set<int> named = zero_stages_named(text);
    if (named.empty()) return;
    stages.insert(named.begin(), named.end());
    if (quoted.empty()) quoted = "'" + text + "' (" + where + ")";
  };
  read(row_text(row, "framework"), "framework");
  const json& other = row_other(row);
  if (other.is_object()) {
    for (const auto& [key, value] : other.items()) {
      if (value.is_string() && parallelism_key(key)) read(value.get<std::string>(), "other." + key);
    }
  }
  if (stages.empty()) return std::nullopt;
  if (stages.size() > 1) {
    std::string list;
    for (const int s : stages)
      list += (list.empty() ? "" : ", ") + std::to_string(s);
    b.assume("the row's words name ZeRO stages " + list + ": the framework profile's stage kept");
    return std::nullopt;
  }
  const int stage = *stages.begin();
  b.assume("zero_stage " + std::to_string(stage) + ": the row's " + quoted);
  return stage;
}

// Megatron-Bridge's performance tables give an FSDP column (other.fsdp_column, other.fsdp): 0 is
// DDP; above 0, Megatron FSDP, which shards parameters, gradients and optimizer state (ZeRO-3)
// over a group of #GPUs / (TP · PP) by the tables' definition, the data-parallel (× context)
// group. Only a number (or a number written as text) is read here; words go to
// zero_stage_in_words.
std::optional<int> fsdp_column(const json& row, RowBuild& b) {
  const json& other = row_other(row);
  for (const char* key : {"fsdp_column", "fsdp"}) {
    const auto it = other.find(key);
    if (it == other.end()) continue;
    std::string text = it->is_number() ? it->dump() : it->is_string() ? it->get<std::string>() : "";
    if (text.empty() || text.size() > 8 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
        std::stoi(text) <= 0) {
      continue;
    }
    b.assume("zero_stage 3: the row's other." + std::string(key) + " " + text +
             " (Megatron-Bridge's FSDP column: above 0, Megatron FSDP shards parameters, "
             "gradients and optimizer state over #GPUs / (TP · PP))");
    return 3;
  }
  return std::nullopt;
}

std::optional<int> zero_stage(const json& row, RowBuild& b) {
  const json& other = row_other(row);
  const std::string path = row_name(row) + ".other";
  if (const auto stage = integer_field(other, "zero_stage", path)) {
    if (*stage < 0 || *stage > 3) {
      throw InputError(path + ".zero_stage", "is not a ZeRO stage", std::to_string(*stage),
                       "0, 1, 2 or 3");
    }
    return static_cast<int>(*stage);
  }
  // PyTorch FSDP's ShardingStrategy names (FSDP2's fully_shard shards fully).
  std::string sharding = lower(row_text(other, "sharding_strategy"));
  if (sharding.starts_with("shardingstrategy.")) sharding = sharding.substr(17);
  if (sharding == "full_shard" || sharding == "fully_shard") return 3;
  if (sharding == "shard_grad_op") return 2;
  if (sharding == "no_shard") return 0;
  if (sharding == "hybrid_shard") {
    b.assume("FSDP HYBRID_SHARD modelled as ZeRO-3 over the whole data-parallel group");
    return 3;
  }
  if (sharding == "_hybrid_shard_zero2" || sharding == "hybrid_shard_zero2") {
    b.assume("FSDP _HYBRID_SHARD_ZERO2 modelled as ZeRO-2 over the whole data-parallel group");
    return 2;
  }
  if (!sharding.empty()) {
    b.assume("sharding_strategy '" + row_text(other, "sharding_strategy") +
             "' not understood: the ZeRO stage from the row's words or its framework");
  }
  // DeepSpeed's own config section, as a row may copy it: zero_optimization.stage.
  if (const auto zo = other.find("zero_optimization"); zo != other.end() && zo->is_object()) {
    if (const auto stage = integer_field(*zo, "stage", path + ".zero_optimization");
        stage && *stage >= 0 && *stage <= 3) {
      b.assume("zero_stage " + std::to_string(*stage) +
               ": the row's other.zero_optimization.stage");
      return static_cast<int>(*stage);
    }
  }
  if (const auto fsdp = fsdp_column(row, b)) return fsdp;
  // Megatron's --use-distributed-optimizer shards the optimizer state over the data-parallel
  // ranks: ZeRO-1 (data/reference/framework-defaults.md, Megatron-Core); false is plain DDP.
  const auto dist = other.find("use_distributed_optimizer");
  if (dist != other.end() && (dist->is_boolean() || dist->is_string())) {
    const std::string word = dist->is_boolean() ? (dist->get<bool>() ? "true" : "false")
                                                : lower(dist->get<std::string>());
    const bool on = word == "true" || word == "yes" || word == "on";
    const bool off = word == "false" || word == "no" || word == "off";
    if (on || off) {
      b.assume(std::string("zero_stage ") + (on ? "1" : "0") +
               ": the row's other.use_distributed_optimizer " + word);
      return on ? 1 : 0;
    }
  }
  if (const auto said = zero_stage_in_words(row, b)) return said;
  if (!row_int(row, "tp") && !row_int(row, "pp") && !row_int(row, "dp")) {
    b.assume(
        "no layout given: every GPU a data-parallel rank with the weights sharded "
        "(ZeRO-3/FSDP), the way a model too big for one GPU trains without model parallelism");
    return 3;
  }
  return std::nullopt;
}

// Data-parallel replicas: the row's dp, else its GPUs over TP × PP × CP; 0 when unknown.
int64_t replicas(const json& row, const json& p) {
  if (p.contains("data")) return p.at("data").get<int64_t>();
  const int64_t model = p.at("tensor").get<int64_t>() * p.at("pipeline").get<int64_t>() *
                        p.at("context").get<int64_t>();
  const auto gpus = row_int(row, "num_gpus");
  return gpus && model > 0 ? *gpus / model : 0;
}

// The ZeRO stage the row's framework profile gives a layout with `data` replicas (the row's
// label and micro-batch choice need it before the scenario is parsed); 0 when it gives none.
int profile_zero_stage(const json& doc, int64_t data, RowBuild& b) {
  const FrameworkProfile* profile =
      find_framework_profile(doc.at("training").value("framework", "none"));
  if (profile != nullptr) {
    for (const ProfileDefault& d : profile->defaults) {
      if (d.path != "parallel.zero_stage") continue;
      if (d.when == ProfileCondition::data_parallel && data <= 1) continue;
      b.assume("zero_stage " + d.value.dump() + ": the " + profile->name + " profile's (" +
               d.source + ")");
      return d.value.get<int>();
    }
  }
  b.assume("zero_stage not stated: 0");
  return 0;
}

// other.sequence_parallel when the row gives it (a boolean, or "yes"/"on"/"true" and their
// opposites); nothing when it does not (the framework profile decides).
std::optional<bool> sequence_parallel(const json& other, int64_t tensor, RowBuild& b) {
  const auto stated = other.find("sequence_parallel");
  if (stated != other.end() && stated->is_boolean()) return stated->get<bool>() && tensor > 1;
  const std::string word = lower(row_text(other, "sequence_parallel"));
  if (word == "yes" || word == "on" || word == "true") return tensor > 1;
  if (word == "no" || word == "off" || word == "false") return false;
  if (!word.empty()) b.assume("sequence_parallel '" + word + "' not understood: the framework's");
  return std::nullopt;
}

// The numbers of virtual stages > 1 that divide the layers of a stage, smallest first.
std::vector<int64_t> virtual_stage_counts(int64_t layers_per_stage) {
  std::vector<int64_t> counts;
  for (int64_t v = 2; v <= layers_per_stage; ++v) {
    if (layers_per_stage % v == 0) counts.push_back(v);
  }
  return counts;
}

// "2, 4 and 8"
std::string and_list(const std::vector<int64_t>& values) {
  std::vector<std::string> items;
  for (const int64_t v : values)
    items.push_back(std::to_string(v));
  return and_listed(items);
}

void set_schedule(const json& row, int64_t pipeline, int64_t num_layers, json& p, RowBuild& b) {
  if (pipeline <= 1) return;
  const std::string stated = lower(row_text(row_other(row), "pipeline_schedule"));
  // The row's vp, else its other.* under Megatron's or a paper's name.
  std::optional<int64_t> vp = row_int(row, "vp");
  for (const char* key :
       {"virtual_pipeline_model_parallel_size", "virtual_stages", "interleaving_stages"}) {
    if (vp) break;
    vp = integer_field(row_other(row), key, row_name(row) + ".other");
    if (vp) b.assume("virtual stages " + std::to_string(*vp) + ": the row's other." + key);
  }
  if (vp && *vp < 1) {
    throw InputError(row_name(row) + ".vp", "must be at least 1", std::to_string(*vp),
                     "1 or more model chunks per stage");
  }
  int64_t virtual_stages = vp.value_or(1);
  // "non-interleaved 1F1B" names the plain schedule.
  const bool interleaved =
      contains(stated, "interleaved") && !contains(stated, "non-interleaved") &&
      !contains(stated, "non interleaved") && !contains(stated, "not interleaved");
  if (virtual_stages <= 1 && interleaved && num_layers > 0) {
    // The layers a stage holds: an even share, or one with the embedding and the loss counted as
    // a layer each (Megatron-Core's --account-for-embedding/loss-in-pipeline-split, Llama 3's
    // first and last stages one layer short).
    const int64_t slots = num_layers % pipeline == 0         ? num_layers
                          : (num_layers + 2) % pipeline == 0 ? num_layers + 2
                                                             : 0;
    const std::vector<int64_t> counts =
        slots > 0 ? virtual_stage_counts(slots / pipeline) : std::vector<int64_t>{};
    virtual_stages = counts.empty() ? 1 : counts.front();
    if (virtual_stages > 1) {
      // Each count is run and the fastest that fits taken (training_row.cpp): the count is a
      // setting the run's authors tuned, as the memory settings a row leaves open.
      b.virtual_stages_alternatives.assign(counts.begin() + 1, counts.end());
      b.assume(
          "interleaved schedule stated, virtual stages not given: each count > 1 that "
          "divides the " +
          std::to_string(slots / pipeline) + " layers per stage" +
          std::string(slots > num_layers ? " (" + std::to_string(num_layers) +
                                               " + 2 for the embedding and the loss)"
                                         : "") +
          " is a candidate (" + and_list(counts) + ")");
      if (slots > num_layers && !p.contains("first_stage_layers") &&
          !p.contains("last_stage_layers")) {
        // The split that made the layers even: the first chunk holds the embedding and one
        // layer fewer, the last the loss and one layer fewer (Llama 3's first and last stages
        // one layer short, Dubey et al. 2024 §3.3.2; Megatron-Core's flags).
        p["account_for_embedding_in_pipeline_split"] = true;
        p["account_for_loss_in_pipeline_split"] = true;
      }
    } else if (slots > 0) {
      b.assume("interleaved schedule stated but one layer per stage: 1F1B");
    } else {
      b.assume("interleaved schedule stated but " + std::to_string(num_layers) +
               " layers do not split evenly over " + std::to_string(pipeline) +
               " stages (nor with the embedding and the loss counted): 1F1B");
    }
  }
  if (virtual_stages > 1) {
    p["pipeline_schedule"] = "interleaved";
    p["virtual_stages"] = virtual_stages;
  } else if (contains(stated, "gpipe")) {
    p["pipeline_schedule"] = "gpipe";
  } else {
    p["pipeline_schedule"] = "1f1b";
    // DeepSeek-V3's DualPipe (Liu et al. 2024, §3.2.1): micro-batches fed from both ends, each
    // forward chunk overlapped with a backward chunk's all-to-all and pipeline transfers.
    const bool dualpipe = contains(stated, "dualpipe") ||
                          contains(lower(row_text(row, "framework")), "dualpipe") ||
                          contains(lower(row_text(row, "notes")), "dualpipe");
    b.pipeline_split_open = dualpipe && pipeline > 1;
    if (dualpipe && p.value("expert", int64_t{1}) > 1) {
      p["ep_comm_overlap"] = true;
      b.assume(
          "DualPipe named: parallel.ep_comm_overlap = true, its overlap of one micro-batch's "
          "forward with another's backward, each one's all-to-alls under the other's compute "
          "(1F1B's steady steps paired, one forward more in flight); its bidirectional feeding "
          "(a smaller bubble, two copies of the parameters) is not modelled: 1F1B's bubble "
          "priced");
    } else if (dualpipe) {
      b.assume(
          "DualPipe named without expert parallelism: its bidirectional schedule is not "
          "modelled; 1F1B priced");
    } else if (stated.empty()) {
      b.assume("pipeline schedule not stated: 1F1B");
    } else if (!contains(stated, "1f1b") && !contains(stated, "pipedream") && !interleaved &&
               !contains(stated, "one forward")) {
      // Zero-bubble (ZB-H1, ZB-V), BFS/looped, Chimera, ...: said, not silently priced as 1F1B.
      b.assume("pipeline schedule '" + row_text(row_other(row), "pipeline_schedule") +
               "' (other.pipeline_schedule) is not modelled: 1F1B priced");
    }
  }
}

bool megatron_family(const json& doc) {
  const FrameworkProfile* profile =
      find_framework_profile(doc.at("training").value("framework", "none"));
  if (profile == nullptr) return false;
  return profile->name.starts_with("megatron") || profile->name == "nemo";
}

// The experts' tensor-parallel size (sim/scenario/expert_layout.hpp): the row's other.etp when
// given; else, where EP exceeds data × context and the framework is Megatron-Core's (NeMo,
// Megatron-LM), MoE parallel folding with ETP 1, as the recipes run it (NeMo deepseek_v3: EP 64,
// ETP 1, data/reference/framework-defaults.md); else unset (ETP = TP, Megatron-Core's default).
void set_expert_tensor(const json& row, json& p, RowBuild& b) {
  if (!p.contains("expert")) return;
  const std::string path = row_name(row) + ".other";
  const json& other = row_other(row);
  std::optional<int64_t> etp;
  for (const char* key : {"etp", "expert_tensor_parallel_size", "expert_tensor"}) {
    if (!etp) etp = integer_field(other, key, path);
  }
  const int64_t expert = p.at("expert").get<int64_t>();
  const int64_t data = replicas(row, p) * p.at("context").get<int64_t>();
  if (etp) {
    p["expert_tensor"] = *etp;
    if (expert > data) {
      b.assume("expert " + std::to_string(expert) + " > data x context " + std::to_string(data) +
               ": Megatron-Core MoE parallel folding with the row's expert_tensor " +
               std::to_string(*etp) + " (EP spans tensor and data ranks)");
    }
    return;
  }
  if (expert <= data || data == 0 || !megatron_family(b.doc)) return;
  p["expert_tensor"] = 1;
  b.assume("expert " + std::to_string(expert) + " > data x context " + std::to_string(data) +
           ", expert_tensor not given: Megatron-Core MoE parallel folding with expert_tensor 1 "
           "(EP spans tensor and data ranks)");
}

// Megatron-Core splits the layers evenly over pipeline × virtual stages and, for an uneven
// count, needs the embedding and the loss counted as one layer each
// (--account-for-embedding-in-pipeline-split, --account-for-loss-in-pipeline-split;
// data/reference/megatron-lm-arguments.txt): when the row's layers do not divide over its
// chunks but layers + 2 do, and its framework is built on Megatron-Core (profiles nemo and
// megatron-core: NeMo, Megatron-Bridge, Megatron-Core), both are set.
void account_for_embedding_and_loss(int64_t num_layers, json& p, RowBuild& b) {
  const std::string framework = b.doc.at("training").value("framework", "none");
  if (framework != "nemo" && framework != "megatron-core") return;
  if (p.contains("account_for_embedding_in_pipeline_split")) return;  // set with the schedule
  const int64_t pipeline = p.at("pipeline").get<int64_t>();
  const int64_t chunks = pipeline * p.value("virtual_stages", int64_t{1});
  if (pipeline <= 1 || num_layers % chunks == 0 || (num_layers + 2) % chunks != 0) return;
  p["account_for_embedding_in_pipeline_split"] = true;
  p["account_for_loss_in_pipeline_split"] = true;
  b.assume(
      "parallel.account_for_embedding_in_pipeline_split and "
      "account_for_loss_in_pipeline_split = true: " +
      std::to_string(num_layers) + " layers do not split evenly over " + std::to_string(chunks) +
      " model chunks but " + std::to_string(num_layers) +
      " + 2 do, as Megatron-Core's --account-for-embedding/loss-in-pipeline-split make "
      "them (the first chunk holds the embedding and one layer fewer, the last the loss "
      "and one layer fewer); the row does not say");
}

// How the row's context parallelism exchanges the sequence (parallel.cp_comm_type): other.
// cp_comm_type as Megatron-Core spells it (also "alltoall", "all-to-all", "allgather"), else
// "Ulysses" (a2a) or "ring attention" (p2p) in the framework or an other.* field about the
// parallelism; nothing when the row says neither (the framework profile decides).
void set_cp_comm_type(const json& row, int64_t context, json& p, RowBuild& b) {
  if (context <= 1) return;
  const json& other = row_other(row);
  const auto field = other.find("cp_comm_type");
  if (field != other.end() && !field->is_null() && !field->is_string()) {
    throw InputError(row_name(row) + ".other.cp_comm_type", "must be text", field->dump(),
                     "p2p, all_gather, a2a (Ulysses) or a2a+p2p");
  }
  std::string said = lower(row_text(other, "cp_comm_type"));
  std::string where = "other.cp_comm_type";
  std::string squashed;
  for (const char c : said)
    if (c != '-' && c != '_' && c != ' ') squashed += c;
  if (squashed.empty()) {
    const auto named = [](const std::string& text) -> std::string {
      const std::string t = lower(text);
      if (contains(t, "ulysses")) return "a2a";
      if (contains(t, "ring attention") || contains(t, "ring-attention")) return "p2p";
      return "";
    };
    std::set<std::string> kinds;
    const auto read = [&](const std::string& text, const std::string& at) {
      const std::string kind = named(text);
      if (kind.empty()) return;
      kinds.insert(kind);
      where = "'" + text + "' (" + at + ")";
    };
    read(row_text(row, "framework"), "framework");
    if (other.is_object()) {
      for (const auto& [key, value] : other.items())
        if (value.is_string() && parallelism_key(key))
          read(value.get<std::string>(), "other." + key);
    }
    if (kinds.size() != 1) return;
    squashed = *kinds.begin();
  }
  std::string kind;
  if (squashed == "p2p" || squashed == "ring") kind = "p2p";
  if (squashed == "allgather") kind = "all_gather";
  if (squashed == "a2a" || squashed == "alltoall" || squashed == "ulysses") kind = "a2a";
  if (squashed == "a2a+p2p") {
    b.assume(
        "cp_comm_type a2a+p2p (all-to-all inside a node, ring across) priced as the ring, "
        "p2p: the hierarchical form is not modelled");
    kind = "p2p";
  }
  if (kind.empty()) {
    throw InputError(row_name(row) + ".other.cp_comm_type", "is not a context-parallel exchange",
                     said, "p2p, all_gather, a2a (Ulysses) or a2a+p2p");
  }
  p["cp_comm_type"] = kind;
  b.assume("parallel.cp_comm_type = " + kind + ": the row's " + where);
}

// The first and last pipeline stages' layers when the row states them in Megatron-Core's words
// (other.num_layers_in_first_pipeline_stage, decoder_first_pipeline_num_layers, or ours,
// first_stage_layers; the same for the last stage).
void set_stated_stage_layers(const json& row, json& p, RowBuild& b) {
  const std::string path = row_name(row) + ".other";
  const json& other = row_other(row);
  const auto read = [&](std::initializer_list<const char*> keys, const char* field) {
    for (const char* key : keys) {
      const auto n = integer_field(other, key, path);
      if (!n) continue;
      p[field] = *n;
      b.assume("parallel." + std::string(field) + " = " + std::to_string(*n) +
               ": the row's other." + key);
      return;
    }
  };
  read({"num_layers_in_first_pipeline_stage", "decoder_first_pipeline_num_layers",
        "first_stage_layers"},
       "first_stage_layers");
  read({"num_layers_in_last_pipeline_stage", "decoder_last_pipeline_num_layers",
        "last_stage_layers"},
       "last_stage_layers");
}

// The row's dp, or where TP · PP · CP · DP is not its GPU count, the dp another source's
// convention gives when that one is exact: DP = #GPUs / (TP · PP) counting the context-parallel
// ranks (Megatron-Core's own DP excludes them), or DP = #GPUs / (TP · PP · CP · EP), the replicas
// of each expert beside "64-way EP" (Megatron-Core's EP is carved out of DP · CP). Said; otherwise
// the stated dp stands and the scenario's check names the mismatch.
int64_t data_degree(const json& row, int64_t dp, const json& p, RowBuild& b) {
  const auto gpus = row_int(row, "num_gpus");
  const double tensor = static_cast<double>(p.at("tensor").get<int64_t>());
  const double pipeline = static_cast<double>(p.at("pipeline").get<int64_t>());
  const int64_t context = p.at("context").get<int64_t>();
  const int64_t expert = p.value("expert", int64_t{1});
  constexpr int64_t kLimit = int64_t{1} << 30;
  for (const int64_t v : {static_cast<int64_t>(tensor), static_cast<int64_t>(pipeline), context,
                          expert, dp, gpus.value_or(0)}) {
    if (v <= 0 || v > kLimit) return dp;
  }
  const double n = static_cast<double>(*gpus);
  const double model = tensor * pipeline;
  if (model * context * dp == n) return dp;
  if (context > 1 && model * dp == n && dp % context == 0) {
    b.assume("dp " + std::to_string(dp) + " counts the context-parallel ranks (TP x PP x DP = " +
             std::to_string(*gpus) + " GPUs): data " + std::to_string(dp / context) +
             " x context " + std::to_string(context));
    return dp / context;
  }
  if (expert > 1 && model * context * dp * expert == n) {
    b.assume("dp " + std::to_string(dp) +
             " is the replicas of each expert (TP x PP x CP x DP x EP = " + std::to_string(*gpus) +
             " GPUs): data " + std::to_string(dp * expert) + ", the experts spread over it");
    return dp * expert;
  }
  return dp;
}

}  // namespace

// Whether other.<key> turns an offload on: true/false, or a device name ("cpu", "nvme"; "none",
// "off", "false", "no" and "" are off); nullopt when absent or null; other values refused.
std::optional<bool> offload_on(const json& other, const char* key, const std::string& path) {
  const auto it = other.find(key);
  if (it == other.end() || it->is_null()) return std::nullopt;
  if (it->is_boolean()) return it->get<bool>();
  if (!it->is_string()) {
    throw InputError(path + "." + key, "must be true, false or a device name", it->dump(),
                     "true, false, \"cpu\", \"nvme\" or \"none\"");
  }
  const std::string v = lower(it->get<std::string>());
  return !(v.empty() || v == "none" || v == "off" || v == "false" || v == "no");
}

// Offload (parallel.offload) when the row states it: DeepSpeed's offload_param (ZeRO-Infinity) →
// parameters, offload_optimizer (ZeRO-Offload) → optimizer; cpu_offload is FSDP's
// CPUOffload(offload_params) under an FSDP framework (parameters) and DeepSpeed's legacy
// optimizer offload otherwise. Activation offload is said as not modelled.
void set_offload(const json& row, json& p, RowBuild& b) {
  const json& other = row_other(row);
  const std::string path = row_name(row) + ".other";
  const std::string framework = b.doc.at("training").value("framework", "none");
  const bool fsdp = framework == "fsdp" || framework == "torchtitan" || framework == "llm-foundry";
  std::string offload;
  std::string key;
  for (const auto& [k, kind] :
       {std::pair{"offload_param", "parameters"}, std::pair{"param_offload", "parameters"},
        std::pair{"offload_optimizer", "optimizer"}, std::pair{"optimizer_offload", "optimizer"},
        std::pair{"cpu_offload", fsdp ? "parameters" : "optimizer"}}) {
    if (offload_on(other, k, path).value_or(false) && offload != "parameters") {
      offload = kind;
      key = k;
    }
  }
  if (!offload.empty()) {
    p["offload"] = offload;
    b.assume("parallel.offload = " + offload + ": the row's other." + key);
  }
  for (const char* k : {"activation_cpu_offload", "activation_offload", "offload_activations"}) {
    if (offload_on(other, k, path).value_or(false)) {
      b.assume("activation offload stated (other." + std::string(k) +
               "): not modelled, activations kept on the GPU");
      break;
    }
  }
}

void map_parallel(const json& row, RowBuild& b) {
  json p;
  const int64_t tensor = degree(row, "tp", b);
  const int64_t pipeline = degree(row, "pp", b);
  p["tensor"] = tensor;
  p["pipeline"] = pipeline;
  p["context"] = degree(row, "cp", b);
  if (b.doc.at("model").contains("moe")) {
    p["expert"] = degree(row, "ep", b);
  } else if (const auto ep = row_int(row, "ep"); ep && *ep > 1) {
    b.assume("ep " + std::to_string(*ep) +
             " not used: the model as mapped has no routed experts (no moe object, no expert "
             "count under another name, no MoE preset)");
  }
  if (const auto dp = row_int(row, "dp")) {
    p["data"] = data_degree(row, *dp, p, b);
  } else {
    b.assume("dp not given: derived from the GPU count");
  }
  set_expert_tensor(row, p, b);
  const auto stage = zero_stage(row, b);
  p["zero_stage"] = stage ? *stage : profile_zero_stage(b.doc, replicas(row, p), b);
  b.zero_stage_open = !stage;
  const json& other = row_other(row);
  if (const auto sp = sequence_parallel(other, tensor, b)) p["sequence_parallel"] = *sp;
  set_cp_comm_type(row, p.at("context").get<int64_t>(), p, b);
  set_offload(row, p, b);
  // TP communication overlap only when the row says so; else the profile's (off in every one).
  // torchtitan's async TP (enable_async_tensor_parallel: the TP all-gather and reduce-scatter
  // decomposed into steps under the GEMMs) is such an overlap, said.
  if (const auto overlap = boolean_field(other, "tp_comm_overlap", row_name(row) + ".other")) {
    p["tp_comm_overlap"] = *overlap;
  } else {
    for (const char* key : {"enable_async_tensor_parallel", "async_tp", "async_tensor_parallel"}) {
      if (const auto on = boolean_field(other, key, row_name(row) + ".other")) {
        p["tp_comm_overlap"] = *on;
        b.assume(std::string("parallel.tp_comm_overlap = ") + (*on ? "true" : "false") +
                 ": the row's other." + key + " (torchtitan's async TP)");
        break;
      }
    }
  }
  // Megatron's DDP overlap flags under their own names, as a row copies a config (said).
  for (const char* key : {"overlap_grad_reduce", "overlap_param_gather"}) {
    if (const auto on = boolean_field(other, key, row_name(row) + ".other")) {
      p[key] = *on;
      b.assume(std::string("parallel.") + key + " = " + (*on ? "true" : "false") +
               ": the row's other." + key);
    }
  }
  // A layer-list model (model.preset "resnet50") has no num_layers here and no pipeline.
  const int64_t num_layers = b.doc.at("model").value("num_layers", int64_t{0});
  set_stated_stage_layers(row, p, b);
  set_schedule(row, pipeline, num_layers, p, b);
  if (!p.contains("first_stage_layers") && !p.contains("last_stage_layers")) {
    account_for_embedding_and_loss(num_layers, p, b);
  }
  b.doc["parallel"] = std::move(p);
}

}  // namespace wt::validation
