#!/usr/bin/env python3
"""Time real GPT and Llama training steps on one GPU with PyTorch: the ground truth for `windtunnel run`.

Each configuration builds a GPT-style decoder (the architecture of Windtunnel's gpt3-* presets:
learned positions, pre-LayerNorm blocks with biases, multi-head attention, a GELU MLP of 4h,
vocabulary padded to 51200, tied embeddings), trains it on random tokens with PyTorch's automatic
mixed precision (fp32 master weights, bf16 autocast), fused AdamW, and FlashAttention as PyTorch
ships it (scaled_dot_product_attention forced to the FLASH_ATTENTION backend, causal), with and
without full activation recompute (torch.utils.checkpoint around every block). The Llama-style
models (LLAMA below: RMSNorm, grouped-query attention with enable_gqa, rotary positions, SwiGLU, no
biases, untied output unless the preset ties it) run the same way. It times
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
# Llama-style decoders (RMSNorm, grouped-query attention with rotary positions, SwiGLU, no biases):
# layers, hidden, heads, kv_heads, ffn, vocab, tied embeddings, as the presets of
# sim/scenario/presets_llama.cpp hold them; llama3-8b-8l is Llama 3 8B cut to 8 of its 32 layers
# (the whole model's weights and Adam states do not fit one 80 GB GPU).
LLAMA = {
    "llama3.2-1b": (16, 2048, 32, 8, 8192, 128256, True),
    "llama3-8b-8l": (8, 4096, 32, 8, 14336, 128256, False),
}
GQA_PATH = {"path": "enable_gqa"}  # becomes "expanded" if the forced backend refuses enable_gqa


def rope(x, cos, sin):
    """Rotary positions, the rotate-half form of the Llama reference code; x [b, heads, s, d]."""
    x1, x2 = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-x2, x1), dim=-1) * sin


def gqa_attention(q, k, v):
    if GQA_PATH["path"] == "enable_gqa":
        try:
            return F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        except RuntimeError:
            GQA_PATH["path"] = "expanded"
    r = q.shape[1] // k.shape[1]
    return F.scaled_dot_product_attention(q, k.repeat_interleave(r, 1), v.repeat_interleave(r, 1),
                                          is_causal=True)


class LlamaBlock(nn.Module):
    def __init__(self, hidden, heads, kv_heads, ffn):
        super().__init__()
        self.heads, self.kv_heads, self.d = heads, kv_heads, hidden // heads
        self.n1 = nn.RMSNorm(hidden, eps=1e-5)
        self.qkv = nn.Linear(hidden, (heads + 2 * kv_heads) * self.d, bias=False)
        self.o = nn.Linear(heads * self.d, hidden, bias=False)
        self.n2 = nn.RMSNorm(hidden, eps=1e-5)
        self.gate_up = nn.Linear(hidden, 2 * ffn, bias=False)
        self.down = nn.Linear(ffn, hidden, bias=False)

    def forward(self, x, cos, sin):
        b, s, h = x.shape
        H, K, d = self.heads, self.kv_heads, self.d
        q, k, v = self.qkv(self.n1(x)).split((H * d, K * d, K * d), dim=2)
        q = rope(q.view(b, s, H, d).transpose(1, 2), cos, sin)
        k = rope(k.view(b, s, K, d).transpose(1, 2), cos, sin)
        y = gqa_attention(q, k, v.view(b, s, K, d).transpose(1, 2))
        x = x + self.o(y.transpose(1, 2).reshape(b, s, H * d))
        g, u = self.gate_up(self.n2(x)).chunk(2, dim=-1)
        return x + self.down(F.silu(g) * u)


class Llama(nn.Module):
    def __init__(self, layers, hidden, heads, kv_heads, ffn, vocab, tied, seq, recompute):
        super().__init__()
        self.recompute, self.vocab = recompute, vocab
        self.embed = nn.Embedding(vocab, hidden)
        self.blocks = nn.ModuleList(LlamaBlock(hidden, heads, kv_heads, ffn) for _ in range(layers))
        self.norm = nn.RMSNorm(hidden, eps=1e-5)
        self.out = None if tied else nn.Linear(hidden, vocab, bias=False)
        for p in self.parameters():
            if p.dim() >= 2:
                nn.init.normal_(p, std=0.02)
        d = hidden // heads
        inv = 1.0 / (500000.0 ** (torch.arange(0, d, 2).float() / d))
        ang = torch.arange(seq).float()[:, None] * inv[None, :]
        ang = torch.cat((ang, ang), dim=-1)
        self.register_buffer("cos", ang.cos(), persistent=False)
        self.register_buffer("sin", ang.sin(), persistent=False)

    def forward(self, tokens, targets):
        x = self.embed(tokens)
        cos, sin = self.cos.to(x.dtype), self.sin.to(x.dtype)
        for block in self.blocks:
            x = (checkpoint(block, x, cos, sin, use_reentrant=False) if self.recompute
                 else block(x, cos, sin))
        w = self.embed.weight if self.out is None else self.out.weight
        logits = F.linear(self.norm(x), w)
        return F.cross_entropy(logits.view(-1, self.vocab).float(), targets.view(-1))


def build(name, seq, recompute):
    """The model of `name` and the fields of its result that describe the architecture."""
    if name in LLAMA:
        layers, hidden, heads, kv_heads, ffn, vocab, tied = LLAMA[name]
        return (Llama(layers, hidden, heads, kv_heads, ffn, vocab, tied, seq, recompute), vocab,
                {"arch": "llama", "layers": layers, "hidden": hidden, "heads": heads,
                 "kv_heads": kv_heads, "ffn_hidden": ffn, "vocab": vocab, "tied": tied})
    layers, hidden, heads, ffn = MODELS[name]
    return (GPT(layers, hidden, heads, ffn, seq, recompute), VOCAB,
            {"arch": "gpt", "layers": layers, "hidden": hidden, "heads": heads,
             "ffn_hidden": ffn, "vocab": VOCAB})


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
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    torch.manual_seed(0)
    model, vocab, arch = build(name, seq, recompute)
    model = model.cuda()
    layers, hidden = arch["layers"], arch["hidden"]
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=0.1, fused=True)
    tokens = torch.randint(0, vocab, (micro_batch, seq), device="cuda")
    targets = torch.randint(0, vocab, (micro_batch, seq), device="cuda")

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
        "model": name, **arch, "seq_len": seq, "parameters": params,
        **({"parameters_by_formula": parameter_count(layers, hidden, arch["ffn_hidden"], seq)}
           if arch["arch"] == "gpt" else {"attention_gqa": GQA_PATH["path"]}),
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
        if n not in MODELS and n not in LLAMA:
            parser.error(f"--models: unknown model {n!r}; allowed: {', '.join([*MODELS, *LLAMA])}")
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
