#include "calibrate/replay_prepare.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

namespace wt::calibrate {
namespace {

void require_file(const std::string& argument, const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw InputError(argument, "no such file", path, "a path to an existing JSON file");
  }
}

}  // namespace

PreparedReplay prepare_replay(const ReplayOptions& o) {
  require_file("SCENARIO", o.scenario);
  Scenario s = load_scenario_file(o.scenario, o.sets);
  if (!o.profile.empty()) {
    require_file("--profile", o.profile);
    s.calibration = std::filesystem::absolute(o.profile).string();
  }
  // The replay times each kernel on one otherwise idle GPU, as the benchmarks behind the catalog
  // and the profiles did: predict it at that speed, not at the job's sustained speed or its
  // slowest GPU's (docs/models.md, "Sustained speed").
  s.cluster.gpu_sustained_speed = 1.0;
  s.cluster.gpu_speed_spread = 0.0;
  const RunOutput run = run_scenario(s);
  PreparedReplay r;
  r.precision = s.training.precision;
  r.catalog_gpu = s.cluster.gpu;
  r.plan = plan_replay(run.workload, o.rank);
  r.context.scenario = s.name;
  r.context.precision = to_string(s.training.precision);
  r.context.predicted_gpu =
      s.cluster.gpu + (s.calibration ? " with profile " + *s.calibration : " (catalog figures)");
  r.context.num_ranks = run.workload.num_gpus;
  r.context.num_roles = static_cast<int>(run.workload.programs.size());
  return r;
}

}  // namespace wt::calibrate
