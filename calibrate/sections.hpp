#pragma once
// The parts of a calibration run, as named by `--only`.
#include <array>
#include <string>
#include <string_view>

namespace wt::calibrate {

enum class Section { gemm, memory, attention, h2d, nccl };
inline constexpr std::array<Section, 5> kAllSections{
    Section::gemm, Section::memory, Section::attention, Section::h2d, Section::nccl};

const char* to_string(Section s);

// The sections to run, in kAllSections order.
struct SectionSet {
  std::array<bool, kAllSections.size()> on{};
  bool contains(Section s) const { return on[static_cast<std::size_t>(s)]; }
};

SectionSet all_sections();
// "gemm,nccl" → {gemm, nccl}; spaces around names are ignored. Throws InputError naming `option`
// for an empty list or an unknown name.
SectionSet parse_sections(std::string_view list, const std::string& option = "--only");
std::string section_names();  // "gemm, memory, attention, h2d, nccl"

}  // namespace wt::calibrate
