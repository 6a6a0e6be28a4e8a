// The MoE token dispatcher's memory-bound kernels (sim/workload/layer_kernels.cpp,
// add_token_dispatch) against hand-computed byte counts, and against the parts of a MoE layer
// measured on an H100 (calibrate/profiles/h100-sxm5-80gb-moe-layer.json).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "sim/hardware/gpu.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "tests/workload/kernel_bytes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

using test::kernel_bytes;

// 8 experts over EP 2 (4 local), top-2, h 2048, bf16, 2048 tokens on one GPU (TP 1): the rank
// routes 2048 tokens into 4096 copies and its experts receive 4096 rows; a row is 4096 B.
Scenario dispatch_scenario(bool fused) {
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.model.moe = {8, 2, 4096};
  s.parallel.expert = 2;
  s.training.moe_permute_fusion = fused;
  return s;
}

TEST(TokenDispatch, UnfusedForwardGathersMultipliesAndAddsAtomically) {
  const KernelList fwd = layer_forward_kernels(dispatch_scenario(false));
  EXPECT_DOUBLE_EQ(kernel_bytes(fwd, "moe_router_scores"), 2048.0 * 8 * (2 + 8));
  EXPECT_DOUBLE_EQ(kernel_bytes(fwd, "moe_sort_chunks"), 4.0 * 4096 * 4096);
  EXPECT_DOUBLE_EQ(kernel_bytes(fwd, "moe_permute"), 2.0 * 4096 * 4096);
  // Sum of the copies (read) into the tokens (written), plus the weighting multiply.
  EXPECT_DOUBLE_EQ(kernel_bytes(fwd, "moe_unpermute"), (4096.0 + 2048) * 4096 + 2.0 * 4096 * 4096);
  EXPECT_DOUBLE_EQ(kernel_bytes(fwd, "moe_scatter_add"), 4096.0 * 2048 * 26);
}

TEST(TokenDispatch, FusedPassesAreGathersWithoutAtomics) {
  const KernelList fwd = layer_forward_kernels(dispatch_scenario(true));
  EXPECT_DOUBLE_EQ(kernel_bytes(fwd, "moe_unpermute"), (4096.0 + 2048) * 4096);
  EXPECT_EQ(kernel_bytes(fwd, "moe_scatter_add"), -1.0);
  const KernelList bwd = layer_backward_kernels(dispatch_scenario(true));
  EXPECT_DOUBLE_EQ(kernel_bytes(bwd, "moe_unpermute_bwd"), (2048.0 + 2 * 4096) * 4096);
  EXPECT_DOUBLE_EQ(kernel_bytes(bwd, "moe_permute_bwd"), (4096.0 + 2048) * 4096);
  EXPECT_EQ(kernel_bytes(bwd, "moe_scatter_add_bwd"), -1.0);
  const KernelList unfused = layer_backward_kernels(dispatch_scenario(false));
  EXPECT_DOUBLE_EQ(kernel_bytes(unfused, "moe_unpermute_bwd"), 6.0 * 4096 * 4096);
  EXPECT_DOUBLE_EQ(kernel_bytes(unfused, "moe_scatter_add_bwd"), 4096.0 * 2048 * 26);
}

TEST(TokenDispatch, OneLocalExpertNeedsNoChunkSortAndDenseModelsNoDispatcher) {
  Scenario s = dispatch_scenario(false);
  s.parallel.expert = 8;
  EXPECT_EQ(kernel_bytes(layer_forward_kernels(s), "moe_sort_chunks"), -1.0);
  EXPECT_EQ(kernel_bytes(layer_forward_kernels(test::gpt_scenario(1, 1, 8)), "moe_permute"), -1.0);
}

// Each shape of the H100 measurement on one GPU (all experts local, EP 1, unfused as PyTorch runs
// it): permute and unpermute, forward + backward, predicted from the catalog H100 against the
// measured medians. The one fitted figure (26 B per atomic add) came from these points, so this
// checks that the byte counts carry it across shapes; the 4,096-token points are launch-bound.
TEST(TokenDispatch, PredictsTheMeasuredH100PermutationWithinTwentyPercent) {
  std::ifstream in(std::string(WT_SOURCE_DIR) +
                   "/calibrate/profiles/h100-sxm5-80gb-moe-layer.json");
  ASSERT_TRUE(in) << "the measured file is missing";
  const nlohmann::json doc = nlohmann::json::parse(in);
  const GpuSpec& gpu = *find_gpu("h100-sxm5-80gb");
  int checked = 0;
  for (const nlohmann::json& p : doc.at("points")) {
    if (p.at("tokens").get<int>() < 8192) continue;
    Scenario s = test::gpt_scenario(1, 1, 1);
    s.model.hidden_size = p.at("hidden").get<int64_t>();
    s.model.seq_length = p.at("tokens").get<int64_t>();
    s.model.gated_mlp = true;
    s.model.moe = {p.at("experts").get<int>(), p.at("top_k").get<int>(),
                   p.at("expert_ffn").get<int64_t>()};
    double predicted = 0.0;
    for (const KernelList& list : {layer_forward_kernels(s), layer_backward_kernels(s)}) {
      for (const Kernel& k : list) {
        if (k.name.rfind("moe_permute", 0) == 0 || k.name.rfind("moe_unpermute", 0) == 0 ||
            k.name.rfind("moe_scatter_add", 0) == 0) {
          predicted += kernel_time_s(k, gpu, Precision::bf16);
        }
      }
    }
    const nlohmann::json& parts = p.at("parts");
    const double measured = parts.at("permute").at("forward_backward_s").get<double>() +
                            parts.at("unpermute").at("forward_backward_s").get<double>();
    EXPECT_NEAR(predicted / measured, 1.0, 0.20)
        << p.at("model").get<std::string>() << " T=" << p.at("tokens") << ": predicted "
        << predicted * 1e3 << " ms, measured " << measured * 1e3 << " ms";
    ++checked;
  }
  EXPECT_EQ(checked, 5);
}

}  // namespace
}  // namespace wt
