#pragma once
// The facts every launch file repeats, derived once from a validated scenario.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace wt {

struct LaunchPlan {
  std::string job_name;  // job_name_label(s.name, num_nodes)
  std::string headline;  // scenario_headline(s), for the comment at the top of each file
  int num_nodes = 1;
  int gpus_per_node = 1;
  int tensor = 1, pipeline = 1, data = 1, context = 1, expert = 1;
  int64_t micro_batch_size = 1;
  int64_t global_batch_size = 1;
  int64_t gradient_accumulation_steps = 1;  // micro-batches per iteration per DP replica
  std::optional<int64_t> train_iterations;  // ceil(total_tokens / (global batch · seq)); none if 0
  // Megatron's --save-interval: the run's Young/Daly checkpoint interval (optimal_checkpoint_
  // interval_s, sim/report/train_cost.hpp) over the analytical engine's iteration time, rounded,
  // at least 1; none when the run reports no interval (total_tokens 0 or a free checkpoint).
  std::optional<int64_t> save_interval;
};

// Runs the scenario once with the analytical engine (for the checkpoint interval).
LaunchPlan launch_plan(const Scenario& s);

// Iterations between checkpoints: interval_s / iteration_s rounded, at least 1; none when either
// is not positive and finite.
std::optional<int64_t> save_interval_iterations(double interval_s, double iteration_s);

// "Llama 3 8B run on 1 × 8 GPUs" → "llama-3-8b-run-on-1-8-gpus": lower-case letters, digits and
// '-', starting with a letter and ending with a letter or digit (an RFC 1035 label, as Kubernetes
// Service names need), at most `max_length` characters.
std::string dns_label(const std::string& text, size_t max_length = 63);

// The job name of a scenario on `num_nodes` nodes: a dns_label() short enough that the training
// operator's pod and service names, "<job>-master-0" and "<job>-worker-<i>" for i up to
// num_nodes - 2, still fit the 63-character limit of a label.
std::string job_name_label(const std::string& scenario_name, int num_nodes);

// A value the scenario does not know: the user must replace FILL_ME_... before launching.
struct Placeholder {
  std::string variable;  // shell / container environment variable, e.g. "DATA_PATH"
  std::string fill_me;   // its value until the user sets it, e.g. "FILL_ME_data_prefix"
  std::string doc;       // one line: what to put there
};

const std::vector<Placeholder>& launch_placeholders();

// The placeholders of a plan's files: launch_placeholders(), then TRAIN_ITERS without
// train_iterations and SAVE_INTERVAL without save_interval.
std::vector<Placeholder> plan_placeholders(const LaunchPlan& plan);

// Port of the torch.distributed rendezvous on the first node.
inline constexpr int kRendezvousPort = 29500;

}  // namespace wt
