#pragma once
// Reading the fields of one dataset row. A row gives a field, gives null, or omits it; a present
// field of the wrong type is an InputError whose path names the row and the field ("row 9.tp").
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wt::validation {

// "row <id>" for messages; "row (no id)" when the row has no id.
std::string row_name(const nlohmann::json& row);
// The row's id when it is an integer that fits an int; nullopt otherwise (an id is only a label,
// so a malformed one never loses the row).
std::optional<int> row_id(const nlohmann::json& row);

// An integer field (a JSON number with an integral value, at most 2^53 in magnitude) of any
// object, named `path.key` in errors; nullopt when absent or null.
std::optional<int64_t> integer_field(const nlohmann::json& obj, const char* key,
                                     const std::string& path);
// A true/false field of any object, named `path.key` in errors; nullopt when absent or null,
// an InputError for anything but a boolean.
std::optional<bool> boolean_field(const nlohmann::json& obj, const char* key,
                                  const std::string& path);
// The same for a field of the row itself.
std::optional<int64_t> row_int(const nlohmann::json& row, const char* key);
// The same, and an InputError when absent or null: the row cannot be run without it.
int64_t required_int(const nlohmann::json& row, const char* key);
// A numeric field; nullopt when absent or null. Text that is only a number ("8", "1,536", "59.9%")
// is read as that number; other text is an InputError naming the field.
std::optional<double> row_number(const nlohmann::json& obj, const char* key,
                                 const std::string& path);
// The row's free-form "other" object (an empty object when absent).
const nlohmann::json& row_other(const nlohmann::json& row);
// A text field; "" when absent or null.
std::string row_text(const nlohmann::json& obj, const char* key);

// A count written with a unit letter, as rows give "params": "1.7B", "175B", "340M", "1.2T",
// "46.7B (12.9B active)" (the first figure). nullopt when the text holds no such figure, and for
// "8x7B", which counts experts.
std::optional<double> count_with_unit(const std::string& text);
// The same with the unit's power of 1000 (k 1, M 2, B 3, T 4).
struct CountWithUnit {
  double value = 0.0;
  int exponent = 0;
};
std::optional<CountWithUnit> count_and_unit(const std::string& text);
// The row's "params": a number, or text such as "8.03B"; nullopt when neither.
std::optional<double> stated_params(const nlohmann::json& row);

// Lower-case copy, for matching free text.
std::string lower(std::string s);

// "a, b and c": items for an assumption's text.
std::string and_listed(const std::vector<std::string>& items);
bool contains(const std::string& haystack, const char* needle);

// Lower-case runs of letters and digits: "AMD Instinct MI300X" → amd, instinct, mi300x.
std::vector<std::string> words(const std::string& text);
// Whether `name`'s words appear in `text` one after another ("TPU-v5-lite" in "Cloud TPU v5 lite").
bool names(const std::vector<std::string>& text, const std::vector<std::string>& name);

// Whether `obj` (an object, or null) gives any of `keys` a value that is not null.
bool gives_any(const nlohmann::json* obj, std::initializer_list<const char*> keys);

}  // namespace wt::validation
