#pragma once
// A scenario document with dense first layers and an MTP layer (sim/workload/layer_mix.hpp), for
// the engines' agreement tests: Mixtral 8x7B's shapes cut to 10 layers, the first 3 dense, one MTP
// layer, on two H100 nodes at TP 2 × PP `pipeline` (DP fills the 16 GPUs) with EP 4, ETP 1, SP and
// ZeRO-1, interleaved over `chunks` when more than one.
#include <nlohmann/json.hpp>

namespace wt::test {

inline nlohmann::json dense_first_mtp_doc(int pipeline, int chunks) {
  nlohmann::json doc = {
      {"schema", 1},
      {"name", "dense-first-mtp"},
      {"model",
       {{"preset", "mixtral-8x7b"},
        {"seq_length", 1024},
        {"num_layers", 10},
        {"mtp_layers", 1},
        {"moe", {{"first_dense_layers", 3}}}}},
      {"training", {{"global_batch_size", 32}, {"micro_batch_size", 1}}},
      {"parallel",
       {{"tensor", 2},
        {"pipeline", pipeline},
        {"data", 8 / pipeline},
        {"expert", 4},
        {"expert_tensor", 1},
        {"zero_stage", 1},
        {"sequence_parallel", true},
        {"dp_bucket_mb", 25.0}}},
      {"cluster", {{"gpu", "h100-sxm5-80gb"}, {"num_nodes", 2}, {"gpus_per_node", 8}}},
  };
  if (chunks > 1) {
    doc["parallel"]["pipeline_schedule"] = "interleaved";
    doc["parallel"]["virtual_stages"] = chunks;
  }
  return doc;
}

}  // namespace wt::test
