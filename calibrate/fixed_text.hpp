#pragma once
// One number formatted with a printf format, for the calibrator's tables and messages.
#include <cstdio>
#include <string>

namespace wt::calibrate {

inline std::string fixed(double value, const char* format) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

}  // namespace wt::calibrate
