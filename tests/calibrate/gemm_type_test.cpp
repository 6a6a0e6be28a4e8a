#include <gtest/gtest.h>

#include "calibrate/gemm_type.hpp"

namespace wt::calibrate::gpu {
namespace {

TEST(GemmType, SupportByComputeCapability) {
  EXPECT_TRUE(gemm_type_supported(GemmType::fp32, 6, 0));
  EXPECT_FALSE(gemm_type_supported(GemmType::fp16, 5, 2));
  EXPECT_TRUE(gemm_type_supported(GemmType::fp16, 7, 0));
  EXPECT_FALSE(gemm_type_supported(GemmType::bf16, 7, 5));
  EXPECT_TRUE(gemm_type_supported(GemmType::bf16, 8, 0));
  EXPECT_TRUE(gemm_type_supported(GemmType::tf32, 8, 6));
  EXPECT_FALSE(gemm_type_supported(GemmType::fp8_e4m3, 8, 6));  // A100-class Ampere
  EXPECT_TRUE(gemm_type_supported(GemmType::fp8_e4m3, 8, 9));   // Ada
  EXPECT_TRUE(gemm_type_supported(GemmType::fp8_e4m3, 9, 0));   // Hopper
  EXPECT_TRUE(gemm_type_supported(GemmType::fp8_e4m3, 10, 0));  // Blackwell
}

TEST(GemmType, TrainingPrecisionMapping) {
  for (Precision p :
       {Precision::fp32, Precision::tf32, Precision::fp16, Precision::bf16, Precision::fp8}) {
    EXPECT_EQ(precision_of(gemm_type_for(p)), p) << to_string(p);
  }
  EXPECT_EQ(gemm_type_for(Precision::fp8), GemmType::fp8_e4m3);
  EXPECT_EQ(attention_type_for(Precision::fp8), GemmType::bf16);
  EXPECT_EQ(attention_type_for(Precision::tf32), GemmType::tf32);
  EXPECT_STREQ(to_string(GemmType::fp8_e4m3), "fp8");
  EXPECT_EQ(required_compute_capability(GemmType::fp8_e4m3), "8.9");
}

}  // namespace
}  // namespace wt::calibrate::gpu
