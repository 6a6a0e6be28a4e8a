#include "gui/topology/topology_view.hpp"
#include "gui/topology/layouts.hpp"

#include <QComboBox>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>
#include <exception>
#include <memory>

#include "gui/topology/load_index.hpp"
#include "gui/topology/network_drawing.hpp"
#include "gui/topology/scene_builder.hpp"
#include "gui/topology/utilisation_legend.hpp"
#include "gui/topology/zoom_view.hpp"
#include "sim/comm/parameter_server.hpp"
#include "sim/hardware/gpu.hpp"
#include "topology/topology.hpp"

namespace wt::gui {
namespace {

std::unique_ptr<topo::Topology> topology_of(const wt::Scenario& s) {
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  const double intra_Bps = topo::intra_node_bandwidth_Bps(
      s.cluster.intra_node, gpu != nullptr ? gpu->nvlink_GBps.value : 0.0,
      gpu != nullptr ? gpu->pcie_GBps.value : 0.0);
  // The SimGrid engine's network: dedicated parameter servers and backup workers are nodes too.
  return topo::build_topology(simulated_cluster(s), intra_Bps);
}

const char* kNoLoads = "Links in grey: run with the SimGrid engine to see link utilisation.";
const char* kWithLoads =
    "Colour: share of the simulated iteration each link carried data (an edge of several cables "
    "shows its busiest). Hover an edge for bytes and utilisation per direction.";
const char* kWithLineRate =
    "Colour: time at line rate, each link's bytes at its bandwidth as a share of the simulated "
    "iteration (an edge of several cables shows its hottest): the links that set the pace stand "
    "out. Hover an edge for bytes and time at line rate per direction.";

}  // namespace

TopologyView::TopologyView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  caption_ = new QLabel(this);
  caption_->setWordWrap(true);
  scene_ = new QGraphicsScene(this);
  view_ = new ZoomView(scene_, this);
  legend_ = new UtilisationLegend(this);
  note_ = new QLabel(this);
  note_->setWordWrap(true);
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(legend_);
  bottom->addWidget(note_, 1);
  bottom->addWidget(make_toolbar());
  layout->addWidget(caption_);
  layout->addWidget(view_, 1);
  layout->addLayout(bottom);
  clear();
}

QWidget* TopologyView::make_toolbar() {
  auto* bar = new QWidget(this);
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(0, 0, 0, 0);
  auto add = [&](const QString& text, const QString& tip, auto action) {
    auto* b = new QToolButton(bar);
    b->setText(text);
    b->setToolTip(tip);
    connect(b, &QToolButton::clicked, this, action);
    row->addWidget(b);
  };
  measure_box_ = new QComboBox(bar);
  measure_box_->addItem("Time at line rate", static_cast<int>(LoadMeasure::line_rate));
  measure_box_->addItem("Busy share", static_cast<int>(LoadMeasure::busy));
  measure_box_->setToolTip("What the link colours show");
  connect(measure_box_, &QComboBox::activated, this, [this](int index) {
    set_measure(static_cast<LoadMeasure>(measure_box_->itemData(index).toInt()));
  });
  row->addWidget(measure_box_);
  add("−", "Zoom out (or the mouse wheel)", [this] { view_->zoom_by(1.0 / 1.25); });
  add("+", "Zoom in (or the mouse wheel)", [this] { view_->zoom_by(1.25); });
  add("Fit", "Show the whole drawing", [this] { view_->fit(); });
  return bar;
}

void TopologyView::show_network(const wt::Scenario& s, const std::vector<wt::LinkLoad>* loads) {
  scenario_ = s;
  loads_.reset();
  if (loads != nullptr) loads_ = *loads;
  measure_ = loads != nullptr ? default_measure(*loads) : LoadMeasure::busy;
  draw();
}

void TopologyView::set_measure(LoadMeasure measure) {
  measure_ = measure;
  if (scenario_) draw();
}

void TopologyView::draw() {
  measure_box_->setCurrentIndex(measure_box_->findData(static_cast<int>(measure_)));
  measure_box_->setEnabled(loads_.has_value());
  legend_->set_measure(measure_);
  try {
    const std::unique_ptr<topo::Topology> t = topology_of(*scenario_);
    const LoadIndex index = loads_ ? LoadIndex(*loads_, t->links().size(), measure_) : LoadIndex();
    const NetworkDrawing d = draw_network(*scenario_, *t);
    scene_->clear();
    build_scene(*scene_, d, *t, index, fabric_name(scenario_->cluster.intra_node.fabric));
    caption_->setText(d.caption);
    legend_->setVisible(index.has_loads());
    const char* with = measure_ == LoadMeasure::line_rate ? kWithLineRate : kWithLoads;
    note_->setText(index.has_loads()             ? QString(with)
                   : !index.mismatch().isEmpty() ? index.mismatch()
                                                 : QString(kNoLoads));
    view_->fit();
  } catch (const std::exception& e) {
    show_error(QString("Cannot draw this network: ") + e.what());
  }
}

void TopologyView::clear() {
  scenario_.reset();
  loads_.reset();
  measure_box_->setEnabled(false);
  scene_->clear();
  caption_->setText("No scenario.");
  note_->clear();
  legend_->hide();
}

QWidget* TopologyView::export_widget() {
  return this;
}

QString TopologyView::caption() const {
  return caption_->text();
}

QString TopologyView::note() const {
  return note_->text();
}

bool TopologyView::showing_utilisation() const {
  return !legend_->isHidden();
}

void TopologyView::show_error(const QString& message) {
  scene_->clear();
  caption_->setText("No drawing.");
  legend_->hide();
  note_->setText(message);
}

}  // namespace wt::gui
