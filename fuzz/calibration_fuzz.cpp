// Fuzz target: bytes → a calibration profile, read as `run --profile` reads a file.
#include "fuzz/fuzz_entry.hpp"
#include "sim/hardware/calibration_profile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  wt::fuzz::expect_only_input_errors([&] {
    const wt::CalibrationProfile p =
        wt::profile_from_text(wt::fuzz::as_text(data, size), "fuzz-profile.json");
    (void)p;
  });
  return 0;
}
