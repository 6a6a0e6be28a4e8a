#pragma once
// Small string helpers for messages: case folding, joining, and "did you mean" suggestions.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wt {

std::string to_lower(std::string_view text);
bool iequals(std::string_view a, std::string_view b);
std::string join(const std::vector<std::string>& items, std::string_view separator = ", ");
std::string in_quotes(std::string_view text);  // "text", for messages

// Levenshtein distance between two words, ignoring case.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word` when it is close enough to be a likely typo (distance at most
// max(2, length/3)); the first candidate wins ties.
std::optional<std::string> closest_match(std::string_view word,
                                         const std::vector<std::string>& candidates);

// "; did you mean "x"?" when a candidate is close, else "". Appended to a problem text.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace wt
