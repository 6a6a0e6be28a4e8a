// The built-in price table against the reference file it was generated from, and the choice of a
// price for a plan.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "planner/prices/prices.hpp"
#include "sim/hardware/gpu.hpp"

namespace wt {
namespace {

using nlohmann::json;

json reference() {
  std::ifstream in(std::string(WT_DATA_DIR) + "/reference/hardware-and-prices.json");
  return json::parse(in);
}

TEST(PriceTable, EveryFigureIsTheReferenceFilesFigure) {
  const json ref = reference();
  ASSERT_GE(builtin_prices().size(), 20u);
  for (const GpuPrice& p : builtin_prices()) {
    EXPECT_NE(find_gpu(p.gpu), nullptr) << p.gpu;
    EXPECT_DOUBLE_EQ(ref.at(json::json_pointer(p.reference_path)).get<double>(),
                     p.on_demand_usd_per_gpu_hour)
        << p.provider << " " << p.gpu;
    if (!p.spot_reference_path.empty()) {
      EXPECT_DOUBLE_EQ(ref.at(json::json_pointer(p.spot_reference_path)).get<double>(),
                       p.spot_usd_per_gpu_hour)
          << p.provider << " " << p.gpu;
    }
    EXPECT_FALSE(p.date.empty()) << p.provider << " " << p.gpu;
    EXPECT_FALSE(p.source.empty()) << p.provider << " " << p.gpu;
  }
}

TEST(PriceTable, ProviderCheapestUserAndSpot) {
  PriceRequest r;
  r.provider = "aws";
  EXPECT_DOUBLE_EQ(choose_price("h100-sxm5-80gb", r).usd_per_gpu_hour, 6.88);  // p5.48xlarge
  r.provider = "any";
  const ChosenPrice cheapest = choose_price("h100-sxm5-80gb", r);
  for (const GpuPrice& p : builtin_prices()) {
    if (p.gpu == "h100-sxm5-80gb") {
      EXPECT_LE(cheapest.usd_per_gpu_hour, p.on_demand_usd_per_gpu_hour);
    }
  }
  r.spot = true;
  EXPECT_DOUBLE_EQ(choose_price("h100-sxm5-80gb", r).usd_per_gpu_hour, 1.63);  // verda spot
  r.user["h100-sxm5-80gb"] = {2.0, 0.9};
  EXPECT_DOUBLE_EQ(choose_price("h100-sxm5-80gb", r).usd_per_gpu_hour, 0.9);
  EXPECT_EQ(choose_price("h100-sxm5-80gb", r).provider, "user");
}

TEST(PriceTable, AGpuWithoutAPriceNamesPlanPrices) {
  PriceRequest r;
  try {
    choose_price("mi300x", r);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "plan.prices.mi300x");
  }
  r.provider = "lambda";
  try {
    choose_price("h200-sxm-141gb", r);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "plan.provider");
  }
}

}  // namespace
}  // namespace wt
