#pragma once
// The SAX handler behind parse_json_text: builds the document while the parser runs and refuses,
// as soon as it is seen, what must never be built — nesting deeper than kMaxJsonDepth, more than
// kMaxJsonParsedBytes of document, a key repeated in one object. Each check is O(1) per event, so
// reading is linear in the text whatever its shape, and nothing deep is ever built (copying,
// comparing or dumping a json value recurses once per level).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace wt {

class JsonBuilder {
 public:
  using json = nlohmann::json;

  // `consumed` is the number of bytes the parser has read so far (JsonCursor updates it), for the
  // line and column of a refusal; `where` names the input in errors.
  JsonBuilder(json& root, std::string_view text, const std::size_t& consumed, std::string where);

  bool null();
  bool boolean(bool v);
  bool number_integer(json::number_integer_t v);
  bool number_unsigned(json::number_unsigned_t v);
  bool number_float(json::number_float_t v, const json::string_t& token);
  bool string(json::string_t& v);
  bool binary(json::binary_t& v);
  bool start_object(std::size_t size);
  bool key(json::string_t& k);
  bool end_object();
  bool start_array(std::size_t size);
  bool end_array();
  bool parse_error(std::size_t position, const std::string& token,
                   const nlohmann::detail::exception& e);

 private:
  struct Frame {
    json* container;
    const std::string* key = nullptr;  // objects: the member being read (a key of the map) ...
    json* slot = nullptr;              // ... and where its value goes
  };

  json* place(json&& value);
  bool open(json&& container);
  void charge(std::size_t bytes);
  // JSON path of the value being read (or of `pending_key` in the innermost object), built only
  // for a message.
  std::string path_to(const std::string* pending_key) const;
  std::string at_text() const;  // " at line L, column C" of the parser's position

  json& root_;
  std::string_view text_;
  const std::size_t& consumed_;
  std::string where_;
  std::vector<Frame> stack_;
  std::size_t parsed_bytes_ = 0;
};

}  // namespace wt
