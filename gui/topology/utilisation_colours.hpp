#pragma once
// The Topology tab's colours: a sequential scale for link utilisation (light yellow at 0% through
// orange and red to dark red at 100%, readable on white and for red-green colour blindness), a
// light grey for links that carried nothing, and a neutral grey when there are no loads at all.
#include <QColor>

namespace wt::gui {

QColor utilisation_colour(double utilisation);  // 0..1, clamped
// The scale's class a value falls in, 0 (below 20%) .. 4 (80% and above, red to dark red).
int colour_bucket(double utilisation);
QColor idle_link_colour();
QColor neutral_link_colour();

}  // namespace wt::gui
