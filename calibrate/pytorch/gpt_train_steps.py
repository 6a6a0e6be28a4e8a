#!/usr/bin/env python3
"""Time real GPT training steps on one GPU with PyTorch: the ground truth for `windtunnel run`.

Each configuration builds a GPT-style decoder (the architecture of Windtunnel's gpt3-* presets:
learned positions, pre-LayerNorm blocks with biases, multi-head attention, a GELU MLP of 4h,
vocabulary padded to 51200, tied embeddings), trains it on random tokens with PyTorch's automatic
mixed precision (fp32 master weights, bf16 autocast), fused AdamW, and FlashAttention as PyTorch
ships it (scaled_dot_product_attention forced to the FLASH_ATTENTION backend, causal), with and
without full activation recompute (torch.utils.checkpoint around every block). It times
`--steps` steps after `--warmup` warm-up steps, each step between its own pair of CUDA events
(forward, backward, optimizer step, zero_grad), and records the peak memory PyTorch allocated and
reserved.

Usage: gpt_train_steps.py --out FILE [--models 125m,350m,...] [--micro-batch 8] [--steps 10]
                          [--warmup 3] [--seq 2048] [--budget-s 150]
Writes one JSON object: the host's provenance and one entry per (model, recompute).
"""
import argparse
import json
import math
import statistics
import sys
import time
import traceback

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
from torch.utils.checkpoint import checkpoint

# layers, hidden, heads, ffn: Brown et al. 2020, Table 2.1, as Windtunnel's presets hold them
# (gpt3-1.3b with Megatron-LM's 16 heads of 128; 2.7B is 32 heads of 80).
MODELS = {
    "125m": (12, 768, 12, 3072),
    "350m": (24, 1024, 16, 4096),
    "760m": (24, 1536, 16, 6144),
    "1.3b": (24, 2048, 16, 8192),
    "2.7b": (32, 2560, 32, 10240),
}
VOCAB = 51200


class Block(nn.Module):
    def __init__(self, hidden, heads, ffn):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(hidden)
        self.qkv = nn.Linear(hidden, 3 * hidden)
        self.proj = nn.Linear(hidden, hidden)
        self.ln2 = nn.LayerNorm(hidden)
        self.fc1 = nn.Linear(hidden, ffn)
        self.fc2 = nn.Linear(ffn, hidden)

    def forward(self, x):
        b, s, h = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(h, dim=2)
        q = q.view(b, s, self.heads, h // self.heads).transpose(1, 2)
        k = k.view(b, s, self.heads, h // self.heads).transpose(1, 2)
        v = v.view(b, s, self.heads, h // self.heads).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(y.transpose(1, 2).reshape(b, s, h))
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x)), approximate="tanh"))


class GPT(nn.Module):
    def __init__(self, layers, hidden, heads, ffn, seq, recompute):
        super().__init__()
        self.recompute = recompute
        self.wte = nn.Embedding(VOCAB, hidden)
        self.wpe = nn.Embedding(seq, hidden)
        self.blocks = nn.ModuleList(Block(hidden, heads, ffn) for _ in range(layers))
        self.ln_f = nn.LayerNorm(hidden)
        for p in self.parameters():
            if p.dim() >= 2:
                nn.init.normal_(p, std=0.02)

    def forward(self, tokens, targets):
        pos = torch.arange(tokens.shape[1], device=tokens.device)
        x = self.wte(tokens) + self.wpe(pos)
        for block in self.blocks:
            x = checkpoint(block, x, use_reentrant=False) if self.recompute else block(x)
        logits = F.linear(self.ln_f(x), self.wte.weight)  # tied embeddings
        return F.cross_entropy(logits.view(-1, VOCAB).float(), targets.view(-1))


def parameter_count(layers, hidden, ffn, seq):
    per_layer = 4 * hidden * hidden + 2 * hidden * ffn + 9 * hidden + ffn  # weights, biases, LNs
    return layers * per_layer + VOCAB * hidden + seq * hidden + 2 * hidden


def measure(name, recompute, micro_batch, seq, steps, warmup):
    layers, hidden, heads, ffn = MODELS[name]
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    torch.manual_seed(0)
    model = GPT(layers, hidden, heads, ffn, seq, recompute).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=0.1, fused=True)
    tokens = torch.randint(0, VOCAB, (micro_batch, seq), device="cuda")
    targets = torch.randint(0, VOCAB, (micro_batch, seq), device="cuda")

    def step():
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = model(tokens, targets)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        return loss

    times = []
    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        for _ in range(warmup):
            loss = step()
        torch.cuda.synchronize()
        states_bytes = torch.cuda.memory_allocated()
        for _ in range(steps):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            loss = step()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end) / 1e3)
    params = sum(p.numel() for p in model.parameters())
    tokens_per_step = micro_batch * seq
    # 6·N·T for the matrices plus attention's 12·L·h·s·T/2 (causal: half the scores), as MFU counts it
    model_flops = 6 * params * tokens_per_step + 6 * layers * hidden * seq * tokens_per_step
    median = statistics.median(times)
    result = {
        "model": name, "layers": layers, "hidden": hidden, "heads": heads, "ffn_hidden": ffn,
        "seq_len": seq, "vocab": VOCAB, "parameters": params,
        "parameters_by_formula": parameter_count(layers, hidden, ffn, seq),
        "activation_recompute": "full" if recompute else "none",
        "micro_batch_size": micro_batch, "tokens_per_step": tokens_per_step,
        "step_s": {"samples": times, "median": median, "min": min(times), "max": max(times)},
        "tokens_per_s": tokens_per_step / median,
        "model_tflops_per_s": model_flops / median / 1e12,
        "memory_bytes": {
            "after_warmup_allocated": states_bytes,
            "peak_allocated": torch.cuda.max_memory_allocated(),
            "peak_reserved": torch.cuda.max_memory_reserved(),
        },
        "final_loss": float(loss.item()),
    }
    del model, optimizer, tokens, targets
    torch.cuda.empty_cache()
    return result


def provenance(args):
    props = torch.cuda.get_device_properties(0)
    return {
        "gpu_name": props.name, "gpu_memory_bytes": props.total_memory,
        "multiprocessors": props.multi_processor_count,
        "torch_version": torch.__version__, "cuda_version": torch.version.cuda,
        "cudnn_version": torch.backends.cudnn.version(),
        "python_version": sys.version.split()[0],
        "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "command_line": " ".join(sys.argv),
        "method": ("AMP: fp32 master weights, torch.autocast bf16; fused AdamW; "
                   "scaled_dot_product_attention under sdpa_kernel(FLASH_ATTENTION), causal; "
                   "full recompute = torch.utils.checkpoint(use_reentrant=False) per block; "
                   "random tokens; CUDA events around each step (forward, backward, "
                   "optimizer.step, zero_grad) after the warm-up steps; eager mode"),
        "warmup_steps": args.warmup, "timed_steps": args.steps,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--models", default="125m,350m,760m,1.3b,2.7b")
    parser.add_argument("--micro-batch", type=int, default=8)
    parser.add_argument("--seq", type=int, default=2048)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--budget-s", type=float, default=150.0)
    args = parser.parse_args()
    names = args.models.split(",")
    for n in names:
        if n not in MODELS:
            parser.error(f"--models: unknown model {n!r}; allowed: {', '.join(MODELS)}")
    torch.backends.cuda.matmul.allow_tf32 = False
    out = {"provenance": provenance(args), "runs": [], "failed": []}
    began = time.monotonic()
    for name in names:
        for recompute in (False, True):
            if time.monotonic() - began > args.budget_s:
                out["failed"].append({"model": name, "recompute": recompute, "why": "time budget"})
                continue
            batch = args.micro_batch
            while batch >= 1:
                try:
                    r = measure(name, recompute, batch, args.seq, args.steps, args.warmup)
                    out["runs"].append(r)
                    print(f"{name:>5} recompute={'full' if recompute else 'none':4} b={batch:2d} "
                          f"step {r['step_s']['median']*1e3:8.1f} ms  "
                          f"{r['model_tflops_per_s']:6.1f} TFLOP/s  "
                          f"peak {r['memory_bytes']['peak_allocated']/2**30:6.2f} GiB", flush=True)
                    break
                except torch.cuda.OutOfMemoryError:
                    torch.cuda.empty_cache()
                    out["failed"].append({"model": name, "recompute": recompute,
                                          "micro_batch_size": batch, "why": "out of memory"})
                    batch //= 2
                except Exception as e:  # record and go on: one failure must not lose the rest
                    out["failed"].append({"model": name, "recompute": recompute,
                                          "micro_batch_size": batch,
                                          "why": "".join(traceback.format_exception_only(e)).strip()})
                    traceback.print_exc()
                    break
            with open(args.out, "w") as f:  # rewritten after each run: a timeout keeps the rest
                json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
