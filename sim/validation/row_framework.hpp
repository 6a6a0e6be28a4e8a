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

// The year the row's source was published: the first year (1990-2039) in `source`, else the year
// of an arXiv identifier (yymm.nnnnn) there; 0 when it names none.
int publication_year(const nlohmann::json& row);

}  // namespace wt::validation
