#pragma once
// The Topology tab: the scenario's network drawn from topology/topology.hpp's graph — fat-tree
// levels, torus grid, dragonfly groups — with links coloured by utilisation after a SimGrid run.
// Large clusters show a representative part (said in the caption); parallel links are one edge.
#include <QString>
#include <QWidget>
#include <vector>

#include "sim/run.hpp"
#include "sim/scenario/scenario.hpp"

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
  void show_network(const wt::Scenario& s, const std::vector<wt::LinkLoad>* loads);
  void clear();
  QWidget* export_widget();

  // What is on screen, for tests and the status line.
  QGraphicsScene* scene() const { return scene_; }
  QString caption() const;
  QString note() const;  // the utilisation note, or the error that stopped the drawing
  bool showing_utilisation() const;

 private:
  QWidget* make_toolbar();
  void show_error(const QString& message);

  QLabel* caption_ = nullptr;
  QGraphicsScene* scene_ = nullptr;
  ZoomView* view_ = nullptr;
  UtilisationLegend* legend_ = nullptr;
  QLabel* note_ = nullptr;
};

}  // namespace wt::gui
