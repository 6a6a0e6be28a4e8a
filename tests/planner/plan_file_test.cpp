// Plan files: lists and ranges become axes, the plan block is read, and every malformed plan is an
// InputError naming the JSON path, the value and what is allowed.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "planner/search/plan_axes.hpp"
#include "planner/search/plan_block.hpp"
#include "planner/search/plan_spec.hpp"

namespace wt {
namespace {

using nlohmann::json;

json base_plan() {
  return json::parse(R"({
    "model": {"preset": "llama3-8b"},
    "training": {"global_batch_size": 64, "micro_batch_size": [1, 2]},
    "parallel": {"tensor": {"from": 1, "to": 8, "times": 2}},
    "cluster": {"gpu": ["h100", "a100-sxm4-40gb"], "num_nodes": 1},
    "plan": {"deadline_days": 30}
  })");
}

// The InputError's path when parsing `doc` fails, "" when it parses.
std::string error_path(const json& doc) {
  try {
    parse_plan(doc, ".", "t");
  } catch (const InputError& e) {
    return e.path();
  }
  return "";
}

TEST(PlanAxes, GeometricRangeMultipliesUpToTheEnd) {
  EXPECT_EQ(expand_range(json::parse(R"({"from": 64, "to": 2048, "times": 2})"), "x"),
            (std::vector<json>{64, 128, 256, 512, 1024, 2048}));
  EXPECT_EQ(expand_range(json::parse(R"({"from": 1, "to": 100, "times": 10})"), "x"),
            (std::vector<json>{1, 10, 100}));
}

TEST(PlanAxes, StepRangeCountsUpIncludingTheEnd) {
  EXPECT_EQ(expand_range(json::parse(R"({"from": 1, "to": 4})"), "x"),
            (std::vector<json>{1, 2, 3, 4}));
  EXPECT_EQ(expand_range(json::parse(R"({"from": 2, "to": 9, "step": 3})"), "x"),
            (std::vector<json>{2, 5, 8}));
  const std::vector<json> halves =
      expand_range(json::parse(R"({"from": 0.5, "to": 1.5, "step": 0.5})"), "x");
  ASSERT_EQ(halves.size(), 3u);
  EXPECT_DOUBLE_EQ(halves[2].get<double>(), 1.5);
}

TEST(PlanSpec, ListsAndRangesBecomeAxesAndTheTemplateHoldsTheFirstValue) {
  const PlanSpec spec = parse_plan(base_plan(), ".", "t");
  ASSERT_EQ(spec.axes.size(), 3u);
  // nlohmann::json keeps keys sorted: cluster.gpu, parallel.tensor, training.micro_batch_size.
  EXPECT_EQ(spec.axes[0].path, "cluster.gpu");
  EXPECT_EQ(spec.axes[1].path, "parallel.tensor");
  EXPECT_EQ(spec.axes[1].values, (std::vector<json>{1, 2, 4, 8}));
  EXPECT_EQ(spec.axes[2].path, "training.micro_batch_size");
  EXPECT_EQ(spec.combinations, 2u * 4u * 2u);
  EXPECT_EQ(spec.template_doc["parallel"]["tensor"], 1);
  EXPECT_EQ(spec.template_doc["cluster"]["gpu"], "h100");
  EXPECT_FALSE(spec.template_doc.contains("plan"));
  EXPECT_EQ(spec.objective, Objective::cheapest_within_deadline);
  EXPECT_DOUBLE_EQ(spec.constraints.deadline_days, 30.0);
}

TEST(PlanSpec, DefaultsComeFromTheReferenceFailureData) {
  const PlanSpec spec = parse_plan(base_plan(), ".", "t");
  // Llama 3: 419 unexpected interruptions in 54 days on 16,384 H100.
  EXPECT_NEAR(spec.template_doc["reliability"]["gpu_mtbf_hours"].get<double>(), 50677.0, 0.01);
  EXPECT_NEAR(kLlama3GpuMtbfHours / 16384.0, 54.0 * 24.0 / 419.0, 1e-12);
}

TEST(PlanSpec, TheModelPresetAndTopologyAreDocumentAxesAndComeFirst) {
  json doc = base_plan();
  doc["model"]["preset"] = {"llama3-8b", "llama2-7b"};
  const PlanSpec spec = parse_plan(doc, ".", "t");
  EXPECT_EQ(spec.axes.front().path, "model.preset");
  EXPECT_EQ(spec.axes.front().kind, AxisKind::document);
  EXPECT_EQ(spec.axes.back().kind, AxisKind::field);
}

TEST(PlanSpec, ATorusDimsListIsOneValueAndAListOfListsIsAnAxis) {
  json doc = base_plan();
  doc["cluster"]["num_nodes"] = 8;
  doc["cluster"]["network"] = {{"topology", "torus"}, {"torus", {{"dims", {2, 4}}}}};
  EXPECT_EQ(parse_plan(doc, ".", "t").axes.size(), 3u);
  doc["cluster"]["network"]["torus"]["dims"] = {{2, 4}, {8}};
  const PlanSpec spec = parse_plan(doc, ".", "t");
  EXPECT_EQ(spec.axes.size(), 4u);
  EXPECT_EQ(spec.axes[1].path, "cluster.network.torus.dims");
}

TEST(PlanSpec, PlanBlockPricesProviderSpotAndObjective) {
  json doc = base_plan();
  doc["plan"] = json::parse(R"({"budget_usd": 1e6, "max_gpus": 64, "provider": "aws",
      "spot": true, "spot_node_mtbp_hours": 100, "objective": "cheapest",
      "prices": {"H100": 2.5, "a100-sxm4-40gb": {"on_demand": 1.5, "spot": 0.5}}})");
  const PlanSpec spec = parse_plan(doc, ".", "t");
  EXPECT_EQ(spec.objective, Objective::cheapest);
  EXPECT_EQ(spec.constraints.max_gpus, 64);
  EXPECT_TRUE(spec.prices.spot);
  EXPECT_EQ(spec.prices.provider, "aws");
  EXPECT_DOUBLE_EQ(spec.spot.node_mtbp_hours, 100.0);
  EXPECT_DOUBLE_EQ(spec.prices.user.at("h100-sxm5-80gb").on_demand_usd_per_gpu_hour, 2.5);
  EXPECT_DOUBLE_EQ(spec.prices.user.at("a100-sxm4-40gb").spot_usd_per_gpu_hour, 0.5);
  EXPECT_EQ(spec.template_doc["cost"]["spot"], true);
}

TEST(PlanSpec, MalformedPlansNameThePath) {
  const auto with = [](const char* pointer, json value) {
    json doc = base_plan();
    doc[json::json_pointer(pointer)] = std::move(value);
    return doc;
  };
  EXPECT_EQ(error_path(with("/parallel/tensor", json::array({1, "two"}))), "parallel.tensor[1]");
  EXPECT_EQ(error_path(with("/parallel/tensor", json::array({1, 0}))), "parallel.tensor[1]");
  EXPECT_EQ(error_path(with("/parallel/tensor", json::array())), "parallel.tensor");
  EXPECT_EQ(error_path(with("/parallel/tensor", json::array({2, 2}))), "parallel.tensor[1]");
  EXPECT_EQ(error_path(with("/parallel/tensor", json::parse(R"({"from": 8, "to": 1})"))),
            "parallel.tensor.to");
  EXPECT_EQ(
      error_path(with("/parallel/tensor", json::parse(R"({"from": 1, "to": 8, "times": 1})"))),
      "parallel.tensor.times");
  EXPECT_EQ(error_path(with("/parallel/tensr", 2)), "parallel.tensr");
  EXPECT_EQ(error_path(with("/cluster/gpu", json::array({"h100", "h900"}))), "cluster.gpu[1]");
  EXPECT_EQ(error_path(with("/plan/deadline", 30)), "plan.deadline");
  EXPECT_EQ(error_path(with("/plan/deadline_days", -1)), "plan.deadline_days");
  EXPECT_EQ(error_path(with("/plan/provider", "awz")), "plan.provider");
  EXPECT_EQ(error_path(with("/plan/objective", "fastest_within_budget")), "plan.objective");
  EXPECT_EQ(error_path(with("/plan/prices", json::parse(R"({"h900": 2})"))), "plan.prices.h900");
  EXPECT_EQ(error_path(with("/plan/spot", "yes")), "plan.spot");
  EXPECT_EQ(error_path(json::array({1, 2})), "");
}

TEST(PlanSpec, ErrorsSayWhatIsAllowed) {
  json doc = base_plan();
  doc["parallel"]["tensor"] = {1, "two"};
  try {
    parse_plan(doc, ".", "t");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.value(), "\"two\"");
    EXPECT_FALSE(e.allowed().empty());
  }
}

TEST(PlanSpec, AFileThatIsNotAnObjectIsRefused) {
  EXPECT_THROW(parse_plan(json::array({1, 2}), ".", "t"), InputError);
  EXPECT_THROW(load_plan_file("/nonexistent/plan.json"), InputError);
}

}  // namespace
}  // namespace wt
