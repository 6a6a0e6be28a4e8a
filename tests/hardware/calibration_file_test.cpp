// Profiles on disk: reading with file-named errors, and writing them (the writer itself is tested
// in tests/core/atomic_file_test.cpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "calibration_test_profiles.hpp"
#include "core/error.hpp"
#include "sim/hardware/calibration_profile.hpp"
#include "tests/core/scratch_folder.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;

// Each test's own folder (tests/core/scratch_folder.hpp).
class ScratchFolder : public test::ScratchFolder {
 public:
  ScratchFolder() : test::ScratchFolder("wt-calibration") {}
};
using test::slurp;
using test::spit;

TEST(ProfileFile, WriteThenReadGivesTheSameProfile) {
  ScratchFolder dir;
  const CalibrationProfile original = testing::full_synthetic_profile();
  write_profile(original, dir.file("p.json"));
  EXPECT_EQ(read_profile(dir.file("p.json")), original);
  EXPECT_EQ(dir.names(), std::vector<std::string>{"p.json"});
}

TEST(ProfileFile, AProfileThatWouldNotReadBackIsNotWritten) {
  ScratchFolder dir;
  spit(dir.file("p.json"), "old");
  CalibrationProfile bad = testing::full_synthetic_profile();
  bad.gemm[0].m = 0;
  try {
    write_profile(bad, dir.file("p.json"));
    FAIL() << "wrote an invalid profile";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "profile.gemm[0].m");
  }
  EXPECT_EQ(slurp(dir.file("p.json")), "old");
}

TEST(ProfileFile, MissingFileIsAnInputErrorNamingIt) {
  ScratchFolder dir;
  try {
    read_profile(dir.file("absent.json"));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), dir.file("absent.json"));
  }
}

TEST(ProfileFile, InvalidJsonNamesTheFileAndLine) {
  ScratchFolder dir;
  spit(dir.file("p.json"), "{\n  \"schema\": 1,\n  \"provenance\": }\n");
  try {
    read_profile(dir.file("p.json"));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), dir.file("p.json"));
    EXPECT_NE(e.problem().find("line 3"), std::string::npos) << e.what();
  }
}

TEST(ProfileFile, DuplicateKeyIsRefusedAtItsPath) {
  ScratchFolder dir;
  spit(dir.file("p.json"), "{\"schema\": 1, \"schema\": 1}");
  try {
    read_profile(dir.file("p.json"));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "profile.schema");
    EXPECT_NE(std::string(e.what()).find(dir.file("p.json")), std::string::npos) << e.what();
  }
}

TEST(ProfileFile, FieldErrorNamesTheFile) {
  ScratchFolder dir;
  nlohmann::json doc = to_json(testing::full_synthetic_profile());
  doc["attention"][0]["heads"] = "32";
  spit(dir.file("p.json"), doc.dump());
  try {
    read_profile(dir.file("p.json"));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "profile.attention[0].heads");
    EXPECT_NE(std::string(e.what()).find(dir.file("p.json")), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace wt
