#include "cli/topo_command.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/console.hpp"
#include "core/exit_code.hpp"
#include "core/finite.hpp"
#include "core/input_file.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/report/headline.hpp"
#include "sim/scenario/parse.hpp"
#include "topology/topology.hpp"

namespace wt::cli {
namespace {

// What `topo` prints, in the units it prints them in.
struct TopoFigures {
  std::string scenario;
  std::string topology;
  std::string shape;  // the parameters that shaped the network, e.g. "3 levels, radix 64, 1:1"
  topo::TopologyMetrics metrics;
  int64_t nodes = 0;
  int64_t vertices = 0;
  int64_t links = 0;
  int64_t network_links = 0;
  double link_Gbps = 0.0;
  double link_latency_us = 0.0;
  std::string node_fabric;
  int gpus_per_node = 0;
  int nics_per_node = 0;
  double node_GBps_per_gpu = 0.0;
  double node_latency_us = 0.0;
};

// Rounded to `places` decimals, thousands grouped, trailing zeros dropped: 409600 → "409,600",
// 12.50 → "12.5". (The figures printed are never negative.)
std::string decimal(double value, int places) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", places, value);
  const std::string text = buffer;
  const size_t dot = text.find('.');
  std::string fraction = dot == std::string::npos ? "" : text.substr(dot + 1);
  while (!fraction.empty() && fraction.back() == '0')
    fraction.pop_back();
  const std::string whole = with_thousands(std::stoll(text.substr(0, dot)));
  return fraction.empty() ? whole : whole + "." + fraction;
}

std::string dims_text(const std::vector<int>& dims) {
  std::string out;
  for (size_t i = 0; i < dims.size(); ++i) {
    out += (i ? " x " : "") + std::to_string(dims[i]);
  }
  return out;
}

std::string network_shape(const ClusterConfig& c) {
  const NetworkConfig& n = c.network;
  if (c.num_nodes < 2) return "one node: no network";
  switch (n.topology) {
    case NetworkTopology::fat_tree:
      return std::to_string(n.fat_tree.levels) + " levels, radix " +
             std::to_string(n.fat_tree.switch_radix) + ", " +
             decimal(n.fat_tree.oversubscription, 2) + ":1 requested";
    case NetworkTopology::torus:
      return dims_text(n.torus.dims);
    case NetworkTopology::dragonfly:
      return std::to_string(n.dragonfly.groups) + " groups x " +
             std::to_string(n.dragonfly.routers_per_group) + " routers x " +
             std::to_string(n.dragonfly.nodes_per_router) + " nodes, " +
             std::to_string(n.dragonfly.global_links_per_router) + " global links per router";
  }
  return "";
}

TopoFigures figures(const Scenario& s) {
  const ClusterConfig& c = s.cluster;
  const GpuSpec* gpu = find_gpu(c.gpu);  // validation resolved it to a catalog id
  const double node_Bps =
      topo::intra_node_bandwidth_Bps(c.intra_node, gpu != nullptr ? gpu->nvlink_GBps.value : 0.0,
                                     gpu != nullptr ? gpu->pcie_GBps.value : 0.0);
  const std::unique_ptr<topo::Topology> t = topo::build_topology(c, node_Bps);
  TopoFigures f;
  f.scenario = s.name;
  f.topology = t->name();
  f.shape = network_shape(c);
  f.metrics = t->metrics();
  f.nodes = t->num_nodes();
  f.vertices = static_cast<int64_t>(t->vertices().size());
  f.links = static_cast<int64_t>(t->links().size());
  f.network_links = std::count_if(t->links().begin(), t->links().end(), [](const topo::Link& l) {
    return l.level != topo::LinkLevel::intra_node;
  });
  f.link_Gbps = c.network.link_bandwidth_Gbps;
  f.link_latency_us = c.network.link_latency_us;
  f.node_fabric = to_string(c.intra_node.fabric);
  f.gpus_per_node = c.gpus_per_node;
  f.nics_per_node = c.network.nics_per_node;
  f.node_GBps_per_gpu = node_Bps / 1e9;
  f.node_latency_us = c.intra_node.latency_us;
  return f;
}

double bisection_GBps(const TopoFigures& f) {
  return f.metrics.bisection_Bps / 1e9;
}

double bisection_Tbps(const TopoFigures& f) {
  return f.metrics.bisection_Bps * 8.0 / 1e12;
}

nlohmann::ordered_json to_json(const TopoFigures& f) {
  const topo::TopologyMetrics& m = f.metrics;
  return {{"scenario", f.scenario},
          {"topology", f.topology},
          {"nodes", f.nodes},
          {"gpus", m.gpus},
          {"nics", m.nics},
          {"nics_per_node", f.nics_per_node},
          {"switches", m.switches},
          {"cables", m.cables},
          {"vertices", f.vertices},
          {"links", f.links},
          {"network_links", f.network_links},
          {"intra_node_links", f.links - f.network_links},
          {"link_bandwidth_Gbps", f.link_Gbps},
          {"link_latency_us", f.link_latency_us},
          {"bisection_GBps", bisection_GBps(f)},
          {"bisection_Tbps", bisection_Tbps(f)},
          {"diameter_links", m.diameter_links},
          {"oversubscription", m.oversubscription},
          {"injection_GBps_per_gpu", m.injection_Bps_per_gpu / 1e9},
          {"node_fabric", f.node_fabric},
          {"node_bandwidth_GBps_per_gpu", f.node_GBps_per_gpu},
          {"node_latency_us", f.node_latency_us}};
}

// No NaN or infinity reaches the output (core/finite.hpp): either is a bug, named.
void require_finite_figures(const TopoFigures& f) {
  const topo::TopologyMetrics& m = f.metrics;
  require_finite(f.link_Gbps, "link_bandwidth_Gbps");
  require_finite(f.link_latency_us, "link_latency_us");
  require_finite(m.bisection_Bps, "bisection_GBps");
  require_finite(m.oversubscription, "oversubscription");
  require_finite(m.injection_Bps_per_gpu, "injection_GBps_per_gpu");
  require_finite(f.node_GBps_per_gpu, "node_bandwidth_GBps_per_gpu");
  require_finite(f.node_latency_us, "node_latency_us");
}

void print_row(std::ostream& out, const std::string& key, const std::string& value) {
  out << key << std::string(key.size() < 19 ? 19 - key.size() : 1, ' ') << value << "\n";
}

void print_text(std::ostream& out, const TopoFigures& f) {
  const topo::TopologyMetrics& m = f.metrics;
  print_row(out, "topology", f.topology + " (" + f.shape + ")");
  print_row(out, "nodes", with_thousands(f.nodes));
  print_row(out, "GPUs", with_thousands(m.gpus));
  print_row(out, "NICs",
            with_thousands(m.nics) + " (" + std::to_string(f.nics_per_node) + " per node, " +
                decimal(f.link_Gbps, 1) + " Gb/s, " + decimal(f.link_latency_us, 3) +
                " us per hop)");
  print_row(out, "switches", with_thousands(m.switches));
  print_row(out, "cables", with_thousands(m.cables));
  print_row(out, "links",
            with_thousands(f.links) + " directed (" + with_thousands(f.network_links) +
                " network, " + with_thousands(f.links - f.network_links) + " intra-node)");
  print_row(out, "bisection",
            decimal(bisection_GBps(f), 1) + " GB/s (" + decimal(bisection_Tbps(f), 2) + " Tb/s)");
  print_row(out, "diameter", std::to_string(m.diameter_links) + " links");
  print_row(out, "oversubscription", decimal(m.oversubscription, 2) + ":1");
  print_row(out, "injection per GPU", decimal(m.injection_Bps_per_gpu / 1e9, 2) + " GB/s");
  print_row(out, "node fabric",
            f.node_fabric + ", " + std::to_string(f.gpus_per_node) +
                (f.gpus_per_node == 1 ? " GPU at " : " GPUs at ") +
                decimal(f.node_GBps_per_gpu, 1) + " GB/s, " + decimal(f.node_latency_us, 3) +
                " us");
}

}  // namespace

CLI::App* add_topo_command(CLI::App& app, TopoOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "topo", "Describe a scenario's network: switches, links, bisection, diameter.");
  cmd->add_option("SCENARIO", o.scenario, "Scenario JSON file (docs/scenario.md)")->required();
  cmd->add_option("--set", o.sets,
                  "Override a scenario field, e.g. --set cluster.network.fat_tree.levels=2")
      ->type_name("KEY.PATH=VALUE")
      ->allow_extra_args(false);
  cmd->add_flag("--json", o.json, "Print one JSON object (docs/cli.md) instead");
  add_max_memory_option(cmd, o.budget);
  return cmd;
}

int topo_command(const TopoOptions& o) {
  require_input_file("SCENARIO", o.scenario);
  const ResourceLimits limits = resource_limits(o.budget);
  const Scenario s = load_scenario_file(o.scenario, o.sets);
  check_resources(estimate_resources(s, true, false), limits);
  const TopoFigures f = figures(s);
  require_finite_figures(f);
  if (o.json) {
    std::cout << to_json(f).dump(2) << "\n";
  } else {
    print_text(report_out(), f);
  }
  return to_int(ExitCode::ok);
}

}  // namespace wt::cli
