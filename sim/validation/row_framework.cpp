#include "sim/validation/row_framework.hpp"

#include <regex>
#include <string>

#include "sim/validation/row_fields.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

// Frameworks whose defaults are those of 2023 on unless the row was published before.
constexpr int kModernDefaultsYear = 2023;

bool any_of(const std::string& text, std::initializer_list<const char*> words) {
  for (const char* w : words) {
    if (contains(text, w)) return true;
  }
  return false;
}

RowFramework by_era(const json& row, const std::string& modern, const std::string& old,
                    const std::string& text) {
  const int year = publication_year(row);
  if (year > 0 && year < kModernDefaultsYear) {
    return {old,
            "framework '" + text + "' published in " + std::to_string(year) + ": profile " + old};
  }
  return {modern, "framework '" + text + "': profile " + modern};
}

}  // namespace

int publication_year(const json& row) {
  static const std::regex year(R"((^|[^0-9])((19[9][0-9])|(20[0-3][0-9]))([^0-9]|$))");
  static const std::regex arxiv(R"(ar[xX]iv[ :]*([0-3][0-9])[01][0-9]\.[0-9]{4,5})");
  std::smatch m;
  // A date the row gives as a field: a year (2021) or a date's text ("2021-04-09", "April 2021").
  for (const json* obj : {&row, &row_other(row)}) {
    if (!obj->is_object()) continue;
    for (const char* key : {"year", "publication_year", "date", "publication_date", "published",
                            "published_date", "release_date"}) {
      const auto it = obj->find(key);
      if (it == obj->end()) continue;
      if (it->is_number_integer() && *it >= 1990 && *it <= 2039) return it->get<int>();
      if (!it->is_string()) continue;
      const std::string text = it->get<std::string>();
      if (std::regex_search(text, m, year)) return std::stoi(m[2].str());
    }
  }
  const std::string source = row_text(row, "source");
  if (std::regex_search(source, m, year)) return std::stoi(m[2].str());
  if (std::regex_search(source, m, arxiv)) return 2000 + std::stoi(m[1].str());
  return 0;
}

bool published_before_fused_attention(const json& row) {
  const int year = publication_year(row);
  return year > 0 && year < kModernDefaultsYear;
}

RowFramework row_framework(const json& row) {
  const std::string text = row_text(row, "framework");
  const std::string f = lower(text);
  if (f.empty()) return {"none", "framework not given: no profile (the field table's defaults)"};
  if (any_of(f, {"nemo", "megatron-bridge", "megatron bridge"})) {
    return {"nemo", "framework '" + text + "': profile nemo"};
  }
  if (contains(f, "megascale")) {
    return {"megatron-core",
            "framework '" + text +
                "': profile megatron-core (MegaScale overlaps its data-"
                "parallel communication and uses the distributed optimizer, Jiang et al. 2024 §3)"};
  }
  if (any_of(f, {"megatron-core", "megatron core", "mcore"})) {
    return {"megatron-core", "framework '" + text + "': profile megatron-core"};
  }
  if (contains(f, "deepspeed")) return by_era(row, "deepspeed", "deepspeed-2021", text);
  // GPT-NeoX is Megatron's model code on DeepSpeed's engine (its README): DeepSpeed's ZeRO and
  // communication defaults.
  if (any_of(f, {"gpt-neox", "gpt neox", "gptneox"})) {
    RowFramework out = by_era(row, "deepspeed", "deepspeed-2021", text);
    out.why += " (GPT-NeoX runs on DeepSpeed)";
    return out;
  }
  // metaseq (OPT) shards with FairScale's FullyShardedDataParallel beside Megatron's tensor
  // parallelism; torchtune's distributed recipes shard with PyTorch's FSDP2.
  if (any_of(f, {"metaseq", "torchtune"})) {
    return {"fsdp", "framework '" + text + "': profile fsdp (it shards with FSDP)"};
  }
  if (contains(f, "megatron")) return by_era(row, "megatron-lm", "megatron-lm-2021", text);
  if (contains(f, "torchtitan"))
    return {"torchtitan", "framework '" + text + "': profile torchtitan"};
  if (any_of(f, {"llm-foundry", "llm foundry", "composer", "mosaic"})) {
    return {"llm-foundry", "framework '" + text + "': profile llm-foundry"};
  }
  if (contains(f, "maxtext")) return {"maxtext", "framework '" + text + "': profile maxtext"};
  if (contains(f, "fsdp")) return {"fsdp", "framework '" + text + "': profile fsdp"};
  // Plain PyTorch in eager mode; torch.compile fuses the elementwise work, so it is left out.
  if (any_of(f, {"pytorch", "hugging face", "huggingface", "transformers", "accelerate",
                 "hf trainer", "axolotl", "llama-factory", "llamafactory"}) &&
      !contains(f, "compile")) {
    return {"pytorch", "framework '" + text + "': profile pytorch"};
  }
  return {"none", "framework '" + text + "' has no profile: the field table's defaults"};
}

}  // namespace wt::validation
