#pragma once
// One training row of a published-runs dataset → a scenario document in the scenario schema
// (docs/scenario.md), which parse_scenario then validates like any user file. What the row does not
// say and the document had to choose is listed in `assumptions`, one short sentence each.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wt::validation {

struct RowScenario {
  nlohmann::json doc;
  std::string label;  // model, GPUs and layout in a few words
  std::vector<std::string> assumptions;
  // Published global batch / simulated one: ≠ 1 when the batch was rounded to whole micro-batches
  // per replica; the predicted iteration time is multiplied by it.
  double iteration_scale = 1.0;
  // The row names no ZeRO stage (the framework profile's was taken): a run that does not fit may
  // take a higher one its framework offers (docs/validation.md, "A run that trained fit").
  bool zero_stage_open = false;
  // The row states an interleaved schedule without its virtual stages: the other counts that
  // divide the layers per stage, each run against the document's (the smallest), the fastest
  // that fits taken (docs/validation.md, "From a row to a scenario").
  std::vector<int64_t> virtual_stages_alternatives;
  // The row names DualPipe on a pipeline and states no split: DualPipe places the first and the
  // last chunk on one rank, balancing the output layer (and MTP) against the embedding, so the
  // first- and last-stage layer counts are searched as the run's own balance.
  bool pipeline_split_open = false;
};

// "TP8 PP16 DP64 VP2 ZeRO-1": the layout of a scenario's parallel section, as a row's label says
// it.
std::string layout_text(const nlohmann::json& parallel);

// Throws InputError naming the row field ("row 9.tp") when the row cannot be expressed.
RowScenario row_to_scenario(const nlohmann::json& row);

}  // namespace wt::validation
