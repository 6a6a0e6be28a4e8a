#pragma once
// Error bands (docs/validation.md, "Error bands"): the validation residuals of each error class
// (sim/validation/error_class.hpp), kept in data/error-bands.json by `windtunnel validate
// --write-bands`, and the band of one prediction looked up from them.
//
// A class's half-width is the p90 of its rows' |residual| (nearest rank). A prediction whose class
// has fewer than min_rows validated rows takes its parallelism family's half-width times
// parallelism_widening, and where that family too has fewer, the half-width over all classes
// times global_widening: the band widens where the model has no validated class.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/validation/error_class.hpp"
#include "sim/validation/validate.hpp"

namespace wt::validation {

inline constexpr int kBandMinRows = 5;
inline constexpr double kParallelismWidening = 1.5;
inline constexpr double kGlobalWidening = 2.0;

struct ErrorBands {
  std::vector<std::string> datasets;  // the validation files the residuals come from
  std::string generated_on;           // YYYY-MM-DD
  int min_rows = kBandMinRows;
  double parallelism_widening = kParallelismWidening;
  double global_widening = kGlobalWidening;
  std::map<std::string, ClassResiduals> classes;      // by full key, "megatron/16bit/3d"
  std::map<std::string, ClassResiduals> parallelism;  // by family, "3d"
  ClassResiduals global;                              // key "all"
};

// The band's half-width and the residuals it came from, for a class.
struct BandChoice {
  double half_width = 0.0;
  const ClassResiduals* basis = nullptr;
  std::string basis_text;  // "megatron/16bit/3d", "parallelism 3d × 1.5", "all × 2"
};

// From the expressed training rows of a report (nccl-tests entries are no iteration times).
ErrorBands build_error_bands(const ValidationReport& report,
                             const std::vector<std::string>& datasets, std::string generated_on);
BandChoice choose_band(const ErrorBands& bands, const ErrorClass& c);
ErrorBand band_of(const ErrorBands& bands, const Scenario& s, double iteration_time_s);

// Today's date, YYYY-MM-DD (UTC): a bands file's generated_on.
std::string today_utc();

nlohmann::ordered_json to_json(const ErrorBands& bands);
// Throws InputError naming `where` and the field when the document is not a bands file.
ErrorBands parse_error_bands(const nlohmann::json& doc, const std::string& where);

// nullopt when the file does not exist (no band; the faces say so); InputError when it cannot be
// read or parsed.
std::optional<ErrorBands> read_error_bands(const std::string& path);
// $WT_ERROR_BANDS when set; else, for an installed program,
// PREFIX/share/windtunnel/error-bands.json beside its bin folder (core/data_dir.hpp); else
// data/error-bands.json of the source tree the binary was built from.
std::string default_error_bands_path();
// The note a face prints when there is no bands file at `path`.
std::string no_bands_note(const std::string& path);
// read_error_bands(default_error_bands_path()); when there is no file, nullopt and `note` says so.
std::optional<ErrorBands> default_error_bands(std::string& note);

}  // namespace wt::validation
