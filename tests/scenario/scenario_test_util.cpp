#include "scenario_test_util.hpp"

#include <unistd.h>

#include <atomic>
#include <fstream>

#include "core/error.hpp"

namespace wt::test {

nlohmann::json small_base() {
  return nlohmann::json::parse(R"({
    "schema": 1,
    "name": "base",
    "model": {"num_layers": 8, "hidden_size": 1024, "num_attention_heads": 16,
              "ffn_hidden_size": 4096, "seq_length": 2048, "vocab_size": 32000},
    "training": {"global_batch_size": 64, "micro_batch_size": 2, "precision": "bf16"},
    "parallel": {"tensor": 2, "pipeline": 2, "data": 2},
    "cluster": {"gpu": "a100-sxm4-80gb", "num_nodes": 1, "gpus_per_node": 8}
  })");
}

nlohmann::json patched_base(const std::string& patch) {
  nlohmann::json doc = small_base();
  doc.merge_patch(nlohmann::json::parse(patch));
  return doc;
}

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  path_ = std::filesystem::temp_directory_path() /
          ("wt-scenario-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::filesystem::remove_all(path_);
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::string TempDir::write(const std::string& name, const std::string& text) const {
  const std::filesystem::path file = path_ / name;
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text;
  return file.string();
}

::testing::AssertionResult throws_input_error(const std::function<void()>& fn,
                                              const std::string& path,
                                              const std::string& fragment) {
  try {
    fn();
  } catch (const InputError& e) {
    const std::string what = e.what();
    if (e.path() != path) {
      return ::testing::AssertionFailure()
             << "InputError at \"" << e.path() << "\", expected \"" << path << "\": " << what;
    }
    if (what.find(fragment) == std::string::npos) {
      return ::testing::AssertionFailure() << "message lacks \"" << fragment << "\": " << what;
    }
    return ::testing::AssertionSuccess() << what;
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "not an InputError: " << e.what();
  }
  return ::testing::AssertionFailure() << "no error; expected one at \"" << path << "\"";
}

bool has_warning_containing(const Scenario& s, const std::string& fragment) {
  for (const std::string& w : s.warnings) {
    if (w.find(fragment) != std::string::npos) return true;
  }
  return false;
}

}  // namespace wt::test
