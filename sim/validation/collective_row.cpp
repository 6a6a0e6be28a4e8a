// collective_benchmark rows (nccl-tests): the bus bandwidth the cost model predicts per size.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>

#include "core/error.hpp"
#include "core/units.hpp"
#include "sim/comm/collective.hpp"
#include "sim/comm/fabric.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_sections.hpp"
#include "sim/validation/rows.hpp"
#include "sim/validation/summary.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

struct CollectiveKind {
  Collective collective;
  double busbw_factor_numerator;  // nccl-tests: busbw = algbw · factor, factor = num · (n−1)/n
  bool times_n_minus_1_over_n;
  std::string name;  // nccl-tests' name for it, without "_perf"
};

// A collective's name without NCCL's prefix, nccl-tests' "_perf" suffix, case or separators:
// "ncclAllReduce", "all_reduce_perf", "All-Reduce" and "all reduce" are all "allreduce".
std::string canonical(std::string name) {
  name = lower(name);
  if (name.starts_with("nccl")) name.erase(0, 4);
  std::erase_if(name, [](char c) { return c == ' ' || c == '-' || c == '_' || c == '/'; });
  if (name.ends_with("perf") && name.size() > 4) name.erase(name.size() - 4);
  return name;
}

// The collective a name gives. nccl-tests' reduce_perf is priced as broadcast: NCCL runs Reduce
// and Broadcast only as a pipelined ring chain (src/device/reduce.h and broadcast.h have a ring
// kernel and no other), every link carrying S once, busbw = algbw (nccl-tests' PERFORMANCE.md).
std::optional<CollectiveKind> kind_named(const std::string& name) {
  const struct {
    const char* spellings[2];
    CollectiveKind kind;
  } kinds[] = {
      {{"reducescatter", ""}, {Collective::reduce_scatter, 1.0, true, "reduce_scatter"}},
      {{"allreduce", ""}, {Collective::all_reduce, 2.0, true, "all_reduce"}},
      {{"allgather", ""}, {Collective::all_gather, 1.0, true, "all_gather"}},
      {{"alltoall", "a2a"}, {Collective::all_to_all, 1.0, true, "alltoall"}},
      {{"broadcast", "bcast"}, {Collective::broadcast, 1.0, false, "broadcast"}},
      {{"reduce", ""}, {Collective::broadcast, 1.0, false, "reduce"}},
      {{"sendrecv", "p2p"}, {Collective::send_recv, 1.0, false, "sendrecv"}},
  };
  const std::string key = canonical(name);
  for (const auto& k : kinds) {
    for (const char* spelling : k.spellings) {
      if (*spelling != '\0' && key == spelling) return k.kind;
    }
  }
  return std::nullopt;
}

// The one collective a text names (a row's name, "nccl-tests all_gather_perf (8x H100)"), read
// from its words and runs of up to three ("all to all"); none when it names none or several.
// `binaries_only` reads only nccl-tests' binary names ("reduce_perf"), as a sentence may say
// "reduce" or "broadcast" in their plain sense.
std::optional<CollectiveKind> kind_in_text(const std::string& text, bool binaries_only) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : lower(text) + ' ') {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '/') {
      word += c;
    } else if (!word.empty()) {
      words.push_back(std::move(word));
      word.clear();
    }
  }
  std::optional<CollectiveKind> found;
  for (size_t i = 0; i < words.size(); ++i) {
    std::string run;
    for (size_t j = i; j < std::min(words.size(), i + 3); ++j) {
      run += words[j];
      if (binaries_only && (j > i || !run.ends_with("_perf"))) break;
      const auto k = kind_named(run);
      if (!k) continue;
      if (found && found->name != k->name) return std::nullopt;
      found = k;
    }
  }
  return found;
}

constexpr const char* kCollectivesHandled =
    "all_reduce, all_gather, reduce_scatter, alltoall, broadcast, reduce, sendrecv (any case, "
    "with or without separators, nccl prefix or _perf suffix)";

CollectiveKind collective_kind(const json& row, RowBuild& b) {
  const std::string name = row_text(row_other(row), "collective");
  if (!name.empty()) {
    if (const auto k = kind_named(name)) return *k;
    throw InputError(row_name(row) + ".other.collective", "is not handled", name,
                     kCollectivesHandled);
  }
  for (const char* field : {"model_name", "source"}) {
    if (const auto k = kind_in_text(row_text(row, field), field == std::string("source"))) {
      b.assume("collective not given: '" + k->name + "' from the row's " +
               (field == std::string("source") ? "source" : "name"));
      return *k;
    }
  }
  throw InputError(row_name(row) + ".other.collective",
                   "is not given (nor named once in model_name or source)", "",
                   kCollectivesHandled);
}

double busbw_factor(const CollectiveKind& k, int n) {
  return k.times_n_minus_1_over_n ? k.busbw_factor_numerator * (n - 1) / n
                                  : k.busbw_factor_numerator;
}

// The cluster goes through the scenario parser like any user file; the workload is a placeholder
// (one small dense model, pure data parallelism) that make_fabric never reads.
Scenario cluster_scenario(const json& row, const std::vector<std::string>& overrides, RowBuild& b) {
  map_cluster(row, b);
  const json& cluster = b.doc.at("cluster");
  const int64_t gpus =
      cluster.at("num_nodes").get<int64_t>() * cluster.at("gpus_per_node").get<int64_t>();
  json doc = {{"schema", 1},
              {"name", "validation-" + row_name(row)},
              {"model",
               {{"num_layers", 2},
                {"hidden_size", 1024},
                {"num_attention_heads", 16},
                {"seq_length", 1024},
                {"vocab_size", 32000}}},
              {"training", {{"global_batch_size", gpus}}},
              {"cluster", cluster}};
  for (const std::string& assignment : overrides) {
    if (assignment.starts_with("cluster.")) {
      apply_override(doc, assignment);
      b.assume("--set " + assignment);
    }
  }
  return parse_scenario(doc);
}

std::string size_text(double bytes) {
  char buf[32];
  if (bytes >= units::kGiB) {
    std::snprintf(buf, sizeof buf, "%g GiB", bytes / units::kGiB);
  } else if (bytes >= units::kMiB) {
    std::snprintf(buf, sizeof buf, "%g MiB", bytes / units::kMiB);
  } else {
    std::snprintf(buf, sizeof buf, "%g KiB", bytes / units::kKiB);
  }
  return buf;
}

bool all_digits(const std::string& text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

// The published bus bandwidths by message size, smallest first, from any of
//   "busbw_GBps_at_bytes": {"<bytes>": GB/s, ...}      (the dataset's form)
//   "busbw_GBps_at_<bytes>": GB/s                       (one size per key)
//   "algbw_GBps_at_<bytes>": GB/s                       (× the nccl-tests factor; said)
//   "busbw_GBps": GB/s with "size_bytes" / "message_bytes" / "bytes"
// A bus bandwidth given for a size wins over an algorithm bandwidth for it.
std::vector<std::pair<double, double>> published_sizes(const json& row, double algbw_to_busbw,
                                                       RowBuild& b) {
  const json& metrics =
      row.contains("metrics") && row.at("metrics").is_object() ? row.at("metrics") : json::object();
  const std::string path = row_name(row) + ".metrics";
  std::map<double, double> busbw;
  std::map<double, double> algbw;
  const auto number = [&](const std::string& key, const json& value) {
    if (!value.is_number()) {
      throw InputError(path + "." + key, "is not a bandwidth in GB/s", value.dump(), "a number");
    }
    return value.get<double>();
  };
  if (const auto it = metrics.find("busbw_GBps_at_bytes"); it != metrics.end()) {
    if (!it->is_object()) {
      throw InputError(path + ".busbw_GBps_at_bytes", "is not an object", it->dump(),
                       "an object of message size in bytes → bus bandwidth in GB/s");
    }
    for (const auto& [key, value] : it->items()) {
      if (!all_digits(key) || !value.is_number()) {
        throw InputError(path + ".busbw_GBps_at_bytes." + key,
                         "is not a size in bytes with a number", value.dump(),
                         "\"<bytes>\": <GB/s>");
      }
      busbw[std::stod(key)] = value.get<double>();
    }
  }
  for (const auto& [key, value] : metrics.items()) {
    for (const auto& [prefix, into] :
         {std::pair<const char*, std::map<double, double>*>{"busbw_GBps_at_", &busbw},
          std::pair<const char*, std::map<double, double>*>{"algbw_GBps_at_", &algbw}}) {
      const std::string size = key.starts_with(prefix) ? key.substr(std::strlen(prefix)) : "";
      if (all_digits(size)) into->emplace(std::stod(size), number(key, value));
    }
  }
  if (const auto one = row_number(metrics, "busbw_GBps", path)) {
    std::optional<double> bytes;
    for (const char* key : {"size_bytes", "message_bytes", "bytes"}) {
      if (!bytes) bytes = row_number(metrics, key, path);
    }
    if (!bytes || !(*bytes > 0.0)) {
      throw InputError(path + ".size_bytes", "is not given beside busbw_GBps",
                       bytes ? std::to_string(*bytes) : "null", "the message size in bytes");
    }
    busbw.emplace(*bytes, *one);
  }
  bool converted = false;
  for (const auto& [bytes, GBps] : algbw) {
    converted |= busbw.emplace(bytes, GBps * algbw_to_busbw).second;
  }
  if (converted) b.assume("algorithm bandwidths compared as bus bandwidths (× nccl-tests' factor)");
  if (busbw.empty()) {
    throw InputError(path + ".busbw_GBps_at_bytes", "is not given", "",
                     "an object of message size in bytes → bus bandwidth in GB/s (or "
                     "busbw_GBps_at_<bytes>, algbw_GBps_at_<bytes>, busbw_GBps with size_bytes)");
  }
  return {busbw.begin(), busbw.end()};
}

std::vector<ValidationRow> predict_sizes(const json& row, RowBuild& b, const Scenario& s,
                                         const CollectiveKind& kind) {
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  if (gpu == nullptr) {
    throw InputError(row_name(row) + ".gpu_model", "has no catalog entry", s.cluster.gpu,
                     gpu_ids());
  }
  const Fabric fabric = make_fabric(s, *gpu);
  const GroupShape group{s.cluster.num_gpus(), s.cluster.num_nodes};
  const std::string what = kind.name + ", " + std::to_string(group.ranks) + "×" + b.gpu_label +
                           ", " + std::to_string(group.nodes) +
                           (group.nodes == 1 ? " node" : " nodes");
  const auto sizes = published_sizes(row, busbw_factor(kind, group.ranks), b);
  std::vector<ValidationRow> out;
  for (const auto& [bytes, published_GBps] : sizes) {
    ValidationRow r = unexpressed_row(row, "");
    r.label = what + ", " + size_text(bytes);
    r.metric = "busbw_GBps";
    r.published = published_GBps;
    r.assumptions = b.assumptions;
    // nccl-tests' sendrecv: every rank sends to the next at once, so the slowest pair, one that
    // crosses nodes when there are several, sets the time.
    const GroupShape timed =
        kind.collective == Collective::send_recv ? GroupShape{2, group.nodes > 1 ? 2 : 1} : group;
    const CollectiveCost cost = collective_cost(kind.collective, bytes, timed, fabric);
    r.predicted = bytes / cost.time_s * busbw_factor(kind, group.ranks) / units::kGB;
    if (published_GBps > 0.0) {
      r.error = relative_error(r.predicted, r.published);
      r.time_residual = r.error;  // a bandwidth: the time goes as its inverse
      r.error_class = "collective";
      r.expressed = true;
    } else {
      r.why_not = "published bus bandwidth is not positive";
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

std::vector<ValidationRow> validate_collective_row(const json& row,
                                                   const std::vector<std::string>& overrides) {
  try {
    RowBuild b;
    const CollectiveKind kind = collective_kind(row, b);
    const Scenario s = cluster_scenario(row, overrides, b);
    b.assume("message size = nccl-tests 'size' in bytes; busbw = size / time × nccl-tests factor");
    b.assume("algorithm: automatic (fastest of those the cost model has, as NCCL's tuner)");
    b.assume("in-network reduction: NVLS inside an NVSwitch node, no SHARP across nodes");
    if (kind.name == "reduce") {
      b.assume("reduce priced as broadcast: NCCL runs both as one pipelined ring chain");
    }
    return predict_sizes(row, b, s, kind);
  } catch (const InputError& e) {
    return {unexpressed_row(row, e.what())};
  } catch (const std::exception& e) {
    return {unexpressed_row(row, std::string("simulator error: ") + e.what())};
  }
}

}  // namespace wt::validation
