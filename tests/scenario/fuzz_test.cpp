// No input crashes the parser: random mutations of a valid scenario (deterministic seed) either
// parse or throw InputError; never another exception, and never undefined behaviour (the
// sanitizer build runs this too).
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "core/error.hpp"
#include "scenario_test_util.hpp"
#include "sim/scenario/field_binding.hpp"
#include "sim/scenario/fields.hpp"

namespace wt {
namespace {

using nlohmann::json;

// Values that probe types, boundaries and overflow, plus valid ones so that mutated scenarios get
// deep into the cross-field rules.
std::vector<json> value_pool() {
  return {0,
          1,
          2,
          3,
          4,
          7,
          8,
          16,
          64,
          -1,
          2147483648,
          -2147483649,
          1e9,
          1e300,
          -1e300,
          2.5,
          0.5,
          9223372036854775807,
          18446744073709551615u,
          "",
          "x",
          "8",
          "fat-tree",
          "torus",
          "dragonfly",
          "interleaved",
          "gpipe",
          "bf16",
          "fp8",
          "t4",
          "h100",
          "llama3-405b",
          "mixtral-8x7b",
          "gpt3-175b",
          true,
          false,
          nullptr,
          json::array(),
          json({8, 4, 4}),
          json({2}),
          json({0}),
          json::object(),
          json({{"x", 1}})};
}

std::vector<std::string> mutable_paths() {
  std::vector<std::string> out;
  for (const FieldInfo& f : scenario_fields()) {
    out.push_back(f.path);
  }
  for (const SectionInfo& s : scenario_sections()) {
    if (!s.path.empty()) out.push_back(s.path);
  }
  out.push_back("unknown_key");
  out.push_back("model.moe.experts");
  return out;
}

json rich_base() {
  return test::patched_base(R"({
    "model": {"moe": {"num_experts": 8, "top_k": 2}},
    "parallel": {"data": null, "expert": 2, "zero_stage": 1, "sequence_parallel": true},
    "cluster": {"num_nodes": 2, "network": {"fat_tree": {"levels": 2, "switch_radix": 16}}},
    "cost": {"usd_per_gpu_hour": 2.5}})");
}

// Replaces, removes or corrupts: one step of a mutation, described for failure messages.
std::string mutate(json& doc, std::mt19937& rng, const std::vector<std::string>& paths,
                   const std::vector<json>& pool) {
  const std::string& path = paths[rng() % paths.size()];
  const json& value = pool[rng() % pool.size()];
  const std::string assignment = path + "=" + value.dump();
  try {
    apply_override(doc, assignment);  // null removes the key
  } catch (const InputError&) {
    // The path runs through a value that an earlier step made a non-object: keep the document.
  }
  return assignment;
}

std::string corrupt_text(std::string text, std::mt19937& rng) {
  const std::size_t at = rng() % (text.size() + 1);
  switch (rng() % 3) {
    case 0:
      return text.substr(0, at);
    case 1:
      return text.insert(at, 1, "{}[],:\"0e-\\"[rng() % 11]);
    default:
      return text.erase(at, 1);
  }
}

TEST(ScenarioFuzz, RandomMutationsOnlyEverThrowInputError) {
  std::mt19937 rng(20240531);
  const std::vector<std::string> paths = mutable_paths();
  const std::vector<json> pool = value_pool();
  const json base = rich_base();
  ASSERT_NO_THROW(parse_scenario(base));
  int parsed = 0, refused = 0;
  std::set<std::string> refused_at;
  constexpr int kIterations = 3000;
  for (int i = 0; i < kIterations; ++i) {
    json doc = base;
    std::string story;
    const int steps = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < steps; ++k) {
      story += mutate(doc, rng, paths, pool) + "; ";
    }
    const bool as_text = rng() % 8 == 0;
    const std::string text = as_text ? corrupt_text(doc.dump(), rng) : "";
    try {
      as_text ? parse_scenario_text(text) : parse_scenario(doc);
      ++parsed;
    } catch (const InputError& e) {
      ++refused;
      refused_at.insert(e.path());
    } catch (const std::exception& e) {
      ADD_FAILURE() << "iteration " << i << ": " << story << (as_text ? " text: " + text : "")
                    << " threw " << typeid(e).name() << ": " << e.what();
    }
  }
  EXPECT_EQ(parsed + refused, kIterations);
  // Both outcomes occur, and refusals come from all over the schema and the cross-field rules,
  // so the mutations reach past the first checks.
  EXPECT_GT(parsed, kIterations / 100);
  EXPECT_GT(refused, kIterations / 4);
  EXPECT_GE(refused_at.size(), 50u);
}

TEST(ScenarioFuzz, RandomOverrideStringsOnlyEverThrowInputError) {
  std::mt19937 rng(7);
  const std::string alphabet = "ab.=[]{}\"1,0-e ";
  for (int i = 0; i < 2000; ++i) {
    std::string assignment;
    const int length = static_cast<int>(rng() % 12);
    for (int k = 0; k < length; ++k) {
      assignment += alphabet[rng() % alphabet.size()];
    }
    try {
      parse_scenario(test::small_base(), {assignment});
    } catch (const InputError&) {
    } catch (const std::exception& e) {
      ADD_FAILURE() << "--set " << assignment << " threw " << e.what();
    }
  }
}

}  // namespace
}  // namespace wt
