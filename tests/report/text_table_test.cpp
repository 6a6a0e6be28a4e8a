#include "sim/report/text_table.hpp"

#include <gtest/gtest.h>

namespace wt {
namespace {

TEST(TextTable, AlignsTextLeftAndNumbersRight) {
  TextTable t({{"id", Align::left}, {"TFLOP/s", Align::right}, {"note", Align::left}});
  t.add_row({"a100", "312", "dense"});
  t.add_row({"h100-sxm5", "989.5"});
  EXPECT_EQ(t.str(),
            "id         TFLOP/s  note\n"
            "---------  -------  -----\n"
            "a100           312  dense\n"
            "h100-sxm5    989.5\n");
}

TEST(TextTable, CountsCharactersNotBytes) {
  EXPECT_EQ(display_width("8×8"), 3u);
  EXPECT_EQ(display_width("µs"), 2u);
  TextTable t({{"layout", Align::left}, {"n", Align::right}});
  t.add_row({"8×8", "1"});
  t.add_row({"abcd", "2"});
  EXPECT_EQ(t.str(),
            "layout  n\n"
            "------  -\n"
            "8×8     1\n"
            "abcd    2\n");
}

TEST(TextTable, TooManyCellsIsAnError) {
  TextTable t({{"a", Align::left}});
  EXPECT_THROW(t.add_row({"1", "2"}), std::logic_error);
}

}  // namespace
}  // namespace wt
