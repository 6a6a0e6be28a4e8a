// --set overrides: JSON values, plain strings, nested creation, removal, malformed assignments.
#include <gtest/gtest.h>

#include "scenario_test_util.hpp"

namespace wt {
namespace {

using nlohmann::json;

json after(json doc, const std::string& assignment) {
  apply_override(doc, assignment);
  return doc;
}

TEST(Override, ValuesParseAsJsonElseAsPlainStrings) {
  const json doc = json::object();
  EXPECT_EQ(after(doc, "a=8")["a"], json(8));
  EXPECT_TRUE(after(doc, "a=8")["a"].is_number_integer());
  EXPECT_EQ(after(doc, "a=2.5")["a"], json(2.5));
  EXPECT_EQ(after(doc, "a=1e3")["a"], json(1000.0));
  EXPECT_EQ(after(doc, "a=true")["a"], json(true));
  EXPECT_EQ(after(doc, "a=[8,4,4]")["a"], json({8, 4, 4}));
  EXPECT_EQ(after(doc, R"(a={"b": 1})")["a"]["b"], json(1));
  EXPECT_EQ(after(doc, R"(a="8")")["a"], json("8"));
  EXPECT_EQ(after(doc, "a=fat-tree")["a"], json("fat-tree"));
  EXPECT_EQ(after(doc, "a=1f1b")["a"], json("1f1b"));
  EXPECT_EQ(after(doc, "a=hello world")["a"], json("hello world"));
  EXPECT_EQ(after(doc, "a=")["a"], json(""));
  EXPECT_EQ(after(doc, "a=x=y")["a"], json("x=y"));  // the first '=' separates
}

TEST(Override, CreatesMissingObjectsAndReplacesExistingValues) {
  const json doc = json::parse(R"({"a": {"b": 1}})");
  const json out = after(doc, "a.c.d=[1,2]");
  EXPECT_EQ(out["a"]["b"], json(1));
  EXPECT_EQ(out["a"]["c"]["d"], json({1, 2}));
  EXPECT_EQ(after(doc, "a.b=2")["a"]["b"], json(2));
  EXPECT_EQ(after(json(), "x.y=1")["x"]["y"], json(1));  // a null document becomes an object
}

TEST(Override, NullRemovesAKeyAndCreatesNothing) {
  const json doc = json::parse(R"({"a": {"b": 1, "c": 2}})");
  EXPECT_EQ(after(doc, "a.b=null"), json::parse(R"({"a": {"c": 2}})"));
  EXPECT_EQ(after(doc, "x.y.z=null"), doc);
}

TEST(Override, MalformedAssignmentsAreErrorsAtSet) {
  json doc = test::small_base();
  EXPECT_TRUE(test::throws_input_error([&] { apply_override(doc, "parallel.tensor"); }, "--set",
                                       "key=value"));
  EXPECT_TRUE(test::throws_input_error([&] { apply_override(doc, "=4"); }, "--set", "empty"));
  EXPECT_TRUE(test::throws_input_error([&] { apply_override(doc, "a..b=1"); }, "--set", "empty"));
  EXPECT_TRUE(
      test::throws_input_error([&] { apply_override(doc, "parallel.=1"); }, "--set", "empty"));
  EXPECT_TRUE(test::throws_input_error([&] { apply_override(doc, "parallel.tensor.x=1"); }, "--set",
                                       "parallel.tensor"));
}

TEST(Override, ScenarioFieldsOfEveryType) {
  const Scenario s =
      parse_scenario(test::small_base(),
                     {"parallel.tensor=4", "parallel.pipeline=1", "parallel.data=null",
                      "training.precision=fp16", "name=\"quoted name\"", "cost.spot=true",
                      "cluster.intra_node.latency_us=1.5", "parallel.pipeline_schedule=gpipe"});
  EXPECT_EQ(s.parallel.tensor, 4);
  EXPECT_EQ(s.parallel.data, 2);  // 8 GPUs / (4 × 1)
  EXPECT_EQ(s.training.precision, Precision::fp16);
  EXPECT_EQ(s.name, "quoted name");
  EXPECT_TRUE(s.cost.spot);
  EXPECT_DOUBLE_EQ(s.cluster.intra_node.latency_us, 1.5);
  EXPECT_EQ(s.parallel.pipeline_schedule, PipelineSchedule::gpipe);
}

TEST(Override, ListsAndNestedSections) {
  const Scenario s = parse_scenario(
      test::small_base(),
      {"cluster.num_nodes=2", "parallel.data=4", "cluster.network.topology=torus",
       "cluster.network.torus.dims=[2]", "model.moe.num_experts=8", "model.moe.top_k=2"});
  EXPECT_EQ(s.cluster.network.torus.dims, std::vector<int>{2});
  EXPECT_EQ(s.model.moe.num_experts, 8);
  EXPECT_EQ(s.model.moe.top_k, 2);
  EXPECT_EQ(s.model.moe.moe_ffn_hidden_size, 4096);  // 0 → ffn_hidden_size
}

TEST(Override, LaterOverridesWin) {
  const Scenario s = parse_scenario(test::small_base(),
                                    {"parallel.tensor=8", "parallel.tensor=4", "parallel.data=1"});
  EXPECT_EQ(s.parallel.tensor, 4);
}

TEST(Override, UnknownPathIsRefusedLikeFileContent) {
  EXPECT_TRUE(
      test::throws_input_error([] { parse_scenario(test::small_base(), {"parallel.tensr=4"}); },
                               "parallel.tensr", "did you mean \"tensor\""));
  EXPECT_TRUE(
      test::throws_input_error([] { parse_scenario(test::small_base(), {"paralel.tensor=4"}); },
                               "paralel", "did you mean \"parallel\""));
  EXPECT_TRUE(
      test::throws_input_error([] { parse_scenario(test::small_base(), {"parallel.tensor=four"}); },
                               "parallel.tensor", "must be an integer"));
}

TEST(Override, AppliesToFiles) {
  test::TempDir dir;
  const std::string file = dir.write("base.json", test::small_base().dump());
  EXPECT_EQ(load_scenario_file(file, {"training.global_batch_size=128"}).training.global_batch_size,
            128);
}

}  // namespace
}  // namespace wt
