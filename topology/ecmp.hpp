#pragma once
// Deterministic equal-cost multi-path choices: each routing decision of a flow mixes the flow's
// hash with the decision's own salt (splitmix64), so distinct flows spread evenly over the
// choices and the decisions of one flow are independent of each other.
#include <cstdint>

namespace wt::topo {

// Salts of the routing decisions, one per kind of choice.
enum class EcmpDecision : uint64_t {
  nic = 1,
  leaf_uplink = 2,
  agg_uplink = 3,
  global_link = 4,
  second_global_link = 5,  // a dragonfly Valiant path's global cable out of the intermediate group
};

constexpr uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27U)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31U);
}

// One of `choices` options for this flow and decision (0 when there is one choice or none).
constexpr int ecmp_pick(uint64_t flow_hash, EcmpDecision decision, int choices) {
  if (choices <= 1) return 0;
  const uint64_t mixed = splitmix64(flow_hash ^ splitmix64(static_cast<uint64_t>(decision)));
  return static_cast<int>(mixed % static_cast<uint64_t>(choices));
}

}  // namespace wt::topo
