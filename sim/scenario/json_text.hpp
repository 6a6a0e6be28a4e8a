#pragma once
// JSON at the boundary: text → document with errors that give line and column, refusal of
// duplicate keys (which nlohmann::json would silently collapse), and short renderings of values
// for messages.
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace wt {

// Parses `text`; a syntax error or a duplicate key is an InputError at `where` (a file path, a JSON
// path or "" for a document given in memory) saying where in the text it is.
nlohmann::json parse_json_text(std::string_view text, const std::string& where);

// The value as compact JSON, shortened to about 60 characters, for "(got ...)" in messages.
std::string value_text(const nlohmann::json& value);

// Reads a whole file; nullopt when it is missing, not a regular file or unreadable.
std::optional<std::string> read_text_file(const std::string& path);

}  // namespace wt
