// parallel.data_sync and its fields: what validation accepts and refuses.
#include <gtest/gtest.h>

#include "scenario_test_util.hpp"

namespace wt {
namespace {

// small_base is TP 2 x PP 2 x DP 2; pure DP on the same 8 GPUs.
constexpr const char* kPureDp = R"({"parallel": {"tensor": 1, "pipeline": 1, "data": null,
    "data_sync": "parameter_server"}})";

TEST(DataSync, ParameterServerNeedsPureDataParallelism) {
  EXPECT_TRUE(test::throws_input_error(
      [] { parse_scenario(test::patched_base(R"({"parallel": {"data_sync": "async"}})")); },
      "parallel.tensor", "must be 1 with parallel.data_sync async"));
  const Scenario s = parse_scenario(test::patched_base(kPureDp));
  EXPECT_EQ(s.parallel.data_sync, DataSync::parameter_server);
  EXPECT_EQ(s.parallel.data, 8);
}

TEST(DataSync, ZeroIsRefusedBesideParameterServers) {
  nlohmann::json j = test::patched_base(kPureDp);
  j["parallel"]["zero_stage"] = 1;
  EXPECT_TRUE(test::throws_input_error([&] { parse_scenario(j); }, "parallel.zero_stage",
                                       "must be 0 with parallel.data_sync parameter_server"));
}

TEST(DataSync, CompressionIsRefusedBesideParameterServers) {
  nlohmann::json j = test::patched_base(kPureDp);
  j["parallel"]["grad_compression"] = "fp16";
  EXPECT_TRUE(test::throws_input_error([&] { parse_scenario(j); }, "parallel.grad_compression",
                                       "is modelled for all-reduce only"));
}

TEST(DataSync, BackupWorkersNeedTheirModeAndAtLeastOne) {
  nlohmann::json j = test::patched_base(kPureDp);
  j["parallel"]["backup_workers"] = 1;
  EXPECT_TRUE(test::throws_input_error([&] { parse_scenario(j); }, "parallel.backup_workers",
                                       "needs parallel.data_sync backup_workers"));
  j["parallel"]["data_sync"] = "backup_workers";
  j["parallel"]["backup_workers"] = 0;
  EXPECT_TRUE(test::throws_input_error([&] { parse_scenario(j); }, "parallel.backup_workers",
                                       "must be at least 1"));
  j["parallel"]["backup_workers"] = 2;
  EXPECT_EQ(parse_scenario(j).parallel.backup_workers, 2);
}

TEST(DataSync, ColocatedServersAtMostOnePerNode) {
  nlohmann::json j = test::patched_base(kPureDp);
  j["parallel"]["num_servers"] = 2;  // one node
  EXPECT_TRUE(test::throws_input_error([&] { parse_scenario(j); }, "parallel.num_servers",
                                       "at most one per node"));
  j["parallel"]["server_placement"] = "dedicated";
  EXPECT_EQ(parse_scenario(j).parallel.num_servers, 2);
}

TEST(DataSync, UnknownModeNamesTheChoices) {
  EXPECT_TRUE(test::throws_input_error(
      [] { parse_scenario(test::patched_base(R"({"parallel": {"data_sync": "gossip"}})")); },
      "parallel.data_sync"));
}

}  // namespace
}  // namespace wt
