#include "sim/validation/row_to_scenario.hpp"

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

std::string scenario_name(const json& row) {
  const auto id = row_int(row, "id");
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
  map_cluster(row, b);
  return {b.doc, label(row, b), std::move(b.assumptions)};
}

}  // namespace wt::validation
