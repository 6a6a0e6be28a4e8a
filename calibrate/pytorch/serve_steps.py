#!/usr/bin/env python3
"""Time real serving steps (prefill and decode) on one GPU with PyTorch: the ground truth for the
step costs of `windtunnel serve` (sim/workload/serving_cost.cpp, docs/serving.md "One engine step").

Each model is a Llama-style decoder with the architecture of Windtunnel's preset of the same name
(RMSNorm, fused QKV with grouped-query attention, rotary positions, SwiGLU MLP with a fused
gate/up projection, untied or tied output layer), random bf16 weights (normal, std 0.02) and a
static KV cache laid out [batch, kv_heads, context, head_dim] per layer, as an inference engine
keeps it. A step is one engine step of tensor parallelism 1:

- decode (B, C): B sequences each with C tokens in the cache produce one token: embedding, per
  layer norm, QKV, rotary, the new K/V written into the cache, attention of the one query over the
  C cached entries, output projection, residual, norm, gate/up, SiLU x up, down, residual; the final
  norm and the logits of the B rows. Attention is scaled_dot_product_attention with the backend
  PyTorch picks (the profile below names the kernel that ran); grouped-query heads are folded into
  the query length (q [B, kv_heads, heads/kv_heads, d] against the shared K/V: exact for one query
  token, as decode kernels do).
- prefill (n, P): n prompts of P tokens each, causal attention (enable_gqa), the K/V written into
  the cache, the logits of each prompt's last row.

Each step is captured in a CUDA graph (as vLLM and TensorRT-LLM run decode) and timed as the median
of `--reps` repetitions of k graph replays between CUDA events (k chosen to last >= 20 ms). The same
step is also timed eagerly (one Python call per kernel, host overhead included), and one eager step
is profiled (torch.profiler, CUDA kernels) to split the GPU time into GEMM, attention and other
kernels. The CUDA context's memory is read from the driver (cudaMemGetInfo) after PyTorch's first
allocation, its first GEMM and its first attention call.

Usage: serve_steps.py --out FILE [--models llama3.2-1b,llama3-8b,llama2-7b] [--budget-s 240]
                      [--reps 5] [--device cuda|cpu] [--tiny]
--device cpu --tiny runs a two-layer toy on the CPU (no graphs, no profiler): a dry run of the
script's logic. Writes one JSON object, rewritten after every configuration.
"""
import argparse
import json
import statistics
import subprocess
import sys
import time
import traceback

import torch
import torch.nn.functional as F

# layers, hidden, heads, kv_heads, ffn, vocab, tied: the presets of sim/scenario/presets_llama.cpp
# (Hugging Face config.json of each model).
MODELS = {
    "llama3.2-1b": (16, 2048, 32, 8, 8192, 128256, True),
    "llama3-8b": (32, 4096, 32, 8, 14336, 128256, False),
    "llama2-7b": (32, 4096, 32, 32, 11008, 32000, False),
}
TINY = (2, 256, 8, 2, 512, 1000, False)

# (batch, context) of the decode steps and (prompts, tokens) of the prefill steps. A configuration
# whose KV cache would pass --kv-budget-gib is skipped and listed under "skipped".
DECODE = [(1, 512), (1, 2048), (1, 8192), (8, 2048), (32, 512), (32, 2048), (32, 8192),
          (128, 512), (128, 2048), (256, 512), (256, 1024)]
PREFILL = [(1, 128), (1, 512), (1, 2048), (1, 8192), (4, 2048), (16, 512)]


def rms_norm(x, w, eps=1e-5):
    if hasattr(F, "rms_norm"):
        return F.rms_norm(x, (x.shape[-1],), w, eps)
    xf = x.float()
    return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + eps)).type_as(x) * w


def rope(x, cos, sin):
    """Rotary positions, the rotate-half form of the Llama reference code; x [..., seq, d]."""
    x1, x2 = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-x2, x1), dim=-1) * sin


def attention(q, k, v, causal, gqa):
    if not hasattr(F, "scaled_dot_product_attention"):  # the CPU dry run on an old PyTorch
        if gqa:
            r = q.shape[1] // k.shape[1]
            k, v = k.repeat_interleave(r, 1), v.repeat_interleave(r, 1)
        s = (q @ k.transpose(-1, -2)) / q.shape[-1] ** 0.5
        if causal:
            n = s.shape[-1]
            s = s.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), float("-inf"))
        return s.softmax(-1) @ v
    if gqa:
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal, enable_gqa=True)
    return F.scaled_dot_product_attention(q, k, v, is_causal=causal)


class Llama:
    def __init__(self, arch, device, dtype, max_cache_tokens):
        L, h, H, K, f, V, tied = arch
        self.L, self.h, self.H, self.K, self.f, self.V = L, h, H, K, f, V
        self.d = h // H

        def w(*shape):
            return torch.empty(*shape, device=device, dtype=dtype).normal_(0.0, 0.02)

        self.emb = w(V, h)
        self.out = self.emb if tied else w(V, h)
        self.layers = [dict(qkv=w((H + 2 * K) * self.d, h), o=w(h, H * self.d),
                            gate_up=w(2 * f, h), down=w(h, f),
                            n1=torch.ones(h, device=device, dtype=dtype),
                            n2=torch.ones(h, device=device, dtype=dtype)) for _ in range(L)]
        self.norm = torch.ones(h, device=device, dtype=dtype)
        self.device, self.dtype = device, dtype
        self.cache_tokens = max_cache_tokens
        # one buffer for every layer's K and V; a step views the first B * C tokens of it
        self.kv = torch.zeros(L, 2, max_cache_tokens * K * self.d, device=device, dtype=dtype)

    def params(self):
        per_layer = sum(t.numel() for n, t in self.layers[0].items())
        return self.L * per_layer + self.emb.numel() + (0 if self.out is self.emb else self.out.numel())

    def cache(self, layer, b, c):
        n = b * self.K * c * self.d
        kv = self.kv[layer]
        return kv[0, :n].view(b, self.K, c, self.d), kv[1, :n].view(b, self.K, c, self.d)

    def rotary(self, positions):
        inv = 1.0 / (500000.0 ** (torch.arange(0, self.d, 2, device=self.device).float() / self.d))
        ang = positions.float()[:, None] * inv[None, :]
        ang = torch.cat((ang, ang), dim=-1)
        return ang.cos().to(self.dtype), ang.sin().to(self.dtype)

    def decode_step(self, tokens, c, cos, sin):
        """tokens [B]; every sequence has c tokens in the cache, the last at position c - 1."""
        B, H, K, d = tokens.shape[0], self.H, self.K, self.d
        x = F.embedding(tokens, self.emb)  # [B, h]
        for i, p in enumerate(self.layers):
            qkv = F.linear(rms_norm(x, p["n1"]), p["qkv"])
            q, k, v = qkv.split((H * d, K * d, K * d), dim=-1)
            q = rope(q.view(B, H, 1, d), cos, sin)
            k = rope(k.view(B, K, 1, d), cos, sin)
            kc, vc = self.cache(i, B, c)
            kc[:, :, c - 1:c] = k
            vc[:, :, c - 1:c] = v.view(B, K, 1, d)
            # grouped-query heads folded into the query length: [B, K, H/K, d] against [B, K, c, d]
            o = attention(q.view(B, K, H // K, d), kc, vc, causal=False, gqa=False)
            x = x + F.linear(o.reshape(B, H * d), p["o"])
            g, u = F.linear(rms_norm(x, p["n2"]), p["gate_up"]).chunk(2, dim=-1)
            x = x + F.linear(F.silu(g) * u, p["down"])
        return F.linear(rms_norm(x, self.norm), self.out)  # [B, V]

    def prefill_step(self, tokens, cos, sin):
        """tokens [n, P]: n prompts of P tokens, positions 0..P-1; logits of each last row."""
        n, P = tokens.shape
        H, K, d = self.H, self.K, self.d
        x = F.embedding(tokens, self.emb)  # [n, P, h]
        for i, p in enumerate(self.layers):
            qkv = F.linear(rms_norm(x, p["n1"]), p["qkv"])
            q, k, v = qkv.split((H * d, K * d, K * d), dim=-1)
            q = rope(q.view(n, P, H, d).transpose(1, 2), cos, sin)
            k = rope(k.view(n, P, K, d).transpose(1, 2), cos, sin)
            kc, vc = self.cache(i, n, P)
            kc.copy_(k)
            vc.copy_(v.view(n, P, K, d).transpose(1, 2))
            o = attention(q, kc, vc, causal=True, gqa=K != H)
            x = x + F.linear(o.transpose(1, 2).reshape(n, P, H * d), p["o"])
            g, u = F.linear(rms_norm(x, p["n2"]), p["gate_up"]).chunk(2, dim=-1)
            x = x + F.linear(F.silu(g) * u, p["down"])
        return F.linear(rms_norm(x[:, -1], self.norm), self.out)  # [n, V]


def kernel_class(name):
    n = name.lower()
    if "flash" in n or "fmha" in n or "attention" in n:
        return "attention"
    if ("gemm" in n or "xmma" in n or "cutlass" in n or "nvjet" in n or "cublas" in n
            or "splitk" in n or "gemv" in n):
        return "gemm"
    return "other"


def profile_classes(fn):
    """GPU time of one eager call by kernel class, from torch.profiler's CUDA kernel events."""
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    out = {"gemm": 0.0, "attention": 0.0, "other": 0.0}
    counts = {"gemm": 0, "attention": 0, "other": 0}
    names = {}
    for e in prof.events():
        if getattr(e, "device_type", None) is None or e.device_type.name != "CUDA":
            continue
        dur = e.time_range.elapsed_us()
        cls = kernel_class(e.name)
        out[cls] += dur * 1e-6
        counts[cls] += 1
        key = e.name[:90]
        names[key] = names.get(key, 0.0) + dur * 1e-6
    top = sorted(names.items(), key=lambda kv: -kv[1])[:12]
    return {"seconds": out, "kernels": counts, "top_kernels_s": dict(top)}


def timed(fn, reps, min_s=0.02):
    """Median seconds per call of fn over `reps` repetitions of k calls between CUDA events."""
    fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    fn()
    torch.cuda.synchronize()
    one = max(time.perf_counter() - t0, 1e-5)
    k = max(1, min(200, int(min_s / one) + 1))
    samples = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        for _ in range(k):
            fn()
        b.record()
        b.synchronize()
        samples.append(a.elapsed_time(b) * 1e-3 / k)
    return {"median": statistics.median(samples), "min": min(samples), "max": max(samples),
            "calls_per_sample": k, "samples": samples}


def graphed(fn):
    """fn captured in a CUDA graph: returns replay() and the graph's output."""
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(2):
            fn()
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        out = fn()
    return g.replay, out


def step_work(kind, a, b):
    """The StepWork of sim/workload/serving_cost.hpp this step is."""
    if kind == "decode":
        return {"prefill_tokens": 0, "prefill_pairs": 0.0, "prefill_kv_tokens": 0,
                "decode_seqs": a, "decode_kv_tokens": a * b, "sampled": a}
    return {"prefill_tokens": a * b, "prefill_pairs": a * b * (b + 1) / 2.0,
            "prefill_kv_tokens": a * b, "decode_seqs": 0, "decode_kv_tokens": 0, "sampled": a}


def measure(model, kind, a, b, reps, on_gpu):
    dev = model.device
    if kind == "decode":
        tokens = torch.randint(0, model.V, (a,), device=dev)
        cos, sin = model.rotary(torch.tensor([b - 1], device=dev))

        def fn():
            return model.decode_step(tokens, b, cos, sin)
    else:
        tokens = torch.randint(0, model.V, (a, b), device=dev)
        cos, sin = model.rotary(torch.arange(b, device=dev))

        def fn():
            return model.prefill_step(tokens, cos, sin)

    r = {"kind": kind, "work": step_work(kind, a, b)}
    if kind == "decode":
        r.update(batch=a, context=b)
    else:
        r.update(prompts=a, prompt_tokens=b)
    if not on_gpu:
        t0 = time.perf_counter()
        out = fn()
        r["step_cpu_s"] = time.perf_counter() - t0
        r["finite"] = bool(torch.isfinite(out).all())
        return r
    with torch.no_grad():
        r["step_eager_s"] = timed(fn, reps)
        r["kernels_eager"] = profile_classes(fn)
        replay, out = graphed(fn)
        r["step_graph_s"] = timed(replay, reps)
        torch.cuda.synchronize()
        r["finite"] = bool(torch.isfinite(out).all())
    return r


def self_check(device, dtype, prompt=11):
    """The decode step against the prefill: after a prefill of P + 1 tokens the cache holds every
    position, and decoding the last token again must give the prefill's last logits."""
    torch.manual_seed(0)
    model = Llama(TINY, device, dtype, prompt + 1)
    tokens = torch.randint(0, model.V, (1, prompt + 1), device=device)
    with torch.no_grad():
        cos, sin = model.rotary(torch.arange(prompt + 1, device=device))
        want = model.prefill_step(tokens, cos, sin)
        cos, sin = model.rotary(torch.tensor([prompt], device=device))
        got = model.decode_step(tokens[:, prompt], prompt + 1, cos, sin)
    return float((want - got).abs().max())


def gpu_state():
    try:
        q = subprocess.run(["nvidia-smi", "--query-gpu=clocks.sm,clocks.mem,power.draw,"
                            "power.limit,temperature.gpu,pstate", "--format=csv,noheader"],
                           capture_output=True, text=True, timeout=20)
        return q.stdout.strip()
    except Exception as e:  # provenance only: never fail the run on it
        return f"nvidia-smi: {e}"


def context_memory():
    """Driver-reported use after PyTorch's first allocation, first GEMM and first attention."""
    def used():
        free, total = torch.cuda.mem_get_info()
        return {"driver_used_bytes": total - free, "torch_reserved_bytes": torch.cuda.memory_reserved(),
                "total_bytes": total}
    x = torch.zeros(1, device="cuda")
    m = {"after_first_allocation": used()}
    a = torch.randn(1024, 1024, device="cuda", dtype=torch.bfloat16)
    (a @ a).sum().item()
    m["after_first_bf16_gemm"] = used()
    q = torch.randn(1, 8, 256, 64, device="cuda", dtype=torch.bfloat16)
    F.scaled_dot_product_attention(q, q, q, is_causal=True).sum().item()
    m["after_first_flash_attention"] = used()
    del x, a, q
    return m


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--models", default="llama3.2-1b,llama3-8b,llama2-7b")
    parser.add_argument("--budget-s", type=float, default=240.0)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--kv-budget-gib", type=float, default=36.0)
    parser.add_argument("--device", default="cuda", choices=("cuda", "cpu"))
    parser.add_argument("--tiny", action="store_true")
    args = parser.parse_args()
    names = args.models.split(",")
    for n in names:
        if n not in MODELS:
            parser.error(f"--models: unknown model {n!r}; allowed: {', '.join(MODELS)}")
    on_gpu = args.device == "cuda"
    dtype = torch.bfloat16 if on_gpu else torch.float32
    out = {"provenance": {
        "torch_version": torch.__version__, "cuda_version": torch.version.cuda,
        "python_version": sys.version.split()[0],
        "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "command_line": " ".join(sys.argv),
        "method": __doc__.split("\n\n", 1)[1].split("\nUsage:")[0].strip()}, "runs": [], "skipped": [], "failed": []}
    if on_gpu:
        props = torch.cuda.get_device_properties(0)
        out["provenance"].update(gpu_name=props.name, gpu_memory_bytes=props.total_memory,
                                 multiprocessors=props.multi_processor_count,
                                 cudnn_version=torch.backends.cudnn.version(),
                                 gpu_state_before=gpu_state())
        out["cuda_context_memory"] = context_memory()
    if args.tiny:
        out["decode_matches_prefill"] = self_check(args.device, dtype)
        print(f"decode of token P+1 against prefill of P+1 tokens: max |diff| "
              f"{out['decode_matches_prefill']:.3g}", flush=True)
    began = time.monotonic()

    def save():
        with open(args.out, "w") as f:
            json.dump(out, f, indent=1)

    for name in names:
        arch = TINY if args.tiny else MODELS[name]
        L, h, H, K, f, V, tied = arch
        kv_per_token = 2 * L * K * (h // H) * 2
        budget_tokens = int(args.kv_budget_gib * 2**30 / kv_per_token)
        configs = [("decode", a, b) for a, b in DECODE] + [("prefill", a, b) for a, b in PREFILL]
        if args.tiny:
            configs = [("decode", 2, 16), ("prefill", 2, 16)]
        fits = [c for c in configs if c[1] * c[2] <= budget_tokens]
        for c in configs:
            if c not in fits:
                out["skipped"].append({"model": name, "kind": c[0], "a": c[1], "b": c[2],
                                       "why": f"KV cache over --kv-budget-gib {args.kv_budget_gib}"})
        if time.monotonic() - began > args.budget_s:
            out["skipped"].append({"model": name, "why": "time budget"})
            continue
        try:
            model = Llama(arch, args.device, dtype, max(c[1] * c[2] for c in fits))
        except Exception as e:
            out["failed"].append({"model": name, "why": "".join(
                traceback.format_exception_only(type(e), e)).strip()})
            continue
        for kind, a, b in fits:
            if time.monotonic() - began > args.budget_s:
                out["skipped"].append({"model": name, "kind": kind, "a": a, "b": b,
                                       "why": "time budget"})
                continue
            try:
                r = measure(model, kind, a, b, args.reps, on_gpu)
                r.update(model=name, params=model.params(), kv_bytes_per_token=kv_per_token)
                out["runs"].append(r)
                t = r.get("step_graph_s", {}).get("median", r.get("step_cpu_s", 0.0))
                e = r.get("step_eager_s", {}).get("median", 0.0)
                print(f"{name:>12} {kind:7} {a:4d} x {b:5d}  graph {t*1e3:9.3f} ms  "
                      f"eager {e*1e3:9.3f} ms", flush=True)
            except Exception as e:  # record and go on: one failure must not lose the rest
                out["failed"].append({"model": name, "kind": kind, "a": a, "b": b, "why": "".join(
                    traceback.format_exception_only(type(e), e)).strip()})
                traceback.print_exc()
                if on_gpu:
                    torch.cuda.empty_cache()
            save()
        del model
        if on_gpu:
            torch.cuda.empty_cache()
    if on_gpu:
        out["provenance"]["gpu_state_after"] = gpu_state()
    out["provenance"]["seconds"] = time.monotonic() - began
    save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
