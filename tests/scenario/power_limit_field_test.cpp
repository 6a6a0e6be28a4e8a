// cluster.gpu_power_limit_W: what validation accepts and refuses (the model's range, GPUs whose
// TDP the catalog does not have).
#include <gtest/gtest.h>

#include "scenario_test_util.hpp"

namespace wt {
namespace {

// small_base runs on A100 SXM4 80GB (TDP 400 W): limits from 160 W (40 %) to 400 W.
TEST(PowerLimitField, AcceptsALimitBetweenFortyPercentOfTheTdpAndTheTdp) {
  const Scenario s =
      parse_scenario(test::patched_base(R"({"cluster": {"gpu_power_limit_W": 250}})"));
  EXPECT_EQ(s.cluster.gpu_power_limit_W, 250.0);
  EXPECT_EQ(parse_scenario(test::small_base()).cluster.gpu_power_limit_W, 0.0);
}

TEST(PowerLimitField, RefusesALimitAboveTheTdpOrBelowTheModelsRange) {
  for (const char* watts : {"450", "100"}) {
    EXPECT_TRUE(test::throws_input_error(
        [&] {
          parse_scenario(test::patched_base(std::string(R"({"cluster": {"gpu_power_limit_W": )") +
                                            watts + "}}"));
        },
        "cluster.gpu_power_limit_W", "outside the range the power model covers for a100-sxm4-80gb"))
        << watts;
  }
}

TEST(PowerLimitField, RefusesALimitOnAPartWithoutATdp) {
  EXPECT_TRUE(test::throws_input_error(
      [] {
        parse_scenario(
            test::patched_base(R"({"cluster": {"gpu": "mi325x", "gpu_power_limit_W": 500}})"));
      },
      "cluster.gpu_power_limit_W", "the catalog has no TDP for mi325x"));
}

}  // namespace
}  // namespace wt
