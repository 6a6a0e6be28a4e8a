// Fuzz target: bytes → a scenario document, read as `windtunnel run` reads a file (JSON text,
// presets, hf_config, field table, cross-field validation).
#include "fuzz/fuzz_entry.hpp"
#include "sim/scenario/parse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  wt::fuzz::expect_only_input_errors([&] {
    const wt::Scenario s =
        wt::parse_scenario_text(wt::fuzz::as_text(data, size), {}, WT_SOURCE_DIR "/scenarios");
    (void)s;
  });
  return 0;
}
