// parallel.grad_compression against the layout and the optimizer (docs/models.md, "Gradient
// compression"): which combinations the model refuses and why, and the note every run carries that
// convergence is not simulated.
#include <string>

#include "core/error.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

// What the published work reports about convergence; the simulator does not model it.
std::string convergence_note(GradCompression c) {
  switch (c) {
    case GradCompression::fp16:
    case GradCompression::bf16:
      return "16-bit gradient all-reduce is PyTorch DDP's fp16/bf16_compress_hook";
    case GradCompression::fp8:
      return "no published convergence result is assumed for fp8 gradient reduction";
    case GradCompression::topk:
      return "Lin et al. 2018 (Deep Gradient Compression) report 270-600x compression without "
             "accuracy loss on ResNet/ImageNet, with momentum correction, clipping and a sparsity "
             "warm-up, none of which this model times";
    case GradCompression::powersgd:
      return "Vogels et al. 2019 (PowerSGD), from memory: rank 2 matched full SGD's test accuracy "
             "on ResNet-18/CIFAR-10 and rank 4 an LSTM's perplexity on WikiText-2";
    case GradCompression::onebit_adam:
      return "Tang et al. 2021 (1-bit Adam), from memory of the abstract: the same convergence as "
             "Adam on BERT-Large pre-training with up to 5x less communication volume overall; "
             "the uncompressed warm-up steps are not simulated (every step is timed as a "
             "compressed one)";
    case GradCompression::none:
      break;
  }
  return "";
}

bool error_feedback(GradCompression c) {
  return c == GradCompression::topk || c == GradCompression::powersgd ||
         c == GradCompression::onebit_adam;
}

}  // namespace

void check_grad_compression(Scenario& s) {
  const ParallelConfig& p = s.parallel;
  const GradCompression c = p.grad_compression;
  if (c == GradCompression::none) return;
  const std::string name = to_string(c);
  if (c == GradCompression::onebit_adam) {
    if (s.training.optimizer == Optimizer::sgd) {
      throw InputError("training.optimizer",
                       "must be adam or adamw with parallel.grad_compression onebit_adam (1-bit "
                       "Adam compresses Adam's momentum)",
                       "sgd", "adam or adamw, or another parallel.grad_compression");
    }
    if (p.zero_stage >= 1) {
      throw InputError("parallel.zero_stage",
                       "must be 0 with parallel.grad_compression onebit_adam (DeepSpeed's 1-bit "
                       "Adam keeps the whole momentum on every rank; it does not combine with "
                       "ZeRO)",
                       std::to_string(p.zero_stage), "0, or another parallel.grad_compression");
    }
    if (p.overlap_grad_reduce) {
      throw InputError("parallel.overlap_grad_reduce",
                       "must be false with parallel.grad_compression onebit_adam (the compressed "
                       "momentum is exchanged in the optimizer step, after the whole backward "
                       "pass; nothing overlaps it)",
                       "true", "false");
    }
  } else if (error_feedback(c) && p.zero_stage >= 2) {
    throw InputError("parallel.zero_stage",
                     "must be 0 or 1 with parallel.grad_compression " + name +
                         " (its error feedback keeps each rank's whole gradient, which ZeRO-2 "
                         "and ZeRO-3 shard away, and its payload cannot be reduce-scattered "
                         "into shards)",
                     std::to_string(p.zero_stage),
                     "0 or 1, or grad_compression none, fp16, "
                     "bf16 or fp8");
  }
  if (c == GradCompression::topk && !(p.compression_ratio > 0.0)) {
    throw InputError("parallel.compression_ratio", "must be above 0 with topk",
                     std::to_string(p.compression_ratio), "(0, 1]");
  }
  add_warning(s, "parallel.grad_compression " + name +
                     ": the wire bytes and compression kernels are simulated, the effect on "
                     "convergence is not (" +
                     convergence_note(c) + ")");
}

}  // namespace wt
