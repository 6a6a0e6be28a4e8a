#include "sim/run_shared_report.hpp"

#include <algorithm>
#include <cstdio>

namespace wt {
namespace {

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// "0-3" for a run of consecutive nodes, "0,4,8" otherwise (runs joined by commas).
std::string node_list(const std::vector<int>& nodes) {
  std::string out;
  for (size_t i = 0; i < nodes.size();) {
    size_t j = i;
    while (j + 1 < nodes.size() && nodes[j + 1] == nodes[j] + 1)
      ++j;
    if (!out.empty()) out += ",";
    out += std::to_string(nodes[i]);
    if (j > i) out += "-" + std::to_string(nodes[j]);
    i = j + 1;
  }
  return out;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names)
    out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string padded(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

}  // namespace

nlohmann::ordered_json shared_result_json(const SharedRunResult& r) {
  nlohmann::ordered_json j;
  j["name"] = r.name;
  j["engine"] = "simgrid";
  j["steps"] = r.steps;
  j["together_s"] = r.together_s;
  j["flows"] = r.flows;
  j["jobs"] = nlohmann::ordered_json::array();
  for (const SharedJobResult& job : r.jobs) {
    nlohmann::ordered_json o;
    o["name"] = job.name;
    o["gpus"] = job.gpus;
    o["nodes"] = job.nodes;
    o["placement"] = job.placement;
    o["step_time_alone_s"] = job.alone_step_s;
    o["step_time_together_s"] = job.together_step_s;
    o["slowdown"] = job.slowdown;
    j["jobs"].push_back(std::move(o));
  }
  j["shared_links_count"] = r.shared_links.size();
  j["shared_links"] = nlohmann::ordered_json::array();
  for (size_t i = 0; i < std::min(r.shared_links.size(), kSharedLinksShown); ++i) {
    const SharedLinkResult& l = r.shared_links[i];
    nlohmann::ordered_json o;
    o["link"] = l.link;
    o["from"] = l.from;
    o["to"] = l.to;
    o["jobs"] = l.jobs;
    o["bytes"] = l.bytes;
    o["utilisation"] = l.utilisation;
    j["shared_links"].push_back(std::move(o));
  }
  return j;
}

std::string shared_summary_text(const SharedRunResult& r) {
  std::string out = r.name + ": " + std::to_string(r.jobs.size()) +
                    " jobs on one cluster, SimGrid engine, " + std::to_string(r.steps) +
                    " steps each (step time: mean of the steps after the first)\n\n";
  size_t name_w = 4, nodes_w = 5;
  for (const SharedJobResult& job : r.jobs) {
    name_w = std::max(name_w, job.name.size());
    nodes_w = std::max(nodes_w, node_list(job.nodes).size());
  }
  out += padded("job", name_w) + "  " + padded("GPUs", 5) + "  " + padded("nodes", nodes_w) +
         "  alone (s)  together (s)  slowdown\n";
  for (const SharedJobResult& job : r.jobs) {
    out += padded(job.name, name_w) + "  " + padded(std::to_string(job.gpus), 5) + "  " +
           padded(node_list(job.nodes), nodes_w) + "  " + padded(fixed(job.alone_step_s, 4), 9) +
           "  " + padded(fixed(job.together_step_s, 4), 12) + "  " + fixed(job.slowdown, 3) + "x\n";
  }
  out += "\n";
  if (r.shared_links.empty()) {
    out += "No link carries the traffic of two jobs: they do not slow each other.\n";
    return out;
  }
  out += "Links carrying two jobs' traffic or more: " + std::to_string(r.shared_links.size()) +
         "; the busiest (busy share of the " + fixed(r.together_s, 3) + " s run together):\n";
  for (size_t i = 0; i < std::min(r.shared_links.size(), kSharedLinksShown); ++i) {
    const SharedLinkResult& l = r.shared_links[i];
    out += "  " + l.from + " -> " + l.to + " (link " + std::to_string(l.link) + ")  " +
           fixed(100.0 * l.utilisation, 1) + "% busy, " + fixed(l.bytes / 1e9, 2) + " GB  (" +
           joined(l.jobs) + ")\n";
  }
  return out;
}

}  // namespace wt
