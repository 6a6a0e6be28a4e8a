#!/usr/bin/env python3
"""Where a PyTorch training step's GPU time goes: every kernel of two profiled steps.

Runs the models of gpt_train_steps.py under torch.profiler (CUDA activity) and writes, per
configuration, each kernel name with its call count and total device time, plus the unprofiled
step time, so the time can be split by class (GEMM, attention, elementwise, loss, optimizer) and
compared with the kernels Windtunnel's cost model predicts for the same step.

Usage: step_kernels.py --out FILE [--configs 125m:none:8,1.3b:full:8,...] [--steps 2] [--by-op]
--by-op also records, per configuration, the device time of the kernels each operator launched,
grouped by its input shapes (torch.profiler with record_shapes).
"""
import argparse
import json
import sys
import time

import torch
from torch.autograd import DeviceType
from torch.nn.attention import SDPBackend, sdpa_kernel
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import gpt_train_steps as g  # noqa: E402


def run(name, recompute, batch, seq, steps, by_op=False):
    torch.cuda.empty_cache()
    torch.manual_seed(0)
    model, vocab, _ = g.build(name, seq, recompute)
    model = model.cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=0.1, fused=True)
    tokens = torch.randint(0, vocab, (batch, seq), device="cuda")
    targets = torch.randint(0, vocab, (batch, seq), device="cuda")

    def step():
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = model(tokens, targets)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        for _ in range(3):
            step()
        torch.cuda.synchronize()
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(steps):
            step()
        end.record()
        end.synchronize()
        unprofiled_s = start.elapsed_time(end) / 1e3 / steps
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA],
                     record_shapes=by_op) as prof:
            for _ in range(steps):
                step()
            torch.cuda.synchronize()
    kernels = []
    for e in prof.key_averages():
        if e.device_type != DeviceType.CUDA:
            continue
        total = getattr(e, "self_device_time_total", None)
        if total is None:
            total = e.self_cuda_time_total
        kernels.append({"name": e.key, "calls": e.count // steps, "time_s": total / 1e6 / steps})
    kernels.sort(key=lambda k: -k["time_s"])
    ops = []
    if by_op:  # the device time of the kernels each operator launched itself, by input shapes
        for e in prof.key_averages(group_by_input_shape=True):
            if e.device_type == DeviceType.CUDA:
                continue
            total = getattr(e, "self_device_time_total", None)
            if total is None:
                total = e.self_cuda_time_total
            if total > 0:
                ops.append({"op": e.key, "input_shapes": str(e.input_shapes), "calls": e.count // steps,
                            "time_s": total / 1e6 / steps})
        ops.sort(key=lambda o: -o["time_s"])
    del model, optimizer
    torch.cuda.empty_cache()
    return {"model": name, "activation_recompute": "full" if recompute else "none",
            "micro_batch_size": batch, "seq_len": seq, "step_s_unprofiled": unprofiled_s,
            "kernel_time_s": sum(k["time_s"] for k in kernels), "kernels": kernels,
            **({"ops": ops} if by_op else {})}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--configs", default="125m:none:8,125m:full:8,1.3b:none:8,1.3b:full:8,"
                                             "2.7b:none:8,1.3b:none:1,1.3b:none:2,760m:none:2:8192")
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--by-op", action="store_true",
                        help="also attribute the device time to the operators that launched it")
    args = parser.parse_args()
    out = {"provenance": {"gpu_name": torch.cuda.get_device_properties(0).name,
                          "torch_version": torch.__version__,
                          "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                          "command_line": " ".join(sys.argv)},
           "runs": [], "failed": []}
    for config in args.configs.split(","):
        parts = config.split(":")
        name, recompute, batch = parts[0], parts[1] == "full", int(parts[2])
        seq = int(parts[3]) if len(parts) > 3 else 2048
        try:
            r = run(name, recompute, batch, seq, args.steps, args.by_op)
            out["runs"].append(r)
            print(f"{config}: step {r['step_s_unprofiled']*1e3:.1f} ms, kernels "
                  f"{r['kernel_time_s']*1e3:.1f} ms, {len(r['kernels'])} distinct", flush=True)
        except Exception as e:
            out["failed"].append({"config": config, "why": repr(e)})
            print(f"{config}: failed: {e!r}", flush=True)
        with open(args.out, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
