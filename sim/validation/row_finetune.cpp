// A fine-tuning run (training.finetune): LoRA, QLoRA or every weight (SFT), read from the words a
// row gives it, with the adapters' rank and targets where the row states them, else its
// framework's defaults (docs/validation.md, "From a row to a scenario").
#include <algorithm>
#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "sim/scenario/enum_names.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_sections.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

enum class Method { none, full, lora, qlora };

// What a text names: QLoRA; LoRA (not MLA's kv_lora_rank or q_lora_rank) or PEFT, LoRA; SFT or
// fine-tuning without an adapter named, every weight trained.
Method method_named(const std::string& text) {
  const std::vector<std::string> w = words(text);
  bool lora = false, qlora = false, full = false;
  for (size_t i = 0; i < w.size(); ++i) {
    const bool after_mla = i > 0 && (w[i - 1] == "kv" || w[i - 1] == "q");
    const bool fine_tune =
        w[i] == "fine" && i + 1 < w.size() && (w[i + 1] == "tuning" || w[i + 1] == "tune");
    if (w[i] == "qlora") qlora = true;
    if ((w[i] == "lora" && !after_mla) || w[i] == "peft") lora = true;
    if (w[i] == "sft" || w[i] == "finetuning" || w[i] == "finetune" || fine_tune) full = true;
  }
  return qlora ? Method::qlora : lora ? Method::lora : full ? Method::full : Method::none;
}

// The keys a row or its `other` object names its task or method under (NeMo's peft_scheme,
// Axolotl's adapter, MLPerf's benchmark "llama2_70b_lora").
constexpr const char* kMethodKeys[] = {
    "finetune",    "finetuning",  "fine_tuning", "finetuning_method", "peft",
    "peft_scheme", "peft_method", "task",        "training_type",     "workload",
    "benchmark",   "method",      "adapter"};

struct Named {
  Method method = Method::none;
  std::string where;  // "model_name", "other.peft_scheme", ...
  std::string text;
};

// The most specific method the row names (QLoRA over LoRA over every weight: a row typed
// "finetuning_throughput" whose other.peft_scheme says LoRA is LoRA), and where.
Named named_method(const json& row) {
  Named best;
  const auto consider = [&](Method m, std::string where, std::string text) {
    if (static_cast<int>(m) > static_cast<int>(best.method))
      best = Named{m, std::move(where), std::move(text)};
  };
  for (const char* key : {"model_name", "row_type"}) {
    const std::string text = row_text(row, key);
    consider(method_named(text), key, text);
  }
  const json& other = row_other(row);
  for (const auto& [obj, prefix] :
       {std::pair<const json*, std::string>{&row, ""}, {&other, "other."}}) {
    for (const char* key : kMethodKeys) {
      const auto it = obj->find(key);
      if (it != obj->end() && it->is_string()) {
        const std::string text = it->get<std::string>();
        consider(method_named(text), prefix + key, text);
      }
    }
    // A switch: other.lora true, other.use_lora true, other.qlora true.
    for (const auto& [key, method] : {std::pair{"qlora", Method::qlora},
                                      {"use_qlora", Method::qlora},
                                      {"lora", Method::lora},
                                      {"use_lora", Method::lora}}) {
      const auto it = obj->find(key);
      if (it != obj->end() && it->is_boolean() && it->get<bool>())
        consider(method, prefix + key, "true");
    }
  }
  return best;
}

// Where a row gives its LoRA settings: a LoRA object in `other` (other.lora, other.peft, ...),
// with its path, else `other` itself.
std::pair<const json*, std::string> lora_settings(const json& row) {
  const json& other = row_other(row);
  for (const char* key : {"lora", "peft", "lora_config", "peft_config"}) {
    const auto it = other.find(key);
    if (it != other.end() && it->is_object()) return {&*it, std::string("other.") + key};
  }
  return {&other, "other"};
}

// The rank: lora_rank, lora_r or lora_dim (NeMo calls it dim), also as rank, r or dim inside a
// LoRA object; else "rank 16", "r=16", "dim 32" in the text that named LoRA.
std::optional<int64_t> stated_rank(const json& row, const Named& named, std::string& where) {
  const auto [settings, path] = lora_settings(row);
  const bool own_object = path != "other";
  for (const char* key : {"lora_rank", "lora_r", "lora_dim", "rank", "r", "dim"}) {
    const bool generic = std::string(key).find('_') == std::string::npos;
    if (generic && !own_object) continue;
    if (const auto v = integer_field(*settings, key, row_name(row) + "." + path)) {
      where = path + "." + key;
      return v;
    }
  }
  static const std::regex kRank(R"((?:\brank|\br|\bdim)\s*[=:]?\s*(\d{1,5})\b)");
  std::smatch m;
  const std::string text = lower(named.text);
  if (std::regex_search(text, m, kRank)) {
    where = named.where;
    return std::stoll(m[1].str());
  }
  return std::nullopt;
}

// The adapted layers under the names frameworks give them: Megatron's linear_qkv, linear_proj,
// linear_fc1 (gate and up), linear_fc2; Hugging Face's q_proj ... down_proj; "all-linear".
std::optional<std::string> stated_targets(const json& row) {
  const auto [settings, where] = lora_settings(row);
  // Axolotl's lora_target_linear: true adapts every linear layer.
  if (const auto all = settings->find("lora_target_linear");
      all != settings->end() && all->is_boolean() && all->get<bool>())
    return "all-linear";
  for (const char* key : {"lora_target_modules", "target_modules", "lora_targets"}) {
    const auto it = settings->find(key);
    if (it == settings->end() || it->is_null()) continue;
    const std::string path = row_name(row) + "." + where + "." + key;
    std::vector<std::string> names;
    if (it->is_string()) {
      names = {it->get<std::string>()};
    } else if (it->is_array()) {
      for (const json& v : *it) {
        if (!v.is_string()) {
          throw InputError(path, "is not a list of module names", it->dump(),
                           "names such as linear_qkv, linear_proj, q_proj, down_proj, all-linear");
        }
        names.push_back(v.get<std::string>());
      }
    } else {
      throw InputError(path, "is not a module name or a list of them", it->dump(),
                       "names such as linear_qkv, linear_proj, q_proj, down_proj, all-linear");
    }
    std::vector<std::string> out;
    for (const std::string& given : names) {
      std::vector<std::string> parts = words(given);
      std::string name;
      for (const std::string& p : parts)
        name += (name.empty() ? "" : "_") + p;
      if (name == "all_linear" || name == "all") return "all-linear";
      // Frameworks' module names; the scenario's own (q, k, v, o, gate, up, down, fc1, fc2) pass.
      const std::pair<const char*, const char*> known[] = {
          {"linear_qkv", "q,k,v"}, {"linear_proj", "o"},  {"linear_fc1", "gate,up"},
          {"linear_fc2", "down"},  {"qkv_proj", "q,k,v"}, {"q_proj", "q"},
          {"k_proj", "k"},         {"v_proj", "v"},       {"o_proj", "o"},
          {"gate_proj", "gate"},   {"up_proj", "up"},     {"down_proj", "down"}};
      std::string scenario_names;
      for (const auto& [spelling, targets] : known) {
        if (name == spelling) scenario_names = targets;
      }
      for (const LoraTargetName& t : lora_target_names()) {
        if (name == t.name) scenario_names = t.name;
      }
      const bool found = !scenario_names.empty();
      for (const std::string& t : words(scenario_names)) {
        if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
      }
      if (!found) {
        throw InputError(path, "names a module that is not understood", given,
                         "linear_qkv, linear_proj, linear_fc1, linear_fc2, q_proj, k_proj, v_proj, "
                         "o_proj, gate_proj, up_proj, down_proj, all-linear");
      }
    }
    std::string joined;
    for (const std::string& t : out)
      joined += (joined.empty() ? "" : ",") + t;
    return joined;
  }
  return std::nullopt;
}

}  // namespace

std::optional<json> map_finetune(const json& row, const std::string& profile, RowBuild& b) {
  const Named named = named_method(row);
  if (named.method == Method::none) return std::nullopt;
  if (named.method == Method::full) {
    b.assume("fine-tuning with every weight trained ('" + named.text + "', the row's " +
             named.where + "): priced as pre-training");
    return std::nullopt;
  }
  const char* method = named.method == Method::qlora ? "qlora" : "lora";
  json f = {{"method", method}};
  b.assume(std::string("training.finetune.method = ") + method + ": the row's " + named.where +
           " ('" + named.text + "')");
  // What the row leaves out, its framework's defaults: NeMo's and Megatron-Bridge's LoRA (dim 32
  // on every linear layer), else Hugging Face PEFT's (the scenario's: r 8 on q and v).
  const bool nemo = profile == "nemo" || profile.starts_with("megatron");
  std::string rank_where;
  if (const auto rank = stated_rank(row, named, rank_where)) {
    f["rank"] = *rank;
    b.assume("LoRA rank " + std::to_string(*rank) + ": the row's " + rank_where);
  }
  if (const auto targets = stated_targets(row)) {
    f["target_modules"] = *targets;
    b.assume("LoRA targets " + *targets + ": the row's target modules");
  }
  std::vector<std::string> filled;
  if (!f.contains("rank")) {
    f["rank"] = nemo ? 32 : 8;
    filled.emplace_back(nemo ? "dim 32" : "r 8");
  }
  if (!f.contains("target_modules")) {
    f["target_modules"] = nemo ? "all-linear" : "q,v";
    filled.emplace_back(nemo ? "on linear_qkv, linear_proj, linear_fc1 and linear_fc2 (every "
                               "linear layer)"
                             : "on q_proj and v_proj");
  }
  if (filled.empty()) return f;
  std::string text;
  for (const std::string& part : filled)
    text += (text.empty() ? "" : " ") + part;
  b.assume("LoRA " + text +
           (nemo ? ": NeMo's and Megatron-Bridge's defaults, as the row does not say (recalled "
                   "from their peft/lora.py; not in data/reference)"
                 : ": Hugging Face PEFT's defaults (LoraConfig), as the row does not say"));
  return f;
}

}  // namespace wt::validation
