// core/csv: RFC 4180 quoting, full-precision numbers, the header and CRLF line ends.
#include "core/csv.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace wt {
namespace {

TEST(Csv, QuotesOnlyWhatNeedsIt) {
  EXPECT_EQ(csv_field("plain text"), "plain text");
  EXPECT_EQ(csv_field(""), "");
  EXPECT_EQ(csv_field("Llama 3, 8×H100"), "\"Llama 3, 8×H100\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field("cr\r"), "\"cr\r\"");
}

TEST(Csv, NumbersReadBackExactly) {
  for (const double v : {0.1, 1.0 / 3.0, 41597.10818612186, 1e-300, 6.02214076e23, -2.5}) {
    EXPECT_EQ(std::stod(csv_number(v)), v) << csv_number(v);
  }
  EXPECT_EQ(csv_number(3139.0), "3139");
  EXPECT_EQ(csv_number(0.5), "0.5");
  EXPECT_EQ(csv_number(std::numeric_limits<double>::quiet_NaN()), "");
  EXPECT_EQ(csv_number(std::numeric_limits<double>::infinity()), "");
  EXPECT_EQ(csv_integer(140682391552LL), "140682391552");
}

TEST(Csv, TableHasAHeaderAndCrlfRows) {
  CsvTable t({"id", "label", "value"});
  t.add_row({"1", "a, b", csv_number(0.25)});
  t.add_row({"2"});  // padded to the header's width
  EXPECT_EQ(t.str(), "id,label,value\r\n1,\"a, b\",0.25\r\n2,,\r\n");
  EXPECT_THROW(t.add_row({"1", "2", "3", "4"}), std::logic_error);
}

}  // namespace
}  // namespace wt
