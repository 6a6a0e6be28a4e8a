#pragma once
// `windtunnel sweep SCENARIO --vary path=v1,v2,...`: every point of the grid of --vary values is
// run as if by `run --set path=value`, and tabulated with tokens/s, speedup and scaling efficiency
// against the reference point (the smallest GPU count that fits). Points that are invalid or do not
// fit are rows with their reason, never an error of the whole sweep.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/report/run_result.hpp"

namespace wt {

struct SweepAxis {
  std::string path;                 // dotted scenario path, as for --set
  std::vector<std::string> values;  // as written; each is read like a --set value
};

// "cluster.num_nodes=1,2,4": commas inside [...] or "..." do not split (dims=[4,4],[8,8]).
// InputError at "--vary" when there is no '=', no path or an empty value.
SweepAxis parse_vary(const std::string& option);

// The grid's points, one value per axis: nested loops in the order given, the last axis fastest.
std::vector<std::vector<std::string>> sweep_grid(const std::vector<SweepAxis>& axes);

struct SweepPoint {
  std::vector<std::string> values;  // one per axis
  bool ran = false;                 // false: invalid scenario, `error` says why
  std::string error;
  RunResult result;  // when ran (also when it does not fit: result.fits_in_memory is false)
  double tokens_per_s_per_gpu = 0.0;
  double speedup = 0.0;             // tokens/s over the reference point's
  double scaling_efficiency = 0.0;  // tokens/s per GPU over the reference point's
};

struct SweepResult {
  std::string scenario;  // the base scenario's name
  std::string model;     // display name of the model, e.g. "Llama 3 8B"
  std::vector<SweepAxis> axes;
  std::vector<SweepPoint> points;
  int reference = -1;                  // index into points; -1 when no point ran
  bool data_parallel_derived = false;  // parallel.data was dropped to follow the GPU count
};

struct SweepRequest {
  std::string scenario_path;
  std::vector<std::string> sets;  // --set overrides for every point, applied before the point's
  std::vector<SweepAxis> axes;
  // The scenario as a document (windtunnel.sweep() in Python with a dict) instead of reading
  // `scenario_path`, which then only names it when it has no "name"; relative paths inside it
  // resolve against `base_dir`.
  std::optional<nlohmann::json> document;
  std::string base_dir = ".";
};

using SweepProgress = std::function<void(size_t done, size_t total)>;

// InputError when the scenario file cannot be read or is not JSON (nothing to sweep); a point that
// fails validation becomes a row with the reason.
SweepResult run_sweep(const SweepRequest& request, const SweepProgress& progress = {});

// Scaling figures. speedup = tps / ref_tps; efficiency = (tps / gpus) / (ref_tps / ref_gpus).
double sweep_speedup(double tokens_per_s, double reference_tokens_per_s);
double scaling_efficiency(double tokens_per_s, int gpus, double reference_tokens_per_s,
                          int reference_gpus);
// The point that ran and fits with the fewest GPUs (the first of equals); when none fits, the point
// that ran with the fewest GPUs; -1 when none ran.
int reference_point(const std::vector<SweepPoint>& points);
// Fills tokens_per_s_per_gpu, speedup and scaling_efficiency of every point that ran.
void apply_scaling(std::vector<SweepPoint>& points, int reference);

}  // namespace wt
