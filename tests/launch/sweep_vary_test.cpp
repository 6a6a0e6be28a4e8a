// --vary parsing and the grid of points.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "planner/sweep/sweep.hpp"

namespace wt {
namespace {

TEST(SweepVary, PathAndValues) {
  const SweepAxis a = parse_vary("cluster.num_nodes=1,2,4,8");
  EXPECT_EQ(a.path, "cluster.num_nodes");
  EXPECT_EQ(a.values, (std::vector<std::string>{"1", "2", "4", "8"}));
  EXPECT_EQ(parse_vary("cluster.gpu=h100").values, std::vector<std::string>{"h100"});
}

TEST(SweepVary, ListsAndStringsKeepTheirCommas) {
  const SweepAxis a = parse_vary("cluster.network.torus.dims=[4,4,2],[8,4,4]");
  EXPECT_EQ(a.values, (std::vector<std::string>{"[4,4,2]", "[8,4,4]"}));
  const SweepAxis s = parse_vary(R"(name="a,b",c)");
  EXPECT_EQ(s.values, (std::vector<std::string>{"\"a,b\"", "c"}));
}

TEST(SweepVary, MalformedOptionsAreInputErrors) {
  for (const char* bad : {"cluster.num_nodes", "=1,2", "cluster.num_nodes=", "a=1,,2", "a=1,"}) {
    EXPECT_THROW(parse_vary(bad), InputError) << bad;
  }
}

TEST(SweepVary, GridIsNestedLoopsLastAxisFastest) {
  const std::vector<SweepAxis> axes = {{"a", {"1", "2"}}, {"b", {"x", "y", "z"}}};
  const auto grid = sweep_grid(axes);
  ASSERT_EQ(grid.size(), 6u);
  EXPECT_EQ(grid[0], (std::vector<std::string>{"1", "x"}));
  EXPECT_EQ(grid[2], (std::vector<std::string>{"1", "z"}));
  EXPECT_EQ(grid[3], (std::vector<std::string>{"2", "x"}));
  EXPECT_TRUE(sweep_grid({}).empty());
}

}  // namespace
}  // namespace wt
