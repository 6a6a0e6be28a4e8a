// The built-in price table against the reference file it was generated from, and the choice of a
// price for a plan.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "planner/prices/prices.hpp"
#include "planner/search/candidate_space.hpp"
#include "planner/search/plan_spec.hpp"
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

TEST(PriceTable, TpuV6eChipHourFromTheReferenceFile) {
  // /cloud_prices/gcp/tpu_v6e_1: $2.70 per chip-hour (SKY_GCP, us-central1); a chip is a "GPU".
  PriceRequest r;
  const ChosenPrice p = choose_price("tpu-v6e", r);
  EXPECT_DOUBLE_EQ(p.usd_per_gpu_hour, 2.7);
  EXPECT_EQ(p.provider, "gcp");
  EXPECT_EQ(p.source, "SKY_GCP");
  // v4, v5e and v5p have no price read: the plan must give one.
  EXPECT_THROW(choose_price("tpu-v5p", r), InputError);
}

TEST(PriceTable, AClusterAxisPutsATpuSliceBesideAnNvidiaCluster) {
  // "cluster" as a list of whole clusters: each names its chip, and each chip gets its price.
  const nlohmann::json plan = nlohmann::json::parse(R"({
    "schema": 1, "name": "mixed", "model": {"preset": "llama3-8b"},
    "training": {"global_batch_size": 256, "micro_batch_size": 1, "total_tokens": 1e11},
    "parallel": {"tensor": 4, "pipeline": 1},
    "cluster": [
      {"gpu": "h100-sxm5-80gb", "num_nodes": 8, "gpus_per_node": 8},
      {"gpu": "tpu-v6e", "num_nodes": 8, "gpus_per_node": 8, "intra_node": {"fabric": "ici"},
       "network": {"topology": "torus", "torus": {"dims": [8, 8]}}}
    ]})");
  const PlanSpec spec = parse_plan(plan, ".", "mixed");
  const CandidateSpace space(spec);  // keeps a reference to the spec
  EXPECT_DOUBLE_EQ(space.price_of("tpu-v6e").usd_per_gpu_hour, 2.7);
  EXPECT_GT(space.price_of("h100-sxm5-80gb").usd_per_gpu_hour, 0.0);
  EXPECT_EQ(space.scenario(1).cluster.gpu, "tpu-v6e");
  EXPECT_DOUBLE_EQ(space.scenario(1).cost.usd_per_gpu_hour, 2.7);
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
