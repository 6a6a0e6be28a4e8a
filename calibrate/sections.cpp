#include "calibrate/sections.hpp"

#include "core/error.hpp"

namespace wt::calibrate {
namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ')
    s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ')
    s.remove_suffix(1);
  return s;
}

void switch_on(SectionSet& set, std::string_view name, std::string_view list,
               const std::string& option) {
  for (Section s : kAllSections) {
    if (name == to_string(s)) {
      set.on[static_cast<std::size_t>(s)] = true;
      return;
    }
  }
  const std::string what = name.empty() ? "empty section name" : "unknown section";
  throw InputError(option, what, std::string(list), section_names());
}

}  // namespace

const char* to_string(Section s) {
  switch (s) {
    case Section::gemm:
      return "gemm";
    case Section::memory:
      return "memory";
    case Section::attention:
      return "attention";
    case Section::h2d:
      return "h2d";
    case Section::nccl:
      return "nccl";
  }
  return "?";
}

SectionSet all_sections() {
  SectionSet set;
  set.on.fill(true);
  return set;
}

SectionSet parse_sections(std::string_view list, const std::string& option) {
  SectionSet set;
  std::string_view rest = list;
  while (true) {
    const std::size_t comma = rest.find(',');
    switch_on(set, trimmed(rest.substr(0, comma)), list, option);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return set;
}

std::string section_names() {
  std::string names;
  for (Section s : kAllSections)
    names += std::string(names.empty() ? "" : ", ") + to_string(s);
  return names;
}

}  // namespace wt::calibrate
