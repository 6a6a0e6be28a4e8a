#pragma once
// Shared by the libFuzzer targets: the expected outcome of bad input is a wt::InputError; any other
// exception escapes and libFuzzer reports it as a crash, which is a bug to fix.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/error.hpp"

namespace wt::fuzz {

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Runs `body`; an InputError is the parser doing its job.
template <class Body>
void expect_only_input_errors(Body&& body) {
  try {
    body();
  } catch (const InputError&) {
  }
}

}  // namespace wt::fuzz
