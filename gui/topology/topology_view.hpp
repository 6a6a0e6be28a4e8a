#pragma once
// The Topology tab: the scenario's network drawn from topology/topology.hpp's graph — fat-tree
// levels, torus grid, dragonfly groups — with links coloured after a SimGrid run by their time at
// line rate or their busy share (a selector).
// Large clusters show a representative part (said in the caption); parallel links are one edge.
#include <QString>
#include <QWidget>
#include <optional>
#include <vector>

#include "gui/topology/load_index.hpp"
#include "sim/run.hpp"
#include "sim/scenario/scenario.hpp"

class QComboBox;
class QGraphicsScene;
class QLabel;

namespace wt::gui {

class UtilisationLegend;
class ZoomView;

class TopologyView : public QWidget {
 public:
  explicit TopologyView(QWidget* parent = nullptr);
  // Draws s's network. `loads` (nullptr: no utilisation) come from RunOutput::link_loads of a
  // SimGrid run of s. An error building the topology is shown in the view, never thrown.
  // The colours show the measure of the selector, line rate by default when the loads have it.
  void show_network(const wt::Scenario& s, const std::vector<wt::LinkLoad>* loads);
  void clear();
  QWidget* export_widget();

  // What is on screen, for tests and the status line.
  QGraphicsScene* scene() const { return scene_; }
  QString caption() const;
  QString note() const;  // the utilisation note, or the error that stopped the drawing
  bool showing_utilisation() const;
  LoadMeasure measure() const { return measure_; }
  void set_measure(LoadMeasure measure);  // redraws what is shown in that measure

 private:
  QWidget* make_toolbar();
  void show_error(const QString& message);
  void draw();

  QLabel* caption_ = nullptr;
  QGraphicsScene* scene_ = nullptr;
  ZoomView* view_ = nullptr;
  UtilisationLegend* legend_ = nullptr;
  QLabel* note_ = nullptr;
  QComboBox* measure_box_ = nullptr;
  LoadMeasure measure_ = LoadMeasure::busy;
  std::optional<wt::Scenario> scenario_;
  std::optional<std::vector<wt::LinkLoad>> loads_;
};

}  // namespace wt::gui
