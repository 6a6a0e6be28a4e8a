// Wall time of the analytical path on shipped scenarios: scenario → workload → costs → walk.
#include <benchmark/benchmark.h>

#include <string>

#include "sim/engine/analytical/estimate.hpp"
#include "sim/engine/analytical/walk.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/builder.hpp"

namespace {

wt::Scenario load(const char* file) {
  return wt::load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/" + file);
}

void BM_RunScenario(benchmark::State& state, const char* file) {
  const wt::Scenario s = load(file);
  std::size_t ops = 0;
  for (auto _ : state) {
    const wt::RunOutput out = wt::run_scenario(s);
    benchmark::DoNotOptimize(out.result.iteration_time_s);
    ops = 0;
    for (const auto& p : out.workload.programs)
      ops += p.ops.size();
  }
  state.counters["ops"] = static_cast<double>(ops);
  state.counters["ops_per_s"] =
      benchmark::Counter(static_cast<double>(ops), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_BuildWorkload(benchmark::State& state, const char* file) {
  const wt::Scenario s = load(file);
  for (auto _ : state)
    benchmark::DoNotOptimize(wt::build_workload(s).programs.size());
}

// The planner's fast path: one estimate_scenario per iteration (the scenario parsed once outside).
void BM_Estimate(benchmark::State& state, const char* file) {
  const wt::Scenario s = load(file);
  for (auto _ : state) {
    const wt::RunResult r = wt::estimate_scenario(s);
    benchmark::DoNotOptimize(r.iteration_time_s);
  }
  state.counters["evaluations_per_s"] =
      benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_EstimateIteration(benchmark::State& state, const char* file) {
  const wt::Scenario s = load(file);
  for (auto _ : state)
    benchmark::DoNotOptimize(wt::estimate_iteration_s(s));
  state.counters["evaluations_per_s"] =
      benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

BENCHMARK_CAPTURE(BM_Estimate, gpt3_175b_1024_a100, "gpt3-175b-1024-a100.json")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Estimate, llama3_405b_16k_h100, "llama3-405b-16k-h100.json")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Estimate, llama3_8b_1node_h100, "llama3-8b-1node-h100.json")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Estimate, zero3_llama2_13b, "zero3-llama2-13b.json")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_EstimateIteration, gpt3_175b_1024_a100, "gpt3-175b-1024-a100.json")
    ->Unit(benchmark::kMicrosecond);

BENCHMARK_CAPTURE(BM_RunScenario, gpt3_175b_1024_a100, "gpt3-175b-1024-a100.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RunScenario, llama3_405b_16k_h100, "llama3-405b-16k-h100.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RunScenario, llama3_8b_1node_h100, "llama3-8b-1node-h100.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BuildWorkload, gpt3_175b_1024_a100, "gpt3-175b-1024-a100.json")
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
