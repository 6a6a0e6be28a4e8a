#pragma once
// Scenarios built in code for workload and engine tests (no parser involved): a GPT-style model on
// a cluster of H100 nodes, with the layout given.
#include "sim/scenario/scenario.hpp"
#include "sim/workload/program.hpp"

namespace wt::test {

inline Scenario gpt_scenario(int tensor, int pipeline, int data, int nodes = 0) {
  Scenario s;
  s.name = "test-gpt";
  s.model.num_layers = 24;
  s.model.hidden_size = 2048;
  s.model.num_attention_heads = 16;
  s.model.num_kv_heads = 16;
  s.model.ffn_hidden_size = 8192;
  s.model.seq_length = 2048;
  s.model.vocab_size = 51200;
  s.training.global_batch_size = 64;
  s.training.micro_batch_size = 1;
  s.parallel.tensor = tensor;
  s.parallel.pipeline = pipeline;
  s.parallel.data = data;
  s.cluster.gpu = "h100-sxm5-80gb";
  const int gpus = tensor * pipeline * data;
  s.cluster.gpus_per_node = gpus < 8 ? gpus : 8;
  s.cluster.num_nodes = nodes > 0 ? nodes : (gpus + 7) / 8;
  s.cluster.network.fat_tree.switch_radix = 64;
  return s;
}

// Llama 3 8B's shapes (h 4,096, 32 heads of which 8 KV, SwiGLU f 14,336, 32 layers, V 128,256,
// seq 8,192) on the same cluster.
inline Scenario llama3_8b_scenario(int tensor, int pipeline, int data) {
  Scenario s = gpt_scenario(tensor, pipeline, data);
  s.model.num_layers = 32;
  s.model.hidden_size = 4096;
  s.model.num_attention_heads = 32;
  s.model.num_kv_heads = 8;
  s.model.ffn_hidden_size = 14336;
  s.model.gated_mlp = true;
  s.model.vocab_size = 128256;
  s.model.seq_length = 8192;
  return s;
}

// The FLOPs of every op of a workload, over all its GPUs: each program runs on
// tensor · context · data GPUs.
inline double total_op_flops(const Workload& w) {
  double per_gpu_sum = 0.0;
  for (const Program& p : w.programs) {
    for (const Op& op : p.ops)
      per_gpu_sum += op.flops;
  }
  return per_gpu_sum * w.tensor * w.context * w.data;
}

}  // namespace wt::test
