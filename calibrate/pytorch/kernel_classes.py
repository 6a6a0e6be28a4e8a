#!/usr/bin/env python3
"""Split step_kernels.py's output by kernel class: the table in docs/calibration.md.

Usage: kernel_classes.py STEP_KERNELS.json
Classes by kernel name: FlashAttention (flash), the fused AdamW (multi_tensor_apply), GEMMs (nvjet,
gemm, cutlass, xmma), the loss (softmax, nll), dtype casts and copies (copy), and the rest
(LayerNorm, GELU, residual and bias adds, reductions). The profiler's own annotations
("Optimizer.step#AdamW.step") are not kernels and are left out.
"""
import json
import sys

CLASSES = ("gemm", "attention", "casts/copies", "other elementwise", "loss", "optimizer")


def kernel_class(name):
    low = name.lower()
    if name.startswith("Optimizer."):
        return None
    if "flash" in low:
        return "attention"
    if "adam" in low or "multi_tensor" in low:
        return "optimizer"
    if any(k in low for k in ("nvjet", "gemm", "cutlass", "xmma", "cublas")):
        return "gemm"
    if "softmax" in low or "nll" in low or "cross_entropy" in low:
        return "loss"
    if "copy" in low:
        return "casts/copies"
    return "other elementwise"


def main():
    with open(sys.argv[1]) as f:
        measured = json.load(f)
    print("| model | b | seq | recompute | step ms | " + " | ".join(CLASSES) + " | kernels ms |")
    print("|" + "---|" * (6 + len(CLASSES)))
    for r in measured["runs"]:
        total = {c: 0.0 for c in CLASSES}
        for k in r["kernels"]:
            c = kernel_class(k["name"])
            if c:
                total[c] += k["time_s"]
        print(f"| {r['model']} | {r['micro_batch_size']} | {r['seq_len']} | {r['activation_recompute']} | "
              f"{r['step_s_unprofiled'] * 1e3:.1f} | " + " | ".join(f"{total[c] * 1e3:.1f}" for c in CLASSES)
              + f" | {sum(total.values()) * 1e3:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
