#pragma once
// The error band of an iteration time as the GUI shows it (docs/validation.md, "Error bands";
// docs/gui.md). The bands are read as `run` and `plan` read them (validation::default_error_bands)
// and a prediction's band is looked up by the same validation::band_of; the GUI only words it.
#include <optional>
#include <string>

#include <QString>

#include "sim/report/run_result.hpp"
#include "sim/validation/error_bands.hpp"

namespace wt::gui {

struct LoadedBands {
  std::optional<wt::validation::ErrorBands> bands;  // none: no band is shown
  std::string error;  // why a bands file that exists could not be read; empty when it was
};

// Never throws: a missing file gives no bands and no error (nothing is shown), a malformed one no
// bands and its message.
LoadedBands load_error_bands();

// "23.6 s ±6%" (just "23.6 s" without a band).
QString iteration_with_band(double iteration_time_s, const std::optional<wt::ErrorBand>& band);
// "22.2 s – 25.0 s".
QString band_range_text(const wt::ErrorBand& band);
// "megatron/16bit/3d" or "megatron/fp8/3d (band of parallelism 3d × 1.5)": the class and, when it
// has too few validated rows, the residuals the band fell back to.
QString band_class_text(const wt::ErrorBand& band);
// A sentence for a tooltip: the range, what the band means and where it comes from.
QString band_tooltip(const wt::ErrorBand& band);

}  // namespace wt::gui
