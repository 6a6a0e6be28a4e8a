#pragma once
// The golden check of a validation set: every prediction equals its pinned value (to 1e-9
// relative) and every published figure is the one pinned; WT_GOLDEN_UPDATE=1 rewrites the pin.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace wt::test {

// `now` maps an entry's key to {"published", "predicted"}.
inline void expect_pinned(const nlohmann::json& now, const std::string& expected_path) {
  if (std::getenv("WT_GOLDEN_UPDATE") != nullptr) {
    std::ofstream(expected_path) << now.dump(2) << "\n";
    GTEST_SKIP() << "expectation rewritten: " << expected_path;
  }
  std::ifstream in(expected_path);
  ASSERT_TRUE(in) << "no expectation " << expected_path << ": run with WT_GOLDEN_UPDATE=1";
  const nlohmann::json pinned = nlohmann::json::parse(in);
  EXPECT_EQ(pinned.size(), now.size());
  for (const auto& [key, row] : now.items()) {
    ASSERT_TRUE(pinned.contains(key)) << "new entry " << key;
    const double expected = pinned.at(key).at("predicted").get<double>();
    EXPECT_NEAR(row.at("predicted").get<double>(), expected, 1e-9 * std::abs(expected)) << key;
    EXPECT_EQ(row.at("published"), pinned.at(key).at("published")) << key;
  }
}

}  // namespace wt::test
