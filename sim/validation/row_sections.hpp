#pragma once
// The sections of a row's scenario document, each mapped by its own file (row_model.cpp,
// row_training.cpp, row_parallel.cpp, row_cluster.cpp). Internal to sim/validation.
#include <cstdint>
#include <optional>
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
  // The row names no ZeRO stage: parallel.zero_stage is its framework profile's (or 0).
  bool zero_stage_open = false;
  // The row states an interleaved schedule without its virtual stages: the counts besides the
  // one in the document (the smallest) that also divide the layers per stage.
  std::vector<int64_t> virtual_stages_alternatives;
  // The row names DualPipe on a pipeline and states no split: the first- and last-stage layer
  // counts are searched (training_row.cpp, fastest_setting_that_fits).
  bool pipeline_split_open = false;
  void assume(std::string what) { assumptions.push_back(std::move(what)); }
};

void map_model(const nlohmann::json& row, RowBuild& b);     // doc["model"]
void map_training(const nlohmann::json& row, RowBuild& b);  // doc["training"]
void map_parallel(const nlohmann::json& row, RowBuild& b);  // doc["parallel"]; needs "model"
void map_cluster(const nlohmann::json& row, RowBuild& b);   // doc["cluster"]
// A fine-tuning run's training.finetune (row_finetune.cpp): LoRA or QLoRA with its rank and
// targets (the row's, else its framework's defaults for `profile`); nullopt for pre-training and
// for SFT (every weight trains: said, priced as pre-training).
std::optional<nlohmann::json> map_finetune(const nlohmann::json& row, const std::string& profile,
                                           RowBuild& b);
// The methods the row states in words (other.algorithmic_changes, other.system_optimizations:
// parallel block, sliding window, TP overlap, FlashAttention-2) into doc's model, parallel and
// training sections (row_methods.cpp); needs all three.
void map_stated_methods(const nlohmann::json& row, RowBuild& b);
// An optimizer the stated methods name that the scenario does not have (LAMB), as "the row's
// 'words' (other.field, Sec. n)"; nullopt when they name none.
std::optional<std::string> stated_optimizer(const nlohmann::json& row);

}  // namespace wt::validation
