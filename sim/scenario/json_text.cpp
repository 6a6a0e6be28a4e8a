#include "sim/scenario/json_text.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "sim/scenario/json_builder.hpp"

namespace wt {
namespace {

using nlohmann::json;

// An iterator over the text that tells the builder how far the parser has read, so a refusal
// inside the document gives its line and column.
class CountingCursor {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  CountingCursor(const char* at, std::size_t* consumed) : at_(at), consumed_(consumed) {}
  reference operator*() const { return *at_; }
  CountingCursor& operator++() {
    ++at_;
    ++*consumed_;
    return *this;
  }
  bool operator==(const CountingCursor& other) const { return at_ == other.at_; }
  bool operator!=(const CountingCursor& other) const { return at_ != other.at_; }

 private:
  const char* at_;
  std::size_t* consumed_;
};

std::string limit_text(std::size_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

InputError too_large(const std::string& where, std::size_t bytes) {
  return InputError(
      where, "larger than the " + limit_text(kMaxJsonBytes) + " limit for a JSON input",
      std::to_string(bytes) + " bytes", "at most " + std::to_string(kMaxJsonBytes) + " bytes");
}

// Length of the longest prefix of `text` of at most `bytes` bytes that does not split a UTF-8
// character.
std::size_t utf8_prefix(std::string_view text, std::size_t bytes) {
  if (bytes >= text.size()) return text.size();
  while (bytes > 0 && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80)
    --bytes;
  return bytes;
}

std::string dumped(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

// Appends compact JSON for `value` to `out`, stopping once `out` holds more than `limit` bytes:
// a large document is never rendered whole for a message.
void render(const json& value, std::string& out, std::size_t limit) {
  if (out.size() > limit) return;
  if (value.is_string()) {
    const auto& s = value.get_ref<const std::string&>();
    out += dumped(json(s.substr(0, utf8_prefix(s, limit + 1 - out.size()))));
    return;
  }
  if (!value.is_structured()) {
    out += dumped(value);
    return;
  }
  out += value.is_array() ? '[' : '{';
  bool first = true;
  for (auto it = value.begin(); it != value.end() && out.size() <= limit; ++it) {
    if (!first) out += ',';
    first = false;
    if (value.is_object()) out += dumped(json(it.key())) + ":";
    render(it.value(), out, limit);
  }
  out += value.is_array() ? ']' : '}';
}

// Offset of the first byte that is not part of a well-formed UTF-8 character, or npos.
std::size_t first_bad_utf8(std::string_view s) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = byte(i);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t more = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;  // range of the second byte (narrowed against overlongs/surrogates)
    if (c >= 0xC2 && c <= 0xDF) {
      more = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      more = 2;
      if (c == 0xE0) low = 0xA0;
      if (c == 0xED) high = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      more = 3;
      if (c == 0xF0) low = 0x90;
      if (c == 0xF4) high = 0x8F;
    } else {
      return i;
    }
    if (i + more >= s.size()) return i;  // cut short
    if (byte(i + 1) < low || byte(i + 1) > high) return i;
    for (std::size_t k = 2; k <= more; ++k) {
      if ((byte(i + k) & 0xC0) != 0x80) return i;
    }
    i += more + 1;
  }
  return std::string_view::npos;
}

// The text with bytes outside printable ASCII shown as \xHH, shortened for a message.
std::string escaped(std::string_view text) {
  constexpr std::size_t kMaxChars = 60;
  std::string out;
  for (const char ch : text.substr(0, kMaxChars)) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7F) {
      out += ch;
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02X", c);
      out += hex;
    }
  }
  return text.size() > kMaxChars ? out + "..." : out;
}

}  // namespace

nlohmann::json parse_json_text(std::string_view text, const std::string& where) {
  if (text.size() > kMaxJsonBytes) throw too_large(where, text.size());
  json root;
  std::size_t consumed = 0;
  JsonBuilder builder(root, text, consumed, where);
  json::sax_parse(CountingCursor(text.data(), &consumed),
                  CountingCursor(text.data() + text.size(), &consumed), &builder);
  return root;
}

std::string value_text(const nlohmann::json& value) {
  constexpr std::size_t kMaxChars = 60;
  std::string text;
  render(value, text, kMaxChars);
  if (text.size() > kMaxChars) text = text.substr(0, utf8_prefix(text, kMaxChars - 3)) + "...";
  return text;
}

std::optional<std::string> read_text_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxJsonBytes) throw too_large(path, size);
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text;
  text.reserve(ec ? 0 : size);
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxJsonBytes) throw too_large(path, text.size());  // grew while read
  }
  if (in.bad()) return std::nullopt;
  return text;
}

bool is_utf8(std::string_view text) {
  return first_bad_utf8(text) == std::string_view::npos;
}

void require_utf8(std::string_view text, const std::string& where, const std::string& what,
                  const std::string& allowed) {
  const std::size_t bad = first_bad_utf8(text);
  if (bad == std::string_view::npos) return;
  throw InputError(where,
                   what + " is not valid UTF-8 (byte " + std::to_string(bad + 1) + " is " +
                       escaped(text.substr(bad, 1)) + ")",
                   escaped(text), allowed);
}

}  // namespace wt
