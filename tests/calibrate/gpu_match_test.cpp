#include <gtest/gtest.h>

#include "calibrate/gpu_match.hpp"

namespace wt::calibrate {
namespace {

TEST(CatalogIdForDevice, NamesTheCudaRuntimeReports) {
  EXPECT_EQ(catalog_id_for_device("NVIDIA H100 80GB HBM3"), "h100-sxm5-80gb");
  EXPECT_EQ(catalog_id_for_device("NVIDIA H100 PCIe"), "h100-pcie-80gb");
  EXPECT_EQ(catalog_id_for_device("NVIDIA H100 NVL"), "h100-pcie-80gb");
  EXPECT_EQ(catalog_id_for_device("NVIDIA H200"), "h200-sxm-141gb");
  EXPECT_EQ(catalog_id_for_device("NVIDIA H800"), "h800-sxm5-80gb");
  EXPECT_EQ(catalog_id_for_device("NVIDIA A100-SXM4-80GB"), "a100-sxm4-80gb");
  EXPECT_EQ(catalog_id_for_device("NVIDIA A100-SXM4-40GB"), "a100-sxm4-40gb");
  EXPECT_EQ(catalog_id_for_device("Tesla V100-SXM2-32GB"), "v100-sxm2-32gb");
  EXPECT_EQ(catalog_id_for_device("Tesla T4"), "t4");
  EXPECT_EQ(catalog_id_for_device("NVIDIA L40S"), "l40s");
  EXPECT_EQ(catalog_id_for_device("NVIDIA B200"), "b200");
  EXPECT_EQ(catalog_id_for_device("AMD Instinct MI300X"), "mi300x");
}

TEST(CatalogIdForDevice, A100VariantsByNameOrMemory) {
  EXPECT_EQ(catalog_id_for_device("NVIDIA A100-PCIE-40GB"), "a100-sxm4-40gb");
  EXPECT_EQ(catalog_id_for_device("NVIDIA A100 80GB PCIe"), "a100-pcie-80gb");
  EXPECT_EQ(catalog_id_for_device("NVIDIA A100-PCIE", 42.3e9), "a100-sxm4-40gb");
  EXPECT_EQ(catalog_id_for_device("NVIDIA A100-PCIE", 85.1e9), "a100-pcie-80gb");
  EXPECT_EQ(catalog_id_for_device("NVIDIA A100-SXM4-80GB", 85.1e9), "a100-sxm4-80gb");
}

TEST(CatalogIdForDevice, GraceHopperByMemory) {
  EXPECT_EQ(catalog_id_for_device("NVIDIA GH200 480GB", 102e9), "gh200-96gb");
  EXPECT_EQ(catalog_id_for_device("NVIDIA GH200 144G HBM3e", 153e9), "h200-sxm-141gb");
}

TEST(CatalogIdForDevice, UnknownGpusHaveNoId) {
  EXPECT_EQ(catalog_id_for_device("NVIDIA GeForce RTX 4090"), "");
  EXPECT_EQ(catalog_id_for_device(""), "");
  EXPECT_EQ(catalog_id_for_device("NVIDIA"), "");
}

TEST(LinkKindFor, NvlinkOnlyForPeerConnectedNonPcieCards) {
  EXPECT_EQ(link_kind_for("NVIDIA H100 80GB HBM3", true), LinkKind::nvlink);
  EXPECT_EQ(link_kind_for("NVIDIA H100 80GB HBM3", false), LinkKind::pcie);
  EXPECT_EQ(link_kind_for("NVIDIA H100 PCIe", true), LinkKind::pcie);
  EXPECT_EQ(link_kind_for("NVIDIA A100-PCIE-40GB", true), LinkKind::pcie);
}

}  // namespace
}  // namespace wt::calibrate
