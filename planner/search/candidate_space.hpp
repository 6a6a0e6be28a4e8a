#pragma once
// The candidates of a plan, numbered 0 .. combinations-1 in mixed radix over the axes (the first
// axis is the most significant digit). The number is the candidates' total order: ties between
// equally good candidates go to the lower number, so results do not depend on threads or shards.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/prices/prices.hpp"
#include "planner/search/plan_spec.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

struct FieldBinding;

// Why a combination is not evaluated: `invalid` breaks a scenario rule (reason: the JSON path the
// rule names); `pruned` is valid but cannot be a recommendation (reason: a sentence). A combination
// that differs from another only in a network block its topology drops is `equivalent`
// (CandidateSpace::equivalent) and is not materialized at all.
enum class Verdict { candidate, invalid, pruned };

struct Materialized {
  Verdict verdict = Verdict::candidate;
  std::string reason;
};

inline constexpr const char* kPrunedMemory = "does not fit in memory";
inline constexpr const char* kPrunedMaxGpus = "more GPUs than plan.max_gpus";
inline constexpr const char* kPrunedFailures = "failures outpace progress";

class CandidateSpace {
 public:
  explicit CandidateSpace(const PlanSpec& spec);  // resolves every GPU's price (InputError if none)

  const PlanSpec& spec() const { return spec_; }
  uint64_t size() const { return spec_.combinations; }
  std::vector<size_t> digits(uint64_t index) const;  // one per axis
  ChosenPrice price_of(const std::string& gpu_id) const;

  // True when the candidate differs from a lower-numbered one only in axes its topology ignores:
  // `cluster.network.fat_tree.*` and `rail_optimized` unless fat-tree, `torus.*` unless torus,
  // `dragonfly.*` unless dragonfly. The representative has each such axis at its first value.
  bool equivalent(uint64_t index) const;
  // True when an axis lies in `cluster.network` (or is the network or the cluster): the lists
  // then name each candidate's fabric.
  bool varies_network() const { return varies_network_; }

  // The concrete scenario document of a candidate (what `windtunnel run` accepts).
  nlohmann::json document(uint64_t index) const;
  // The axis values of a candidate as --set assignments ("parallel.tensor=8").
  std::vector<std::string> assignments(uint64_t index) const;
  // The validated scenario of a candidate; throws InputError when it is invalid.
  Scenario scenario(uint64_t index) const;

  // Builds candidates one after another, reusing the parsed document of the last one: one per
  // thread.
  class Cursor {
   public:
    explicit Cursor(const CandidateSpace& space) : space_(space) {}
    // Fills `out` with the candidate's validated scenario (priced) when the verdict is
    // `candidate`.
    Materialized materialize(uint64_t index, Scenario& out);
    const CandidateSpace& space() const { return space_; }

   private:
    const Scenario* base_for(uint64_t outer, std::string& error);
    const CandidateSpace& space_;
    std::optional<uint64_t> outer_;
    std::optional<Scenario> base_;
    std::string base_error_;
  };

 private:
  nlohmann::json outer_document(uint64_t outer) const;
  const PlanSpec& spec_;
  std::vector<uint64_t> strides_;
  std::vector<const FieldBinding*> bindings_;  // per axis; null for document axes
  size_t first_field_axis_ = 0;                // axes before it are document axes
  uint64_t inner_count_ = 1;                   // combinations of the field axes
  bool strip_topology_ = false;
  bool varies_network_ = false;
  // Equivalence (empty when the topology comes from a whole-object axis): the topology axis (or
  // none, the template's topology), and per axis the topology it matters for ("" for all).
  std::optional<size_t> topology_axis_;
  std::string fixed_topology_;
  std::vector<std::string> axis_topology_;
  std::map<std::string, ChosenPrice> prices_;  // by catalog id
};

}  // namespace wt
