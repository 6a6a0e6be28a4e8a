// windtunnel-calibrate run as a user runs it. Tests that need a GPU skip with the program's own
// "no usable GPU" message where there is none, and check their output where there is one.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "sim/hardware/calibration_profile.hpp"

namespace {

struct Outcome {
  int code = -1;
  std::string output;
};

// `timeout` keeps a hung GPU call from hanging the test; stderr joins stdout unless `json_only`.
Outcome calibrate(const std::string& args, bool json_only = false) {
  const std::string command = std::string("cd '") + WT_SOURCE_DIR + "' && timeout 600 '" +
                              WT_CALIBRATE + "' " + args + (json_only ? " 2>/dev/null" : " 2>&1");
  Outcome o;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return o;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
    o.output.append(buffer, n);
  const int status = pclose(pipe);
  o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return o;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string temp_path(const std::string& name) {
  return std::string(WT_TEST_OUT) + "/" + name;
}

TEST(CalibrateCli, HelpListsTheOptionsAndReplay) {
  const Outcome o = calibrate("--help");
  EXPECT_EQ(o.code, 0) << o.output;
  for (const char* option : {"--out", "--quick", "--only", "--max-bytes", "--reps", "replay"}) {
    EXPECT_TRUE(contains(o.output, option)) << option;
  }
  const Outcome r = calibrate("replay --help");
  EXPECT_EQ(r.code, 0) << r.output;
  for (const char* option : {"--rank", "--set", "--json", "--profile"}) {
    EXPECT_TRUE(contains(r.output, option)) << option;
  }
}

TEST(CalibrateCli, Version) {
  const Outcome o = calibrate("--version");
  EXPECT_EQ(o.code, 0);
  EXPECT_EQ(o.output.rfind("windtunnel-calibrate ", 0), 0u) << o.output;
}

TEST(CalibrateCli, BadOptionsExitTwoBeforeTouchingTheGpu) {
  for (const std::string args : {"--frobnicate", "--only gemm,flops", "--reps 0", "--max-bytes 0",
                                 "--out /nonexistent-folder/profile.json", "replay",
                                 "replay --rank -1 scenarios/one-gpu.json"}) {
    const Outcome o = calibrate(args);
    EXPECT_EQ(o.code, 2) << args << "\n" << o.output;
    EXPECT_TRUE(contains(o.output, "windtunnel-calibrate: error: ")) << args << "\n" << o.output;
  }
}

TEST(CalibrateCli, ReplayChecksItsInputBeforeTheGpu) {
  for (const std::string args :
       {"replay scenarios/no-such-scenario.json", "replay scenarios/one-gpu.json --rank 3",
        "replay scenarios/one-gpu.json --set parallel.tensr=2",
        "replay scenarios/one-gpu.json --profile no-such-profile.json"}) {
    const Outcome o = calibrate(args);
    EXPECT_EQ(o.code, 2) << args << "\n" << o.output;
  }
}

TEST(CalibrateCli, QuickCalibrationWritesAProfileOrSaysThereIsNoGpu) {
  const std::string out = temp_path("quick-profile.json");
  std::filesystem::remove(out);
  const Outcome o = calibrate("--quick --out '" + out + "'");
  if (o.code == 4) {
    EXPECT_TRUE(contains(o.output, "windtunnel-calibrate: no usable GPU: ")) << o.output;
    EXPECT_FALSE(std::filesystem::exists(out)) << "no profile without a GPU";
    GTEST_SKIP() << "no GPU: " << o.output;
  }
  ASSERT_EQ(o.code, 0) << o.output;
  const wt::CalibrationProfile p = wt::read_profile(out);
  EXPECT_GE(p.provenance.gpu_count, 1);
  EXPECT_FALSE(p.provenance.gpu_name.empty());
  EXPECT_FALSE(p.gemm.empty());
  EXPECT_FALSE(p.bandwidth.empty());
  EXPECT_FALSE(p.attention.empty());
}

TEST(CalibrateCli, ReplayPrintsOneJsonObjectOrSaysThereIsNoGpu) {
  const Outcome o = calibrate("replay scenarios/one-gpu.json --json --reps 3", true);
  if (o.code == 4) GTEST_SKIP() << "no GPU (exit 4)";
  ASSERT_EQ(o.code, 0) << o.output;
  const nlohmann::json j = nlohmann::json::parse(o.output);
  EXPECT_EQ(j.at("scenario"), "one-gpu");
  EXPECT_EQ(j.at("rank"), 0);
  EXPECT_GT(j.at("total").at("measured_s").get<double>(), 0.0);
  EXPECT_GT(j.at("total").at("predicted_s").get<double>(), 0.0);
}

}  // namespace
