#pragma once
// `windtunnel-gui --screenshot-dir DIR` (a developer option, for docs/img/): opens the scenario,
// runs it, sweeps it, plans around it and re-runs it with SimGrid for link loads, then grabs the
// window on each tab (and the form showing an error) into DIR/gui-<tab>.png.
#include <QString>

namespace wt::gui {

class MainWindow;

// Returns false with a message when a step failed; the images taken so far stay.
bool take_screenshots(MainWindow& window, const QString& dir, QString* error);

}  // namespace wt::gui
