#include "topology/graph_builder.hpp"

#include <utility>

namespace wt::topo {

int32_t GraphBuilder::add_vertex(VertexKind kind, int32_t node, std::string name) {
  const int32_t id = next_vertex();
  vertices_->push_back(Vertex{kind, node, std::move(name)});
  return id;
}

int32_t GraphBuilder::add_link(int32_t from, int32_t to, const LinkSpec& spec) {
  const int32_t id = next_link();
  links_->push_back(Link{from, to, spec.bandwidth_Bps, spec.latency_s, spec.level});
  return id;
}

int32_t GraphBuilder::add_cable(int32_t a, int32_t b, const LinkSpec& spec) {
  const int32_t id = add_link(a, b, spec);
  add_link(b, a, spec);
  return id;
}

void GraphBuilder::reserve(int64_t vertices, int64_t links) {
  vertices_->reserve(vertices_->size() + static_cast<size_t>(vertices));
  links_->reserve(links_->size() + static_cast<size_t>(links));
}

}  // namespace wt::topo
