#include "calibrate/provenance_text.hpp"

#include <cstdio>
#include <functional>

namespace wt::calibrate {
namespace {

std::string three_part(uint64_t major, uint64_t minor, uint64_t patch) {
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

std::string quoted(std::string_view arg) {
  if (arg.find_first_of(" \t'\"") == std::string_view::npos && !arg.empty()) {
    return std::string(arg);
  }
  std::string q = "'";
  for (char c : arg)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

std::string cuda_version_text(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

std::string nccl_version_text(int code) {
  const auto c = static_cast<uint64_t>(code);
  if (c >= 10000) return three_part(c / 10000, c / 100 % 100, c % 100);
  return three_part(c / 1000, c / 100 % 10, c % 100);
}

std::string library_version_text(uint64_t code) {
  if (code >= 10000) return three_part(code / 10000, code / 100 % 100, code % 100);
  return three_part(code / 1000, code / 100 % 10, code % 100);
}

std::string date_utc(std::time_t t) {
  std::tm utc{};
  gmtime_r(&t, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::string hostname_hash(std::string_view hostname) {
  char text[17];
  const auto h = static_cast<unsigned long long>(std::hash<std::string_view>{}(hostname));
  std::snprintf(text, sizeof text, "%016llx", h);
  return text;
}

std::string command_line(int argc, const char* const* argv) {
  std::string line;
  for (int i = 0; i < argc; ++i)
    line += (i == 0 ? "" : " ") + quoted(argv[i]);
  return line;
}

}  // namespace wt::calibrate
