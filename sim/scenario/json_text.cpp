#include "sim/scenario/json_text.hpp"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

#include "sim/core/error.hpp"

namespace wt {
namespace {

using nlohmann::json;

// Tracks the object keys seen at each nesting level while the parser runs, so a repeated key is
// reported with its JSON path.
class DuplicateKeyGuard {
 public:
  explicit DuplicateKeyGuard(std::string where) : where_(std::move(where)) {}

  bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
        frames_.push_back({child_path(), {}, {}, true});
        break;
      case json::parse_event_t::array_start:
        frames_.push_back({child_path(), {}, {}, false});
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        frames_.pop_back();
        break;
      case json::parse_event_t::key:
        on_key(parsed.get<std::string>());
        break;
      case json::parse_event_t::value:
        break;
    }
    return true;
  }

 private:
  struct Frame {
    std::string path;
    std::set<std::string> keys;
    std::string last_key;
    bool is_object;
  };

  // Path of the container being opened inside the current one.
  std::string child_path() const {
    if (frames_.empty()) return "";
    const Frame& parent = frames_.back();
    std::string leaf = parent.is_object ? parent.last_key : "[]";
    if (parent.path.empty()) return leaf;
    return parent.is_object ? parent.path + "." + leaf : parent.path + leaf;
  }

  void on_key(const std::string& key) {
    Frame& frame = frames_.back();
    const std::string path = frame.path.empty() ? key : frame.path + "." + key;
    if (!frame.keys.insert(key).second) {
      throw InputError(path.empty() ? where_ : path, "duplicate key", quoted_key(key),
                       "each key once per object");
    }
    frame.last_key = key;
  }

  static std::string quoted_key(const std::string& key) { return "\"" + key + "\""; }

  std::string where_;
  std::vector<Frame> frames_;
};

struct TextPosition {
  std::size_t line = 1;
  std::size_t column = 1;
};

// Line and column (1-based) of the character just before `byte` (nlohmann's error position).
TextPosition position_of(std::string_view text, std::size_t byte) {
  TextPosition pos;
  const std::size_t end = std::min(byte > 0 ? byte - 1 : 0, text.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++pos.line;
      pos.column = 1;
    } else {
      ++pos.column;
    }
  }
  return pos;
}

// nlohmann's message without its "[json.exception...] parse error at line L, column C: " prefix.
std::string parse_error_detail(const std::string& what) {
  const std::size_t syntax = what.find("syntax error");
  if (syntax != std::string::npos) return what.substr(syntax);
  const std::size_t bracket = what.find("] ");
  return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

// nlohmann reports a number beyond a double's range (1e400) as out_of_range 406, "number overflow
// parsing '<token>'", without a position: the token is looked up in the text to give one.
InputError number_overflow_error(std::string_view text, const std::string& where,
                                 const std::string& what) {
  const std::size_t open = what.find('\'');
  const std::size_t close = what.rfind('\'');
  const std::string token =
      open != std::string::npos && close > open ? what.substr(open + 1, close - open - 1) : "";
  const std::size_t at = token.empty() ? std::string::npos : text.find(token);
  std::string place;
  if (at != std::string::npos) {
    const TextPosition pos = position_of(text, at + 1);
    place = " at line " + std::to_string(pos.line) + ", column " + std::to_string(pos.column);
  }
  return InputError(where, "invalid JSON" + place + ": number out of the range of a double", token,
                    "a JSON object whose numbers are within ±1.8e308");
}

}  // namespace

nlohmann::json parse_json_text(std::string_view text, const std::string& where) {
  try {
    return json::parse(text.begin(), text.end(), DuplicateKeyGuard(where));
  } catch (const json::parse_error& e) {
    const TextPosition pos = position_of(text, e.byte);
    throw InputError(where,
                     "invalid JSON at line " + std::to_string(pos.line) + ", column " +
                         std::to_string(pos.column) + ": " + parse_error_detail(e.what()),
                     "", "a JSON object");
  } catch (const json::out_of_range& e) {
    throw number_overflow_error(text, where, e.what());
  }
}

std::string value_text(const nlohmann::json& value) {
  constexpr std::size_t kMaxChars = 60;
  std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
  if (text.size() > kMaxChars) text = text.substr(0, kMaxChars - 3) + "...";
  return text;
}

std::optional<std::string> read_text_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return buffer.str();
}

}  // namespace wt
