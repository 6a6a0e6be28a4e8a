// consumer SCENARIO: loads a scenario with the installed libraries, times it with the analytical
// engine and prints one line, "<scenario name> iteration <seconds> s"
// (tests/install/install_test.sh).
#include <cstdio>
#include <exception>

#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: consumer SCENARIO\n");
    return 2;
  }
  try {
    const wt::Scenario s = wt::load_scenario_file(argv[1]);
    const wt::RunOutput out = wt::run_scenario(s, wt::EngineKind::analytical);
    std::printf("%s iteration %.3f s\n", s.name.c_str(), out.result.iteration_time_s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "consumer: %s\n", e.what());
    return 2;
  }
  return 0;
}
