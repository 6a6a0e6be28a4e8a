#!/usr/bin/env python3
"""Time the parts of a mixture-of-experts layer as PyTorch runs them on one GPU.

A MoE layer is more than its expert GEMMs: the router (a GEMM to E logits, softmax, top-k), the
permutation that gathers each token's copies into expert order before the experts and the
weighted scatter back after them (Megatron-Core's token dispatcher `permute`/`unpermute`,
torchtitan's `_permute`/`_unpermute`), and expert GEMMs of few rows each. This script times each
part alone, forward and forward + backward, at the shapes of published MoE models, so the model's
kernel list for a MoE layer (sim/workload/layer_kernels.cpp) can be checked part by part:

- router: x @ W_r (T × E logits), fp32 softmax, top-k, renormalised weights;
- permute: argsort of the T·k expert indices, index_select of the token rows (T·k × h);
- experts_grouped: torch._grouped_mm over the E experts (SwiGLU: fc1 to 2f, silu·mul, fc2 to h),
  the kernel torchtitan runs; experts_loop: one torch.mm per expert on its slice, as a framework
  without grouped GEMM runs them; dense_equivalent: the same rows through one expert's shapes in
  one GEMM each (what the GEMMs would take if the experts were one matrix);
- unpermute: rows × routing weight, index_add_ back to T × h;
- layer: router + permute + experts_grouped + unpermute.

Routing is balanced on purpose (token t's j-th choice is expert (t·k + j) mod E), so every expert
gets exactly T·k/E rows: the case the model predicts, and no padding for the grouped GEMM.

Usage: moe_layer.py --out FILE [--reps 10] [--warmup 3]
"""
import argparse
import json
import statistics
import sys
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from flash_attention import timed  # noqa: E402  (each sample the mean of calls filling ~2 ms)

# name, hidden h, expert inner width f, experts E (all on this GPU), top-k, tokens T
CONFIGS = [
    ("mixtral-8x7b", 4096, 14336, 8, 2, 4096),
    ("mixtral-8x7b", 4096, 14336, 8, 2, 16384),
    ("deepseek-v3-slice32", 7168, 2048, 32, 8, 4096),
    ("deepseek-v3-slice32", 7168, 2048, 32, 8, 16384),
    ("qwen3-30b-a3b", 2048, 768, 128, 8, 4096),
    ("qwen3-30b-a3b", 2048, 768, 128, 8, 16384),
    ("gpt-oss-120b", 2880, 2880, 128, 4, 8192),
    ("olmoe-1b-7b", 2048, 1024, 64, 8, 8192),
]


class Layer:
    def __init__(self, h, f, E, k, T):
        dev, bf = "cuda", torch.bfloat16
        self.h, self.f, self.E, self.k, self.T = h, f, E, k, T
        self.rows = T * k
        self.per_expert = self.rows // E
        g = lambda *shape: (torch.randn(*shape, device=dev, dtype=bf) * 0.02).requires_grad_()
        self.x = g(T, h)
        self.w_router = g(E, h)
        # Stored (E, out, in) as torchtitan stores them; _grouped_mm takes the transposed view.
        self.w1 = g(E, 2 * f, h)
        self.w2 = g(E, h, f)
        t = torch.arange(T, device=dev).unsqueeze(1) * k + torch.arange(k, device=dev)
        self.top_i = (t % E).to(torch.int64)
        self.top_w = torch.full((T, k), 1.0 / k, device=dev, dtype=torch.float32, requires_grad=True)
        self.offs = torch.arange(1, E + 1, device=dev, dtype=torch.int32) * self.per_expert
        self.xs = g(self.rows, h)
        self.ys = g(self.rows, h)

    def router(self, x):
        logits = x @ self.w_router.t()
        probs = torch.softmax(logits.float(), dim=-1)
        top_v, top_i = torch.topk(probs, self.k, dim=-1)
        return top_v / top_v.sum(-1, keepdim=True), top_i

    def permute(self, x, top_i):
        order = torch.argsort(top_i.reshape(-1), stable=True)
        return x.index_select(0, order // self.k), order

    def experts_grouped(self, xs):
        h1 = torch._grouped_mm(xs, self.w1.transpose(-2, -1), offs=self.offs)
        a, b = h1.chunk(2, dim=-1)
        return torch._grouped_mm(F.silu(a) * b, self.w2.transpose(-2, -1), offs=self.offs)

    def experts_loop(self, xs):
        outs, n = [], self.per_expert
        for e in range(self.E):
            h1 = xs[e * n:(e + 1) * n] @ self.w1[e].t()
            a, b = h1.chunk(2, dim=-1)
            outs.append((F.silu(a) * b) @ self.w2[e].t())
        return torch.cat(outs)

    def dense_equivalent(self, xs):
        h1 = xs @ self.w1[0].t()
        a, b = h1.chunk(2, dim=-1)
        return (F.silu(a) * b) @ self.w2[0].t()

    def unpermute(self, ys, order, top_w):
        w = top_w.reshape(-1)[order].unsqueeze(-1).to(ys.dtype)
        out = torch.zeros(self.T, self.h, device=ys.device, dtype=ys.dtype)
        return out.index_add(0, order // self.k, ys * w)

    def layer(self, x):
        self.router(x)  # timed with the layer; the balanced indices below replace its choice
        xs, order = self.permute(x, self.top_i)
        return self.unpermute(self.experts_grouped(xs), order, self.top_w)


def parts(L):
    order = torch.argsort(L.top_i.reshape(-1), stable=True)
    return {
        "router": lambda: L.router(L.x)[0],
        "permute": lambda: L.permute(L.x, L.top_i)[0],
        "experts_grouped": lambda: L.experts_grouped(L.xs),
        "experts_loop": lambda: L.experts_loop(L.xs),
        "dense_equivalent": lambda: L.dense_equivalent(L.xs),
        "unpermute": lambda: L.unpermute(L.ys, order, L.top_w),
        "layer": lambda: L.layer(L.x),
    }


def clear(L):
    for t in (L.x, L.w_router, L.w1, L.w2, L.top_w, L.xs, L.ys):
        t.grad = None


def measure(name, h, f, E, k, T, reps, warmup):
    L = Layer(h, f, E, k, T)
    point = {"model": name, "hidden": h, "expert_ffn": f, "experts": E, "top_k": k, "tokens": T,
             "rows_per_expert": L.per_expert, "parts": {}, "failed": {}}
    for part, fn in parts(L).items():
        try:
            with torch.no_grad():
                fwd = timed(fn, reps, warmup)

            def fwd_bwd():
                out = fn()
                out.backward(torch.ones_like(out))
                clear(L)

            both = timed(fwd_bwd, reps, warmup)
            point["parts"][part] = {"forward_s": statistics.median(fwd),
                                    "forward_backward_s": statistics.median(both),
                                    "samples_forward_s": fwd, "samples_forward_backward_s": both}
            print(f"{name:20} T={T:6d} {part:17} fwd {statistics.median(fwd)*1e3:8.3f} ms  "
                  f"fwd+bwd {statistics.median(both)*1e3:8.3f} ms", flush=True)
        except Exception as e:  # record it and go on
            point["failed"][part] = repr(e)[:300]
            print(f"{name:20} T={T:6d} {part:17} failed: {e!r}"[:200], flush=True)
    # GEMM FLOPs of the experts (SwiGLU: fc1 to 2f, fc2 back to h), forward.
    point["expert_gemm_flops_forward"] = 2.0 * L.rows * h * (3 * f)
    del L
    torch.cuda.empty_cache()
    return point


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args()
    points = [measure(*c, args.reps, args.warmup) for c in CONFIGS]
    props = torch.cuda.get_device_properties(0)
    out = {
        "provenance": {"gpu_name": props.name, "torch_version": torch.__version__,
                       "cuda_version": torch.version.cuda,
                       "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                       "command_line": " ".join(sys.argv),
                       "method": "each part of a MoE layer alone, bf16, balanced routing; each "
                                 "sample the mean of back-to-back calls filling ~2 ms between CUDA "
                                 "events after warm-up; forward under no_grad; forward_backward = "
                                 "forward + backward from a ones output gradient; medians of "
                                 f"{args.reps} samples"},
        "points": points,
    }
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
