// Shard and checkpoint parts read back like user input (issue 18, item 4): a part is a file that
// may be edited, truncated or from another plan. Before, a wrong type ended in a raw
// json.exception.type_error.302 and a negative cost was merged as the cheapest candidate.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "core/error.hpp"
#include "planner/search/checkpoint.hpp"
#include "planner/search/plan_report.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt {
namespace {

using nlohmann::json;

const std::string kPlan = std::string(WT_SOURCE_DIR) + "/tests/planner/data/small-plan.json";

struct Parts {
  PlanSpec spec = load_plan_file(kPlan);
  CandidateSpace space{spec};
  std::vector<json> parts;  // shard 0/2 and 1/2, through text as between machines
  Parts() {
    for (uint64_t i = 0; i < 2; ++i) {
      SearchOptions o;
      o.shard = {i, 2};
      o.keep = 3;
      parts.push_back(parse_json_text(shard_json(spec, run_search(space, o), o.shard).dump(), ""));
    }
  }
};

const Parts& parts() {
  static const Parts p;
  return p;
}

// The message of the InputError that merging the two parts (the first edited) gives; "" if none.
std::string merge_error(const std::function<void(json&)>& edit) {
  std::vector<json> shards = parts().parts;
  edit(shards[0]);
  try {
    merge_shards(parts().spec, shards, {"a.json", "b.json"});
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ShardRead, UntouchedPartsMerge) {
  const SearchState s = merge_shards(parts().spec, parts().parts, {"a.json", "b.json"});
  EXPECT_EQ(s.combinations, parts().spec.combinations);  // 2 × 3 × 4 × 2 × 2 × 2 = 192
  EXPECT_EQ(s.combinations, 192u);
  ASSERT_TRUE(s.cheapest.has_value());
  EXPECT_GT(s.cheapest->cost_usd, 0.0);
}

TEST(ShardRead, NegativeCostIsRefused) {
  EXPECT_EQ(
      merge_error([](json& j) { j["outcomes"][0]["cost_usd"] = -100; }),
      "outcomes[0].cost_usd: is negative in a.json (got -100); allowed: a finite number >= 0");
}

TEST(ShardRead, WrongTypesAreRefusedWithTheirPath) {
  EXPECT_EQ(merge_error([](json& j) { j["outcomes"][1]["gpu_hours"] = "many"; }),
            "outcomes[1].gpu_hours: is not a number in a.json (got \"many\"); allowed: a finite "
            "number >= 0");
  EXPECT_EQ(merge_error([](json& j) { j["shard"] = "0/2"; }),
            "shard: is not a JSON object in a.json (got \"0/2\"); allowed: an object");
  EXPECT_EQ(merge_error([](json& j) { j["fingerprint"] = 7; }),
            "fingerprint: is not a string in a.json (got 7); allowed: a non-empty string");
  EXPECT_EQ(merge_error([](json& j) { j["outcomes"] = json::object(); }),
            "outcomes: is not an array in a.json (got {}); allowed: an array of at least 0 "
            "elements");
}

TEST(ShardRead, RangesAreChecked) {
  EXPECT_NE(merge_error([](json& j) {
              j["outcomes"][0]["iteration_time_s"] = 0;
            }).find("outcomes[0].iteration_time_s: is not positive in a.json"),
            std::string::npos);
  // Candidate numbers run 0 .. 191 in this plan.
  EXPECT_NE(merge_error([](json& j) {
              j["outcomes"][0]["index"] = 192;
            }).find("outcomes[0].index: is out of range in a.json (got 192)"),
            std::string::npos);
  EXPECT_NE(merge_error([](json& j) {
              j["evaluated"] = j["combinations"].get<int>() + 1;
            }).find("evaluated: is out of range in a.json"),
            std::string::npos);
  EXPECT_NE(merge_error([](json& j) { j["shard"]["index"] = 2; })
                .find("shard.index: is out of range in a.json (got 2); allowed: an integer from 0 "
                      "to 1"),
            std::string::npos);
  EXPECT_NE(merge_error([](json& j) { j["pruned"]["x"] = -1; }).find("pruned.x: is out of range"),
            std::string::npos);
}

TEST(ShardRead, MissingAndUnknownKeysAreRefused) {
  EXPECT_EQ(merge_error([](json& j) { j.erase("evaluated"); }),
            "evaluated: is missing in a.json; allowed: a part written by plan --shard i/N");
  EXPECT_NE(merge_error([](json& j) {
              j["outcomes"][0]["bonus"] = 1;
            }).find("outcomes[0].bonus: is not a known key in a.json"),
            std::string::npos);
}

TEST(ShardRead, AnEditedFingerprintIsAnotherPlan) {
  EXPECT_NE(merge_error([](json& j) {
              j["fingerprint"] = "0123456789abcdef";
            }).find("a.json: is a shard of another plan"),
            std::string::npos);
}

// A count read from a file is not trusted to size a loop: 2^62 shards with two given.
TEST(ShardRead, AHugeShardCountListsTheFirstMissing) {
  std::vector<json> shards = parts().parts;
  for (json& j : shards)
    j["shard"]["count"] = uint64_t{1} << 62;
  try {
    merge_shards(parts().spec, shards, {"a.json", "b.json"});
    FAIL() << "merged";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("shards missing: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, ..."),
              std::string::npos)
        << e.what();
  }
}

// A tampered --checkpoint part: the resumed run names the file and the path.
TEST(ShardRead, TamperedCheckpointPartIsAnInputError) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("wt-shard-read-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const SaveFile save = [](const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
  };
  SearchOptions o;
  o.keep = 3;
  (void)run_checkpointed_search(parts().space, o, dir.string(), 2, save);
  const std::string part = checkpoint_file(dir.string(), 1, 2);
  json j = parse_json_text(*read_text_file(part), part);
  j["outcomes"][0]["cost_usd"] = -100;
  save(part, j.dump());
  std::string message;
  try {
    (void)run_checkpointed_search(parts().space, o, dir.string(), 2, save);
  } catch (const InputError& e) {
    message = e.what();
  }
  std::filesystem::remove_all(dir);
  EXPECT_EQ(message, "outcomes[0].cost_usd: is negative in " + part +
                         " (got -100); allowed: a finite number >= 0");
}

}  // namespace
}  // namespace wt
