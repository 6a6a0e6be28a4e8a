#include "sim/validation/error_bands.hpp"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "core/data_dir.hpp"
#include "core/error.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/validation/summary.hpp"

#ifndef WT_DEFAULT_ERROR_BANDS
#define WT_DEFAULT_ERROR_BANDS "data/error-bands.json"
#endif

namespace wt::validation {
namespace {

std::string widened(const std::string& what, double factor) {
  char buf[64];
  std::snprintf(buf, sizeof buf, " × %g", factor);
  return what + buf;
}

}  // namespace

ErrorBands build_error_bands(const ValidationReport& report,
                             const std::vector<std::string>& datasets, std::string generated_on) {
  ErrorBands b;
  b.datasets = datasets;
  b.generated_on = std::move(generated_on);
  std::map<std::string, std::vector<double>> by_class;
  std::map<std::string, std::vector<double>> by_family;
  std::vector<double> all;
  for (const ValidationRow& row : report.rows) {
    if (!row.expressed || row.error_class == "collective" || row.error_class.empty()) continue;
    by_class[row.error_class].push_back(row.time_residual);
    by_family[row.error_class.substr(row.error_class.rfind('/') + 1)].push_back(row.time_residual);
    all.push_back(row.time_residual);
  }
  for (const auto& [key, residuals] : by_class)
    b.classes[key] = residual_stats(key, residuals);
  for (const auto& [key, residuals] : by_family)
    b.parallelism[key] = residual_stats(key, residuals);
  b.global = residual_stats("all", all);
  return b;
}

BandChoice choose_band(const ErrorBands& bands, const ErrorClass& c) {
  const auto cls = bands.classes.find(c.key());
  if (cls != bands.classes.end() && cls->second.count >= bands.min_rows)
    return {cls->second.p90_abs, &cls->second, c.key()};
  const auto family = bands.parallelism.find(c.parallelism);
  if (family != bands.parallelism.end() && family->second.count >= bands.min_rows) {
    return {family->second.p90_abs * bands.parallelism_widening, &family->second,
            widened("parallelism " + c.parallelism, bands.parallelism_widening)};
  }
  return {bands.global.p90_abs * bands.global_widening, &bands.global,
          widened("all", bands.global_widening)};
}

ErrorBand band_of(const ErrorBands& bands, const Scenario& s, double iteration_time_s) {
  const ErrorClass c = error_class(s);
  const BandChoice choice = choose_band(bands, c);
  ErrorBand band;
  band.error_class = c.key();
  band.basis = choice.basis_text;
  band.half_width = choice.half_width;
  band.low_s = iteration_time_s * (1.0 - choice.half_width);
  band.high_s = iteration_time_s * (1.0 + choice.half_width);
  return band;
}

std::string today_utc() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &utc);
  return buf;
}

std::string default_error_bands_path() {
  const char* env = std::getenv("WT_ERROR_BANDS");
  if (env != nullptr && *env != '\0') return env;
  // An installed program reads the copy installed beside it (PREFIX/share/windtunnel).
  if (const auto installed = installed_data_file(executable_dir(), "error-bands.json"))
    return *installed;
  return WT_DEFAULT_ERROR_BANDS;
}

std::string no_bands_note(const std::string& path) {
  return "no error band: " + path +
         " does not exist (write it with `windtunnel validate --write-bands`, or point "
         "WT_ERROR_BANDS at one)";
}

std::optional<ErrorBands> read_error_bands(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  const std::optional<std::string> text = read_text_file(path);
  if (!text) throw InputError(path, "cannot be read", "", "a readable error-bands JSON file");
  return parse_error_bands(parse_json_text(*text, path), path);
}

std::optional<ErrorBands> default_error_bands(std::string& note) {
  const std::string path = default_error_bands_path();
  std::optional<ErrorBands> bands = read_error_bands(path);
  if (!bands) note = no_bands_note(path);
  return bands;
}

}  // namespace wt::validation
