#include "planner/emit/shell_text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>

namespace wt {
namespace {

bool is_safe(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
         c == '/' || c == ':' || c == '=' || c == ',' || c == '+' || c == '@';
}

std::string hex_escape(unsigned char byte) {
  std::array<char, 8> buf{};
  std::snprintf(buf.data(), buf.size(), "\\x%02X", byte);
  return buf.data();
}

// Length of the well-formed UTF-8 sequence at text[i], or 0 when it is not one.
size_t utf8_length(const std::string& text, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = b(i);
  size_t n = 0;
  if (lead >= 0xC2 && lead <= 0xDF) n = 2;
  if (lead >= 0xE0 && lead <= 0xEF) n = 3;
  if (lead >= 0xF0 && lead <= 0xF4) n = 4;
  if (n == 0 || i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) return 0;
  }
  if (lead == 0xE0 && b(i + 1) < 0xA0) return 0;   // overlong
  if (lead == 0xED && b(i + 1) >= 0xA0) return 0;  // surrogate
  if (lead == 0xF0 && b(i + 1) < 0x90) return 0;   // overlong
  if (lead == 0xF4 && b(i + 1) >= 0x90) return 0;  // past U+10FFFF
  return n;
}

// C1 controls (U+0080..U+009F, NEL among them) and the Unicode line and paragraph separators,
// which YAML readers take as line breaks.
bool is_line_breaking(const std::string& seq) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(seq[k]); };
  if (seq.size() == 2) return b(0) == 0xC2 && b(1) <= 0x9F;
  return seq.size() == 3 && b(0) == 0xE2 && b(1) == 0x80 && (b(2) == 0xA8 || b(2) == 0xA9);
}

}  // namespace

std::string one_line(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += text[i++];
      continue;
    }
    const size_t n = c >= 0x80 ? utf8_length(text, i) : 0;
    if (n == 0) {
      out += hex_escape(c);
      ++i;
      continue;
    }
    const std::string seq = text.substr(i, n);
    if (is_line_breaking(seq)) {
      for (const char byte : seq)
        out += hex_escape(static_cast<unsigned char>(byte));
    } else {
      out += seq;
    }
    i += n;
  }
  return out;
}

std::string shell_word(const std::string& text) {
  if (!text.empty() && std::all_of(text.begin(), text.end(), is_safe)) return text;
  std::string quoted = "'";
  for (const char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

std::string shell_arg(const CliArg& a) {
  if (a.value.empty()) return a.flag;
  const std::string value = a.variable ? "\"${" + a.value + "}\"" : shell_word(a.value);
  return a.flag + " " + value;
}

std::string comment_block(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines)
    out += line.empty() ? "#\n" : "# " + one_line(line) + "\n";
  return out;
}

std::string yaml_quoted(const std::string& text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const size_t n = c >= 0x80 ? utf8_length(text, i) : 1;
    if (n == 0) {  // not UTF-8: YAML cannot carry the byte, so it becomes U+FFFD
      out += "\\uFFFD";
      ++i;
      continue;
    }
    const std::string seq = text.substr(i, n);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += seq;
    } else if (c < 0x20 || c == 0x7F) {
      out += hex_escape(c);  // YAML's \xNN is the code point U+00NN, as is this byte
    } else if (is_line_breaking(seq)) {
      out += seq.size() == 2 ? hex_escape(static_cast<unsigned char>(
                                   0x80 | (static_cast<unsigned char>(seq[1]) & 0x3F)))
                             : (static_cast<unsigned char>(seq[2]) == 0xA8 ? "\\u2028" : "\\u2029");
    } else {
      out += seq;
    }
    i += n;
  }
  return out + "\"";
}

}  // namespace wt
