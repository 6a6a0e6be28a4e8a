// Shared-cluster scenarios (sim/scenario/shared_cluster.hpp): placements and the errors of bad
// input (what, where, what is allowed).
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/scenario/shared_cluster.hpp"

namespace wt {
namespace {

using nlohmann::json;

json job(const std::string& name, json nodes) {
  json j = {{"name", name},
            {"model", {{"preset", "llama2-7b"}}},
            {"training", {{"global_batch_size", 64}, {"micro_batch_size", 1}}},
            {"parallel", {{"tensor", 8}}}};
  if (nodes.is_array()) {
    j["nodes"] = nodes;
  } else {
    j["num_nodes"] = nodes;
  }
  return j;
}

json shared(json jobs, int nodes = 8) {
  return {{"schema", 1},
          {"name", "t"},
          {"cluster",
           {{"gpu", "h100-sxm5-80gb"},
            {"num_nodes", nodes},
            {"gpus_per_node", 8},
            {"network",
             {{"topology", "fat-tree"},
              {"nics_per_node", 8},
              {"fat_tree", {{"levels", 2}, {"switch_radix", 32}, {"oversubscription", 1.0}}}}}}},
          {"jobs", std::move(jobs)}};
}

// The error's path and problem, for matching.
std::string error_of(const json& doc) {
  try {
    parse_shared_cluster(doc, ".");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(SharedCluster, JobsGetTheirNodesAndTheirOwnSize) {
  const SharedCluster c = parse_shared_cluster(shared({job("a", json{4, 5}), job("b", 2)}), ".");
  ASSERT_EQ(c.jobs.size(), 2u);
  EXPECT_EQ(c.cluster.num_nodes, 8);
  EXPECT_EQ(c.steps, kDefaultSharedSteps);
  EXPECT_EQ(c.jobs[0].nodes, (std::vector<int>{4, 5}));
  EXPECT_EQ(c.jobs[0].placement, "nodes");
  EXPECT_EQ(c.jobs[1].nodes, (std::vector<int>{0, 1}));  // packed: the lowest free nodes
  EXPECT_EQ(c.jobs[1].placement, "packed");
  EXPECT_EQ(c.jobs[0].scenario.cluster.num_nodes, 2);
  EXPECT_EQ(c.jobs[0].scenario.parallel.data, 2);  // 16 GPUs / tensor 8
  EXPECT_EQ(c.jobs[0].scenario.name, "a");
  EXPECT_EQ(gpus_of(c.jobs[0], 8).front(), 32);
  EXPECT_EQ(gpus_of(c.jobs[0], 8).back(), 47);
}

TEST(SharedCluster, SpreadTakesFreeNodesEvenlyApart) {
  json b = job("b", 4);
  b["placement"] = "spread";
  const SharedCluster c = parse_shared_cluster(shared({job("a", json{0, 1}), b}), ".");
  // Free: 2..7 (6 nodes); spread 4 of them: positions ⌊k·6/4⌋ = 0, 1, 3, 4.
  EXPECT_EQ(c.jobs[1].nodes, (std::vector<int>{2, 3, 5, 6}));
}

TEST(SharedCluster, OverlappingNodesNameBothJobs) {
  const std::string e = error_of(shared({job("a", json{0, 1}), job("b", json{1, 2})}));
  EXPECT_NE(e.find("jobs[1].nodes[0]"), std::string::npos) << e;
  EXPECT_NE(e.find("node 1 is already job jobs[0] (\"a\")'s"), std::string::npos) << e;
}

TEST(SharedCluster, TooFewNodesLeftSaysHowMany) {
  const std::string e = error_of(shared({job("a", json{0, 1, 2, 3, 4, 5}), job("b", 4)}));
  EXPECT_NE(e.find("jobs[1].num_nodes"), std::string::npos) << e;
  EXPECT_NE(e.find("only 2 nodes left"), std::string::npos) << e;
  EXPECT_NE(e.find("allowed: at most 2"), std::string::npos) << e;
}

TEST(SharedCluster, BadInputIsRefusedWithWhereAndWhatIsAllowed) {
  json doc = shared({job("a", 2)});
  doc["model"] = {{"preset", "llama2-7b"}};
  EXPECT_NE(error_of(doc).find("model: unknown key of a shared-cluster scenario"),
            std::string::npos);
  json in_job = job("a", 2);
  in_job["cluster"] = json::object();
  EXPECT_NE(error_of(shared({in_job})).find("jobs[0].cluster: the cluster is shared"),
            std::string::npos);
  json policy = job("a", 2);
  policy["placement"] = "random";
  EXPECT_NE(error_of(shared({policy})).find("jobs[0].placement: unknown placement"),
            std::string::npos);
  EXPECT_NE(error_of(shared({job("a", json{0, 8})})).find("jobs[0].nodes[1]"), std::string::npos);
  EXPECT_NE(error_of(shared({job("a", json{0, 0})})).find("lists a node twice"), std::string::npos);
  EXPECT_NE(error_of(shared({job("a", 2), job("a", 2)})).find("two jobs have this name"),
            std::string::npos);
  json both = job("a", 2);
  both["nodes"] = {0};
  EXPECT_NE(error_of(shared({both})).find("gives both nodes and num_nodes"), std::string::npos);
  EXPECT_NE(error_of(shared(json::array())).find("jobs: must be a non-empty array"),
            std::string::npos);
  json torus = shared({job("a", 2)});
  torus["cluster"]["network"]["topology"] = "torus";
  EXPECT_NE(error_of(torus).find("a shared cluster is a fat tree"), std::string::npos);
}

TEST(SharedCluster, AJobsOwnErrorsCarryItsPath) {
  json bad = job("a", 2);
  bad["model"]["preset"] = "no-such-model";
  EXPECT_NE(error_of(shared({bad})).find("jobs[0].model.preset"), std::string::npos)
      << error_of(shared({bad}));
  json layout = job("a", 2);
  layout["parallel"]["tensor"] = 3;
  EXPECT_EQ(error_of(shared({layout})).rfind("jobs[0].", 0), 0u) << error_of(shared({layout}));
}

TEST(SharedCluster, OneJobCommandsRefuseASharedClusterNamingTheShareCommand) {
  try {
    parse_scenario(shared({job("a", 2)}));
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "jobs");
    EXPECT_NE(std::string(e.what()).find("windtunnel share"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("SimGrid engine"), std::string::npos);
  }
}

}  // namespace
}  // namespace wt
