#pragma once
// The sections of a row's scenario document, each mapped by its own file (row_model.cpp,
// row_training.cpp, row_parallel.cpp, row_cluster.cpp). Internal to sim/validation.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wt::validation {

struct RowBuild {
  nlohmann::json doc = nlohmann::json::object();
  std::vector<std::string> assumptions;
  std::string gpu_label;  // e.g. "A100-80GB", for the row's label
  // The row gives neither micro_batch_size nor grad_accum_steps: the micro-batch is chosen once
  // the layout is known (row_to_scenario.cpp).
  bool micro_batch_open = false;
  void assume(std::string what) { assumptions.push_back(std::move(what)); }
};

void map_model(const nlohmann::json& row, RowBuild& b);     // doc["model"]
void map_training(const nlohmann::json& row, RowBuild& b);  // doc["training"]
void map_parallel(const nlohmann::json& row, RowBuild& b);  // doc["parallel"]; needs "model"
void map_cluster(const nlohmann::json& row, RowBuild& b);   // doc["cluster"]

}  // namespace wt::validation
