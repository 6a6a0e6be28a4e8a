#include "gui/views/band_text.hpp"

#include <QObject>

#include "sim/report/summary_text.hpp"

namespace wt::gui {
namespace {

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

}  // namespace

LoadedBands load_error_bands() {
  LoadedBands out;
  std::string note;  // the missing-file note: the GUI shows nothing then
  try {
    out.bands = wt::validation::default_error_bands(note);
  } catch (const std::exception& e) {
    out.error = e.what();
  }
  return out;
}

QString iteration_with_band(double iteration_time_s, const std::optional<wt::ErrorBand>& band) {
  const QString time = q(wt::format_duration(iteration_time_s));
  return band ? time + ' ' + q(wt::band_half_width_text(*band)) : time;
}

QString band_range_text(const wt::ErrorBand& band) {
  return QStringLiteral("%1 – %2").arg(q(wt::format_duration(band.low_s)),
                                       q(wt::format_duration(band.high_s)));
}

QString band_class_text(const wt::ErrorBand& band) {
  if (band.basis == band.error_class) return q(band.error_class);
  return QObject::tr("%1 (band of %2)").arg(q(band.error_class), q(band.basis));
}

QString band_tooltip(const wt::ErrorBand& band) {
  return QObject::tr(
             "Iteration time %1 to %2 (%3): on the validation runs, measured times of this "
             "class fell within this band of the prediction. Class %4. See "
             "docs/validation.md, \"Error bands\".")
      .arg(q(wt::format_duration(band.low_s)), q(wt::format_duration(band.high_s)),
           q(wt::band_half_width_text(band)), band_class_text(band));
}

}  // namespace wt::gui
