// The planner at scale (docs/performance.md): Llama-3 70B on {A100, H100, H200} × {64 … 2,048
// GPUs in steps of 2× and 1.5×} × global batch {512 … 4,096 in the same steps} × every layout of
// the axes below, searched on all hardware threads. Prints candidates looked at, evaluated and per
// second, and the wall time. Run by hand from a release build:
//   build/plan-rel/bench/planner_bench [JOBS] [p90]
// With `p90` the plan ranks by the P90 of the Monte Carlo (plan.rank_by) and the bench also
// times that step (rank_by_monte_carlo over the kept candidates).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "planner/search/evaluate.hpp"
#include "planner/search/plan_report.hpp"

namespace {

nlohmann::json llama3_70b_plan() {
  return nlohmann::json::parse(R"({
    "name": "bench-llama3-70b",
    "model": {"preset": "llama3-70b"},
    "training": {
      "global_batch_size": [512, 768, 1024, 1536, 2048, 3072, 4096],
      "micro_batch_size": [1, 2, 4, 8], "precision": "bf16",
      "activation_recompute": ["none", "selective", "full"], "total_tokens": 1.5e13
    },
    "parallel": {
      "tensor": [1, 2, 4, 8], "pipeline": [1, 2, 4, 5, 8, 10, 16, 20, 40, 80],
      "context": [1, 2, 4], "zero_stage": [0, 1, 2, 3], "sequence_parallel": [true, false],
      "pipeline_schedule": ["1f1b", "gpipe"]
    },
    "cluster": {
      "gpu": ["a100-sxm4-80gb", "h100-sxm5-80gb", "h200-sxm-141gb"],
      "num_nodes": [8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256], "gpus_per_node": 8,
      "network": {"topology": "fat-tree", "link_bandwidth_Gbps": 400,
                  "fat_tree": {"levels": 3, "switch_radix": 64}}
    },
    "plan": {"deadline_days": 90}
  })");
}

}  // namespace

int main(int argc, char** argv) {
  const int jobs = argc > 1 ? std::atoi(argv[1])
                            : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  nlohmann::json doc = llama3_70b_plan();
  const bool p90 = argc > 2 && std::string(argv[2]) == "p90";
  if (p90) doc["plan"]["rank_by"] = "p90";
  const wt::PlanSpec spec = wt::parse_plan(doc, ".", "bench");
  const wt::CandidateSpace space(spec);
  wt::SearchOptions options;
  options.jobs = jobs;
  const auto start = std::chrono::steady_clock::now();
  wt::PlanReport report;
  report.state = wt::run_search(space, options);
  const wt::SearchState& state = report.state;
  const double wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto ranked_at = std::chrono::steady_clock::now();
  wt::rank_by_monte_carlo(space, report);
  const double rank_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - ranked_at).count();
  uint64_t invalid = 0, pruned = 0;
  for (const auto& [k, n] : state.invalid)
    invalid += n;
  for (const auto& [k, n] : state.pruned)
    pruned += n;
  std::printf("planner_bench: %s, %d threads\n", wt::evaluation_method(), jobs);
  std::printf("combinations %llu  invalid %llu  pruned %llu  evaluated %llu\n",
              static_cast<unsigned long long>(state.combinations),
              static_cast<unsigned long long>(invalid), static_cast<unsigned long long>(pruned),
              static_cast<unsigned long long>(state.evaluated));
  std::printf("wall %.2f s  combinations/s %.0f  evaluations/s %.0f\n", wall_s,
              static_cast<double>(state.combinations) / wall_s,
              static_cast<double>(state.evaluated) / wall_s);
  if (p90) {
    std::printf("ranked by P90: %zu candidates × %d Monte Carlo runs in %.3f s\n",
                state.ranked.size(), spec.monte_carlo.runs, rank_s);
  }
  if (state.ranked.empty()) return 1;
  std::printf("recommended: %s\n", wt::layout_text(space, state.ranked.front()).c_str());
  return 0;
}
