#include <gtest/gtest.h>

#include <limits>

#include "sim/report/headline.hpp"
#include "sim/report/summary_text.hpp"

namespace wt {
namespace {

TEST(FormatDuration, PicksAUnitAndThreeDigits) {
  EXPECT_EQ(format_duration(0.0), "0 s");
  EXPECT_EQ(format_duration(2.5e-6), "2.50 µs");
  EXPECT_EQ(format_duration(0.0125), "12.5 ms");
  EXPECT_EQ(format_duration(0.9999), "1.00 s");  // not "1000 ms"
  EXPECT_EQ(format_duration(23.6), "23.6 s");
  EXPECT_EQ(format_duration(119.0), "119 s");
  EXPECT_EQ(format_duration(600.0), "10.0 min");
  EXPECT_EQ(format_duration(5 * 3600.0), "5.00 h");
  EXPECT_EQ(format_duration(26 * 86400.0), "26.0 days");
  EXPECT_EQ(format_duration(400 * 86400.0), "400 days");
  EXPECT_EQ(format_duration(std::numeric_limits<double>::infinity()), "∞");
}

TEST(FormatCount, SuffixesWithThreeSignificantDigits) {
  EXPECT_EQ(format_count(0.0), "0");
  EXPECT_EQ(format_count(512.0), "512");
  EXPECT_EQ(format_count(65.3), "65.3");
  EXPECT_EQ(format_count(1234.0), "1.23k");
  EXPECT_EQ(format_count(133000.0), "133k");
  EXPECT_EQ(format_count(999.7), "1.00k");  // rounds up into the next suffix
  EXPECT_EQ(format_count(1.5e6), "1.50M");
  EXPECT_EQ(format_count(1.757e6), "1.76M");
  EXPECT_EQ(format_count(3e11), "300B");
  EXPECT_EQ(format_count(2.5e12), "2.50T");
  EXPECT_EQ(format_count(999e12), "999T");
  EXPECT_EQ(format_count(4.4047e19), "4.40e+19");  // no suffix past T
}

TEST(FormatBytes, BinaryUnits) {
  EXPECT_EQ(format_bytes(512.0), "512 B");
  EXPECT_EQ(format_bytes(1536.0), "1.50 KiB");
  EXPECT_EQ(format_bytes(1023.7), "1.00 KiB");
  EXPECT_EQ(format_bytes(25.0 * 1024 * 1024), "25.0 MiB");
  EXPECT_EQ(format_bytes(61.2 * 1024 * 1024 * 1024), "61.2 GiB");
  EXPECT_EQ(format_bytes(80e9), "74.5 GiB");  // 80e9 / 2^30 = 74.506
  EXPECT_EQ(format_bytes(3.0 * 1024 * 1024 * 1024 * 1024), "3.00 TiB");
}

TEST(WithThousands, GroupsDigits) {
  EXPECT_EQ(with_thousands(8), "8");
  EXPECT_EQ(with_thousands(1024), "1,024");
  EXPECT_EQ(with_thousands(16384), "16,384");
  EXPECT_EQ(with_thousands(1234567), "1,234,567");
  EXPECT_EQ(with_thousands(-1000), "-1,000");
}

}  // namespace
}  // namespace wt
