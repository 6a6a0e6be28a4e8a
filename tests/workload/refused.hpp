#pragma once
// The InputError a call raises, checked for its field path and a fragment of its message.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "core/error.hpp"

namespace wt::test {

// Success when `fn` throws an InputError at `path` whose message holds `fragment`.
inline ::testing::AssertionResult refused(const std::function<void()>& fn, const std::string& path,
                                          const std::string& fragment) {
  try {
    fn();
  } catch (const InputError& e) {
    const std::string what = e.what();
    if (e.path() == path && what.find(fragment) != std::string::npos) {
      return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure() << what;
  }
  return ::testing::AssertionFailure() << "no error";
}

}  // namespace wt::test
