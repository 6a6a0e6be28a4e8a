// Fuzz target: `--set` assignments. The first byte picks a shipped scenario; the rest, split at
// newlines, are "dotted.path=value" overrides applied to it as `windtunnel run --set` does; the
// scenario's name is then dumped as --json would.
#include <string>
#include <vector>

#include "fuzz/fuzz_entry.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/parse.hpp"

namespace {

const std::vector<std::string>& shipped_scenarios() {
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> out;
    for (const char* name : {"one-gpu", "llama3-8b-1node-h100", "mixtral-8x7b-ep",
                             "dragonfly-llama3-8b", "interleaved-gpt3-13b", "zero3-llama2-13b"}) {
      const std::string path = std::string(WT_SOURCE_DIR "/scenarios/") + name + ".json";
      if (auto text = wt::read_text_file(path)) out.push_back(*text);
    }
    return out;
  }();
  return texts;
}

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find('\n', start), text.size());
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<std::string>& bases = shipped_scenarios();
  if (size == 0 || bases.empty()) return 0;
  const std::string& base = bases[data[0] % bases.size()];
  const std::vector<std::string> overrides = split_lines(wt::fuzz::as_text(data + 1, size - 1));
  wt::fuzz::expect_only_input_errors([&] {
    const wt::Scenario s = wt::parse_scenario_text(base, overrides, WT_SOURCE_DIR "/scenarios");
    // The name is written into --json output: strict dumping throws on invalid UTF-8 (the bug of
    // `--set $'name=\xff' --json`), which must have been refused as an InputError before.
    (void)nlohmann::json(s.name).dump();
  });
  return 0;
}
