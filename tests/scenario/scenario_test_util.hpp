#pragma once
// Shared helpers of the scenario tests: a small valid scenario to mutate, temporary files, and an
// assertion on the path and message of an InputError.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sim/scenario/parse.hpp"

namespace wt::test {

// A valid scenario with every model field explicit: 8 layers, h 1024, 16 heads, f 4096, s 2048,
// V 32000; batch 64 in micro-batches of 2; TP 2 × PP 2 × DP 2 on one node of 8 A100-SXM4-80GB.
nlohmann::json small_base();

// The same, with `patch` applied as an RFC 7386 merge patch (null removes a key).
nlohmann::json patched_base(const std::string& patch);

// The smallest calibration profile the reader accepts (it measured an A100-SXM4-80GB, nothing
// else).
inline constexpr const char* kMinimalProfile =
    R"json({"schema": 1, "provenance": {"gpu_name": "NVIDIA A100-SXM4-80GB (test)", "gpu_count": 1},
        "catalog_gpu": "a100-sxm4-80gb"})json";

// A directory of its own under the system temp dir, removed with everything in it at the end.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // Writes `text` to `name` (subfolders created) and returns the full path.
  std::string write(const std::string& name, const std::string& text) const;

 private:
  std::filesystem::path path_;
};

// Passes when `fn` throws an InputError whose path() is `path` and whose message contains
// `fragment`; says what was thrown (or that nothing was) otherwise.
::testing::AssertionResult throws_input_error(const std::function<void()>& fn,
                                              const std::string& path,
                                              const std::string& fragment = "");

bool has_warning_containing(const Scenario& s, const std::string& fragment);

}  // namespace wt::test
