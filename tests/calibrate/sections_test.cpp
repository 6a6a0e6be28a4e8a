#include <gtest/gtest.h>

#include "calibrate/sections.hpp"
#include "core/error.hpp"

namespace wt::calibrate {
namespace {

TEST(Sections, AllByDefault) {
  const SectionSet all = all_sections();
  for (Section s : kAllSections)
    EXPECT_TRUE(all.contains(s)) << to_string(s);
  EXPECT_EQ(section_names(), "gemm, memory, attention, h2d, nccl");
}

TEST(Sections, ParsesAListWithSpaces) {
  const SectionSet set = parse_sections(" memory , nccl");
  EXPECT_FALSE(set.contains(Section::gemm));
  EXPECT_TRUE(set.contains(Section::memory));
  EXPECT_FALSE(set.contains(Section::attention));
  EXPECT_FALSE(set.contains(Section::h2d));
  EXPECT_TRUE(set.contains(Section::nccl));
}

TEST(Sections, UnknownOrEmptyNamesAreInputErrors) {
  try {
    parse_sections("gemm,flops");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "--only");
    EXPECT_EQ(e.value(), "gemm,flops");
    EXPECT_EQ(e.allowed(), section_names());
  }
  EXPECT_THROW(parse_sections(""), InputError);
  EXPECT_THROW(parse_sections("gemm,"), InputError);
}

}  // namespace
}  // namespace wt::calibrate
