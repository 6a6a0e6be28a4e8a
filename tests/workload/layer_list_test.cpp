// Layer-list models (sim/workload/layer_list.hpp): the formulas against hand-computed values and
// the ResNet-50 preset against its published size and FLOPs.
#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/layer_list.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

NetLayer conv(int64_t in, int64_t out, int k, int stride, int padding, int64_t hw) {
  NetLayer l;
  l.type = NetLayerType::conv2d;
  l.in_channels = in;
  l.out_channels = out;
  l.kernel = k;
  l.stride = stride;
  l.padding = padding;
  l.input_h = l.input_w = hw;
  return l;
}

TEST(LayerList, ConvolutionByHand) {
  // ResNet's stem: 7x7/2 of 3 → 64 channels on 224 x 224: (224 + 6 - 7) / 2 + 1 = 112.
  const NetLayer stem = conv(3, 64, 7, 2, 3, 224);
  EXPECT_EQ(stem.output_h(), 112);
  EXPECT_DOUBLE_EQ(net_layer_params(stem), 64.0 * 3 * 7 * 7);  // 9408
  // 2·N·H_out·W_out·C_out·C_in·k² for N = 2: 2·2·112·112·64·3·49.
  EXPECT_DOUBLE_EQ(net_layer_forward_flops(stem, 2), 2.0 * 2 * 112 * 112 * 64 * 3 * 49);
  const KernelList fwd = net_layer_forward_kernels(stem, 2, 2.0, false);
  ASSERT_EQ(fwd.size(), 1u);
  EXPECT_EQ(fwd[0].m, 2 * 112 * 112);
  EXPECT_EQ(fwd[0].n, 64);
  EXPECT_EQ(fwd[0].k, 3 * 49);
  // Backward: data and weight gradient, twice the forward; none for the data of the input layer.
  const KernelList bwd = net_layer_backward_kernels(stem, 2, 2.0, false);
  ASSERT_EQ(bwd.size(), 2u);
  EXPECT_DOUBLE_EQ(bwd[0].flops + bwd[1].flops, 2.0 * fwd[0].flops);
  EXPECT_EQ(net_layer_backward_kernels(stem, 2, 2.0, true).size(), 1u);
}

TEST(LayerList, ElementwiseAndLinearByHand) {
  NetLayer bn;
  bn.type = NetLayerType::batch_norm;
  bn.in_channels = 64;
  bn.input_h = bn.input_w = 56;
  EXPECT_DOUBLE_EQ(net_layer_params(bn), 128.0);
  // Forward reads twice and writes once: 3 · N·C·H·W · 2 bytes for N = 4.
  EXPECT_DOUBLE_EQ(net_layer_forward_kernels(bn, 4, 2.0, false)[0].bytes,
                   3.0 * 4 * 64 * 56 * 56 * 2);
  NetLayer fc;
  fc.type = NetLayerType::linear;
  fc.in_features = 2048;
  fc.out_features = 1000;
  fc.bias = true;
  EXPECT_DOUBLE_EQ(net_layer_params(fc), 2048.0 * 1000 + 1000);
  EXPECT_DOUBLE_EQ(net_layer_forward_flops(fc, 8), 2.0 * 8 * 2048 * 1000);
}

TEST(LayerList, ResNet50MatchesPublishedSize) {
  const Scenario s = parse_scenario_text(
      R"({"model": {"preset": "resnet50"}, "training": {"global_batch_size": 32,
          "micro_batch_size": 32, "precision": "fp16"}, "cluster": {"gpu": "v100", "num_nodes": 1,
          "gpus_per_node": 1}})");
  // torchvision.models.resnet50: 25,557,032 parameters.
  EXPECT_DOUBLE_EQ(net_params(s.model.layers), 25'557'032.0);
  EXPECT_DOUBLE_EQ(total_params(s.model), 25'557'032.0);  // what checkpoints and plans count
  // ~4.1 G multiply-adds per 224 x 224 image (8.2 GFLOPs at 2 FLOPs each; He et al. 2016 give
  // 3.8e9 multiply-adds for v1, whose stride sits on the first 1x1 convolution).
  EXPECT_NEAR(net_forward_flops(s.model.layers, 1) / 2.0, 4.1e9, 0.02e9);
  EXPECT_EQ(s.model.num_layers, static_cast<int>(s.model.layers.size()));
}

// A time to train needs the checkpoint's size, from the layer list's own parameters: 25,557,032
// weights (not the transformer fields, which a layer list leaves unset): finite, never NaN.
TEST(LayerList, TimeToTrainIsFinite) {
  const Scenario s = parse_scenario_text(
      R"({"model": {"preset": "resnet50"}, "training": {"global_batch_size": 256,
          "micro_batch_size": 32, "precision": "fp16", "optimizer": "sgd", "total_tokens": 1.28e6},
          "cluster": {"gpu": "v100", "num_nodes": 1, "gpus_per_node": 8}})");
  const RunResult r = run_scenario(s, EngineKind::analytical).result;
  EXPECT_DOUBLE_EQ(r.time_to_train_s, 5000.0 * r.iteration_time_s);  // 1.28e6 images / 256
  EXPECT_TRUE(std::isfinite(r.expected_time_to_train_with_failures_s));
  EXPECT_GE(r.expected_time_to_train_with_failures_s, r.time_to_train_s);
}

TEST(LayerList, RunsOnBothEnginesWithTheSameProgram) {
  const Scenario s = parse_scenario_text(
      R"({"model": {"preset": "resnet50"}, "training": {"global_batch_size": 512,
          "micro_batch_size": 64, "precision": "fp16", "optimizer": "sgd"},
          "cluster": {"gpu": "v100", "num_nodes": 1, "gpus_per_node": 8}})");
  const RunOutput a = run_scenario(s, EngineKind::analytical);
  const RunOutput b = run_scenario(s, EngineKind::simgrid);
  EXPECT_EQ(a.workload.programs.front().ops.size(), b.workload.programs.front().ops.size());
  EXPECT_TRUE(a.result.samples_not_tokens);
  EXPECT_DOUBLE_EQ(a.result.tokens_per_s, a.result.samples_per_s);
  EXPECT_GT(a.result.samples_per_s, 0.0);
  EXPECT_NEAR(b.result.iteration_time_s / a.result.iteration_time_s, 1.0, 0.1);
  // Model FLOPs: forward and backward of every image, less the input layer's data gradient.
  const double fwd = net_forward_flops(s.model.layers, 512);
  const double stem_dgrad = net_layer_forward_flops(s.model.layers.front(), 512);
  EXPECT_NEAR(a.result.model_flops_per_iteration, 3.0 * fwd - stem_dgrad, 1e-9 * fwd);
}

void expect_refused(const std::string& extra, const std::string& path) {
  const std::string text = R"({"model": {"preset": "resnet50"}, "training": {"global_batch_size":
      64}, "cluster": {"gpu": "v100", "num_nodes": 1, "gpus_per_node": 8})" +
                           extra + "}";
  try {
    parse_scenario_text(text);
    ADD_FAILURE() << "accepted " << extra;
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), path) << e.what();
  }
}

TEST(LayerList, RefusesWhatItDoesNotModel) {
  expect_refused(R"(, "parallel": {"tensor": 2})", "parallel.tensor");
  expect_refused(R"(, "parallel": {"pipeline": 2})", "parallel.pipeline");
  expect_refused(R"(, "parallel": {"zero_stage": 3})", "parallel.zero_stage");
  const std::string bad_layer =
      R"({"model": {"layers": [{"type": "conv2d", "in_channels": 3, "out_channels": 8,
          "kernel": 3, "input_hw": 32}, {"type": "conv3d"}]}, "training": {"global_batch_size": 8},
          "cluster": {"gpu": "v100", "num_nodes": 1, "gpus_per_node": 1}})";
  try {
    parse_scenario_text(bad_layer);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "model.layers[1].type");
    EXPECT_NE(std::string(e.what()).find("conv2d"), std::string::npos);
  }
  const std::string missing =
      R"({"model": {"layers": [{"type": "conv2d", "in_channels": 3, "kernel": 3,
          "input_hw": 32}]}, "training": {"global_batch_size": 8},
          "cluster": {"gpu": "v100", "num_nodes": 1, "gpus_per_node": 1}})";
  try {
    parse_scenario_text(missing);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "model.layers[0].out_channels");
  }
}

TEST(LayerList, HorovodCycleAddsToEachFusedReduction) {
  const std::string base =
      R"({"model": {"preset": "resnet50"}, "training": {"global_batch_size": 512,
          "micro_batch_size": 64, "precision": "fp16", "framework": "horovod"},
          "cluster": {"gpu": "v100", "num_nodes": 1, "gpus_per_node": 8}})";
  const Scenario with = parse_scenario_text(base);
  EXPECT_DOUBLE_EQ(with.parallel.dp_bucket_mb, 67.108864);
  EXPECT_DOUBLE_EQ(with.parallel.grad_fusion_cycle_ms, 5.0);
  const Scenario without = parse_scenario_text(base, {"parallel.grad_fusion_cycle_ms=0"});
  double cycle = 0.0, plain = 0.0;
  int calls = 0;
  const Workload a = run_scenario(with).workload, b = run_scenario(without).workload;
  for (size_t i = 0; i < a.programs[0].ops.size(); ++i) {
    if (a.programs[0].ops[i].phase != Phase::grad_sync) continue;
    cycle += a.programs[0].ops[i].duration_s;
    plain += b.programs[0].ops[i].duration_s;
    calls += a.programs[0].ops[i].count;
  }
  EXPECT_GT(calls, 0);
  EXPECT_NEAR(cycle - plain, calls * 5e-3, 1e-12);
}

}  // namespace
}  // namespace wt
