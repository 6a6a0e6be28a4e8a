#!/usr/bin/env python3
"""Turn gpt_train_steps.py outputs into rows of the published-runs format `windtunnel validate` reads.

Each measured run becomes a `training_throughput` row whose metric is the median step time, with the
peak memory PyTorch allocated and reserved kept as extra metrics (validate compares the step time;
docs/calibration.md compares the memory by hand). Ids start at --first-id. `gpu_memory_gb` is the
product's nominal memory, looked up by the name PyTorch reported (the usable bytes it also reports
are not the nominal figure: 150.1 GB on the 141 GB H200); --gpu-memory-gb gives it for another GPU.

Usage: to_validation_rows.py --out FILE [--first-id 2001] [--gpu-memory-gb N] STEPS.json [STEPS.json ...]
"""
import argparse
import json
import os
import sys

NAMES = {"125m": "GPT-3 Small 125M (GPT-style, PyTorch)",
         "350m": "GPT-3 Medium 350M (GPT-style, PyTorch)",
         "760m": "GPT-3 Large 760M (GPT-style, PyTorch)", "1.3b": "GPT-3 XL 1.3B (GPT-style, PyTorch)",
         "2.7b": "GPT-3 2.7B (GPT-style, PyTorch)",
         "llama3.2-1b": "Llama 3.2 1B (Llama-style, PyTorch)",
         "llama3-8b-8l": "Llama 3 8B cut to 8 of its 32 layers (Llama-style, PyTorch)"}
NOMINAL_MEMORY_GB = {"NVIDIA H200": 141, "NVIDIA H100 80GB HBM3": 80}


def nominal_memory_gb(provenance, path, given):
    if given is not None:
        return given
    name = provenance["gpu_name"]
    if name not in NOMINAL_MEMORY_GB:
        sys.exit(f"to_validation_rows: {path}: provenance.gpu_name {name!r} has no nominal memory here "
                 f"(known: {', '.join(sorted(NOMINAL_MEMORY_GB))}); pass --gpu-memory-gb")
    return NOMINAL_MEMORY_GB[name]


def row(run, provenance, source_file, row_id, memory_gb):
    gib = 2 ** 30
    return {
        "row_type": "training_throughput",
        "source": "Windtunnel measurement: calibrate/pytorch/gpt_train_steps.py on one "
                  f"{provenance['gpu_name']} ({provenance['date_utc'][:10]})",
        "source_locator": f"calibrate/profiles/{os.path.basename(source_file)} (every step's time)",
        "source_quality": "measured",
        "model_name": NAMES[run["model"]],
        "params": run["parameters"],
        "num_layers": run["layers"], "hidden_size": run["hidden"],
        "num_attention_heads": run["heads"], "num_kv_heads": run.get("kv_heads"),
        "ffn_hidden_size": run["ffn_hidden"], "seq_length": run["seq_len"],
        "vocab_size": run["vocab"], "moe": None,
        "global_batch_size": run["micro_batch_size"], "micro_batch_size": run["micro_batch_size"],
        "grad_accum_steps": 1, "tp": 1, "pp": 1, "dp": 1, "cp": 1, "ep": None, "vp": None,
        "other": {"activation_recompute": run["activation_recompute"],
                  "attention": "flash (PyTorch SDPA, FLASH_ATTENTION backend, causal"
                               + (", enable_gqa)" if run.get("kv_heads") else ")"),
                  "hidden_dropout": 0.0,  # gpt_train_steps.py's blocks have no dropout
                  "optimizer": "AdamW (fused), fp32 master weights"},
        "gpu_model": provenance["gpu_name"], "gpu_memory_gb": memory_gb, "num_gpus": 1,
        "gpus_per_node": 1, "intra_node_interconnect": None, "inter_node_interconnect": None,
        "precision": "bf16 (torch.autocast, fp32 weights)",
        "framework": f"PyTorch {provenance['torch_version']} eager",
        "metrics": {"step_time_s": round(run["step_s"]["median"], 6),
                    "tokens_per_sec": round(run["tokens_per_s"], 1),
                    "peak_memory_allocated_gib": round(run["memory_bytes"]["peak_allocated"] / gib, 3),
                    "peak_memory_reserved_gib": round(run["memory_bytes"]["peak_reserved"] / gib, 3)},
        "derived_fields": [],
        "notes": f"Median of {provenance['timed_steps']} steps after {provenance['warmup_steps']} "
                 f"warm-up steps; {provenance['method']}",
        "id": row_id,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--first-id", type=int, default=2001)
    parser.add_argument("--gpu-memory-gb", type=int, help="the GPU's nominal memory (default: by its name)")
    parser.add_argument("steps", nargs="+")
    args = parser.parse_args()
    rows = []
    for path in args.steps:
        with open(path) as f:
            measured = json.load(f)
        for run in measured["runs"]:
            memory_gb = nominal_memory_gb(measured["provenance"], path, args.gpu_memory_gb)
            rows.append(row(run, measured["provenance"], path, args.first_id + len(rows), memory_gb))
    if os.path.exists(args.out):
        print(f"to_validation_rows: {args.out} exists; not overwritten", file=sys.stderr)
        return 2
    with open(args.out, "w") as f:
        json.dump(rows, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{args.out}: {len(rows)} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
