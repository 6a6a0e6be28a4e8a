#pragma once
// Builders for the rows of the field table (fields.cpp). A row names the Scenario member once with
// WT_MEMBER(parallel.tensor): the macro yields both the JSON path "parallel.tensor" and an accessor
// for s.parallel.tensor, so a path can never drift from the member it fills. Defaults shown in the
// docs come from a default-constructed Scenario (scenario.hpp) unless a row explains them.
#include <string>
#include <type_traits>
#include <utility>

#include "sim/scenario/field_binding.hpp"
#include "sim/scenario/field_readers.hpp"

namespace wt {

template <class At>
struct Member {
  std::string path;
  At at;  // generic lambda: Scenario& → member&, const Scenario& → const member&
};
template <class At>
Member(const char*, At) -> Member<At>;

#define WT_MEMBER(member)           \
  ::wt::Member {                    \
#member, [](auto& s) -> auto& { \
      return s.member;              \
    }                               \
  }

struct FieldDoc {
  std::string unit = {};
  std::string default_text = {};  // "" = the value in a default Scenario
  std::string allowed_text = {};  // "" = derived from the range
  std::string doc = {};
};

inline FieldInfo make_field_info(std::string path, FieldType type, const FieldDoc& d,
                                 const std::string& default_text, const std::string& allowed_text) {
  return FieldInfo{std::move(path),
                   type,
                   d.unit,
                   d.default_text.empty() ? default_text : d.default_text,
                   d.allowed_text.empty() ? allowed_text : d.allowed_text,
                   d.doc};
}

inline const Scenario& default_scenario() {
  static const Scenario defaults;
  return defaults;
}

template <class At>
using MemberType = std::remove_cvref_t<decltype(std::declval<At>()(std::declval<Scenario&>()))>;

template <class At>
FieldBinding integer_field(Member<At> m, IntRange range, const FieldDoc& d) {
  using T = MemberType<At>;
  const T fallback = m.at(default_scenario());
  FieldBinding b;
  b.info =
      make_field_info(m.path, FieldType::integer, d, std::to_string(fallback), range_text(range));
  b.read = [path = m.path, at = m.at, range](const nlohmann::json& v, Scenario& s,
                                             const ReadContext&) {
    at(s) = static_cast<T>(read_integer(v, path, range));
  };
  b.check = [path = m.path, at = m.at, range, fallback](const Scenario& s) {
    if (at(s) != fallback) check_integer(at(s), path, range);
  };
  return b;
}

template <class At>
FieldBinding number_field(Member<At> m, NumberRange range, const FieldDoc& d) {
  const double fallback = m.at(default_scenario());
  FieldBinding b;
  b.info = make_field_info(m.path, FieldType::number, d, number_text(fallback), range_text(range));
  b.read = [path = m.path, at = m.at, range](const nlohmann::json& v, Scenario& s,
                                             const ReadContext&) {
    at(s) = read_number(v, path, range);
  };
  b.check = [path = m.path, at = m.at, range, fallback](const Scenario& s) {
    if (at(s) != fallback) check_number(at(s), path, range);
  };
  return b;
}

template <class At>
FieldBinding boolean_field(Member<At> m, const FieldDoc& d) {
  const bool fallback = m.at(default_scenario());
  FieldBinding b;
  b.info =
      make_field_info(m.path, FieldType::boolean, d, fallback ? "true" : "false", "true, false");
  b.read = [path = m.path, at = m.at](const nlohmann::json& v, Scenario& s, const ReadContext&) {
    at(s) = read_boolean(v, path);
  };
  return b;
}

template <class At>
FieldBinding choice_field(Member<At> m, const FieldDoc& d) {
  using E = MemberType<At>;
  FieldBinding b;
  b.info = make_field_info(m.path, FieldType::choice, d,
                           in_quotes(to_string(m.at(default_scenario()))), join(enum_names<E>()));
  b.read = [path = m.path, at = m.at](const nlohmann::json& v, Scenario& s, const ReadContext&) {
    at(s) = read_choice<E>(v, path);
  };
  return b;
}

template <class At>
FieldBinding integer_list_field(Member<At> m, ListSize size, IntRange each, const FieldDoc& d) {
  FieldBinding b;
  b.info = make_field_info(m.path, FieldType::integer_list, d, "[]", list_range_text(size, each));
  b.read = [path = m.path, at = m.at, size, each](const nlohmann::json& v, Scenario& s,
                                                  const ReadContext&) {
    at(s) = read_integer_list(v, path, size, each);
  };
  b.check = [path = m.path, at = m.at, size, each](const Scenario& s) {
    if (!at(s).empty()) check_integer_list(at(s), path, size, each);
  };
  return b;
}

// A list of distinct values of an enum, each spelled as to_string() writes it, at least one.
template <class At>
FieldBinding choice_list_field(Member<At> m, const FieldDoc& d) {
  using E = typename MemberType<At>::value_type;
  std::string fallback;
  for (const E e : m.at(default_scenario()))
    fallback += std::string(fallback.empty() ? "" : ", ") + in_quotes(to_string(e));
  FieldBinding b;
  b.info = make_field_info(m.path, FieldType::choice_list, d, "[" + fallback + "]",
                           "one or more of " + join(enum_names<E>()));
  b.read = [path = m.path, at = m.at](const nlohmann::json& v, Scenario& s, const ReadContext&) {
    at(s) = read_choice_list<E>(v, path);
  };
  return b;
}

// model.layers: an array of layer objects with its own reader (sim/scenario/net_layer.hpp).
inline FieldBinding layer_list_field(
    std::string path,
    std::function<void(const nlohmann::json&, Scenario&, const ReadContext&)> read,
    const FieldDoc& d) {
  FieldBinding b;
  b.info = make_field_info(std::move(path), FieldType::layer_list, d, "[]", "");
  b.read = std::move(read);
  return b;
}

// A string field with its own reader (names, paths, presets, GPU ids).
using FieldReader = std::function<void(const nlohmann::json&, Scenario&, const ReadContext&)>;
inline FieldBinding string_field(std::string path, FieldReader read, const FieldDoc& d) {
  FieldBinding b;
  b.info = make_field_info(std::move(path), FieldType::string, d, "", "a non-empty string");
  b.read = std::move(read);
  return b;
}

}  // namespace wt
