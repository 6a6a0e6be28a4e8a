// doc["training"] from a row: batch, micro-batch, precision, recomputation, optimizer.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <regex>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "sim/scenario/enum_names.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_framework.hpp"
#include "sim/validation/row_sections.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

int64_t micro_batch(const json& row, int64_t global_batch, RowBuild& b) {
  if (const auto mb = row_int(row, "micro_batch_size")) return *mb;
  const auto accum = row_int(row, "grad_accum_steps");
  const auto dp = row_int(row, "dp");
  // accum ≤ global / dp first: it keeps accum × dp from overflowing (a row once gave 2^62).
  if (accum && dp && *accum > 0 && *dp > 0 && global_batch > 0 && *accum <= global_batch / *dp &&
      global_batch % (*accum * *dp) == 0) {
    b.assume("micro_batch_size not given: global_batch / (dp × grad_accum_steps)");
    return global_batch / (*accum * *dp);
  }
  if (accum) {
    b.assume("grad_accum_steps " + std::to_string(*accum) +
             (dp ? " does not divide global_batch / dp" : " without dp") +
             ": not used for the micro-batch size");
  }
  b.micro_batch_open = true;
  return 1;
}

// The row's precision as text: a string, or a number of bits as PyTorch Lightning's `precision`
// flag writes it (16, 32); anything else is refused.
std::string precision_text(const json& row) {
  const auto it = row.find("precision");
  if (it == row.end() || it->is_null()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number_integer() && (it->get<int64_t>() == 16 || it->get<int64_t>() == 32)) {
    return it->dump();
  }
  throw InputError(row_name(row) + ".precision", "is not a precision", it->dump(),
                   "text naming the precision, 16 or 32 (bits), or null");
}

std::string precision(const json& row, RowBuild& b) {
  const std::string given = precision_text(row);
  const std::string text = lower(given);
  if (text.empty()) {
    b.assume("precision not given: bf16");
    return "bf16";
  }
  // Bits alone, as PyTorch Lightning's precision flag ("16", "16-mixed" is below): 16 is fp16
  // autocast with loss scaling, 32 full fp32.
  static const std::regex kBits(R"(^\s*(16|32)(?:\s*-?\s*bits?)?(?:-true)?\s*$)");
  std::smatch bits;
  if (std::regex_match(text, bits, kBits)) {
    const bool half = bits[1].str() == "16";
    b.assume("precision '" + given + "' read as " +
             (half ? "fp16 mixed precision (PyTorch Lightning's precision=16: fp16 autocast with "
                     "loss scaling)"
                   : "fp32 (32-bit)"));
    return half ? "fp16" : "fp32";
  }
  // The block-scaled formats first: "mxfp8" and "fp8-mx" contain "fp8".
  if (contains(text, "nvfp4")) return "nvfp4";
  if (contains(text, "mxfp8") || contains(text, "fp8-mx") || contains(text, "fp8 mx") ||
      contains(text, "mx-fp8") || contains(text, "mx fp8")) {
    return "mxfp8";
  }
  // FP4 training without its recipe is Megatron-Core's --fp4, whose fp4_recipe defaults to nvfp4
  // (data/reference/framework-defaults.md, TransformerConfig); MXFP4 is not a training recipe of
  // Transformer Engine, so a row naming it is not understood.
  static const std::regex kFp4(R"((^|[^a-z])(fp4|float4)([^a-z0-9]|$))");
  if (!contains(text, "mxfp4") && std::regex_search(text, kFp4)) {
    b.assume("precision '" + given +
             "' read as nvfp4 (Megatron-Core's --fp4 takes fp4_recipe nvfp4 by default)");
    return "nvfp4";
  }
  // torchao's Float8 (torchtitan's --model.converters float8) is per-tensor or per-row fp8.
  if (contains(text, "fp8") || contains(text, "float8")) return "fp8";
  if (contains(text, "mixed precision 16-bit")) {
    b.assume(
        "precision 'mixed precision 16-bit' read as fp16 with loss scaling (mixed precision as "
        "Micikevicius et al. defined it; same tensor-core peak as bf16)");
    return "fp16";
  }
  if (contains(text, "e4m3") || contains(text, "e5m2")) return "fp8";
  // Spelled-out names; "bfloat16" before "float16", which it contains.
  const std::pair<const char*, const char*> names[] = {
      {"bf16", "bf16"},    {"bfloat16", "bf16"}, {"fp16", "fp16"},
      {"float16", "fp16"}, {"half", "fp16"},     {"tf32", "tf32"},
      {"fp32", "fp32"},    {"float32", "fp32"},  {"single", "fp32"},
  };
  for (const auto& [name, p] : names) {
    if (contains(text, name)) return p;
  }
  // NVIDIA Apex's AMP (opt levels O1, O2) is fp16 mixed precision.
  if (contains(text, "mixed") || contains(text, "amp") || contains(text, "apex")) {
    b.assume("precision '" + given +
             "' read as fp16 mixed precision (16-bit tensor-core math; bf16 has the same peak)");
    return "fp16";
  }
  throw InputError(row_name(row) + ".precision", "is not understood", given,
                   "text naming nvfp4 (or fp4), mxfp8 (or fp8-mx), fp8 (or float8), bf16, fp16, "
                   "tf32, fp32, their spelled-out names, mixed precision (AMP, Apex), or 16 or 32 "
                   "bits");
}

// The scaling recipe a per-tensor fp8 row names in its precision text, as NVIDIA's performance
// tables label it (FP8-CS current scaling, FP8-DS delayed scaling, FP8-SS / blockwise /
// subchannel: Megatron-Bridge's bf16_with_fp8_subchannel_scaling_mixed; torchao's rowwise), else
// in other.fp8_recipe, other.float8_recipe or other.recipe_name (Megatron's --fp8-recipe,
// torchtitan's Float8 recipe_name); nothing when none names one (the profile's then applies).
std::optional<std::string> fp8_recipe(const json& row, RowBuild& b) {
  const auto named = [](const std::string& text) -> const char* {
    if (contains(text, "fp8-cs") || contains(text, "fp8_cs") || contains(text, "current scaling") ||
        contains(text, "current-scaling") || contains(text, "tensorwise")) {
      return "tensorwise";
    }
    // DeepSeek-V3's fine-grained scaling (1×128 activation tiles, 128×128 weight blocks) is the
    // blockwise recipe.
    if (contains(text, "fp8-ss") || contains(text, "fp8_ss") || contains(text, "blockwise") ||
        contains(text, "subchannel") || contains(text, "block scaling") ||
        contains(text, "tile-wise") || contains(text, "tilewise") || contains(text, "1x128") ||
        contains(text, "128x128")) {
      return "blockwise";
    }
    if (contains(text, "fp8-ds") || contains(text, "fp8_ds") || contains(text, "delayed")) {
      return "delayed";
    }
    if (contains(text, "rowwise") || contains(text, "row-wise")) return "rowwise";
    return nullptr;
  };
  if (const char* recipe = named(lower(row_text(row, "precision")))) {
    b.assume("training.fp8_recipe = \"" + std::string(recipe) + "\": the row's precision '" +
             row_text(row, "precision") + "'");
    return std::optional<std::string>(recipe);
  }
  const json& other = row_other(row);
  for (const char* key : {"fp8_recipe", "float8_recipe", "recipe_name"}) {
    const std::string text = row_text(other, key);
    if (text.empty()) continue;
    const char* recipe = named(lower(text));
    b.assume(recipe != nullptr
                 ? "training.fp8_recipe = \"" + std::string(recipe) + "\": the row's other." + key +
                       " '" + text + "'"
                 : "other." + std::string(key) + " '" + text +
                       "' names no fp8 recipe the model has (tensorwise, delayed, blockwise, "
                       "rowwise): the profile's kept");
    if (recipe != nullptr) return std::optional<std::string>(recipe);
  }
  return std::nullopt;
}

// A word "op" or "ops" in the text, or "per-op" / "per_op" (torchtitan's per-op selective
// checkpointing).
bool names_per_op(const std::string& text) {
  if (contains(text, "per-op") || contains(text, "per_op")) return true;
  std::string word;
  for (const char c : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      word += c;
      continue;
    }
    if (word == "op" || word == "ops") return true;
    word.clear();
  }
  return false;
}

// torchtitan's per-layer selective checkpointing ("selective (layer)"): every ac_freq-th
// transformer block is wrapped in full checkpointing, the others keep their activations; ac_freq
// is selective_ac_option, "2" by default (pytorch/torchtitan v0.2.2 job_config.py:652-655,
// data/reference/framework-defaults.md). Read as full recompute of ⌊chunk layers / ac_freq⌋
// layers of each model chunk: the count is the same, and which blocks they are changes neither
// the time nor the peak.
void per_layer_checkpointing(const json& row, const std::string& text, json& t, RowBuild& b) {
  int64_t freq = 0;
  for (const char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) {
      if (freq > 0) break;
      continue;
    }
    freq = std::min<int64_t>(freq * 10 + (c - '0'), 1000000);
  }
  const bool stated = freq > 0;
  if (!stated) freq = 2;
  const int64_t layers = b.doc["model"].value("num_layers", int64_t{0});
  const int64_t pp = std::max<int64_t>(row_int(row, "pp").value_or(1), 1);
  const int64_t vp = std::max<int64_t>(row_int(row, "vp").value_or(1), 1);
  const int64_t chunk = layers / (pp * vp);
  const int64_t n = chunk / freq;
  const std::string every = stated ? "every " + std::to_string(freq) + " blocks (the row's)"
                                   : "every 2nd block (torchtitan's default selective_ac_option "
                                     "\"2\", pytorch/torchtitan v0.2.2 job_config.py:652-655)";
  if (n < 1) {
    t["activation_recompute"] = "none";
    b.assume("activation checkpointing '" + text + "': torchtitan's per-layer checkpointing of " +
             every + "; a model chunk of " + std::to_string(chunk) +
             " layers has none to checkpoint");
    return;
  }
  t["activation_recompute"] = "full";
  t["recompute_num_layers"] = n;
  b.assume("activation checkpointing '" + text + "': torchtitan's per-layer checkpointing of " +
           every + ", as training.activation_recompute = \"full\" with recompute_num_layers = " +
           std::to_string(n) + " of each model chunk's " + std::to_string(chunk) + " layers");
}

// other.activation_recompute (Megatron's words: "full", "selective", "uniform", "block"; "op",
// "per-op" for torchtitan's per-op selective checkpointing), or other.activation_checkpointing as
// a boolean (Composer) or the same words, into t["activation_recompute"]; nothing when the row
// does not say (the framework profile decides). Under torchtitan plain "selective" is its
// SelectiveAC, per-op by default, and "selective (layer)" its per-layer checkpointing.
// Other frameworks' names for the same setting, read where the row gives neither of the above:
// Megatron's recompute_granularity ("full", "selective") and its --recompute-activations flag
// (selective: data/reference/framework-defaults.md §1), Hugging Face's gradient_checkpointing
// and Megatron-LM's and DeepSpeed's checkpoint_activations (whole layers), MaxText's
// remat_policy ("full"; "none"). Returns the words to read, or empty.
std::string recompute_in_other_names(const json& other, json& t, RowBuild& b) {
  for (const char* key : {"gradient_checkpointing", "checkpoint_activations"}) {
    const auto it = other.find(key);
    if (it != other.end() && it->is_boolean()) {
      t["activation_recompute"] = it->get<bool>() ? "full" : "none";
      b.assume(std::string("training.activation_recompute = \"") +
               (it->get<bool>() ? "full" : "none") + "\": the row's other." + key +
               " (whole layers)");
      return "";
    }
  }
  const auto flag = other.find("recompute_activations");
  if (flag != other.end() && flag->is_boolean()) {
    t["activation_recompute"] = flag->get<bool>() ? "selective" : "none";
    b.assume(std::string("training.activation_recompute = \"") +
             (flag->get<bool>() ? "selective" : "none") +
             "\": the row's other.recompute_activations (Megatron's --recompute-activations "
             "sets selective granularity)");
    return "";
  }
  for (const char* key : {"recompute_granularity", "remat_policy"}) {
    const std::string text = lower(row_text(other, key));
    if (!text.empty()) return text;
  }
  return "";
}

// The Megatron-Core recompute modules a text names in words, in the order of the scenario's
// names: "RMSNorm and MLA up-projection" (DeepSeek-V3's report, §3.2.3) → layernorm, mla_up_proj.
// Empty when it names none of them (then "attention" alone means selective's default, core_attn).
std::vector<std::string> modules_in_words(const std::string& text) {
  std::vector<std::string> out;
  const auto has = [&](std::initializer_list<const char*> spellings) {
    return std::any_of(spellings.begin(), spellings.end(),
                       [&](const char* w) { return contains(text, w); });
  };
  if (has({"core attention", "core_attn", "attention core"})) out.emplace_back("core_attn");
  if (has({"moe act", "moe_act", "expert activation", "experts' activation"}))
    out.emplace_back("moe_act");
  if (has({"rmsnorm", "layernorm", "layer norm", "layer_norm", "norms"}))
    out.emplace_back("layernorm");
  if (has({"up-proj", "up proj", "up_proj", "upproj"})) out.emplace_back("mla_up_proj");
  if (has({"shared expert", "shared_expert"})) out.emplace_back("shared_experts");
  return out;
}

void recompute(const json& row, const RowFramework& framework, json& t, RowBuild& b) {
  const json& other = row_other(row);
  std::string text = lower(row_text(other, "activation_recompute"));
  for (const char* key : {"recompute", "recomputation", "activation_recomputation"}) {
    if (text.empty()) text = lower(row_text(other, key));
  }
  const auto ckpt = other.find("activation_checkpointing");
  if (text.empty() && ckpt != other.end() && ckpt->is_boolean()) {
    t["activation_recompute"] = ckpt->get<bool>() ? "full" : "none";
    return;
  }
  if (text.empty()) text = lower(row_text(other, "activation_checkpointing"));
  if (text.empty()) text = recompute_in_other_names(other, t, b);
  if (text.empty()) return;
  if (const auto modules = modules_in_words(text); !modules.empty()) {
    t["activation_recompute"] = "selective";
    t["recompute_modules"] = modules;
    b.assume("recompute modules from the row's words '" + text + "': " + and_listed(modules) +
             " (selective recompute)");
  } else if (names_per_op(text)) {
    t["activation_recompute"] = "per_op";
  } else if (contains(text, "selective") && framework.profile == "torchtitan") {
    if (contains(text, "layer")) {
      per_layer_checkpointing(row, text, t, b);
      return;
    }
    b.assume("activation checkpointing '" + text +
             "' under torchtitan: its SelectiveAC, per-op (pytorch/torchtitan@b5bcd76c "
             "trainer.py:108-110)");
    t["activation_recompute"] = "per_op";
  } else if (contains(text, "selective") || contains(text, "attention")) {
    t["activation_recompute"] = "selective";
  } else if (contains(text, "full") || contains(text, "uniform") || contains(text, "block") ||
             text == "true" || text == "yes") {
    t["activation_recompute"] = "full";
  } else if (contains(text, "none") || text == "no" || text == "false" || text == "off") {
    t["activation_recompute"] = "none";
  } else {
    b.assume("activation recompute '" + text + "' not understood: the framework's default");
  }
}

// other.attention when the row states it ("flash attention 2", "SDPA", "fused", "unfused");
// nothing when it does not (the framework profile decides).
std::optional<std::string> attention(const json& row, RowBuild& b) {
  const std::string text = lower(row_text(row_other(row), "attention"));
  if (text.empty()) return std::nullopt;
  // SDPA's "math" backend is the unfused composition of matmuls and softmax.
  if (contains(text, "unfused") || contains(text, "naive") || contains(text, "eager") ||
      text == "math" || contains(text, "math backend")) {
    return "unfused";
  }
  // FlashAttention-2 by name (or the flash-attn package's 2.x version), or PyTorch's
  // scaled_dot_product_attention, which runs it.
  static const std::regex kFlashAttnTwo(R"(flash[-_ ]?attn[-_ =v]*2\.\d)");
  if (contains(text, "sdpa") || contains(text, "scaled_dot_product") ||
      contains(text, "flash attention 2") || contains(text, "flashattention-2") ||
      contains(text, "flashattention2") || contains(text, "flash-attn 2") ||
      contains(text, "flash_attn_2") || contains(text, "fa2") ||
      std::regex_search(text, kFlashAttnTwo)) {
    return "flash2";
  }
  if (contains(text, "cudnn") || contains(text, "fusedattention")) return "cudnn";
  // FlashAttention-3 (Hopper) has no measured table: the built-in fused-attention efficiency.
  if (contains(text, "flash") || contains(text, "fused") || contains(text, "fa3")) return "fused";
  b.assume("attention '" + text + "' not understood: the framework's default");
  return std::nullopt;
}

// other.recompute_modules (Megatron-Core's --recompute-modules: a list of names, or one text of
// names separated by spaces or commas), each checked against the scenario's names; nothing when
// the row does not say. Stated modules mean selective recompute.
std::optional<json> recompute_modules(const json& row, RowBuild& b) {
  const json& other = row_other(row);
  const auto it = other.find("recompute_modules");
  if (it == other.end()) return std::nullopt;
  const std::string path = row_name(row) + ".other.recompute_modules";
  const std::string allowed =
      "Megatron-Core's module names: " + join(enum_names<RecomputeModule>());
  std::vector<std::string> words;
  const auto split = [&](const std::string& text) {
    std::string word;
    for (const char c : text + " ") {
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
        word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      } else if (!word.empty()) {
        words.push_back(word);
        word.clear();
      }
    }
  };
  if (it->is_string()) split(it->get<std::string>());
  if (it->is_array()) {
    for (const json& v : *it) {
      if (!v.is_string())
        throw InputError(path, "lists a value that is not a name", v.dump(), allowed);
      split(v.get<std::string>());
    }
  }
  if (words.empty()) throw InputError(path, "names no module", it->dump(), allowed);
  for (const std::string& w : words) {
    if (!enum_from_string<RecomputeModule>(w)) {
      throw InputError(path, "is not a recompute module", w, allowed);
    }
  }
  b.assume("recompute modules as stated: " + join(words) + " (selective recompute)");
  return json(words);
}

std::string optimizer(const json& row, RowBuild& b) {
  std::string text = lower(row_text(row_other(row), "optimizer"));
  if (text.empty()) text = lower(row_text(row, "optimizer"));
  if (contains(text, "adamw")) return "adamw";
  if (contains(text, "adam")) return "adam";
  if (contains(text, "sgd")) return "sgd";
  if (const auto lamb = text.empty() ? stated_optimizer(row) : std::nullopt) {
    b.assume("optimizer: " + *lamb +
             ": Adam's memory and step used (LAMB keeps the same fp32 master weights and two "
             "moments; its per-layer trust-ratio norms are not modelled)");
    return "adam";
  }
  b.assume(text.empty() ? "optimizer not stated: Adam (fp32 master weights and two moments)"
                        : "optimizer '" + text + "' not modelled: Adam's memory and step used");
  return "adam";
}

}  // namespace

// Megatron's --recompute-method and --recompute-num-layers with full recompute: other.
// recompute_num_layers N under the block method (other.recompute_method, or "block" in the
// recompute words) recomputes the first N layers of each model chunk (training.
// recompute_num_layers); under the uniform method every layer recomputes, N to a checkpoint,
// whose grouping is not modelled (said).
void recompute_layers(const json& row, json& t, RowBuild& b) {
  const json& other = row_other(row);
  const std::string path = row_name(row) + ".other";
  const auto n = integer_field(other, "recompute_num_layers", path);
  if (!n) return;
  if (*n < 1) {
    throw InputError(path + ".recompute_num_layers", "must be at least 1", std::to_string(*n),
                     "a whole number of layers, 1 or more");
  }
  if (t.value("activation_recompute", std::string()) != "full") {
    b.assume("other.recompute_num_layers " + std::to_string(*n) +
             " without full recompute stated: not used");
    return;
  }
  const std::string method = lower(row_text(other, "recompute_method")) + " " +
                             lower(row_text(other, "activation_recompute")) + " " +
                             lower(row_text(other, "activation_checkpointing"));
  if (contains(method, "block")) {
    t["recompute_num_layers"] = *n;
    b.assume("training.recompute_num_layers = " + std::to_string(*n) +
             ": the row's block recompute method, the first " + std::to_string(*n) +
             " layers of each model chunk recomputed");
    return;
  }
  b.assume("other.recompute_num_layers " + std::to_string(*n) +
           " under the uniform method (or none stated): every layer recomputed, " +
           std::to_string(*n) + " to a checkpoint (the grouping is not modelled)");
}

// The global batch in sequences: the row's global_batch_size, else a batch it gives in tokens
// (papers write "4M tokens": global_batch_tokens, global_batch_size_tokens, batch_size_tokens or
// tokens_per_batch, at the row's top level, in other or in metrics; a number or text such as
// "4M") over the model's sequence length, the nearest whole number of sequences, said.
int64_t global_batch_of(const json& row, RowBuild& b) {
  if (const auto given = row_int(row, "global_batch_size")) return *given;
  const auto model = b.doc.find("model");
  const int64_t seq = model != b.doc.end() ? model->value("seq_length", int64_t{0}) : 0;
  const auto metrics = row.find("metrics");
  for (const json* obj : {&row, &row_other(row), metrics != row.end() ? &*metrics : &row}) {
    if (!obj->is_object() || seq <= 0) continue;
    for (const char* key : {"global_batch_tokens", "global_batch_size_tokens", "batch_size_tokens",
                            "tokens_per_batch"}) {
      const auto it = obj->find(key);
      if (it == obj->end() || it->is_null()) continue;
      // A number, a figure with a unit ("4M"), or digits as text. A batch is whole sequences, so
      // a unit that gives a whole number only read as a power of two ("4M" of 4096-token
      // sequences: 4 · 2^20 = 1024 of them, 4 · 10^6 = 976.6) is read so.
      std::optional<double> tokens;
      if (it->is_string()) {
        if (const auto count = count_and_unit(it->get<std::string>())) {
          const double binary =
              count->value / std::pow(1000.0, count->exponent) * std::pow(1024.0, count->exponent);
          const auto whole = [&](double v) {
            const double n = v / static_cast<double>(seq);
            return std::abs(n - std::round(n)) < 1e-9;
          };
          tokens = !whole(count->value) && whole(binary) ? binary : count->value;
        }
      }
      if (!tokens) tokens = row_number(*obj, key, row_name(row));
      if (!tokens || !(*tokens >= static_cast<double>(seq))) continue;
      const auto sequences = static_cast<int64_t>(std::llround(*tokens / static_cast<double>(seq)));
      char text[200];
      std::snprintf(text, sizeof text,
                    "global_batch_size not given: %g tokens (the row's %s) over %lld tokens a "
                    "sequence, %lld sequences",
                    *tokens, key, static_cast<long long>(seq), static_cast<long long>(sequences));
      b.assume(text);
      return sequences;
    }
  }
  return required_int(row, "global_batch_size");
}

// fp8 linears switched on beside a 16-bit precision, as configs write it: torchtitan's
// `converters` naming float8 (torchao's Float8Linear) or enable_float8_linear, Megatron's
// --fp8-format (fp8 / fp8_format "hybrid" or "e4m3"), a true `fp8`, `enable_fp8` or `float8`.
// Returns where, or nothing.
std::optional<std::string> fp8_switched_on(const json& row) {
  const json& other = row_other(row);
  for (const auto& [obj, prefix] :
       {std::pair<const json*, std::string>{&row, ""}, {&other, "other."}}) {
    const auto converters = obj->find("converters");
    if (converters != obj->end() && contains(lower(converters->dump()), "float8"))
      return prefix + "converters";
    for (const char* key : {"enable_float8_linear", "float8", "fp8", "enable_fp8", "fp8_format"}) {
      const auto it = obj->find(key);
      if (it == obj->end()) continue;
      const std::string text = it->is_string() ? lower(it->get<std::string>()) : "";
      if ((it->is_boolean() && it->get<bool>()) || contains(text, "hybrid") ||
          contains(text, "e4m3") || text == "true")
        return prefix + key;
    }
  }
  return std::nullopt;
}

void map_training(const json& row, RowBuild& b) {
  json t;
  const int64_t global_batch = global_batch_of(row, b);
  t["global_batch_size"] = global_batch;
  t["micro_batch_size"] = micro_batch(row, global_batch, b);
  std::string math = precision(row, b);
  if (math == "bf16" || math == "fp16") {
    if (const auto where = fp8_switched_on(row)) {
      b.assume("training.precision = \"fp8\": the row's " + *where +
               " switches fp8 linears on beside its " + math + " mixed precision");
      math = "fp8";
    }
  }
  t["precision"] = math;
  if (math == "fp8") {
    if (const auto recipe = fp8_recipe(row, b)) t["fp8_recipe"] = *recipe;
  }
  // What the row leaves out its framework's profile fills; the scenario lists each default.
  const RowFramework framework = row_framework(row);
  recompute(row, framework, t, b);
  if (const auto modules = recompute_modules(row, b)) {
    if (t.contains("activation_recompute") && t["activation_recompute"] != "selective") {
      throw InputError(row_name(row) + ".other.recompute_modules",
                       "needs selective recompute, but the row states " +
                           t["activation_recompute"].get<std::string>(),
                       modules->dump(), "activation_recompute selective, or no modules");
    }
    t["recompute_modules"] = *modules;
    t["activation_recompute"] = "selective";
  }
  recompute_layers(row, t, b);
  t["framework"] = framework.profile;
  b.assume(framework.why);
  if (auto finetune = map_finetune(row, framework.profile, b)) t["finetune"] = std::move(*finetune);
  if (const auto a = attention(row, b)) t["attention"] = *a;
  t["optimizer"] = optimizer(row, b);
  b.doc["training"] = std::move(t);
}

}  // namespace wt::validation
