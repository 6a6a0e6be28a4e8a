#include "sim/validation/row_to_scenario.hpp"

#include <cmath>

#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_sections.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

// "GPT-3 175B (NeMo Megatron)" → "GPT-3 175B".
std::string short_model_name(const json& row) {
  std::string name = row_text(row, "model_name");
  if (const auto paren = name.find(" ("); paren != std::string::npos) name.resize(paren);
  return name.empty() ? "model" : name;
}

}  // namespace

std::string layout_text(const json& parallel) {
  std::string s = "TP" + std::to_string(parallel.at("tensor").get<int64_t>()) + " PP" +
                  std::to_string(parallel.at("pipeline").get<int64_t>());
  if (parallel.contains("data")) s += " DP" + std::to_string(parallel.at("data").get<int64_t>());
  const int64_t cp = parallel.at("context").get<int64_t>();
  if (cp > 1) s += " CP" + std::to_string(cp);
  if (parallel.contains("expert"))
    s += " EP" + std::to_string(parallel.at("expert").get<int64_t>());
  if (parallel.contains("virtual_stages")) {
    s += " VP" + std::to_string(parallel.at("virtual_stages").get<int64_t>());
  }
  const int zero = parallel.at("zero_stage").get<int>();
  if (zero > 0) s += " ZeRO-" + std::to_string(zero);
  return s;
}

namespace {

std::string label(const json& row, const RowBuild& b) {
  const json& cluster = b.doc.at("cluster");
  const int64_t gpus =
      cluster.at("num_nodes").get<int64_t>() * cluster.at("gpus_per_node").get<int64_t>();
  std::string s = short_model_name(row) + ", " + std::to_string(gpus) + "×" + b.gpu_label + ", " +
                  layout_text(b.doc.at("parallel"));
  const std::string precision = b.doc.at("training").at("precision").get<std::string>();
  if (precision != "bf16") s += ", " + precision;
  return s;
}

// The data-parallel degree the parser will use: `data`, or the GPUs over the model-parallel ones;
// 0 when neither is known.
int64_t data_parallel(const RowBuild& b) {
  const json& parallel = b.doc.at("parallel");
  if (parallel.contains("data")) return parallel.at("data").get<int64_t>();
  const json& cluster = b.doc.at("cluster");
  const int64_t gpus =
      cluster.at("num_nodes").get<int64_t>() * cluster.at("gpus_per_node").get<int64_t>();
  int64_t model_parallel = 1;
  for (const char* degree : {"tensor", "pipeline", "context"}) {
    const int64_t d = parallel.at(degree).get<int64_t>();
    if (d <= 0 || __builtin_mul_overflow(model_parallel, d, &model_parallel)) return 0;
  }
  return gpus % model_parallel == 0 ? gpus / model_parallel : 0;
}

// A row that gives neither the micro-batch nor the accumulation steps: with ZeRO-3 (FSDP) each
// micro-batch gathers the weights again, so such runs take the whole batch per replica at once;
// other runs take micro-batches of 1 (Megatron's pipelines want many).
void choose_micro_batch(RowBuild& b) {
  if (!b.micro_batch_open) return;
  json& training = b.doc.at("training");
  const int64_t data = data_parallel(b);
  const int64_t global = training.at("global_batch_size").get<int64_t>();
  if (b.doc.at("parallel").at("zero_stage").get<int>() == 3 && data > 0 && global >= data) {
    const int64_t micro = global / data;
    training["micro_batch_size"] = micro;
    b.assume("micro_batch_size not given: global batch / DP = " + std::to_string(micro) +
             " (no gradient accumulation: under ZeRO-3/FSDP every micro-batch gathers the "
             "weights again)");
    return;
  }
  b.assume("micro_batch_size not given: 1");
}

// A global batch that the data-parallel replicas cannot share evenly (OPT-175B: 1024 sequences on
// 124 replicas) is run as the nearest whole number of micro-batches per replica; rates per second
// carry over and the iteration time is scaled back by `iteration_scale` (docs/validation.md).
// Returns published / simulated batch.
double fit_global_batch(RowBuild& b) {
  json& training = b.doc.at("training");
  const int64_t data = data_parallel(b);
  const int64_t micro = training.at("micro_batch_size").get<int64_t>();
  const int64_t global = training.at("global_batch_size").get<int64_t>();
  // Fewer sequences than one micro-batch per replica is the row's own contradiction, which
  // parse_scenario reports (the division also keeps micro × data from overflowing).
  if (data <= 0 || micro <= 0 || global <= 0 || micro > global / data) return 1.0;
  const int64_t per_step = micro * data;
  if (global % per_step == 0) return 1.0;
  const int64_t steps = std::llround(static_cast<double>(global) / static_cast<double>(per_step));
  const int64_t fitted = steps * per_step;
  training["global_batch_size"] = fitted;
  b.assume("global batch " + std::to_string(global) + " is not a multiple of micro-batch × DP (" +
           std::to_string(per_step) + "): run as " + std::to_string(fitted) +
           ", the iteration time scaled by " + std::to_string(global) + "/" +
           std::to_string(fitted));
  return static_cast<double>(global) / static_cast<double>(fitted);
}

std::string scenario_name(const json& row) {
  const auto id = row_id(row);
  return id ? "validation-row-" + std::to_string(*id) : "validation-row";
}

}  // namespace

RowScenario row_to_scenario(const json& row) {
  RowBuild b;
  b.doc["schema"] = 1;
  b.doc["name"] = scenario_name(row);
  map_model(row, b);
  map_training(row, b);
  map_parallel(row, b);
  map_stated_methods(row, b);
  map_cluster(row, b);
  choose_micro_batch(b);
  const double iteration_scale = fit_global_batch(b);
  return {b.doc,
          label(row, b),
          std::move(b.assumptions),
          iteration_scale,
          b.zero_stage_open,
          std::move(b.virtual_stages_alternatives),
          b.pipeline_split_open};
}

}  // namespace wt::validation
