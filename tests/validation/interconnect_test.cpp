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

// AWS quotes EFA per instance: a p4d's "400 Gbps" is the node's (4 × 100 Gb/s), spread here over
// one NIC per GPU; a p5's 3200 Gbps likewise.
TEST(Interconnect, EfaRatesAreTheInstances) {
  const auto p4d = parse_interconnect("AWS p4d (400 Gbps EFA)", 8);
  ASSERT_TRUE(p4d.has_value());
  EXPECT_EQ(p4d->nics_per_node, 8);
  EXPECT_DOUBLE_EQ(p4d->link_bandwidth_Gbps, 50.0);
  const auto p5 = parse_interconnect("3200 Gbps EFA", 8);
  ASSERT_TRUE(p5.has_value());
  EXPECT_DOUBLE_EQ(p5->link_bandwidth_Gbps, 400.0);
}

// Quantum-2 switches and ConnectX-7 adapters are NDR (400 Gb/s a port), ConnectX-6 HDR.
TEST(Interconnect, AdapterAndSwitchGenerationsNameTheRate) {
  for (const char* text : {"Quantum-2 InfiniBand", "ConnectX-7 NICs"}) {
    const auto spec = parse_interconnect(text, 8);
    ASSERT_TRUE(spec.has_value()) << text;
    EXPECT_DOUBLE_EQ(spec->link_bandwidth_Gbps, 400.0) << text;
  }
  const auto cx6 = parse_interconnect("InfiniBand, ConnectX-6", 8);
  ASSERT_TRUE(cx6.has_value());
  EXPECT_DOUBLE_EQ(cx6->link_bandwidth_Gbps, 200.0);
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

TEST(Interconnect, EthernetSpellingsAndTheMultiplicationSignAreRead) {
  for (const char* text :
       {"8x 400G RoCE", "RoCEv2 8\u00d7400GbE", "ConnectX-7 400Gb/s x8", "8 x 400GE"}) {
    const auto spec = parse_interconnect(text, 8);
    ASSERT_TRUE(spec.has_value()) << text;
    EXPECT_EQ(spec->nics_per_node, 8) << text;
    EXPECT_DOUBLE_EQ(spec->link_bandwidth_Gbps, 400.0) << text;
  }
  const auto four = parse_interconnect("4x200G HDR", 8);
  ASSERT_TRUE(four.has_value());
  EXPECT_EQ(four->nics_per_node, 4);
  EXPECT_DOUBLE_EQ(four->link_bandwidth_Gbps, 200.0);
  // "ConnectX-7" is a part name, not a count of 7.
  const auto part = parse_interconnect("ConnectX-7 NDR", 8);
  ASSERT_TRUE(part.has_value());
  EXPECT_EQ(part->nics_per_node, 8);
}

TEST(Interconnect, SwitchPortsAreNotTheNodesNicsAndCountsMayBeWords) {
  // MegaScale's cluster (Jiang et al. 2024): the switch's 64 ports of 400G are not the node's.
  const auto spec = parse_interconnect(
      "RDMA over Ethernet (paper discusses DCQCN/PFC), Broadcom Tomahawk 4 switches (64x400G), "
      "3-layer CLOS, 1:1 up/down; eight 200G NICs per server, multi-rail",
      8);
  ASSERT_TRUE(spec.has_value());
  EXPECT_EQ(spec->nics_per_node, 8);
  EXPECT_DOUBLE_EQ(spec->link_bandwidth_Gbps, 200.0);
  // A clause that names the NICs is read even when it names the switches too.
  const auto both = parse_interconnect("8x 400G ConnectX-7 HCAs to Quantum-2 switches", 8);
  ASSERT_TRUE(both.has_value());
  EXPECT_EQ(both->nics_per_node, 8);
  EXPECT_DOUBLE_EQ(both->link_bandwidth_Gbps, 400.0);
  const auto hdr = parse_interconnect("InfiniBand HDR (8 per node)", 8);
  ASSERT_TRUE(hdr.has_value());
  EXPECT_EQ(hdr->nics_per_node, 8);
  EXPECT_DOUBLE_EQ(hdr->link_bandwidth_Gbps, 200.0);
}

TEST(Interconnect, ARateSaidToBeTheNodesIsSplitOverItsGpus) {
  // 800 Gb/s is one XDR NIC's rate, but the text says it is the node's: 8 × 100 Gb/s.
  const auto spec = parse_interconnect("800 Gbps per node", 8);
  ASSERT_TRUE(spec.has_value());
  EXPECT_EQ(spec->nics_per_node, 8);
  EXPECT_DOUBLE_EQ(spec->link_bandwidth_Gbps, 100.0);
  // With a count the rate stays per NIC.
  const auto one = parse_interconnect("1x 100 Gb/s InfiniBand EDR per node", 8);
  ASSERT_TRUE(one.has_value());
  EXPECT_EQ(one->nics_per_node, 1);
  EXPECT_DOUBLE_EQ(one->link_bandwidth_Gbps, 100.0);
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
