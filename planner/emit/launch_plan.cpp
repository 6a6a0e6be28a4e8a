#include "planner/emit/launch_plan.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "sim/report/headline.hpp"
#include "sim/run.hpp"

namespace wt {
namespace {

constexpr size_t kMaxLabel = 63;
constexpr const char* kFallbackName = "windtunnel-job";

std::optional<int64_t> iterations_for(const Scenario& s) {
  if (s.training.total_tokens <= 0.0) return std::nullopt;
  const double tokens_per_iteration =
      static_cast<double>(s.training.global_batch_size) * static_cast<double>(s.model.seq_length);
  return static_cast<int64_t>(std::ceil(s.training.total_tokens / tokens_per_iteration));
}

}  // namespace

std::optional<int64_t> save_interval_iterations(double interval_s, double iteration_s) {
  if (!(interval_s > 0.0) || !(iteration_s > 0.0) || !std::isfinite(interval_s / iteration_s)) {
    return std::nullopt;
  }
  return std::max<int64_t>(1, std::llround(interval_s / iteration_s));
}

std::string dns_label(const std::string& text, size_t max_length) {
  std::string label;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) {
      label += static_cast<char>(std::tolower(u));
    } else if (!label.empty() && label.back() != '-') {
      label += '-';
    }
  }
  if (!label.empty() && std::isdigit(static_cast<unsigned char>(label.front()))) {
    label.insert(0, "job-");  // a label starts with a letter
  }
  if (label.size() > max_length) label.resize(max_length);
  while (!label.empty() && label.back() == '-')
    label.pop_back();
  return label.empty() ? std::string(kFallbackName).substr(0, max_length) : label;
}

std::string job_name_label(const std::string& scenario_name, int num_nodes) {
  const std::string master = "-master-0";
  const std::string worker = "-worker-" + std::to_string(num_nodes > 1 ? num_nodes - 2 : 0);
  return dns_label(scenario_name, kMaxLabel - std::max(master.size(), worker.size()));
}

LaunchPlan launch_plan(const Scenario& s) {
  LaunchPlan p;
  p.job_name = job_name_label(s.name, s.cluster.num_nodes);
  p.headline = scenario_headline(s);
  p.num_nodes = s.cluster.num_nodes;
  p.gpus_per_node = s.cluster.gpus_per_node;
  p.tensor = s.parallel.tensor;
  p.pipeline = s.parallel.pipeline;
  p.data = s.parallel.data;
  p.context = s.parallel.context;
  p.expert = s.parallel.expert;
  p.micro_batch_size = s.training.micro_batch_size;
  p.global_batch_size = s.training.global_batch_size;
  p.gradient_accumulation_steps = s.num_micro_batches();
  p.train_iterations = iterations_for(s);
  const RunResult run = run_scenario(s, EngineKind::analytical).result;
  p.save_interval =
      save_interval_iterations(run.optimal_checkpoint_interval_s, run.iteration_time_s);
  return p;
}

const std::vector<Placeholder>& launch_placeholders() {
  static const std::vector<Placeholder> placeholders = {
      {"MEGATRON_DIR", "FILL_ME_megatron_lm_checkout",
       "path of a Megatron-LM checkout (holds pretrain_gpt.py)"},
      {"DATA_PATH", "FILL_ME_data_prefix",
       "prefix of the preprocessed dataset (.bin/.idx from tools/preprocess_data.py)"},
      {"TOKENIZER_TYPE", "FILL_ME_tokenizer_type",
       "Megatron tokenizer type, e.g. HuggingFaceTokenizer or GPT2BPETokenizer"},
      {"TOKENIZER_MODEL", "FILL_ME_tokenizer_model",
       "tokenizer model name or path; it also sets the vocabulary size"},
      {"CHECKPOINT_DIR", "FILL_ME_checkpoint_dir", "folder to save and resume checkpoints"},
      {"LR", "FILL_ME_learning_rate", "peak learning rate (schedule, warm-up, decay: add yours)"},
  };
  return placeholders;
}

std::vector<Placeholder> plan_placeholders(const LaunchPlan& plan) {
  std::vector<Placeholder> extra = launch_placeholders();
  if (!plan.train_iterations) {
    extra.push_back({"TRAIN_ITERS", "FILL_ME_train_iters",
                     "training.total_tokens is 0 in the scenario: set the number of iterations"});
  }
  if (!plan.save_interval) {
    extra.push_back({"SAVE_INTERVAL", "FILL_ME_save_interval",
                     "iterations between checkpoints (the scenario gives no checkpoint interval: "
                     "no total_tokens, or reliability.checkpoint_write_s 0)"});
  }
  return extra;
}

}  // namespace wt
