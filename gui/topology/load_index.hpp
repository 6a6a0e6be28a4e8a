#pragma once
// The per-link loads of a SimGrid run (sim/run.hpp's LinkLoad), indexed by link for the drawing,
// and what one drawn edge (several directed links) carried in each direction.
#include <QString>
#include <algorithm>
#include <cstdint>
#include <vector>

#include "gui/topology/network_drawing.hpp"
#include "sim/run.hpp"

namespace wt::gui {

// What the colours show: the share of the iteration a link carried data (busy, whatever the
// rate), or its time at line rate (its bytes at its bandwidth over the iteration), which singles
// out the links that set the pace, such as a parameter server's NIC.
enum class LoadMeasure { line_rate, busy };

// line_rate when any load has a time at line rate (SimGrid runs), else busy.
LoadMeasure default_measure(const std::vector<wt::LinkLoad>& loads);

class LoadIndex {
 public:
  LoadIndex() = default;  // no loads: the neutral drawing
  // Loads of a network of `link_count` links; ones naming a link it lacks make it unusable
  // (loads of another scenario), said by mismatch(). utilisation() is the `measure`.
  LoadIndex(const std::vector<wt::LinkLoad>& loads, size_t link_count,
            LoadMeasure measure = LoadMeasure::busy);

  bool has_loads() const { return has_loads_; }
  const QString& mismatch() const { return mismatch_; }
  LoadMeasure measure() const { return measure_; }
  double bytes(int32_t link) const;
  double utilisation(int32_t link) const;  // the measure, 0 when the link carried nothing

 private:
  bool has_loads_ = false;
  LoadMeasure measure_ = LoadMeasure::busy;
  QString mismatch_;
  std::vector<double> bytes_;
  std::vector<double> utilisation_;
};

// One direction of a drawn edge.
struct DirectionLoad {
  double bytes = 0.0;          // all its cables together
  double busiest = 0.0;        // the highest utilisation among its cables
  double bandwidth_Bps = 0.0;  // one cable's
};

struct EdgeLoad {
  DirectionLoad forward;   // from_box → to_box
  DirectionLoad backward;  // to_box → from_box
  double busiest() const { return std::max(forward.busiest, backward.busiest); }
  double bytes() const { return forward.bytes + backward.bytes; }
};

EdgeLoad edge_load(const DrawnEdge& e, const topo::Topology& t, const LoadIndex& loads);

// What a node box stands for inside: the links between its GPUs and node switch (or GPU pairs).
struct NodeFabricLoad {
  double bytes = 0.0;
  double busiest = 0.0;
  int links = 0;
};

NodeFabricLoad node_fabric_load(const DrawnBox& node, const LoadIndex& loads);

}  // namespace wt::gui
