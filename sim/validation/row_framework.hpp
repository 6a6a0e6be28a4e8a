#pragma once
// The framework profile (training.framework, docs/models.md "Framework profiles") a row ran with:
// its `framework` text names the framework, and where that framework's defaults changed over time
// and the text gives no version, the year the row's source was published picks the era
// (Megatron-LM and DeepSpeed before 2023: unfused attention; Megatron-LM's own DDP did not overlap
// its gradient reduction).
#include <string>

#include <nlohmann/json.hpp>

namespace wt::validation {

struct RowFramework {
  std::string profile;  // a name of framework_profiles()
  std::string why;      // the row's assumption: which text chose it
};

RowFramework row_framework(const nlohmann::json& row);

// The year the row's source was published: a date field of the row or its `other` object (year,
// publication_year, date, publication_date, published, published_date, release_date: a year or a
// date's text), else the first year (1990-2039) in `source`, else the year of an arXiv identifier
// (yymm.nnnnn) there; 0 when none names one.
int publication_year(const nlohmann::json& row);

// Whether the row's source was published before 2023, the year fused attention reached the
// frameworks (FlashAttention, Dao et al. 2022: Megatron-LM's --use-flash-attn and PyTorch 2.0's
// scaled_dot_product_attention, both 2023): its attention is then the unfused batched GEMMs and
// softmax whatever framework it names, as the 2021 profiles have it.
bool published_before_fused_attention(const nlohmann::json& row);

}  // namespace wt::validation
