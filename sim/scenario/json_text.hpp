#pragma once
// JSON at the boundary: text → document with errors that give line and column, refusal of
// duplicate keys (which nlohmann::json would silently collapse), bounds on what one input may
// build, UTF-8 checks for strings that enter documents from elsewhere (file names, --set), and
// short renderings of values for messages.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/error.hpp"

namespace wt {

// Limits on every JSON input (docs/reliability.md, "Limits"). The largest shipped JSON file is
// 99 KB; each limit is refused with exit 2 before the input is read past it.
inline constexpr std::size_t kMaxJsonDepth = 256;              // nested arrays and objects
inline constexpr std::size_t kMaxJsonBytes = 64u << 20;        // text of one input
inline constexpr std::size_t kMaxJsonParsedBytes = 64u << 20;  // the document in memory

// Bad JSON syntax (not a limit, not a duplicate key): --set takes such a value as a plain string.
class JsonSyntaxError : public InputError {
 public:
  using InputError::InputError;
};

// Parses `text` into a document; a syntax error, a duplicate key, nesting deeper than
// kMaxJsonDepth or a document beyond the size limits is an InputError at `where` (a file path, or
// "" for a document given in memory) saying where in the text it is (line and column, or the
// JSON path of a duplicate key). Linear in the text whatever its shape.
nlohmann::json parse_json_text(std::string_view text, const std::string& where);

// The value as compact JSON, shortened to about 60 characters (whole UTF-8 characters), for
// "(got ...)" in messages; only the shown part is rendered.
std::string value_text(const nlohmann::json& value);

// Reads a whole file; nullopt when it is missing, not a regular file or unreadable. A file larger
// than kMaxJsonBytes is an InputError naming it, refused before it is read.
std::optional<std::string> read_text_file(const std::string& path);

// Whether `text` is well-formed UTF-8 (what nlohmann::json can write out).
bool is_utf8(std::string_view text);

// Refuses text that is not UTF-8: an InputError at `where` saying that `what` (e.g. "the value")
// is not UTF-8, with the first bad byte and the text with such bytes shown as \xHH.
void require_utf8(std::string_view text, const std::string& where, const std::string& what,
                  const std::string& allowed);

}  // namespace wt
