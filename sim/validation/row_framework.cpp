#include "sim/validation/row_framework.hpp"

#include <regex>
#include <string>

#include "sim/validation/row_fields.hpp"

namespace wt::validation {
namespace {

// A year before 2023 in the row's source: "2021", "SC'21", or an arXiv id "2104.04473".
bool cites_year_before_2023(const std::string& text) {
  static const std::regex year(R"((^|[^0-9])20(1[0-9]|2[0-2])([^0-9]|$))");
  static const std::regex short_year(R"('(1[0-9]|2[0-2])\b)");
  static const std::regex arxiv(R"(arxiv[ :]*(1[0-9]|2[0-2])[01][0-9]\.[0-9]{4,5})");
  return std::regex_search(text, year) || std::regex_search(text, short_year) ||
         std::regex_search(text, arxiv);
}

bool mentions_flash_attention(const nlohmann::json& row) {
  const std::string text = lower(row.dump());
  return contains(text, "flash") || contains(text, "fused attention") ||
         contains(text, "transformer engine");
}

}  // namespace

FrameworkDefaults framework_defaults(const nlohmann::json& row) {
  const std::string framework = lower(row_text(row, "framework"));
  const bool megatron_lm = contains(framework, "megatron") && !contains(framework, "nemo") &&
                           !contains(framework, "core");
  const std::string source = lower(row_text(row, "source") + " " + row_text(row, "source_locator"));
  if (megatron_lm && cites_year_before_2023(source) && !mentions_flash_attention(row)) {
    return {false, false,
            "Megatron-LM before 2023: unfused attention (scores in memory; FlashAttention came in "
            "2022) and its local DDP reduces gradients after the backward pass, not overlapped"};
  }
  return {true, true,
          "fused (flash) attention and gradient reduction overlapped with backward (framework "
          "defaults since 2023)"};
}

bool megatron_lm_trainer(const nlohmann::json& row) {
  const std::string framework = lower(row_text(row, "framework"));
  return contains(framework, "megatron") && !contains(framework, "nemo");
}

}  // namespace wt::validation
