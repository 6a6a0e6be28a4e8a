#include "planner/search/candidate_space.hpp"

#include "core/error.hpp"
#include "planner/search/layout_precheck.hpp"
#include "planner/search/plan_document.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/document_walk.hpp"
#include "sim/scenario/field_binding.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

using nlohmann::json;

const FieldBinding& binding_of(const std::string& path) {
  if (const FieldBinding* f = find_field_binding(path)) return *f;
  throw std::logic_error("planner: no scenario field " + path);
}

bool varies_topology(const std::vector<Axis>& axes) {
  for (const Axis& a : axes) {
    if (a.path == "cluster.network.topology" || a.path == "cluster.network" ||
        a.path == "cluster") {
      return true;
    }
  }
  return false;
}

bool starts_with_block(const std::string& path, const std::string& block) {
  return path == block || path.rfind(block + ".", 0) == 0;
}

// The topology whose candidates read the axis at `path`; "" when every topology reads it. Only the
// fat-tree registrations read rail_optimized (topology/registry.cpp).
std::string topology_reading(const std::string& path) {
  if (starts_with_block(path, "cluster.network.fat_tree") ||
      path == "cluster.network.rail_optimized") {
    return "fat-tree";
  }
  if (starts_with_block(path, "cluster.network.torus")) return "torus";
  if (starts_with_block(path, "cluster.network.dragonfly")) return "dragonfly";
  return "";
}

// Every GPU a candidate can name, as its catalog id.
std::vector<std::string> gpus_of(const PlanSpec& spec) {
  std::vector<json> names;
  const json& t = spec.template_doc;
  if (t.contains("cluster") && t["cluster"].contains("gpu")) names.push_back(t["cluster"]["gpu"]);
  for (const Axis& a : spec.axes) {
    if (a.path == "cluster.gpu") names.insert(names.end(), a.values.begin(), a.values.end());
    // An axis of whole clusters (e.g. an NVIDIA fat-tree beside a TPU slice) names one each.
    if (a.path != "cluster") continue;
    for (const json& c : a.values) {
      if (c.is_object() && c.contains("gpu")) names.push_back(c["gpu"]);
    }
  }
  std::vector<std::string> ids;
  for (const json& n : names) {
    const GpuSpec* gpu = n.is_string() ? find_gpu(n.get<std::string>()) : nullptr;
    if (gpu != nullptr) ids.push_back(gpu->id);
  }
  if (ids.empty()) ids.push_back(Scenario{}.cluster.gpu);
  return ids;
}

}  // namespace

CandidateSpace::CandidateSpace(const PlanSpec& spec) : spec_(spec) {
  strides_.assign(spec.axes.size(), 1);
  for (size_t k = spec.axes.size(); k-- > 1;) {
    strides_[k - 1] = strides_[k] * spec.axes[k].values.size();
  }
  while (first_field_axis_ < spec.axes.size() &&
         spec.axes[first_field_axis_].kind == AxisKind::document) {
    ++first_field_axis_;
  }
  for (size_t k = first_field_axis_; k < spec.axes.size(); ++k) {
    inner_count_ *= spec.axes[k].values.size();
  }
  for (size_t k = 0; k < spec.axes.size(); ++k) {
    bindings_.push_back(k < first_field_axis_ ? nullptr : &binding_of(spec.axes[k].path));
  }
  strip_topology_ = varies_topology(spec.axes);
  bool whole_network = false;
  for (size_t k = 0; k < spec.axes.size(); ++k) {
    const std::string& path = spec.axes[k].path;
    if (path == "cluster" || path == "cluster.network") whole_network = true;
    if (starts_with_block(path, "cluster.network") || path == "cluster") varies_network_ = true;
    if (path == "cluster.network.topology") topology_axis_ = k;
  }
  if (!whole_network) {
    for (const Axis& a : spec.axes)
      axis_topology_.push_back(topology_reading(a.path));
    // The same default as keep_only_chosen_topology_block.
    const json* network = nullptr;
    const json& t = spec.template_doc;
    if (t.contains("cluster") && t["cluster"].is_object() && t["cluster"].contains("network")) {
      network = &t["cluster"]["network"];
    }
    fixed_topology_ = "fat-tree";
    if (network != nullptr && network->is_object() && network->contains("topology")) {
      const json& topology = (*network)["topology"];
      fixed_topology_ = topology.is_string() ? topology.get<std::string>() : "";
    }
  }
  for (const std::string& gpu : gpus_of(spec)) {
    prices_.emplace(gpu, choose_price(gpu, spec.prices));
  }
}

std::vector<size_t> CandidateSpace::digits(uint64_t index) const {
  std::vector<size_t> d(spec_.axes.size());
  for (size_t k = 0; k < d.size(); ++k) {
    d[k] = static_cast<size_t>((index / strides_[k]) % spec_.axes[k].values.size());
  }
  return d;
}

bool CandidateSpace::equivalent(uint64_t index) const {
  if (axis_topology_.empty()) return false;
  const std::vector<size_t> d = digits(index);
  std::string topology = fixed_topology_;
  if (topology_axis_) {
    const json& v = spec_.axes[*topology_axis_].values[d[*topology_axis_]];
    topology = v.is_string() ? v.get<std::string>() : "";
  }
  // An unknown topology is invalid: leave it to the validator, whatever the other axes hold.
  if (topology != "fat-tree" && topology != "torus" && topology != "dragonfly") return false;
  for (size_t k = 0; k < d.size(); ++k) {
    if (d[k] != 0 && !axis_topology_[k].empty() && axis_topology_[k] != topology) return true;
  }
  return false;
}

ChosenPrice CandidateSpace::price_of(const std::string& gpu_id) const {
  const auto it = prices_.find(gpu_id);
  // A GPU named by a calibration profile is known only after validation.
  if (it == prices_.end()) return choose_price(gpu_id, spec_.prices);
  return it->second;
}

json CandidateSpace::outer_document(uint64_t outer) const {
  json doc = spec_.template_doc;
  const std::vector<size_t> d = digits(outer * inner_count_);
  for (size_t k = 0; k < first_field_axis_; ++k) {
    set_at_path(doc, spec_.axes[k].path, spec_.axes[k].values[d[k]]);
  }
  if (strip_topology_) keep_only_chosen_topology_block(doc);
  return doc;
}

json CandidateSpace::document(uint64_t index) const {
  json doc = outer_document(index / inner_count_);
  const std::vector<size_t> d = digits(index);
  for (size_t k = first_field_axis_; k < spec_.axes.size(); ++k) {
    set_at_path(doc, spec_.axes[k].path, spec_.axes[k].values[d[k]]);
  }
  // A field axis inside a dropped block (fat_tree.oversubscription of a torus candidate) has put
  // that block back: drop it again.
  if (strip_topology_) keep_only_chosen_topology_block(doc);
  Scenario s = scenario(index);
  set_at_path(doc, "cost.usd_per_gpu_hour", s.cost.usd_per_gpu_hour);
  if (doc.contains("name") || !spec_.name.empty()) doc["name"] = spec_.name;
  return doc;
}

std::vector<std::string> CandidateSpace::assignments(uint64_t index) const {
  std::vector<std::string> out;
  const std::vector<size_t> d = digits(index);
  for (size_t k = 0; k < spec_.axes.size(); ++k) {
    out.push_back(spec_.axes[k].path + "=" + spec_.axes[k].values[d[k]].dump());
  }
  return out;
}

Scenario CandidateSpace::scenario(uint64_t index) const {
  Cursor cursor(*this);
  Scenario s;
  const Materialized m = cursor.materialize(index, s);
  if (m.verdict == Verdict::invalid) {
    // Re-run the rules for their full message.
    json doc = outer_document(index / inner_count_);
    const std::vector<size_t> d = digits(index);
    for (size_t k = first_field_axis_; k < spec_.axes.size(); ++k) {
      set_at_path(doc, spec_.axes[k].path, spec_.axes[k].values[d[k]]);
    }
    parse_scenario(doc, {}, spec_.base_dir);
    throw InputError(m.reason, "invalid layout");
  }
  return s;
}

const Scenario* CandidateSpace::Cursor::base_for(uint64_t outer, std::string& error) {
  if (outer_ != outer) {
    outer_ = outer;
    base_.reset();
    base_error_.clear();
    try {
      Scenario s;
      read_document(space_.outer_document(outer), s, ReadContext{space_.spec_.base_dir});
      base_ = std::move(s);
    } catch (const InputError& e) {
      base_error_ = e.path().empty() ? "document" : e.path();
    }
  }
  error = base_error_;
  return base_ ? &*base_ : nullptr;
}

Materialized CandidateSpace::Cursor::materialize(uint64_t index, Scenario& out) {
  std::string error;
  const Scenario* base = base_for(index / space_.inner_count_, error);
  if (base == nullptr) return {Verdict::invalid, error};
  out = *base;
  const PlanSpec& spec = space_.spec_;
  const ReadContext ctx{spec.base_dir};
  for (size_t k = space_.first_field_axis_; k < spec.axes.size(); ++k) {
    const Axis& axis = spec.axes[k];
    const size_t digit = static_cast<size_t>((index / space_.strides_[k]) % axis.values.size());
    space_.bindings_[k]->read(axis.values[digit], out, ctx);
  }
  if (const char* rule = layout_violation(out)) return {Verdict::invalid, rule};
  try {
    validate(out);
  } catch (const InputError& e) {
    return {Verdict::invalid, e.path()};
  }
  const int max_gpus = spec.constraints.max_gpus;
  if (max_gpus > 0 && out.cluster.num_gpus() > max_gpus) return {Verdict::pruned, kPrunedMaxGpus};
  const GpuSpec* gpu = find_gpu(out.cluster.gpu);
  if (gpu != nullptr && model_states_surely_overflow(out, gpu->memory_bytes())) {
    return {Verdict::pruned, kPrunedMemory};
  }
  out.cost.usd_per_gpu_hour = space_.price_of(out.cluster.gpu).usd_per_gpu_hour;
  return {};
}

}  // namespace wt
