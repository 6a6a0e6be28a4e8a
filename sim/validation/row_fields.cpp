#include "sim/validation/row_fields.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <regex>

#include "core/error.hpp"

namespace wt::validation {

std::optional<int> row_id(const nlohmann::json& row) {
  const auto it = row.find("id");
  if (it == row.end() || !it->is_number_integer()) return std::nullopt;
  const int64_t id = it->get<int64_t>();
  if (id < std::numeric_limits<int>::min() || id > std::numeric_limits<int>::max()) {
    return std::nullopt;
  }
  return static_cast<int>(id);
}

std::string row_name(const nlohmann::json& row) {
  const std::optional<int> id = row_id(row);
  return id ? "row " + std::to_string(*id) : "row (no id)";
}

std::optional<double> row_number(const nlohmann::json& obj, const char* key,
                                 const std::string& path) {
  const auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return std::nullopt;
  // A figure written as text that is only a number ("8", "1,536", " 2048.5", "59.9%") is that
  // number.
  if (it->is_string()) {
    static const std::regex kNumber(R"(^\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*%?\s*$)");
    const std::string text = it->get<std::string>();
    std::smatch m;
    if (std::regex_match(text, m, kNumber)) {
      std::string digits = m[1].str() + m[2].str();
      std::erase(digits, ',');
      return std::stod(digits);
    }
  }
  if (!it->is_number()) {
    throw InputError(path + "." + key, "must be a number", it->dump(), "a number or null");
  }
  return it->get<double>();
}

std::optional<bool> boolean_field(const nlohmann::json& obj, const char* key,
                                  const std::string& path) {
  const auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return std::nullopt;
  if (!it->is_boolean())
    throw InputError(path + "." + key, "must be true or false", it->dump(), "true, false or null");
  return it->get<bool>();
}

std::optional<int64_t> integer_field(const nlohmann::json& obj, const char* key,
                                     const std::string& path) {
  const std::optional<double> v = row_number(obj, key, path);
  if (!v) return std::nullopt;
  if (std::floor(*v) != *v) {
    throw InputError(path + "." + key, "must be a whole number", obj.at(key).dump(),
                     "an integer or null");
  }
  // Beyond 2^53 a double no longer holds every integer, and 1e308 would not fit int64_t at all;
  // bounding here also keeps the mappers' products of sizes (4·h, tp·pp·cp) from overflowing.
  constexpr double kLargest = 9007199254740992.0;  // 2^53
  if (std::abs(*v) > kLargest) {
    throw InputError(path + "." + key, "is out of range", obj.at(key).dump(),
                     "an integer of magnitude at most 2^53");
  }
  return static_cast<int64_t>(*v);
}

std::optional<int64_t> row_int(const nlohmann::json& row, const char* key) {
  return integer_field(row, key, row_name(row));
}

int64_t required_int(const nlohmann::json& row, const char* key) {
  const std::optional<int64_t> v = row_int(row, key);
  if (!v) throw InputError(row_name(row) + "." + key, "is not given", "null", "an integer");
  return *v;
}

const nlohmann::json& row_other(const nlohmann::json& row) {
  static const nlohmann::json kEmpty = nlohmann::json::object();
  const auto it = row.find("other");
  return it != row.end() && it->is_object() ? *it : kEmpty;
}

std::string row_text(const nlohmann::json& obj, const char* key) {
  const auto it = obj.find(key);
  if (it == obj.end() || !it->is_string()) return {};
  return it->get<std::string>();
}

std::optional<CountWithUnit> count_and_unit(const std::string& text) {
  // Not after "8x" ("Mixtral 8x7B" names experts, not a total).
  static const std::regex figure(R"((^|[^0-9.x])([0-9]{1,6}(\.[0-9]{1,6})?)\s*([kKmMbBtT])\b)");
  std::smatch m;
  if (!std::regex_search(text, m, figure)) return std::nullopt;
  const double value = std::stod(m[2].str());
  switch (std::tolower(static_cast<unsigned char>(m[4].str()[0]))) {
    case 'k':
      return CountWithUnit{value * 1e3, 1};
    case 'm':
      return CountWithUnit{value * 1e6, 2};
    case 'b':
      return CountWithUnit{value * 1e9, 3};
    default:
      return CountWithUnit{value * 1e12, 4};
  }
}

std::optional<double> count_with_unit(const std::string& text) {
  const std::optional<CountWithUnit> c = count_and_unit(text);
  return c ? std::optional<double>(c->value) : std::nullopt;
}

std::optional<double> stated_params(const nlohmann::json& row) {
  const auto it = row.find("params");
  if (it == row.end()) return std::nullopt;
  if (it->is_number()) return it->get<double>();
  if (it->is_string()) return count_with_unit(it->get<std::string>());
  return std::nullopt;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::string and_listed(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) text += i + 1 == items.size() ? " and " : ", ";
    text += items[i];
  }
  return text;
}

bool contains(const std::string& haystack, const char* needle) {
  return haystack.find(needle) != std::string::npos;
}

// Lower-case runs of letters and digits: "AMD Instinct MI300X" → amd, instinct, mi300x.
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  for (const char c : text) {
    const bool alnum = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (alnum) {
      word += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    } else if (!word.empty()) {
      out.push_back(std::move(word));
      word.clear();
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

// Whether `name`'s words appear in `text` one after another ("TPU-v5-lite" in "Cloud TPU v5 lite").
bool names(const std::vector<std::string>& text, const std::vector<std::string>& name) {
  if (name.empty() || name.size() > text.size()) return false;
  for (size_t i = 0; i + name.size() <= text.size(); ++i) {
    size_t k = 0;
    while (k < name.size() && text[i + k] == name[k])
      ++k;
    if (k == name.size()) return true;
  }
  return false;
}

bool gives_any(const nlohmann::json* obj, std::initializer_list<const char*> keys) {
  if (obj == nullptr || !obj->is_object()) return false;
  return std::any_of(keys.begin(), keys.end(), [&](const char* key) {
    const auto it = obj->find(key);
    return it != obj->end() && !it->is_null();
  });
}

}  // namespace wt::validation
