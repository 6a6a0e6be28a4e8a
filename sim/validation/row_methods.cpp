// The methods a row states in words (other.algorithmic_changes, other.system_optimizations: what
// MegaScale lists it changed over Megatron-LM) read into the scenario, each as an assumption that
// quotes the row's words and the section they cite.
#include <cctype>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_framework.hpp"
#include "sim/validation/row_sections.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

constexpr const char* kMethodFields[] = {"algorithmic_changes", "system_optimizations"};

// One item of a stated-methods text: its words as the row writes them, the field, and the section
// it cites ("Sec. 3.1": the first citation from the item on in the field, "" when none follows).
struct StatedMethod {
  std::string words;
  std::string field;
  std::string section;
  std::string source() const { return "other." + field + (section.empty() ? "" : ", " + section); }
};

bool delimiter(char c) {
  return c == '+' || c == ',';
}

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

// The item of `text` around `pos`: from the last '+' or ',' before it to the next one after it,
// both outside parentheses.
std::string item_at(const std::string& text, size_t pos) {
  size_t begin = 0;
  int depth = 0;
  for (size_t i = 0; i < pos; ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && depth > 0) --depth;
    if (depth == 0 && delimiter(text[i])) begin = i + 1;
  }
  size_t end = text.size();
  for (size_t i = pos; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && depth > 0) --depth;
    if (depth == 0 && delimiter(text[i])) {
      end = i;
      break;
    }
  }
  return trim(text.substr(begin, end - begin));
}

// "Sec. 3.1" from the first "sec." at or after `pos` in `text`; "" when there is none.
std::string section_from(const std::string& text, size_t pos) {
  const std::string low = lower(text);
  const size_t at = low.find("sec.", pos);
  if (at == std::string::npos) return "";
  size_t end = at + 4;
  while (end < text.size() && text[end] == ' ')
    ++end;
  while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) != 0 ||
                               (text[end] == '.' && end + 1 < text.size() &&
                                std::isdigit(static_cast<unsigned char>(text[end + 1])) != 0))) {
    ++end;
  }
  return "Sec. " + trim(text.substr(at + 4, end - at - 4));
}

// The first stated method whose text holds one of `needles` (lower case).
std::optional<StatedMethod> stated(const json& row, std::initializer_list<const char*> needles) {
  const json& other = row_other(row);
  for (const char* field : kMethodFields) {
    const std::string text = row_text(other, field);
    const std::string low = lower(text);
    for (const char* needle : needles) {
      const size_t at = low.find(needle);
      if (at == std::string::npos) continue;
      const std::string words = item_at(text, at);
      return StatedMethod{words, field, section_from(text, low.find(lower(words)))};
    }
  }
  return std::nullopt;
}

// The first whole number in `text` (a window size written as "window 4096"); nullopt when none.
std::optional<int64_t> first_number(const std::string& text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(text[i])) == 0) continue;
    size_t end = i;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])) != 0)
      ++end;
    if (end - i <= 9) return std::stoll(text.substr(i, end - i));
    return std::nullopt;
  }
  return std::nullopt;
}

void parallel_block(const json& row, RowBuild& b) {
  const auto m = stated(row, {"parallel transformer block", "parallel block", "parallel layers",
                              "parallel attention"});
  if (!m) return;
  b.doc.at("model")["parallel_layers"] = true;
  b.assume("model.parallel_layers = true: the row's '" + m->words + "' (" + m->source() +
           "): attention and MLP read one layer norm's output, their input GEMMs run as one and "
           "their outputs are summed before one TP reduction per pass (PaLM's parallel layers)");
}

void sliding_window(const json& row, RowBuild& b) {
  const auto m = stated(row, {"sliding window", "sliding-window", "windowed attention"});
  if (!m) return;
  const std::optional<int64_t> window = first_number(m->words);
  if (!window || *window <= 0) {
    b.assume("the row's '" + m->words + "' (" + m->source() +
             ") gives no window size: full causal attention kept (model.attention_window 0)");
    return;
  }
  b.doc.at("model")["attention_window"] = *window;
  b.assume("model.attention_window = " + std::to_string(*window) + ": the row's '" + m->words +
           "' (" + m->source() + ")");
}

// TP communication overlap stated in words ("TP + sequence-parallel overlap"), unless the row
// gives other.tp_comm_overlap itself (row_parallel.cpp). Megatron's overlap runs on sequence
// parallelism's all-gathers and reduce-scatters, so the words state SP too.
void tp_overlap(const json& row, RowBuild& b) {
  if (row_other(row).contains("tp_comm_overlap")) return;
  const auto m = stated(row, {"tp + sequence-parallel overlap", "tp overlap", "tp comm overlap",
                              "tensor-parallel overlap", "tensor parallel overlap"});
  json& p = b.doc.at("parallel");
  if (!m || p.at("tensor").get<int64_t>() <= 1) return;
  p["tp_comm_overlap"] = true;
  std::string what = "parallel.tp_comm_overlap = true";
  if (!p.contains("sequence_parallel")) {
    p["sequence_parallel"] = true;
    what += " and parallel.sequence_parallel = true";
  }
  b.assume(what + ": the row's '" + m->words + "' (" + m->source() +
           "): each TP all-gather and reduce-scatter runs under a GEMM of its layer");
}

void flash_attention(const json& row, RowBuild& b) {
  json& t = b.doc.at("training");
  if (t.contains("attention")) return;  // other.attention stated (row_training.cpp)
  const auto m = stated(row, {"flashattention-2", "flashattention2", "flash attention 2",
                              "flash-attention-2", "flash-attn 2"});
  if (!m) return;
  t["attention"] = "flash2";
  b.assume("training.attention = \"flash2\": the row's '" + m->words + "' (" + m->source() + ")");
}

// A row published before 2023 whose attention no field or profile era decides ran it unfused,
// unless its words name a fused kernel of the time (FlashAttention, xFormers' memory-efficient
// attention): fused attention reached the frameworks in 2023 (row_framework.hpp).
void era_attention(const json& row, RowBuild& b) {
  json& t = b.doc.at("training");
  if (t.contains("attention") || !published_before_fused_attention(row)) return;
  if (t.value("framework", std::string()).ends_with("-2021")) return;  // its profile: unfused
  const std::string year = std::to_string(publication_year(row));
  // The row's framework, notes and other.* texts, searched for a fused kernel's name.
  std::vector<std::pair<std::string, std::string>> texts = {
      {"framework", row_text(row, "framework")}, {"notes", row_text(row, "notes")}};
  const json& other = row_other(row);
  if (other.is_object()) {
    for (const auto& [key, value] : other.items())
      if (value.is_string()) texts.emplace_back("other." + key, value.get<std::string>());
  }
  for (const auto& [field, text] : texts) {
    const std::string low = lower(text);
    for (const char* needle :
         {"flashattention", "flash attention", "flash-attention", "flash-attn", "flash_attn",
          "xformers", "memory-efficient attention", "memory efficient attention"}) {
      const size_t at = low.find(needle);
      if (at == std::string::npos) continue;
      // "no FlashAttention", "without flash-attn", "predates FlashAttention" name none.
      const std::string before = low.substr(at < 16 ? 0 : at - 16, at < 16 ? at : 16);
      if (contains(before, "no ") || contains(before, "not ") || contains(before, "without") ||
          contains(before, "before") || contains(before, "predat")) {
        continue;
      }
      t["attention"] = "fused";
      b.assume("training.attention = \"fused\": the row's " + field + " names '" + needle +
               "' (published in " + year + ")");
      return;
    }
  }
  t["attention"] = "unfused";
  b.assume("training.attention = \"unfused\": the row was published in " + year +
           ", before fused attention reached the frameworks (FlashAttention, Dao et al. 2022; "
           "Megatron-LM's --use-flash-attn and PyTorch 2.0's scaled_dot_product_attention came "
           "in 2023), and it names no fused kernel");
}

// The MoE token dispatcher (training.moe_dispatcher) when the row names it: other's
// moe_token_dispatcher_type (Megatron-Core's name), token_dispatcher or moe_dispatcher, or the
// words "allgather dispatcher" among its methods; else the profile's (alltoall). Flex (DeepEP,
// HybridEP) is priced as the all-to-all it replaces; allgather with TP > 1 gathers over the TP x EP
// group, which is not modelled, so the all-to-all is priced there too. Each said.
void moe_dispatcher(const json& row, RowBuild& b) {
  const json& p = b.doc.at("parallel");
  if (!b.doc.at("model").contains("moe") || p.value("expert", int64_t{1}) <= 1) return;
  const std::string path = row_name(row) + ".other";
  const json& other = row_other(row);
  std::string said;
  std::string where;
  for (const char* key : {"moe_token_dispatcher_type", "token_dispatcher", "moe_dispatcher"}) {
    const auto field = other.find(key);
    if (field == other.end() || field->is_null()) continue;
    if (!field->is_string()) {
      throw InputError(path + "." + key, "must be text", field->dump(),
                       "alltoall, allgather or flex (Megatron-Core's dispatcher names)");
    }
    said = field->get<std::string>();
    where = "other." + std::string(key);
    break;
  }
  if (said.empty()) {
    const auto m = stated(row, {"allgather dispatcher", "all-gather dispatcher",
                                "allgather token dispatcher", "all-gather token dispatcher"});
    if (!m) return;
    said = "allgather";
    where = "'" + m->words + "' (" + m->source() + ")";
  }
  std::string squashed;
  for (const char c : lower(said))
    if (c != '-' && c != '_' && c != ' ') squashed += c;
  std::string kind = "alltoall";
  std::string why;
  if (squashed == "allgather") {
    kind = "allgather";
    if (p.value("tensor", int64_t{1}) > 1 || p.value("expert_tensor", int64_t{0}) > 1) {
      kind = "alltoall";
      why =
          " (allgather with TP > 1 gathers over the TP x EP group, which is not modelled: the "
          "all-to-all priced)";
    }
  } else if (squashed == "flex" || squashed == "deepep" || squashed == "hybridep") {
    why =
        " (the flex dispatcher's DeepEP/HybridEP kernels are not modelled: the all-to-all they "
        "replace priced)";
  } else if (squashed != "alltoall" && squashed != "a2a") {
    why = " ('" + said + "' not understood: the all-to-all priced)";
  }
  b.doc.at("training")["moe_dispatcher"] = kind;
  b.assume("training.moe_dispatcher = " + kind + ": the row's " + where + why);
}

// The expert-parallel communication overlap (parallel.ep_comm_overlap) when the row states it:
// other.overlap_moe_expert_parallel_comm (Megatron-Core's name) or ep_comm_overlap, or words
// among its methods; DualPipe sets it too (row_parallel.cpp).
void ep_overlap(const json& row, RowBuild& b) {
  json& p = b.doc.at("parallel");
  if (!b.doc.at("model").contains("moe") || p.value("expert", int64_t{1}) <= 1) return;
  const std::string path = row_name(row) + ".other";
  const json& other = row_other(row);
  for (const char* key : {"overlap_moe_expert_parallel_comm", "ep_comm_overlap"}) {
    const std::optional<bool> on = boolean_field(other, key, path);
    if (!on) continue;
    p["ep_comm_overlap"] = *on;
    b.assume(std::string("parallel.ep_comm_overlap = ") + (*on ? "true" : "false") +
             ": the row's other." + key);
    return;
  }
  if (p.contains("ep_comm_overlap")) return;
  const auto m = stated(
      row, {"overlap-moe-expert-parallel-comm", "ep a2a overlap", "ep all-to-all overlap",
            "a2a overlap", "all-to-all overlap", "ep communication overlap", "ep comm overlap"});
  if (!m) return;
  p["ep_comm_overlap"] = true;
  b.assume("parallel.ep_comm_overlap = true: the row's '" + m->words + "' (" + m->source() +
           "): 1F1B's steady forward and backward steps of two micro-batches run as pairs, each "
           "one's expert-parallel communication under the other's compute");
}

}  // namespace

std::optional<std::string> stated_optimizer(const json& row) {
  const auto m = stated(row, {"lamb"});
  if (!m) return std::nullopt;
  return "the row's '" + m->words + "' (" + m->source() + ")";
}

void map_stated_methods(const json& row, RowBuild& b) {
  parallel_block(row, b);
  sliding_window(row, b);
  tp_overlap(row, b);
  flash_attention(row, b);
  era_attention(row, b);
  moe_dispatcher(row, b);
  ep_overlap(row, b);
}

}  // namespace wt::validation
