// Where an installed program finds its data (core/data_dir.hpp): PREFIX/share/windtunnel beside
// PREFIX/bin under the default GNU layout, nothing when the file is not there.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/data_dir.hpp"
#include "tests/core/scratch_folder.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;

TEST(DataDir, FindsTheFileInShareBesideBin) {
  const test::ScratchFolder prefix("wt-data-dir");
  fs::create_directories(prefix.path() / "bin");
  fs::create_directories(prefix.path() / "share/windtunnel");
  std::ofstream(prefix.path() / "share/windtunnel/error-bands.json") << "{}";
  const auto found = installed_data_file(prefix.file("bin"), "error-bands.json");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(*found, prefix.file("share/windtunnel/error-bands.json"));
}

TEST(DataDir, NothingWhenTheFileIsMissingOrNotAFile) {
  const test::ScratchFolder prefix("wt-data-dir");
  fs::create_directories(prefix.path() / "bin");
  EXPECT_FALSE(installed_data_file(prefix.file("bin"), "error-bands.json").has_value());
  fs::create_directories(prefix.path() / "share/windtunnel/error-bands.json");  // a folder
  EXPECT_FALSE(installed_data_file(prefix.file("bin"), "error-bands.json").has_value());
  EXPECT_FALSE(installed_data_file("", "error-bands.json").has_value());
}

TEST(DataDir, TheExecutableDirIsThisTestsFolder) {
  const std::string dir = executable_dir();
  ASSERT_FALSE(dir.empty());
  EXPECT_TRUE(fs::exists(fs::path(dir) / "core_tests"));
}

}  // namespace
}  // namespace wt
