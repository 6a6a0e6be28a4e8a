// A shard's JSON (from `plan --shard i/N --json`, or a --checkpoint part) read back as carefully
// as user input: a part is a file that may have been edited, truncated or taken from another plan,
// so each field is type- and range-checked and each error names the file and the JSON path.
#include <limits>
#include <set>

#include "core/error.hpp"
#include "planner/search/plan_report.hpp"
#include "sim/hardware/calibration_json_fields.hpp"

namespace wt {
namespace {

using nlohmann::json;

constexpr int64_t kMaxCount = std::numeric_limits<int64_t>::max();
constexpr int64_t kMaxKeep = 1 << 20;  // far above any --top or --refine
constexpr std::string_view kKind = "windtunnel-plan-shard";
constexpr std::string_view kEngines[] = {"analytical", "simgrid", "estimate"};
// A candidate the planner kept is never "does not fit" (docs/models.md, "Memory per GPU").
constexpr std::string_view kMemoryVerdicts[] = {"fits", "tight"};

// A top-level key of the part (its path is the key itself).
JsonAt field(const json& doc, const char* key, const std::string& origin) {
  const auto it = doc.find(key);
  if (it == doc.end()) {
    throw InputError(key, "is missing in " + origin, "", "a part written by plan --shard i/N");
  }
  return {*it, key, origin};
}

uint64_t read_count(const JsonAt& at, uint64_t max) {
  return static_cast<uint64_t>(read_integer(
      at, 0, static_cast<int64_t>(std::min<uint64_t>(max, static_cast<uint64_t>(kMaxCount)))));
}

Outcome read_outcome(const JsonAt& at, const PlanSpec& spec) {
  expect_object(at, {"index",
                     "gpu",
                     "num_gpus",
                     "engine",
                     "iteration_time_s",
                     "analytical_iteration_time_s",
                     "tokens_per_s",
                     "mfu",
                     "bubble_fraction",
                     "exposed_comm_fraction",
                     "exposed_comm_fraction_by_dim",
                     "memory_per_gpu_bytes",
                     "memory_capacity_bytes",
                     "memory_verdict",
                     "time_to_train_s",
                     "expected_time_to_train_with_failures_s",
                     "expected_days",
                     "gpu_hours",
                     "cost_usd",
                     "usd_per_gpu_hour",
                     "cluster_mtbf_s",
                     "optimal_checkpoint_interval_s"});
  Outcome o;
  o.index = read_count(member(at, "index"), spec.combinations - 1);  // a candidate of this plan
  o.gpu = read_text(member(at, "gpu"), false);
  o.num_gpus = read_int(member(at, "num_gpus"), 1);
  o.engine = read_name(member(at, "engine"), kEngines);
  o.iteration_time_s = read_positive(member(at, "iteration_time_s"));
  o.analytical_iteration_time_s = read_positive(member(at, "analytical_iteration_time_s"));
  o.tokens_per_s = read_positive(member(at, "tokens_per_s"));
  o.mfu = read_non_negative(member(at, "mfu"));
  o.bubble_fraction = read_non_negative(member(at, "bubble_fraction"));
  o.exposed_comm_fraction = read_non_negative(member(at, "exposed_comm_fraction"));
  const JsonAt by_dim = member(at, "exposed_comm_fraction_by_dim");
  expect_object(by_dim, {"tp", "pp", "dp", "cp", "ep"});
  o.exposed_fraction_by_dim = {
      read_non_negative(member(by_dim, "tp")), read_non_negative(member(by_dim, "pp")),
      read_non_negative(member(by_dim, "dp")), read_non_negative(member(by_dim, "cp")),
      read_non_negative(member(by_dim, "ep"))};
  o.memory_bytes = read_non_negative(member(at, "memory_per_gpu_bytes"));
  o.capacity_bytes = read_positive(member(at, "memory_capacity_bytes"));
  o.memory_tight = read_name(member(at, "memory_verdict"), kMemoryVerdicts) == "tight";
  o.time_to_train_s = read_positive(member(at, "time_to_train_s"));
  o.expected_time_s = read_positive(member(at, "expected_time_to_train_with_failures_s"));
  (void)read_positive(member(at, "expected_days"));  // written for people; recomputed
  o.gpu_hours = read_non_negative(member(at, "gpu_hours"));
  o.cost_usd = read_non_negative(member(at, "cost_usd"));
  o.usd_per_gpu_hour = read_non_negative(member(at, "usd_per_gpu_hour"));
  o.cluster_mtbf_s = read_positive(member(at, "cluster_mtbf_s"));
  o.checkpoint_interval_s = read_non_negative(member(at, "optimal_checkpoint_interval_s"));
  return o;
}

std::map<std::string, uint64_t> read_counts(const JsonAt& at, uint64_t max) {
  if (!at.value.is_object()) fail_at(at, "is not a JSON object", "an object of counts");
  std::map<std::string, uint64_t> m;
  for (const auto& [key, value] : at.value.items()) {
    m[key] = read_count(JsonAt{value, at.path + "." + key, at.origin}, max);
  }
  return m;
}

struct Part {
  Shard shard;
  SearchState state;
};

Part read_part(const PlanSpec& spec, const json& doc, const std::string& origin) {
  if (!doc.is_object() || doc.value("kind", "") != kKind) {
    throw InputError(origin, "not a plan shard (the output of plan --shard i/N --json)");
  }
  const JsonAt root{doc, "", origin};
  expect_object(root, {"schema", "kind", "plan", "fingerprint", "shard", "keep", "combinations",
                       "evaluated", "equivalent", "invalid", "pruned", "outcomes"});
  (void)read_integer(field(doc, "schema", origin), 1, 1);
  (void)read_text(field(doc, "plan", origin), true);
  const std::string fingerprint = read_text(field(doc, "fingerprint", origin), false);
  if (fingerprint != spec.fingerprint) {
    throw InputError(origin, "is a shard of another plan (or of an edited plan file)", fingerprint,
                     spec.fingerprint);
  }
  Part p;
  const JsonAt shard = field(doc, "shard", origin);
  expect_object(shard, {"index", "count"});
  p.shard.count = read_count(member(shard, "count"), kMaxCount);  // may exceed the candidates
  if (p.shard.count == 0) fail_at(member(shard, "count"), "is 0", "1 or more");
  p.shard.index = read_count(member(shard, "index"), p.shard.count - 1);
  p.state =
      empty_state(spec, static_cast<size_t>(read_integer(field(doc, "keep", origin), 0, kMaxKeep)));
  p.state.combinations = read_count(field(doc, "combinations", origin), spec.combinations);
  p.state.evaluated = read_count(field(doc, "evaluated", origin), p.state.combinations);
  if (doc.contains("equivalent")) {  // absent in shards written before it was counted
    p.state.equivalent = read_count(field(doc, "equivalent", origin), p.state.combinations);
  }
  p.state.invalid = read_counts(field(doc, "invalid", origin), p.state.combinations);
  p.state.pruned = read_counts(field(doc, "pruned", origin), p.state.combinations);
  const JsonAt outcomes = field(doc, "outcomes", origin);
  for (const JsonAt& o : elements(outcomes, 0))
    p.state.add(read_outcome(o, spec));
  return p;
}

}  // namespace

SearchState merge_shards(const PlanSpec& spec, const std::vector<json>& shards,
                         const std::vector<std::string>& names) {
  size_t keep = 0;
  uint64_t count = 0;
  std::set<uint64_t> seen;
  std::vector<SearchState> states;
  for (size_t i = 0; i < shards.size(); ++i) {
    const std::string& name = names[i];
    Part p = read_part(spec, shards[i], name);
    if (count != 0 && p.shard.count != count) {
      throw InputError(name, "splits the plan into a different number of shards",
                       std::to_string(p.shard.count), std::to_string(count));
    }
    count = p.shard.count;
    if (!seen.insert(p.shard.index).second) {
      throw InputError(
          name, "repeats shard " + std::to_string(p.shard.index) + "/" + std::to_string(count));
    }
    keep = i == 0 ? p.state.keep : std::min(keep, p.state.keep);
    states.push_back(std::move(p.state));
  }
  if (seen.size() != count) {
    constexpr uint64_t kListed = 10;  // a count read from a file may be huge
    std::string missing;
    uint64_t listed = 0;
    for (uint64_t i = 0; i < count && listed < kListed; ++i) {
      if (seen.count(i)) continue;
      missing += (missing.empty() ? "" : ", ") + std::to_string(i);
      ++listed;
    }
    if (count - seen.size() > listed) missing += ", ...";
    throw InputError("--merge", "shards missing: " + missing + " of " + std::to_string(count), "",
                     "every shard 0 .. " + std::to_string(count - 1) + " once");
  }
  SearchState merged = empty_state(spec, keep);
  for (const SearchState& s : states)
    merged.merge(s);
  return merged;
}

}  // namespace wt
