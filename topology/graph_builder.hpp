#pragma once
// Appends vertices and cables to a topology's graph while it is built. A cable is two directed
// links with consecutive ids: `a → b` (the id add_cable returns) and `b → a` (that id + 1), so a
// route takes the reverse direction of any cable by adding one.
#include <cstdint>
#include <string>
#include <vector>

#include "topology/topology.hpp"

namespace wt::topo {

// Bandwidth, latency and fabric level shared by the links a builder adds.
struct LinkSpec {
  double bandwidth_Bps = 0.0;
  double latency_s = 0.0;
  LinkLevel level = LinkLevel::intra_node;
};

class GraphBuilder {
 public:
  GraphBuilder(std::vector<Vertex>& vertices, std::vector<Link>& links)
      : vertices_(&vertices), links_(&links) {}

  int32_t add_vertex(VertexKind kind, int32_t node, std::string name);
  int32_t add_link(int32_t from, int32_t to, const LinkSpec& spec);  // one direction
  int32_t add_cable(int32_t a, int32_t b, const LinkSpec& spec);     // a → b, then b → a

  int32_t next_vertex() const { return static_cast<int32_t>(vertices_->size()); }
  int32_t next_link() const { return static_cast<int32_t>(links_->size()); }
  void reserve(int64_t vertices, int64_t links);

 private:
  std::vector<Vertex>* vertices_;
  std::vector<Link>* links_;
};

}  // namespace wt::topo
