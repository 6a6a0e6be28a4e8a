// Free text that flows into launch scripts, manifests, reports and CSV: one line of printable text.
#include <array>
#include <cstdio>

#include "core/error.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

// The code point of a control character at text[i] (C0, DEL, C1, U+2028, U+2029), and its length
// in bytes; {0, 0} when there is none. Bytes that are not UTF-8 are left to the JSON reader.
std::pair<unsigned, size_t> control_at(const std::string& text, size_t i) {
  const auto b = [&](size_t k) {
    return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u;
  };
  if (b(i) < 0x20 || b(i) == 0x7F) return {b(i), 1};
  if (b(i) == 0xC2 && b(i + 1) >= 0x80 && b(i + 1) <= 0x9F) return {b(i + 1), 2};
  if (b(i) == 0xE2 && b(i + 1) == 0x80 && (b(i + 2) == 0xA8 || b(i + 2) == 0xA9)) {
    return {0x2000u | (b(i + 2) - 0x80u), 3};
  }
  return {0, 0};
}

}  // namespace

void check_text_fields(const Scenario& s) {
  for (size_t i = 0; i < s.name.size(); ++i) {
    const auto [code, length] = control_at(s.name, i);
    if (length == 0) continue;
    std::array<char, 64> where{};
    std::snprintf(where.data(), where.size(), "control character U+%04X at byte %zu", code, i);
    throw InputError("name", std::string("holds a ") + where.data(), "",
                     "one line of printable text (no newline, tab or other control character)");
  }
}

}  // namespace wt
