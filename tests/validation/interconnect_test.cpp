#include "sim/validation/interconnect.hpp"

#include <gtest/gtest.h>

namespace wt::validation {
namespace {

TEST(Interconnect, CountTimesRateIsNicsPerNode) {
  const auto spec = parse_interconnect(
      "8x Mellanox 200 Gb/s HDR InfiniBand HCAs per node (+2 for storage), 3-level fat-tree", 8);
  ASSERT_TRUE(spec.has_value());
  EXPECT_EQ(spec->nics_per_node, 8);
  EXPECT_DOUBLE_EQ(spec->link_bandwidth_Gbps, 200.0);
  EXPECT_NE(spec->reading.find("8 NICs × 200 Gb/s per node"), std::string::npos);
}

TEST(Interconnect, StorageNicsAfterTheComputeOnesAreIgnored) {
  const auto spec = parse_interconnect(
      "InfiniBand compute links 8x 400 Gbit/s per node (+2x 400 Gbit/s storage)", 8);
  ASSERT_TRUE(spec.has_value());
  EXPECT_EQ(spec->nics_per_node, 8);
  EXPECT_DOUBLE_EQ(spec->link_bandwidth_Gbps, 400.0);
}

TEST(Interconnect, NodeTotalIsSplitOverOneNicPerGpu) {
  // 1600 Gb/s is more than one NIC carries: a node total, 1600 / 8 = 200 Gb/s per NIC.
  const auto spec = parse_interconnect("1600 Gbps node-node interconnect (RoCE)", 8);
  ASSERT_TRUE(spec.has_value());
  EXPECT_EQ(spec->nics_per_node, 8);
  EXPECT_DOUBLE_EQ(spec->link_bandwidth_Gbps, 200.0);
  const auto four = parse_interconnect("1600 Gbps node-node interconnect (RoCE)", 4);
  ASSERT_TRUE(four.has_value());
  EXPECT_EQ(four->nics_per_node, 4);
  EXPECT_DOUBLE_EQ(four->link_bandwidth_Gbps, 400.0);
}

TEST(Interconnect, RateWithoutCountIsPerNicOnePerGpu) {
  const auto spec = parse_interconnect("200 Gb/s HDR InfiniBand", 8);
  ASSERT_TRUE(spec.has_value());
  EXPECT_EQ(spec->nics_per_node, 8);
  EXPECT_DOUBLE_EQ(spec->link_bandwidth_Gbps, 200.0);
}

TEST(Interconnect, GenerationNameGivesTheRate) {
  const auto ndr = parse_interconnect("8x ConnectX-7 400G NDR", 8);
  ASSERT_TRUE(ndr.has_value());
  EXPECT_EQ(ndr->nics_per_node, 8);
  EXPECT_DOUBLE_EQ(ndr->link_bandwidth_Gbps, 400.0);
  const auto edr = parse_interconnect("4x EDR InfiniBand", 8);
  ASSERT_TRUE(edr.has_value());
  EXPECT_EQ(edr->nics_per_node, 4);
  EXPECT_DOUBLE_EQ(edr->link_bandwidth_Gbps, 100.0);
}

TEST(Interconnect, TerabitsAreConverted) {
  const auto spec = parse_interconnect("3.2 Tbps per node", 8);
  ASSERT_TRUE(spec.has_value());
  EXPECT_DOUBLE_EQ(spec->link_bandwidth_Gbps, 400.0);  // 3200 / 8
}

TEST(Interconnect, BytesPerSecondAndEmptyTextGiveNothing) {
  EXPECT_FALSE(parse_interconnect("NVLink 4th gen, 900 GB/s bidirectional per GPU", 8).has_value());
  EXPECT_FALSE(parse_interconnect("", 8).has_value());
  EXPECT_FALSE(parse_interconnect("RoCE", 8).has_value());
}

TEST(Interconnect, LongTextIsQuotedShortInTheReading) {
  const std::string text =
      "8x Mellanox 200 Gb/s HDR InfiniBand HCAs per node (+2 for storage), 3-level fat-tree, "
      "850 switches (Selene)";
  const auto spec = parse_interconnect(text, 8);
  ASSERT_TRUE(spec.has_value());
  EXPECT_EQ(spec->reading.find("Selene"), std::string::npos);
  EXPECT_NE(spec->reading.find("…"), std::string::npos);
}

}  // namespace
}  // namespace wt::validation
