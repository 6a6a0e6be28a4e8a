#!/usr/bin/env python3
"""Time the attention of a decode step on one GPU two ways: PyTorch's scaled_dot_product_attention
as serve_steps.py calls it, and split-KV ("flash-decoding", as vLLM's and FlashInfer's decode
kernels do): the context cut into S chunks that run as S times the (batch x KV heads) thread
blocks, each returning its log-sum-exp, then merged with the softmax of the log-sum-exps.

For each model and decode (batch B, context C) of serve_steps.py, one CUDA graph holds the
attention of every layer (each layer its own K/V cache [B, kv_heads, C, d], grouped-query heads
folded into the query length); timed as the median of --reps repetitions of k replays between
CUDA events. S is the smallest power of two that gives >= 2 blocks per SM with chunks of >= 256
tokens. The split result is checked against the plain one (max |diff|).

Usage: decode_attention.py --out FILE [--models ...] [--budget-s 120] [--reps 5]
"""
import argparse
import json
import sys
import time
import traceback

import torch
import torch.nn.functional as F

from serve_steps import DECODE, MODELS, gpu_state, graphed, timed


def split_kv(q, k, v, splits):
    """q [B, K, G, d]; k, v [B, K, C, d] contiguous; C divisible by splits."""
    B, K, G, d = q.shape
    c = k.shape[2] // splits
    kk = k.view(B, K * splits, c, d)  # [B, K, S, c, d] as S times the heads
    vv = v.view(B, K * splits, c, d)
    qq = q.unsqueeze(2).expand(B, K, splits, G, d).reshape(B, K * splits, G, d)
    out, lse = torch.ops.aten._scaled_dot_product_flash_attention(qq, kk, vv, 0.0, False)[:2]
    w = torch.softmax(lse.view(B, K, splits, G), dim=2)
    return (out.view(B, K, splits, G, d).float() * w.unsqueeze(-1)).sum(2).to(q.dtype)


def plain(q, k, v, splits):
    return F.scaled_dot_product_attention(q, k, v)


def splits_for(b, kv_heads, context, sms):
    s = 1
    while b * kv_heads * s < 2 * sms and context // (2 * s) >= 256 and context % (2 * s) == 0:
        s *= 2
    return s


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--models", default="llama3.2-1b,llama3-8b,llama2-7b")
    parser.add_argument("--budget-s", type=float, default=120.0)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--kv-budget-gib", type=float, default=36.0)
    args = parser.parse_args()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    out = {"provenance": {"torch_version": torch.__version__, "cuda_version": torch.version.cuda,
                          "gpu_name": torch.cuda.get_device_name(0), "multiprocessors": sms,
                          "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                          "command_line": " ".join(sys.argv), "gpu_state_before": gpu_state(),
                          "method": __doc__.split("\n\n", 1)[1].split("\nUsage:")[0].strip()},
           "runs": [], "failed": []}
    began = time.monotonic()
    for name in args.models.split(","):
        L, h, H, K, f, V, tied = MODELS[name]
        d = h // H
        for b, c in DECODE:
            if b * c * 2 * L * K * d * 2 > args.kv_budget_gib * 2**30:
                continue
            if time.monotonic() - began > args.budget_s:
                out["failed"].append({"model": name, "batch": b, "context": c, "why": "time budget"})
                continue
            try:
                kv = torch.empty(L, 2, b, K, c, d, device="cuda", dtype=torch.bfloat16).normal_()
                q = torch.randn(b, K, H // K, d, device="cuda", dtype=torch.bfloat16)
                s = splits_for(b, K, c, sms)
                diff = float((split_kv(q, kv[0, 0], kv[0, 1], s).float()
                              - plain(q, kv[0, 0], kv[0, 1], s).float()).abs().max())
                r = {"model": name, "batch": b, "context": c, "layers": L, "kv_heads": K,
                     "head_dim": d, "splits": s, "max_abs_diff": diff,
                     "kv_bytes": b * c * 2 * L * K * d * 2}
                for label, fn in (("plain", plain), ("split_kv", split_kv)):
                    def step(fn=fn):
                        for i in range(L):
                            fn(q, kv[i, 0], kv[i, 1], s)
                    r[label + "_s"] = timed(graphed(step)[0], args.reps)
                out["runs"].append(r)
                print(f"{name:>12} {b:4d} x {c:5d}  S={s:3d}  plain {r['plain_s']['median']*1e3:8.3f} ms"
                      f"  split {r['split_kv_s']['median']*1e3:8.3f} ms  diff {diff:.2g}", flush=True)
                del kv, q
            except Exception as e:  # record and go on
                out["failed"].append({"model": name, "batch": b, "context": c, "why": "".join(
                    traceback.format_exception_only(type(e), e)).strip()})
                traceback.print_exc()
            torch.cuda.empty_cache()
            with open(args.out, "w") as fh:
                json.dump(out, fh, indent=1)
    out["provenance"]["gpu_state_after"] = gpu_state()
    out["provenance"]["seconds"] = time.monotonic() - began
    with open(args.out, "w") as fh:
        json.dump(out, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
