// Every preset's parameter count, from its architecture fields through model_math, against the
// published size (and the published active size of an MoE model).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "sim/scenario/presets.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

struct Published {
  const char* preset;
  double total;
  double active;            // 0 for a dense model
  double tolerance = 0.01;  // relative
  const char* why_wider = "";
};

// Published sizes: the paper's table or the model card. Where a size is only the model's name
// (rounded), the tolerance is that rounding and the row says why.
const Published kPublished[] = {
    {"gpt2", 124.44e6, 0},  // 124,439,808 with 786,432 position embeddings not counted here
    {"gpt2-medium", 354.82e6, 0},
    {"gpt2-large", 774.03e6, 0},
    {"gpt2-xl", 1557.6e6, 0},
    {"gpt3-125m", 125e6, 0},
    {"gpt3-350m", 350e6, 0, 0.02, "\"350M\" is the paper's rounded name (354.8M counted)"},
    {"gpt3-760m", 760e6, 0},
    {"gpt3-1.3b", 1.3e9, 0, 0.02, "\"1.3B\" is the paper's rounded name (1.31B counted)"},
    {"gpt3-6.7b", 6.7e9, 0},
    {"gpt3-13b", 13.0e9, 0, 0.02,
     "\"13B\" is the paper's rounded name; its own d_model 5140 gives 12.9B, Megatron's 5120 "
     "12.85B"},
    {"gpt3-175b", 175.0e9, 0},
    {"gpt-neox-20b", 20.55e9, 0},
    {"bloom-176b", 176.25e9, 0},
    {"opt-175b", 175.0e9, 0},
    {"mt-nlg-530b", 530e9, 0},
    {"palm-540b", 540.35e9, 0},
    {"falcon-7b", 7.0e9, 0, 0.02, "\"7B\" is the model's rounded name"},
    {"falcon-180b", 180e9, 0},
    {"nemotron4-15b", 15.7e9, 0},
    {"nemotron4-340b", 341.0e9, 0},
    {"bert-large", 340e6, 0, 0.02,
     "\"340M\" is the paper's rounded figure; the position and token-type embeddings, pooler and "
     "MLM head (3.6M) are not counted here"},
    {"llama2-7b", 6.74e9, 0},
    {"llama2-13b", 13.0e9, 0},
    {"llama2-70b", 69.0e9, 0},
    {"llama3-8b", 8.03e9, 0},
    {"llama3-70b", 70.6e9, 0},
    {"llama3-405b", 405.8e9, 0},
    {"llama3.2-1b", 1.236e9, 0},
    {"llama3.2-3b", 3.213e9, 0},
    {"mistral-7b", 7.24e9, 0},
    {"qwen2.5-7b", 7.61e9, 0},
    {"qwen2.5-14b", 14.7e9, 0},
    {"qwen2.5-32b", 32.5e9, 0},
    {"qwen2.5-72b", 72.7e9, 0},
    {"qwen3-8b", 8.2e9, 0},
    {"qwen3-14b", 14.8e9, 0},
    {"qwen3-32b", 32.8e9, 0},
    {"gemma2-2b", 2.614e9, 0},
    {"gemma2-9b", 9.242e9, 0},
    {"gemma2-27b", 27.227e9, 0},
    {"gemma3-1b", 1.0e9, 0},
    {"gemma3-4b", 3.884e9, 0},
    {"gemma3-12b", 11.771e9, 0},
    {"gemma3-27b", 27.016e9, 0},
    {"mixtral-8x7b", 46.7e9, 12.9e9},
    {"mixtral-8x22b", 141e9, 39e9},
    {"qwen1.5-moe-a2.7b", 14.3e9, 2.7e9},
    {"qwen3-30b-a3b", 30.5e9, 3.3e9, 0.02,
     "the active 3.3B is given to two digits (3.36B counted)"},
    {"qwen3-235b-a22b", 235e9, 22e9},
    {"deepseek-v2", 236e9, 21e9},
    {"deepseek-v3", 671e9, 37e9},
    {"gpt-oss-120b", 116.83e9, 5.13e9},
    {"gpt-oss-20b", 20.91e9, 3.61e9},
    {"opt-1.3b", 1.3e9, 0, 0.02, "\"1.3B\" is the model's rounded name"},
    {"opt-2.7b", 2.7e9, 0, 0.025, "\"2.7B\" is the model's rounded name (2.65B counted)"},
    {"opt-6.7b", 6.7e9, 0},
    {"opt-13b", 13e9, 0, 0.02, "\"13B\" is the model's rounded name"},
    {"opt-30b", 30e9, 0},
    {"opt-66b", 66e9, 0},
    {"pythia-410m", 405.3e6, 0},
    {"pythia-1b", 1.012e9, 0},
    {"pythia-1.4b", 1.415e9, 0},
    {"pythia-2.8b", 2.775e9, 0},
    {"pythia-6.9b", 6.857e9, 0},
    {"mpt-7b", 6.7e9, 0},
    {"mpt-30b", 30e9, 0},
    {"falcon-40b", 40e9, 0, 0.04, "\"40B\" is the model's rounded name (41.3B counted)"},
    {"llama-7b", 6.7e9, 0},
    {"llama-13b", 13.0e9, 0},
    {"llama-33b", 32.5e9, 0},
    {"llama-65b", 65.2e9, 0},
    {"tinyllama-1.1b", 1.1e9, 0},
    {"qwen2.5-0.5b", 0.49e9, 0, 0.02, "\"0.49B\" is given to two digits"},
    {"qwen2.5-1.5b", 1.54e9, 0},
    {"qwen2.5-3b", 3.09e9, 0},
    {"qwen3-0.6b", 0.6e9, 0, 0.02, "\"0.6B\" is the model's rounded name"},
    {"qwen3-1.7b", 1.7e9, 0, 0.02, "\"1.7B\" is the model's rounded name"},
    {"qwen3-4b", 4.0e9, 0},
    {"gemma-2b", 2.51e9, 0},
    {"gemma-7b", 8.54e9, 0},
    {"phi-3-mini", 3.8e9, 0},
    {"mistral-nemo-12b", 12.2e9, 0},
    {"yi-34b", 34.4e9, 0},
    {"codellama-34b", 33.7e9, 0},
    {"deepseek-llm-67b", 67e9, 0, 0.015, "\"67B\" is the model's rounded name"},
    {"olmo-7b", 6.9e9, 0, 0.015, "\"6.9B\" is given to two digits"},
    {"dbrx", 132e9, 36e9, 0.02, "132B and 36B are given to three and two digits"},
    {"olmoe-1b-7b", 6.9e9, 1.3e9, 0.02, "6.9B and 1.3B are given to two digits"},
    {"llama4-scout", 109e9, 17e9, 0.02,
     "109B counts the vision encoder (not modelled); 17B is given to two digits"},
    {"llama4-maverick", 400e9, 17e9, 0.02, "400B and 17B are given to three and two digits"},
};

// OpenAI (GPT-OSS) and DeepSeek count the active parameters without the input embedding matrix
// (the output layer is in): GPT-OSS-120B 5.13B exactly so; DeepSeek-V3 37.56B with it, 36.6B
// without, V2 21.4B / 20.9B for the published 37B and 21B. Mistral and Qwen count it.
double published_convention_active(const ModelPreset& p, const ParamCount& c) {
  const bool without_input_embedding =
      p.name.rfind("gpt-oss", 0) == 0 || p.name.rfind("deepseek", 0) == 0;
  return without_input_embedding ? c.active - embedding_params(p.model) : c.active;
}

TEST(PresetParams, EveryPresetHasAPublishedSize) {
  EXPECT_EQ(std::size(kPublished), model_presets().size());
  for (const ModelPreset& p : model_presets()) {
    bool listed = false;
    for (const Published& row : kPublished) {
      listed = listed || p.name == row.preset;
    }
    EXPECT_TRUE(listed) << p.name;
  }
}

TEST(PresetParams, CountsMatchThePublishedSizes) {
  for (const Published& row : kPublished) {
    const ModelPreset* p = find_model_preset(row.preset);
    ASSERT_NE(p, nullptr) << row.preset;
    EXPECT_EQ(p->num_parameters, row.total) << row.preset;
    const ParamCount c = param_count(p->model);
    const double err = c.total / row.total - 1.0;
    std::printf("%-18s total %9.4gB published %9.4gB (%+.2f%%)", row.preset, c.total / 1e9,
                row.total / 1e9, 100.0 * err);
    EXPECT_LE(std::abs(err), row.tolerance) << row.preset << " " << row.why_wider;
    if (row.active > 0.0) {
      const double active = published_convention_active(*p, c);
      const double active_err = active / row.active - 1.0;
      std::printf("   active %7.4gB published %7.4gB (%+.2f%%)", active / 1e9, row.active / 1e9,
                  100.0 * active_err);
      EXPECT_LE(std::abs(active_err), row.tolerance) << row.preset << " active " << row.why_wider;
    }
    std::printf("\n");
  }
}

}  // namespace
}  // namespace wt
