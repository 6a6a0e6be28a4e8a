// Searching over fabrics: axes in a network block the candidate's topology drops change nothing,
// so only the representative (each such axis at its first value) is evaluated and the others are
// counted as equivalent; the lists name each candidate's fabric.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "planner/search/plan_report.hpp"
#include "planner/search/search.hpp"
#include "sim/report/headline.hpp"

namespace wt {
namespace {

using nlohmann::json;

// scenarios/plan-fabrics-llama3-70b.json: pipeline 2 × topology 3 × rail 2 × oversubscription 3
// × dragonfly routing 2 = 72 combinations.
json fabrics_plan() {
  return json::parse(R"({
    "schema": 1, "name": "fabrics", "model": {"preset": "llama3-70b"},
    "training": {"global_batch_size": 512, "micro_batch_size": 1, "precision": "bf16",
                 "activation_recompute": "selective", "total_tokens": 1.0e12},
    "parallel": {"tensor": 8, "pipeline": [4, 8], "zero_stage": 1, "sequence_parallel": true},
    "cluster": {"gpu": "h100-sxm5-80gb", "num_nodes": 64, "gpus_per_node": 8,
      "network": {"topology": ["fat-tree", "torus", "dragonfly"], "link_bandwidth_Gbps": 400,
        "nics_per_node": 8, "rail_optimized": [true, false],
        "fat_tree": {"levels": 2, "switch_radix": 64, "oversubscription": [1, 2, 4]},
        "torus": {"dims": [4, 4, 4]},
        "dragonfly": {"groups": 4, "routers_per_group": 4, "nodes_per_router": 4,
                      "global_links_per_router": 2, "routing": ["minimal", "ugal"]}}},
    "plan": {"objective": "fastest", "provider": "any"}})");
}

TEST(FabricSearch, OnlyTheRepresentativesAreEvaluated) {
  const PlanSpec spec = parse_plan(fabrics_plan(), ".", "fabrics");
  const CandidateSpace space(spec);
  ASSERT_EQ(space.size(), 72u);
  SearchOptions options;
  options.jobs = 2;
  options.keep = 100;
  const SearchState st = run_search(space, options);
  // By hand: fat-tree 2 rail × 3 oversubscription × 2 pipelines = 12 (routing at "minimal"),
  // torus 2 pipelines = 2, dragonfly 2 routings × 2 pipelines = 4: 18; the other 54 are twins.
  EXPECT_EQ(st.combinations, 72u);
  EXPECT_EQ(st.evaluated, 18u);
  EXPECT_EQ(st.equivalent, 54u);
  EXPECT_TRUE(st.invalid.empty());
  EXPECT_TRUE(st.pruned.empty());
  EXPECT_EQ(st.ranked.size(), 18u);
  std::map<std::string, int> by_fabric;
  for (const Outcome& o : st.ranked) {
    EXPECT_FALSE(space.equivalent(o.index));
    ++by_fabric[fabric_text(space.scenario(o.index).cluster.network)];
  }
  const std::map<std::string, int> want = {{"rail fat-tree 2-level", 2},
                                           {"rail fat-tree 2-level 2:1", 2},
                                           {"rail fat-tree 2-level 4:1", 2},
                                           {"fat-tree 2-level", 2},
                                           {"fat-tree 2-level 2:1", 2},
                                           {"fat-tree 2-level 4:1", 2},
                                           {"torus 4×4×4", 2},
                                           {"dragonfly 4 groups minimal", 2},
                                           {"dragonfly 4 groups ugal", 2}};
  EXPECT_EQ(by_fabric, want);
}

TEST(FabricSearch, ShardsCarryTheEquivalentCount) {
  const PlanSpec spec = parse_plan(fabrics_plan(), ".", "fabrics");
  const CandidateSpace space(spec);
  std::vector<json> parts;
  std::vector<std::string> names;
  for (uint64_t i = 0; i < 3; ++i) {
    SearchOptions options;
    options.shard = {i, 3};
    const SearchState st = run_search(space, options);
    parts.push_back(json::parse(shard_json(spec, st, options.shard).dump()));
    names.push_back("shard-" + std::to_string(i));
  }
  const SearchState merged = merge_shards(spec, parts, names);
  EXPECT_EQ(merged.combinations, 72u);
  EXPECT_EQ(merged.evaluated, 18u);
  EXPECT_EQ(merged.equivalent, 54u);
}

// Exactness: every equivalent candidate's scenario is its representative's (rail_optimized aside
// where no fat-tree reads it), and each group of identical scenarios has one representative.
TEST(FabricSearch, EquivalentCandidatesHaveTheRepresentativesScenario) {
  const PlanSpec spec = parse_plan(fabrics_plan(), ".", "fabrics");
  const CandidateSpace space(spec);
  std::map<std::string, std::vector<uint64_t>> groups;
  for (uint64_t i = 0; i < space.size(); ++i) {
    json doc = space.document(i);
    if (doc["cluster"]["network"]["topology"] != "fat-tree") {
      doc["cluster"]["network"].erase("rail_optimized");
    }
    groups[doc.dump()].push_back(i);
  }
  EXPECT_EQ(groups.size(), 18u);
  for (const auto& [doc, members] : groups) {
    int representatives = 0;
    for (uint64_t i : members)
      representatives += space.equivalent(i) ? 0 : 1;
    EXPECT_EQ(representatives, 1) << doc;
  }
}

TEST(FabricSearch, AWholeNetworkAxisHasNoEquivalents) {
  json plan = fabrics_plan();
  json& network = plan["cluster"]["network"];
  json torus = network;
  torus["topology"] = "torus";
  torus["rail_optimized"] = true;
  torus.erase("fat_tree");
  torus.erase("dragonfly");
  json tree = torus;
  tree["topology"] = "fat-tree";
  tree.erase("torus");
  tree["fat_tree"] = {{"levels", 2}, {"switch_radix", 64}};
  network = json::array({tree, torus});
  const PlanSpec spec = parse_plan(plan, ".", "fabrics");
  const CandidateSpace space(spec);
  EXPECT_EQ(space.size(), 2u * 2u);  // pipelines × networks
  for (uint64_t i = 0; i < space.size(); ++i)
    EXPECT_FALSE(space.equivalent(i));
  EXPECT_TRUE(space.varies_network());
}

TEST(FabricText, NamesRailsOversubscriptionShapeAndRouting) {
  NetworkConfig n;
  n.fat_tree.levels = 2;
  n.fat_tree.oversubscription = 2.0;
  EXPECT_EQ(fabric_text(n), "rail fat-tree 2-level 2:1");
  n.rail_optimized = false;
  EXPECT_EQ(fabric_text(n), "fat-tree 2-level 2:1");
  n.rail_optimized = true;
  n.fat_tree.levels = 1;  // one switch level: no rails to build (topology/registry.cpp)
  n.fat_tree.oversubscription = 1.0;
  EXPECT_EQ(fabric_text(n), "fat-tree 1-level");
  n.topology = NetworkTopology::torus;
  n.torus.dims = {4, 4, 4};
  EXPECT_EQ(fabric_text(n), "torus 4×4×4");
  n.topology = NetworkTopology::dragonfly;
  n.dragonfly.groups = 4;
  n.dragonfly.routing = DragonflyRouting::ugal;
  EXPECT_EQ(fabric_text(n), "dragonfly 4 groups ugal");
}

}  // namespace
}  // namespace wt
