// A row's counts as other sources write them, read into the fields the mapping takes: a sequence
// length of "8k", a global batch of "1M tokens", nodes instead of GPUs, a global batch left to
// micro-batch × accumulation × data parallelism.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <regex>
#include <set>

#include "core/error.hpp"
#include "sim/validation/cloud_instance.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_gpu.hpp"
#include "sim/validation/rows.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

bool absent(const json& row, const char* key) {
  return !gives_any(&row, {key});
}

// A figure as a whole count: finite, integral and at most 2^53 in magnitude (as integer_field
// takes counts); nullopt otherwise, so that no cast or product leaves int64_t.
std::optional<int64_t> whole(double v) {
  constexpr double kLargest = 9007199254740992.0;  // 2^53
  if (!std::isfinite(v) || v != std::floor(v) || std::abs(v) > kLargest) return std::nullopt;
  return static_cast<int64_t>(v);
}

// a · b, nullopt when the product does not fit int64_t.
std::optional<int64_t> times(int64_t a, int64_t b) {
  int64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product)) return std::nullopt;
  return product;
}

// The product of the model-parallel degrees tp · pp · cp the row gives (each at least 1).
std::optional<int64_t> model_parallel(const json& row) {
  std::optional<int64_t> out = 1;
  for (const char* key : {"tp", "pp", "cp"}) {
    if (out) out = times(*out, std::max<int64_t>(1, row_int(row, key).value_or(1)));
  }
  return out;
}

// "8k", "8K", "128K", "4k tokens", "32K context": a context length in binary thousands, as every
// source writes them (Llama 3.1's "128K" is 131,072 tokens); "4096 tokens" is 4096.
void sequence_length(json& row, std::vector<std::string>& readings) {
  const auto it = row.find("seq_length");
  if (it == row.end() || !it->is_string()) return;
  static const std::regex kLength(R"(^\s*(\d{1,7})\s*([kK])?\s*(?:tokens?|context|ctx)?\s*$)");
  const std::string text = it->get<std::string>();
  std::smatch m;
  if (!std::regex_match(text, m, kLength) || !m[2].matched) return;
  const int64_t length = std::stoll(m[1].str()) * 1024;
  row["seq_length"] = length;
  readings.push_back("seq_length '" + text + "' read as " + std::to_string(length) +
                     " tokens (k = 1024, as context lengths are written)");
}

// A global batch written with a unit of millions or more ("4M", "1M tokens") or naming tokens
// counts tokens, not sequences: it moves to other.global_batch_tokens, which the batch's mapping
// reads over the sequence length (row_training.cpp).
void batch_in_tokens(json& row, std::vector<std::string>& readings) {
  const auto it = row.find("global_batch_size");
  if (it == row.end() || !it->is_string()) return;
  const std::string text = it->get<std::string>();
  const std::optional<CountWithUnit> count = count_and_unit(text);
  const bool tokens = contains(lower(text), "token");
  if (!count || !(tokens || count->exponent >= 2)) return;
  if (!row.contains("other") || !row["other"].is_object()) row["other"] = json::object();
  row["other"]["global_batch_tokens"] = text;
  row["global_batch_size"] = nullptr;
  readings.push_back("global_batch_size '" + text + "' read as a batch in tokens");
}

std::optional<int64_t> node_count(const json& row) {
  for (const json* obj : {&row, &row_other(row)}) {
    const std::string path = row_name(row) + (obj == &row ? "" : ".other");
    for (const char* key : {"num_nodes", "nodes", "node_count"}) {
      if (const auto n = integer_field(*obj, key, path); n && *n > 0) return n;
    }
  }
  return std::nullopt;
}

// num_gpus left out: the nodes times the GPUs of one (the row's gpus_per_node, else the node the
// part comes in), else the product of the parallel degrees when the row gives dp.
void gpu_count(json& row, std::vector<std::string>& readings) {
  if (!absent(row, "num_gpus")) return;
  if (const std::optional<int64_t> nodes = node_count(row)) {
    int64_t per_node = row_int(row, "gpus_per_node").value_or(0);
    std::string why = "the row's gpus_per_node";
    if (per_node <= 0) {
      RowBuild scratch;
      const GpuChoice gpu = map_gpu(row, named_instance(row), scratch);
      per_node = gpu.node_gpus;
      why = "the GPUs of the part's node";
      if (nvl72_part(gpu.id)) {
        per_node = kNvl72TrayGpus;  // an NVL72 rack's node is its compute tray
        why = "a GB200/GB300 compute tray's GPUs";
      }
    }
    const std::optional<int64_t> gpus = times(*nodes, per_node);
    if (!gpus) return;  // out of range: num_gpus stays not given, and the mapping says so
    row["num_gpus"] = *gpus;
    readings.push_back("num_gpus not given: " + std::to_string(*nodes) +
                       (*nodes == 1 ? " node × " : " nodes × ") + std::to_string(per_node) + " (" +
                       why + ")");
    return;
  }
  const std::optional<int64_t> dp = row_int(row, "dp");
  if (!dp || *dp <= 0) return;
  const std::optional<int64_t> others = model_parallel(row);
  const std::optional<int64_t> gpus = others ? times(*others, *dp) : std::nullopt;
  if (!gpus) return;
  row["num_gpus"] = *gpus;
  readings.push_back("num_gpus not given: tp × pp × cp × dp = " + std::to_string(*gpus));
}

// global_batch_size left out, and no batch in tokens: micro_batch_size × grad_accum_steps × the
// data-parallel ranks (dp, else num_gpus / (tp · pp · cp)), as every framework defines it.
void global_batch(json& row, std::vector<std::string>& readings) {
  if (!absent(row, "global_batch_size")) return;
  const json& given = row;
  for (const json* obj : {&given, &row_other(given)}) {
    if (gives_any(obj, {"global_batch_tokens", "global_batch_size_tokens", "batch_size_tokens",
                        "tokens_per_batch"})) {
      return;
    }
  }
  const std::optional<int64_t> micro = row_int(row, "micro_batch_size");
  const std::optional<int64_t> accum = row_int(row, "grad_accum_steps");
  if (!micro || !accum || *micro <= 0 || *accum <= 0) return;
  std::optional<int64_t> dp = row_int(row, "dp");
  if (!dp) {
    const std::optional<int64_t> gpus = row_int(row, "num_gpus");
    const std::optional<int64_t> others = model_parallel(row);
    if (gpus && others && *gpus > 0 && *gpus % *others == 0) dp = *gpus / *others;
  }
  if (!dp || *dp <= 0) return;
  const std::optional<int64_t> per_step = times(*micro, *accum);
  const std::optional<int64_t> batch = per_step ? times(*per_step, *dp) : std::nullopt;
  if (!batch) return;
  row["global_batch_size"] = *batch;
  readings.push_back("global_batch_size not given: micro_batch_size × grad_accum_steps × dp = " +
                     std::to_string(*micro) + " × " + std::to_string(*accum) + " × " +
                     std::to_string(*dp));
}

// Other names for a row's fields, as configurations and tables write them: Megatron-LM's
// arguments (data/reference/megatron-lm-arguments.txt, with '_' for '-'), Hugging Face's config
// keys, and the short names of papers' tables. Read where the row's own field is null: the field
// in `other`, then each name at the row's top level and in `other`; the first found, said.
struct FieldNames {
  const char* field;
  std::initializer_list<const char*> names;
};
const FieldNames kFieldNames[] = {
    {"tp",
     {"tensor_model_parallel_size", "tensor_parallel_size", "tp_size", "tensor_parallel",
      "tensor_parallel_degree"}},
    {"pp",
     {"pipeline_model_parallel_size", "pipeline_parallel_size", "pp_size", "pipeline_parallel",
      "pipeline_parallel_degree"}},
    {"dp", {"data_parallel_size", "dp_size", "data_parallel"}},
    {"cp", {"context_parallel_size", "cp_size", "context_parallel", "context_parallel_degree"}},
    {"ep",
     {"expert_model_parallel_size", "expert_parallel_size", "ep_size", "expert_parallel",
      "expert_parallel_degree"}},
    {"vp", {"virtual_pipeline_model_parallel_size", "virtual_pipeline_parallel_size", "vpp"}},
    {"global_batch_size", {"gbs", "global_batch"}},
    {"micro_batch_size", {"mbs", "micro_batch", "per_device_train_batch_size"}},
    {"grad_accum_steps",
     {"gradient_accumulation_steps", "grad_accum", "accumulate_grad_batches", "ga"}},
    {"seq_length",
     {"seq_len", "sequence_length", "max_seq_len", "max_seq_length", "encoder_seq_length"}},
    {"num_layers", {"num_hidden_layers", "n_layers", "n_layer"}},
    {"num_attention_heads", {"n_heads", "n_head"}},
    {"num_kv_heads", {"num_query_groups", "num_key_value_heads", "n_kv_heads"}},
    {"ffn_hidden_size", {"intermediate_size"}},
    {"head_dim", {"kv_channels", "attention_head_dim"}},
};

// A value under another name counts when it is a number or text that reads as one.
std::optional<json> number_under(const json& obj, const char* key, const json& row) {
  if (!obj.is_object() || !obj.contains(key)) return std::nullopt;
  try {
    if (const std::optional<double> v = row_number(obj, key, row_name(row))) return json(*v);
  } catch (const InputError&) {
  }
  return std::nullopt;
}

void other_names(json& row, std::vector<std::string>& readings) {
  for (const FieldNames& f : kFieldNames) {
    if (!absent(row, f.field)) continue;
    std::vector<const char*> names{f.field};  // the field's own name, in `other`
    names.insert(names.end(), f.names.begin(), f.names.end());
    for (const char* name : names) {
      std::optional<json> v = number_under(row, name, row);
      const bool top = v.has_value();
      if (!top) v = number_under(row_other(row), name, row);
      if (!v) continue;
      // A whole count as an integer; anything else as written, for the mapping to refuse.
      const double value = v->get<double>();
      if (const std::optional<int64_t> count = whole(value)) {
        row[f.field] = *count;
      } else {
        row[f.field] = value;
      }
      readings.push_back(std::string(f.field) + " not given: the row's " + (top ? "" : "other.") +
                         name + " " + row[f.field].dump());
      break;
    }
  }
}

// torchtitan's data parallelism: data_parallel_shard_degree (FSDP) times
// data_parallel_replicate_degree (HSDP's replicas; 1 by default), at the top level or in `other`;
// a shard degree of -1 (torchtitan's "the GPUs left") leaves dp to the GPU count.
void torchtitan_data_degree(json& row, std::vector<std::string>& readings) {
  if (!absent(row, "dp")) return;
  const auto read = [&](const char* key) {
    std::optional<json> v = number_under(row, key, row);
    if (!v) v = number_under(row_other(row), key, row);
    return v ? whole(v->get<double>()) : std::nullopt;
  };
  const std::optional<int64_t> shard = read("data_parallel_shard_degree");
  if (!shard) return;
  const int64_t replicate = read("data_parallel_replicate_degree").value_or(1);
  if (*shard == -1) {
    readings.emplace_back(
        "dp not given: torchtitan's data_parallel_shard_degree -1 takes the GPUs left (derived "
        "from the GPU count)");
    return;
  }
  const std::optional<int64_t> dp = times(*shard, replicate);
  if (!dp || *shard <= 0 || replicate <= 0) return;  // the mapping refuses what it cannot read
  row["dp"] = *dp;
  readings.push_back("dp not given: torchtitan's data_parallel_shard_degree " +
                     std::to_string(*shard) + " x data_parallel_replicate_degree " +
                     std::to_string(replicate) + " = " + std::to_string(*dp) +
                     (replicate > 1 ? " (HSDP, modelled as sharding over all of them)" : ""));
}

// A parallel degree written with its name ("TP4", "TP=4", "4-way", "PP 8"): the one integer in
// the text (not a negative one, nor one of ten digits or more: the mapping then names the field).
void degree_texts(json& row, std::vector<std::string>& readings) {
  static const std::regex kOneInteger(R"(^[^\d\-]*(\d{1,9})\D*$)");
  for (const char* key : {"tp", "pp", "dp", "cp", "ep", "vp"}) {
    const auto it = row.find(key);
    if (it == row.end() || !it->is_string()) continue;
    const std::string text = it->get<std::string>();
    std::smatch m;
    if (!std::regex_match(text, m, kOneInteger)) continue;
    row[key] = std::stoll(m[1].str());
    if (std::to_string(row[key].get<int64_t>()) != text) {
      readings.push_back(std::string(key) + " '" + text + "' read as " + m[1].str());
    }
  }
}

// Parallel degrees a row leaves null but writes in a table title or a layout text, "TP=4, PP=8",
// "TP4 PP8 VP12", "(TP=1, PP=1, CP=2, MBS=1, GA=32)": from the row's `source` and the texts of
// its `other` object (not its notes or comparisons). A degree two texts give differently is not
// read.
void layout_texts(json& row, std::vector<std::string>& readings) {
  // Degrees also as "TP4"; the batch names only with "=" or ":" ("GA100" is a chip).
  static const std::regex kDegree(
      R"((?:^|[^A-Za-z0-9])(?:(TP|PP|DP|CP|EP|VPP|VP)\s*[=:]?|(MBS|GBS|GA)\s*[=:])\s*(\d{1,9})(?![\d.]))",
      std::regex::icase);
  struct Key {
    const char* name;
    const char* field;
  };
  constexpr Key kKeys[] = {{"tp", "tp"},
                           {"pp", "pp"},
                           {"dp", "dp"},
                           {"cp", "cp"},
                           {"ep", "ep"},
                           {"vp", "vp"},
                           {"vpp", "vp"},
                           {"mbs", "micro_batch_size"},
                           {"gbs", "global_batch_size"},
                           {"ga", "grad_accum_steps"}};
  std::vector<std::pair<std::string, std::string>> texts;  // (where, text)
  if (const auto it = row.find("source"); it != row.end() && it->is_string()) {
    texts.emplace_back("source", it->get<std::string>());
  }
  for (const auto& [key, value] : row_other(row).items()) {
    const std::string name = lower(key);
    // Notes and comparisons may name another run's layout.
    const bool aside = contains(name, "note") || contains(name, "compar") ||
                       contains(name, "baseline") || contains(name, "previous") ||
                       contains(name, "reference");
    if (value.is_string() && !aside) texts.emplace_back("other." + key, value.get<std::string>());
  }
  // The degrees spelled out: "Tensor Parallel 8", "pipeline parallelism degree 4", "8-way tensor
  // parallelism" (torchtitan's docs and papers write them so).
  static const std::regex kSpelled(
      R"((tensor|pipeline|context|expert|data)[\s_-]*(?:model[\s_-]*)?parallel(?:ism)?(?:[\s_-]*(?:size|degree))?\s*[=:]?\s*(\d{1,9})(?![\d.]))",
      std::regex::icase);
  static const std::regex kWay(
      R"((?:^|[^A-Za-z0-9.])(\d{1,9})[\s-]*way[\s_-]*(tensor|pipeline|context|expert|data))",
      std::regex::icase);
  const auto spelled_field = [](const std::string& word) -> const char* {
    const std::string w = lower(word);
    return w == "tensor"     ? "tp"
           : w == "pipeline" ? "pp"
           : w == "context"  ? "cp"
           : w == "expert"   ? "ep"
                             : "dp";
  };
  std::map<std::string, std::pair<int64_t, std::string>> found;  // field → (value, where)
  std::set<std::string> conflicting;
  const auto add = [&](const std::string& field, int64_t value, const std::string& where) {
    const auto [at, added] = found.try_emplace(field, value, where);
    if (!added && at->second.first != value) conflicting.insert(field);
  };
  for (const auto& [where, text] : texts) {
    for (std::sregex_iterator m(text.begin(), text.end(), kDegree), end; m != end; ++m) {
      const std::string name = lower((*m)[1].matched ? (*m)[1].str() : (*m)[2].str());
      const int64_t value = std::stoll((*m)[3].str());
      for (const Key& k : kKeys) {
        if (name == k.name) add(k.field, value, where);
      }
    }
    for (std::sregex_iterator m(text.begin(), text.end(), kSpelled), end; m != end; ++m)
      add(spelled_field((*m)[1].str()), std::stoll((*m)[2].str()), where);
    for (std::sregex_iterator m(text.begin(), text.end(), kWay), end; m != end; ++m)
      add(spelled_field((*m)[2].str()), std::stoll((*m)[1].str()), where);
  }
  for (const auto& [field, value_where] : found) {
    if (conflicting.contains(field) || !absent(row, field.c_str()) || value_where.first <= 0) {
      continue;
    }
    row[field] = value_where.first;
    readings.push_back(field + " not given: " + std::to_string(value_where.first) +
                       " as the row's " + value_where.second + " writes it");
  }
}

// Megatron's --num-layers-per-virtual-pipeline-stage n: vp = layers / (pp · n) when whole.
void virtual_stages_by_layers(json& row, std::vector<std::string>& readings) {
  if (!absent(row, "vp")) return;
  const std::optional<json> per_stage =
      number_under(row_other(row), "num_layers_per_virtual_pipeline_stage", row);
  const std::optional<int64_t> layers = row_int(row, "num_layers");
  const std::optional<int64_t> pp = row_int(row, "pp");
  if (!per_stage || !layers || !pp || *pp <= 1) return;
  const std::optional<int64_t> n = whole(per_stage->get<double>());
  const std::optional<int64_t> chunk = n && *n > 0 ? times(*pp, *n) : std::nullopt;
  if (!chunk || *layers % *chunk != 0) return;
  row["vp"] = *layers / *chunk;
  readings.push_back(
      "vp not given: num_layers / (pp × other.num_layers_per_virtual_pipeline_stage) "
      "= " +
      std::to_string(*layers) + " / (" + std::to_string(*pp) + " × " + std::to_string(*n) +
      ") = " + row["vp"].dump());
}

// An MoE row whose experts are not in a `moe` object: the expert count under the names
// configurations give it (Megatron-LM's num_experts, Megatron-Core's num_moe_experts, Hugging
// Face's num_local_experts and n_routed_experts, MaxText's num_experts), at the top level or in
// `other`, with the other MoE keys found beside it, becomes the row's moe object; said. Without it
// such a row ran as a dense model of the experts' width.
void moe_from_keys(json& row, std::vector<std::string>& readings) {
  if (!absent(row, "moe")) return;
  constexpr const char* kCount[] = {"num_experts", "num_moe_experts", "num_local_experts",
                                    "n_routed_experts", "moe_num_experts"};
  constexpr const char* kBeside[] = {"top_k",
                                     "moe_router_topk",
                                     "num_experts_per_tok",
                                     "experts_per_token",
                                     "moe_top_k",
                                     "moe_ffn_hidden_size",
                                     "expert_ffn_hidden_size",
                                     "moe_intermediate_size",
                                     "num_shared_experts",
                                     "shared_experts",
                                     "n_shared_experts",
                                     "shared_expert_ffn_hidden_size",
                                     "shared_expert_intermediate_size",
                                     "moe_shared_expert_intermediate_size",
                                     "moe_layer_freq",
                                     "interleave_moe_layer_step",
                                     "decoder_sparse_step",
                                     "first_k_dense_replace",
                                     "first_dense_layers",
                                     "capacity_factor",
                                     "moe_expert_capacity_factor"};
  json moe = json::object();
  std::vector<std::string> from;
  const json& given = row;
  for (const json* obj : {&given, &row_other(given)}) {
    const std::string prefix = obj == &given ? "" : "other.";
    for (const char* key : kCount) {
      const std::optional<json> n = number_under(*obj, key, row);
      const std::optional<int64_t> count = n ? whole(n->get<double>()) : std::nullopt;
      if (!count || moe.contains("num_experts") || *count <= 1) continue;
      moe["num_experts"] = *count;
      from.push_back(prefix + key);
    }
  }
  if (!moe.contains("num_experts")) return;
  for (const json* obj : {&given, &row_other(given)}) {
    const std::string prefix = obj == &given ? "" : "other.";
    for (const char* key : kBeside) {
      const auto it = obj->find(key);
      if (it == obj->end() || it->is_null() || moe.contains(key)) continue;
      moe[key] = *it;
      from.push_back(prefix + key);
    }
  }
  row["moe"] = moe;
  readings.push_back("moe not given as an object: from the row's " + and_listed(from));
}

}  // namespace

json completed_row(const json& row, std::vector<std::string>& readings) {
  if (!row.is_object()) return row;
  json out = row;
  other_names(out, readings);
  torchtitan_data_degree(out, readings);
  degree_texts(out, readings);
  layout_texts(out, readings);
  virtual_stages_by_layers(out, readings);
  moe_from_keys(out, readings);
  sequence_length(out, readings);
  batch_in_tokens(out, readings);
  gpu_count(out, readings);
  global_batch(out, readings);
  return out;
}

}  // namespace wt::validation
