#!/usr/bin/env python3
"""Time FlashAttention as PyTorch ships it (scaled_dot_product_attention, FLASH_ATTENTION backend).

The attention kernels training frameworks run are fused (FlashAttention-style): no s × s score
matrix in memory. windtunnel-calibrate measures cuDNN's fused attention where cuDNN's heuristics
offer an engine for its graph; this script measures PyTorch's FlashAttention-2 kernels at the same
shapes, forward and forward + backward, causal and not, and writes them as the profile's
`attention[]` entries (kernel `sdpa_flash`, docs/calibration.md) for
scripts/merge-attention-points.py to add to a measured profile.

With --backend cudnn it measures cuDNN's fused attention through the same call
(SDPBackend.CUDNN_ATTENTION; the engine Transformer Engine runs on Hopper) and writes the points as
kernel `cudnn_fused`.

Usage: flash_attention.py --out FILE [--backend flash|cudnn] [--batches 1,4] [--reps 10] [--warmup 3]
                          [--seqs 1024,2048,4096,8192] [--head-dims 64,128] [--precisions bf16,fp16]
                          [--causal-forward-backward-only]
The long-context points (docs/calibration.md) were measured with --seqs 16384,32768,65536
--batches 1 --precisions bf16 --causal-forward-backward-only --reps 3 --warmup 1.
"""
import argparse
import json
import statistics
import sys
import time

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

HEADS = 32
SEQS = (1024, 2048, 4096, 8192)
HEAD_DIMS = (64, 128)


def timed(fn, reps, warmup):
    """Per-call seconds: each sample is the mean of enough back-to-back calls to fill ~2 ms, so
    the host's launch latency hides behind the GPU's work, as it does inside a training step."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()

    def one_sample(calls):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(calls):
            fn()
        end.record()
        end.synchronize()
        return start.elapsed_time(end) / 1e3 / calls

    calls = max(1, min(50, int(0.002 / one_sample(1)) + 1))
    return [one_sample(calls) for _ in range(reps)]


def point(precision, batch, seq, head_dim, causal, passes, reps, warmup, backend="flash"):
    dtype = {"bf16": torch.bfloat16, "fp16": torch.float16}[precision]
    shape = (batch, HEADS, seq, head_dim)
    q, k, v = (torch.randn(shape, device="cuda", dtype=dtype, requires_grad=True) for _ in range(3))
    grad = torch.randn(shape, device="cuda", dtype=dtype)

    def forward():
        with torch.no_grad():
            F.scaled_dot_product_attention(q, k, v, is_causal=causal)

    def forward_backward():
        out = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        out.backward(grad)
        q.grad = k.grad = v.grad = None

    chosen = SDPBackend.FLASH_ATTENTION if backend == "flash" else SDPBackend.CUDNN_ATTENTION
    with sdpa_kernel(chosen):
        samples = timed(forward if passes == "forward" else forward_backward, reps, warmup)
    flops = 4 * batch * HEADS * seq * seq * head_dim * (1.0 if passes == "forward" else 3.5)
    median = statistics.median(samples)
    return {
        "kernel": "sdpa_flash" if backend == "flash" else "cudnn_fused", "precision": precision, "batch": batch, "heads": HEADS, "seq": seq,
        "head_dim": head_dim, "causal": causal, "pass": passes,
        "timing": {"samples_s": samples},
        "tflops": flops / median / 1e12,  # FLOPs as the model counts them: not causal-aware
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--batches", default="1,4")
    parser.add_argument("--backend", choices=("flash", "cudnn"), default="flash")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--seqs", default=",".join(str(x) for x in SEQS))
    parser.add_argument("--head-dims", default=",".join(str(x) for x in HEAD_DIMS))
    parser.add_argument("--precisions", default="bf16,fp16")
    parser.add_argument("--causal-forward-backward-only", action="store_true",
                        help="only the causal forward + backward, the points the model's tables use")
    args = parser.parse_args()
    points, failed = [], []
    seqs = [int(x) for x in args.seqs.split(",")]
    head_dims = [int(x) for x in args.head_dims.split(",")]
    only = args.causal_forward_backward_only
    for precision, batch in [(p, int(b)) for p in args.precisions.split(",") for b in args.batches.split(",")]:
        for head_dim in head_dims:
            for seq in seqs:
                for causal in ((True,) if only else (True, False)):
                    for passes in (("forward_backward",) if only else ("forward", "forward_backward")):
                        try:
                            p = point(precision, batch, seq, head_dim, causal, passes, args.reps, args.warmup,
                                      args.backend)
                            points.append(p)
                            print(f"{precision} b={batch} d={head_dim:3d} s={seq:5d} causal={causal!s:5} "
                                  f"{passes:16} {statistics.median(p['timing']['samples_s'])*1e3:8.3f} ms "
                                  f"{p['tflops']:7.1f} TFLOP/s", flush=True)
                        except Exception as e:  # record it and go on
                            failed.append({"precision": precision, "batch": batch, "seq": seq, "head_dim": head_dim,
                                           "causal": causal, "pass": passes, "why": repr(e)})
    props = torch.cuda.get_device_properties(0)
    out = {
        "provenance": {"gpu_name": props.name, "torch_version": torch.__version__,
                       "cuda_version": torch.version.cuda,
                       "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                       "command_line": " ".join(sys.argv),
                       "method": "torch.nn.functional.scaled_dot_product_attention under "
                                 f"sdpa_kernel({'FLASH_ATTENTION' if args.backend == 'flash' else 'CUDNN_ATTENTION'}), (batch, 32 heads, seq, head_dim) "
                                 "tensors; each sample is the mean of back-to-back calls filling ~2 ms "
                                 "between CUDA events, after warm-up; forward under "
                                 "no_grad; forward_backward = forward + backward from a random "
                                 "output gradient; tflops counts 4·b·h·s²·d per forward and "
                                 "3.5× that for forward + backward (the backward recomputes "
                                 "the scores: 2.5× the forward), for causal too, as the model counts"},
        "attention": points, "failed": failed,
    }
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
