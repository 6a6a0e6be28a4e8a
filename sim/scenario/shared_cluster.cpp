#include "sim/scenario/shared_cluster.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/error.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/parse.hpp"
#include "topology/network_summary.hpp"

namespace wt {
namespace {

const char* const kTopKeys = "schema, name, cluster, jobs, steps";
const char* const kJobKeys =
    "name, nodes or num_nodes (with placement), scenario, and the sections of a scenario: model, "
    "training, parallel, calibration, cost, reliability";

std::string job_path(size_t i) {
  return "jobs[" + std::to_string(i) + "]";
}

int integer_at(const nlohmann::json& v, const std::string& path, int least, int most) {
  if (!v.is_number_integer() || v.get<int64_t>() < least || v.get<int64_t>() > most) {
    throw InputError(path, "must be a whole number in range", value_text(v),
                     std::to_string(least) + " .. " + std::to_string(most));
  }
  return static_cast<int>(v.get<int64_t>());
}

void check_top_level(const nlohmann::json& doc) {
  for (const auto& [key, value] : doc.items()) {
    if (key != "schema" && key != "name" && key != "cluster" && key != "jobs" && key != "steps") {
      throw InputError(key,
                       "unknown key of a shared-cluster scenario (each job's model, training "
                       "and parallel go inside its entry of jobs)",
                       "", kTopKeys);
    }
  }
  if (!doc.contains("cluster") || !doc["cluster"].is_object()) {
    throw InputError("cluster", "a shared-cluster scenario needs the cluster its jobs share", "",
                     "an object, as in a one-job scenario, with num_nodes the whole cluster");
  }
  const nlohmann::json& net = doc["cluster"].value("network", nlohmann::json::object());
  if (net.is_object() && net.contains("topology") && net["topology"] != "fat-tree") {
    throw InputError("cluster.network.topology",
                     "a shared cluster is a fat tree (a job's nodes form a valid fat tree of their "
                     "own; a torus or dragonfly cut to a job's nodes does not)",
                     value_text(net["topology"]), "\"fat-tree\" (rail-optimized or not)");
  }
  if (!doc["jobs"].is_array() || doc["jobs"].empty()) {
    throw InputError("jobs", "must be a non-empty array of jobs", value_text(doc["jobs"]),
                     "1 .. " + std::to_string(kMaxSharedJobs) + " job objects");
  }
  if (doc["jobs"].size() > static_cast<size_t>(kMaxSharedJobs)) {
    throw InputError("jobs", "too many jobs", std::to_string(doc["jobs"].size()),
                     "at most " + std::to_string(kMaxSharedJobs));
  }
}

// The job's scenario document, before its cluster is set: the scenario file it names (without
// its own name and cluster), with the job's sections merged over it.
nlohmann::json job_document(const nlohmann::json& job, const std::string& path,
                            const std::string& base_dir, std::string& job_dir) {
  nlohmann::json doc = nlohmann::json::object();
  job_dir = base_dir;
  for (const auto& [key, value] : job.items()) {
    if (key == "cluster" || key == "schema" || key == "serving" || key == "steps" ||
        key == "jobs") {
      throw InputError(path + "." + key,
                       key == "cluster" ? "the cluster is shared: it is set once, at the top level"
                                        : "not a field of a job",
                       "", kJobKeys);
    }
  }
  if (job.contains("scenario")) {
    const nlohmann::json& ref = job["scenario"];
    if (!ref.is_string() || ref.get<std::string>().empty()) {
      throw InputError(path + ".scenario", "must name a scenario file", value_text(ref),
                       "a path, relative to this file's folder");
    }
    std::filesystem::path file(ref.get<std::string>());
    if (file.is_relative()) file = std::filesystem::path(base_dir) / file;
    const std::optional<std::string> text = read_text_file(file.string());
    if (!text) {
      throw InputError(path + ".scenario", "cannot read the scenario file", ref.get<std::string>(),
                       "an existing scenario JSON file");
    }
    doc = parse_json_text(*text, file.string());
    if (!doc.is_object() || doc.contains("jobs")) {
      throw InputError(path + ".scenario", "must be a one-job scenario file",
                       ref.get<std::string>(), "a scenario without jobs");
    }
    doc.erase("cluster");
    doc.erase("name");
    doc.erase("serving");
    job_dir = file.has_parent_path() ? file.parent_path().string() : ".";
  }
  for (const auto& [key, value] : job.items()) {
    if (key == "name" || key == "nodes" || key == "num_nodes" || key == "placement" ||
        key == "scenario") {
      continue;
    }
    if (doc.contains(key) && doc[key].is_object() && value.is_object()) {
      doc[key].merge_patch(value);
    } else {
      doc[key] = value;
    }
  }
  return doc;
}

struct Wanted {
  std::vector<int> nodes;  // explicit, else empty
  int count = 0;
  std::string placement;
};

Wanted wanted_nodes(const nlohmann::json& job, const std::string& path, int cluster_nodes) {
  Wanted w;
  const bool list = job.contains("nodes"), count = job.contains("num_nodes");
  if (list == count) {
    throw InputError(path, list ? "gives both nodes and num_nodes" : "needs its nodes", "",
                     "either \"nodes\": [node indices] or \"num_nodes\": N with \"placement\": "
                     "\"packed\" (default) or \"spread\"");
  }
  if (list) {
    if (job.contains("placement")) {
      throw InputError(path + ".placement", "applies to num_nodes, not to a list of nodes", "",
                       "omit it, or give num_nodes instead of nodes");
    }
    const nlohmann::json& nodes = job["nodes"];
    if (!nodes.is_array() || nodes.empty()) {
      throw InputError(path + ".nodes", "must be a non-empty list of node indices",
                       value_text(nodes), "e.g. [0, 1, 2, 3]");
    }
    std::set<int> seen;
    for (size_t k = 0; k < nodes.size(); ++k) {
      const int n =
          integer_at(nodes[k], path + ".nodes[" + std::to_string(k) + "]", 0, cluster_nodes - 1);
      if (!seen.insert(n).second) {
        throw InputError(path + ".nodes[" + std::to_string(k) + "]", "lists a node twice",
                         std::to_string(n), "distinct node indices");
      }
      w.nodes.push_back(n);
    }
    w.count = static_cast<int>(w.nodes.size());
    w.placement = "nodes";
    return w;
  }
  w.count = integer_at(job["num_nodes"], path + ".num_nodes", 1, cluster_nodes);
  w.placement = "packed";
  if (job.contains("placement")) {
    const nlohmann::json& p = job["placement"];
    if (p != "packed" && p != "spread") {
      throw InputError(path + ".placement", "unknown placement", value_text(p),
                       "\"packed\" (the lowest-numbered free nodes) or \"spread\" (free nodes "
                       "evenly apart)");
    }
    w.placement = p.get<std::string>();
  }
  return w;
}

// Lists first, in file order, then policies in file order over the nodes still free.
std::vector<std::vector<int>> place(const std::vector<Wanted>& wanted,
                                    const std::vector<std::string>& names, int cluster_nodes) {
  std::vector<int> owner(static_cast<size_t>(cluster_nodes), -1);
  std::vector<std::vector<int>> nodes(wanted.size());
  for (size_t i = 0; i < wanted.size(); ++i) {
    for (size_t k = 0; k < wanted[i].nodes.size(); ++k) {
      const int n = wanted[i].nodes[k];
      if (owner[static_cast<size_t>(n)] >= 0) {
        const auto other = static_cast<size_t>(owner[static_cast<size_t>(n)]);
        throw InputError(job_path(i) + ".nodes[" + std::to_string(k) + "]",
                         "node " + std::to_string(n) + " is already job " + job_path(other) +
                             " (\"" + names[other] + "\")'s",
                         std::to_string(n), "nodes no other job lists");
      }
      owner[static_cast<size_t>(n)] = static_cast<int>(i);
    }
    nodes[i] = wanted[i].nodes;
  }
  for (size_t i = 0; i < wanted.size(); ++i) {
    if (!wanted[i].nodes.empty()) continue;
    std::vector<int> free;
    for (int n = 0; n < cluster_nodes; ++n) {
      if (owner[static_cast<size_t>(n)] < 0) free.push_back(n);
    }
    const int want = wanted[i].count;
    if (want > static_cast<int>(free.size())) {
      throw InputError(job_path(i) + ".num_nodes",
                       "the cluster has only " + std::to_string(free.size()) +
                           " nodes left for this job (the jobs before it and the listed nodes "
                           "take the rest of cluster.num_nodes = " +
                           std::to_string(cluster_nodes) + ")",
                       std::to_string(want), "at most " + std::to_string(free.size()));
    }
    for (int k = 0; k < want; ++k) {
      const size_t at =
          wanted[i].placement == "spread"
              ? static_cast<size_t>(int64_t{k} * static_cast<int64_t>(free.size()) / want)
              : static_cast<size_t>(k);
      nodes[i].push_back(free[at]);
      owner[static_cast<size_t>(free[at])] = static_cast<int>(i);
    }
  }
  return nodes;
}

[[noreturn]] void rethrow_in_job(const InputError& e, size_t i, const std::string& name) {
  const std::string where = job_path(i) + " (\"" + name + "\")";
  if (e.path().rfind("cluster", 0) == 0) {
    throw InputError(e.path(), e.problem() + " [the shared cluster cut to " + where + "'s nodes]",
                     e.value(), e.allowed());
  }
  throw InputError(e.path().empty() ? where : job_path(i) + "." + e.path(), e.problem(), e.value(),
                   e.allowed());
}

}  // namespace

bool is_shared_cluster(const nlohmann::json& doc) {
  return doc.is_object() && doc.contains("jobs");
}

SharedCluster parse_shared_cluster(const nlohmann::json& doc, const std::string& base_dir,
                                   const std::string& default_name) {
  if (!doc.is_object()) throw InputError("", "a scenario must be a JSON object");
  check_top_level(doc);
  SharedCluster out;
  out.name = default_name;
  if (doc.contains("name")) {
    if (!doc["name"].is_string()) {
      throw InputError("name", "must be a string", value_text(doc["name"]), "a name");
    }
    out.name = doc["name"].get<std::string>();
  }
  if (doc.contains("steps")) out.steps = integer_at(doc["steps"], "steps", 1, kMaxSharedSteps);
  const nlohmann::json& cluster = doc["cluster"];
  if (!cluster.contains("num_nodes")) {
    throw InputError("cluster.num_nodes", "required in a shared-cluster scenario", "",
                     "the nodes of the whole cluster, 1 .. 65536");
  }
  const int cluster_nodes = integer_at(cluster["num_nodes"], "cluster.num_nodes", 1, 65536);
  const nlohmann::json& jobs = doc["jobs"];
  std::vector<Wanted> wanted;
  std::vector<std::string> names;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const std::string path = job_path(i);
    if (!jobs[i].is_object()) {
      throw InputError(path, "must be an object", value_text(jobs[i]), kJobKeys);
    }
    if (!jobs[i].contains("name") || !jobs[i]["name"].is_string() ||
        jobs[i]["name"].get<std::string>().empty()) {
      throw InputError(path + ".name", "every job needs a name",
                       jobs[i].contains("name") ? value_text(jobs[i]["name"]) : "",
                       "a non-empty string, unique among the jobs");
    }
    const std::string name = jobs[i]["name"].get<std::string>();
    require_utf8(name, path + ".name", "the name", "a UTF-8 string");
    if (std::find(names.begin(), names.end(), name) != names.end()) {
      throw InputError(path + ".name", "two jobs have this name", value_text(jobs[i]["name"]),
                       "names unique among the jobs");
    }
    names.push_back(name);
    wanted.push_back(wanted_nodes(jobs[i], path, cluster_nodes));
  }
  const std::vector<std::vector<int>> nodes = place(wanted, names, cluster_nodes);
  for (size_t i = 0; i < jobs.size(); ++i) {
    SharedJob job;
    job.name = names[i];
    job.nodes = nodes[i];
    job.placement = wanted[i].placement;
    try {
      std::string job_dir;
      nlohmann::json jd = job_document(jobs[i], job_path(i), base_dir, job_dir);
      jd["name"] = job.name;
      if (doc.contains("schema")) jd["schema"] = doc["schema"];
      jd["cluster"] = cluster;
      jd["cluster"]["num_nodes"] = static_cast<int>(job.nodes.size());
      job.scenario = parse_scenario(std::move(jd), {}, job_dir);
    } catch (const InputError& e) {
      if (e.path().rfind("jobs[", 0) == 0) throw;
      rethrow_in_job(e, i, job.name);
    }
    if (job.scenario.serving_only()) {
      throw InputError(job_path(i) + ".training.global_batch_size",
                       "a job on a shared cluster trains: it needs a training job", "",
                       "a global batch size");
    }
    out.jobs.push_back(std::move(job));
  }
  out.cluster = out.jobs.front().scenario.cluster;
  out.cluster.num_nodes = cluster_nodes;
  if (const std::optional<NetworkProblem> problem = check_network(out.cluster)) {
    throw InputError(problem->path, problem->problem, problem->value, problem->allowed);
  }
  return out;
}

SharedCluster load_shared_cluster_file(const std::string& path) {
  const std::optional<std::string> text = read_text_file(path);
  if (!text) throw InputError(path, "cannot read the scenario file", "", "an existing JSON file");
  const std::filesystem::path file(path);
  const std::string base_dir = file.has_parent_path() ? file.parent_path().string() : ".";
  try {
    return parse_shared_cluster(parse_json_text(*text, ""), base_dir, file.stem().string());
  } catch (const InputError& e) {
    if (!e.path().empty()) throw;
    throw InputError(path, e.problem(), e.value(), e.allowed());
  }
}

std::vector<int32_t> gpus_of(const SharedJob& job, int gpus_per_node) {
  std::vector<int32_t> gpus;
  for (int node : job.nodes) {
    for (int g = 0; g < gpus_per_node; ++g)
      gpus.push_back(node * gpus_per_node + g);
  }
  return gpus;
}

}  // namespace wt
