#include <gtest/gtest.h>

#include "calibrate/provenance_text.hpp"

namespace wt::calibrate {
namespace {

TEST(ProvenanceText, CudaVersions) {
  EXPECT_EQ(cuda_version_text(12040), "12.4");
  EXPECT_EQ(cuda_version_text(13000), "13.0");
  EXPECT_EQ(cuda_version_text(11080), "11.8");
}

TEST(ProvenanceText, NcclVersionsBothEncodings) {
  EXPECT_EQ(nccl_version_text(22809), "2.28.9");
  EXPECT_EQ(nccl_version_text(21903), "2.19.3");
  EXPECT_EQ(nccl_version_text(2708), "2.7.8");
}

TEST(ProvenanceText, CublasAndCudnnVersions) {
  EXPECT_EQ(library_version_text(130100), "13.1.0");
  EXPECT_EQ(library_version_text(120402), "12.4.2");
  EXPECT_EQ(library_version_text(91900), "9.19.0");
  EXPECT_EQ(library_version_text(8907), "8.9.7");
}

TEST(ProvenanceText, DateIsIsoUtc) {
  EXPECT_EQ(date_utc(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(date_utc(1700000000), "2023-11-14T22:13:20Z");
}

TEST(ProvenanceText, HostnameHashIsStableHexWithoutTheName) {
  const std::string a = hostname_hash("gpu-node-17.example.org");
  EXPECT_EQ(a.size(), 16u);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(a, hostname_hash("gpu-node-17.example.org"));
  EXPECT_NE(a, hostname_hash("gpu-node-18.example.org"));
  EXPECT_EQ(a.find("gpu"), std::string::npos);
}

TEST(ProvenanceText, CommandLineQuotesWhatAShellWouldSplit) {
  const char* argv[] = {"windtunnel-calibrate", "--out", "my profile.json", "it's", ""};
  EXPECT_EQ(command_line(5, argv), "windtunnel-calibrate --out 'my profile.json' 'it'\\''s' ''");
}

}  // namespace
}  // namespace wt::calibrate
