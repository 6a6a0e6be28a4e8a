// goodput_bench: the Monte Carlo of a whole run (sim/report/goodput_monte_carlo.hpp) for 10,000
// runs of a 90-day job on 16,384 H100 with Llama 3's failure rates (docs/performance.md,
// "Monte Carlo of failures"). Run by hand: build/release/bench/goodput_bench [RUNS].
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "sim/report/goodput_monte_carlo.hpp"
#include "sim/report/train_cost.hpp"

int main(int argc, char** argv) {
  wt::Scenario s;
  s.cluster.num_nodes = 2048;
  s.cluster.gpus_per_node = 8;
  s.cluster.network.nics_per_node = 8;
  wt::GoodputInputs in;
  in.failures = wt::failure_sources(s, 0.0);
  const double mtbf_s = 1.0 / wt::total_failure_rate(in.failures);
  in.work_s = 90.0 * 86400.0;  // 90 days of failure-free work
  in.blocking_s = 2.84;        // Llama 3 405B's 5.7 TB at 2 TB/s
  in.interval_s = wt::young_daly_interval_s(in.blocking_s, mtbf_s, 14.0, 0.0);
  in.runs = argc > 1 ? std::atoi(argv[1]) : 10000;
  in.expected_interruptions = wt::expected_time_with_failures_s(in.work_s, in.blocking_s,
                                                                in.interval_s, 0.0, 600.0, mtbf_s) /
                              mtbf_s;
  const auto start = std::chrono::steady_clock::now();
  const wt::GoodputStats g = wt::simulate_goodput(in);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d runs of a %.0f-day job (MTBF %.2f h, %.0f interruptions each): %.3f s\n", g.runs,
              in.work_s / 86400.0, mtbf_s / 3600.0, g.mean_interruptions, seconds);
  std::printf("mean %.2f days (± %.4f), P50 %.2f, P90 %.2f, ETTR %.4f\n", g.mean_time_s / 86400.0,
              g.stderr_time_s / 86400.0, g.p50_time_s / 86400.0, g.p90_time_s / 86400.0, g.ettr);
  return g.runs > 0 ? 0 : 1;
}
