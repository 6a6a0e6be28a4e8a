#include "sim/scenario/json_builder.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt {
namespace {

using nlohmann::json;

// What the document costs in memory, counted as it is built (x86-64 libstdc++, with 16 bytes of
// malloc overhead per allocation). Array elements count twice: a vector may hold twice its size.
constexpr std::size_t kMalloc = 16;
constexpr std::size_t kValueBytes = sizeof(json);
constexpr std::size_t kArrayElementBytes = 2 * sizeof(json);
constexpr std::size_t kMapNodeBytes = 32 + sizeof(std::string) + sizeof(json) + kMalloc;

std::size_t heap_string_bytes(const std::string& s) {
  constexpr std::size_t kInlineChars = 15;  // libstdc++'s small-string buffer
  return s.size() > kInlineChars ? s.size() + 1 + kMalloc : 0;
}

std::string mib_text(std::size_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

// " at line L, column C" (1-based) of the character just before `byte`, the parser's position.
std::string position_text(std::string_view text, std::size_t byte) {
  std::size_t line = 1;
  std::size_t column = 1;
  const std::size_t end = std::min(byte > 0 ? byte - 1 : 0, text.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return " at line " + std::to_string(line) + ", column " + std::to_string(column);
}

// nlohmann's message without its "[json.exception...] parse error at line L, column C: " prefix.
std::string parse_error_detail(const std::string& what) {
  const std::size_t syntax = what.find("syntax error");
  if (syntax != std::string::npos) return what.substr(syntax);
  const std::size_t bracket = what.find("] ");
  return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

}  // namespace

JsonBuilder::JsonBuilder(json& root, std::string_view text, const std::size_t& consumed,
                         std::string where)
    : root_(root), text_(text), consumed_(consumed), where_(std::move(where)) {}

void JsonBuilder::charge(std::size_t bytes) {
  parsed_bytes_ += bytes;
  if (parsed_bytes_ <= kMaxJsonParsedBytes) return;
  throw InputError(where_,
                   "invalid JSON" + at_text() + ": the document would take more than " +
                       mib_text(kMaxJsonParsedBytes) + " of memory once read",
                   "", "a document of at most " + mib_text(kMaxJsonParsedBytes) + " once read");
}

json* JsonBuilder::place(json&& value) {
  if (stack_.empty()) {
    charge(kValueBytes);
    root_ = std::move(value);
    return &root_;
  }
  Frame& top = stack_.back();
  if (top.container->is_array()) {
    charge(kArrayElementBytes);
    auto& array = top.container->get_ref<json::array_t&>();
    array.push_back(std::move(value));
    return &array.back();
  }
  json* slot = top.slot;
  *slot = std::move(value);  // the member's map node was counted by key()
  return slot;
}

bool JsonBuilder::open(json&& container) {
  if (stack_.size() >= kMaxJsonDepth) {
    throw InputError(where_,
                     "invalid JSON" + at_text() + ": nesting deeper than " +
                         std::to_string(kMaxJsonDepth) + " levels",
                     "", "at most " + std::to_string(kMaxJsonDepth) + " nested arrays and objects");
  }
  charge(container.is_array() ? sizeof(json::array_t) + kMalloc : sizeof(json::object_t) + kMalloc);
  stack_.push_back({place(std::move(container))});
  return true;
}

bool JsonBuilder::null() {
  return place(json(nullptr)) != nullptr;
}
bool JsonBuilder::boolean(bool v) {
  return place(json(v)) != nullptr;
}
bool JsonBuilder::number_integer(json::number_integer_t v) {
  return place(json(v)) != nullptr;
}
bool JsonBuilder::number_unsigned(json::number_unsigned_t v) {
  return place(json(v)) != nullptr;
}

bool JsonBuilder::number_float(json::number_float_t v, const json::string_t& /*token*/) {
  return place(json(v)) != nullptr;
}

bool JsonBuilder::string(json::string_t& v) {
  charge(sizeof(std::string) + kMalloc + heap_string_bytes(v));
  return place(json(std::move(v))) != nullptr;  // the lexer's buffer, not a copy of it
}

bool JsonBuilder::binary(json::binary_t& v) {
  return place(json(std::move(v))) != nullptr;
}

bool JsonBuilder::start_object(std::size_t /*size*/) {
  return open(json::object());
}
bool JsonBuilder::start_array(std::size_t /*size*/) {
  return open(json::array());
}

bool JsonBuilder::key(json::string_t& k) {
  charge(kMapNodeBytes + heap_string_bytes(k));
  Frame& top = stack_.back();
  auto& object = top.container->get_ref<json::object_t&>();
  const auto [it, inserted] = object.try_emplace(k);
  if (!inserted) {
    throw InputError(path_to(&k), "duplicate key", "\"" + k + "\"", "each key once per object");
  }
  top.key = &it->first;
  top.slot = &it->second;
  return true;
}

bool JsonBuilder::end_object() {
  stack_.pop_back();
  return true;
}

bool JsonBuilder::end_array() {
  stack_.pop_back();
  return true;
}

bool JsonBuilder::parse_error(std::size_t position, const std::string& token,
                              const nlohmann::detail::exception& e) {
  if (e.id == 406) {  // out_of_range: a number beyond a double's range, such as 1e400
    const std::size_t start = position >= token.size() ? position - token.size() + 1 : position;
    throw JsonSyntaxError(
        where_,
        "invalid JSON" + position_text(text_, start) + ": number out of the range of a double",
        token, "a JSON object whose numbers are within ±1.8e308");
  }
  const std::string at = position_text(text_, position);
  throw JsonSyntaxError(where_, "invalid JSON" + at + ": " + parse_error_detail(e.what()), "",
                        "a JSON object");
}

std::string JsonBuilder::path_to(const std::string* pending_key) const {
  std::string path;
  for (std::size_t i = 0; i < stack_.size(); ++i) {
    const Frame& f = stack_[i];
    const bool innermost = i + 1 == stack_.size();
    if (f.container->is_array()) {
      const std::size_t n = f.container->size();
      path += "[" + std::to_string(innermost ? n : n - 1) + "]";
      continue;
    }
    const std::string* k = innermost && pending_key != nullptr ? pending_key : f.key;
    if (k == nullptr) continue;
    path += path.empty() ? *k : "." + *k;
  }
  return path;
}

std::string JsonBuilder::at_text() const {
  return position_text(text_, consumed_);
}

}  // namespace wt
