#pragma once
// The one-line description of a scenario that heads the summary and the reports, e.g.
// "GPT-3 175B · 1,024 × NVIDIA A100 SXM4 80GB · TP 8 · PP 8 · DP 16 · ZeRO-1 · 1F1B · fat-tree
// 3-level 200 Gb/s". Parts that do not apply (CP 1, a network for one node, ...) are left out.
#include <cstdint>
#include <string>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace wt {

std::string scenario_headline(const Scenario& s);
// The same as separate parts (model, GPUs, layout items, network), for callers that wrap lines.
std::vector<std::string> scenario_headline_parts(const Scenario& s);

// The fabric in a few words, for lists that compare networks: the headline's topology text, with
// "rail " before a rail-optimized fat-tree (2 levels or more, as topology/registry.cpp builds it)
// and a dragonfly's routing after: "rail fat-tree 2-level 2:1", "torus 4×4×4",
// "dragonfly 4 groups ugal".
std::string fabric_text(const NetworkConfig& n);

// "GPT-3 175B" for preset gpt3-175b; the scenario name when there is no preset.
std::string model_display_name(const Scenario& s);

// 1024 → "1,024".
std::string with_thousands(int64_t value);

}  // namespace wt
