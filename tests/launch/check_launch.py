#!/usr/bin/env python3
"""Parses every file `run --emit DIR` wrote, the way its tool would, and compares the layout.

usage: check_launch.py DIR key=value ...  with keys nodes, gpus_per_node, tp, pp, dp, cp, mbs, gbs,
precision (bf16|fp16|fp8|fp32), zero, recompute (none|selective|full).
"""
import json
import os
import shlex
import subprocess
import sys

import yaml


def megatron_flags(path):
    words = []
    inside = False
    for line in open(path):
        line = line.rstrip("\n")
        if line == "MEGATRON_ARGS=(":
            inside = True
        elif inside and line == ")":
            inside = False
        elif inside:
            words += shlex.split(line)
    flags = {}
    for i, w in enumerate(words):
        if w.startswith("--"):
            nxt = words[i + 1] if i + 1 < len(words) else "--"
            flags[w] = "" if nxt.startswith("--") else nxt
    return flags


def option_pairs(words):
    return {w: words[i + 1] for i, w in enumerate(words[:-1]) if w.startswith("--")}


def torchrun_words(path):
    code = " ".join(l.rstrip("\\\n") for l in open(path) if not l.startswith("#"))
    words = shlex.split(code)
    return words[words.index("torchrun") + 1:]


def check(cond, what):
    if not cond:
        sys.exit("check_launch: " + what)


def main():
    folder = sys.argv[1]
    want = dict(a.split("=", 1) for a in sys.argv[2:])
    f = megatron_flags(os.path.join(folder, "megatron_args.sh"))
    check(f["--tensor-model-parallel-size"] == want["tp"], "TP")
    check(f["--pipeline-model-parallel-size"] == want["pp"], "PP")
    check(f["--context-parallel-size"] == want["cp"], "CP")
    check(f["--micro-batch-size"] == want["mbs"], "micro batch")
    check(f["--global-batch-size"] == want["gbs"], "global batch")
    check(("--use-distributed-optimizer" in f) == (int(want["zero"]) >= 1), "ZeRO in Megatron")
    recompute = f.get("--recompute-granularity", "none")
    check(recompute == want["recompute"], "recompute " + recompute)
    precision = {"bf16": "--bf16", "fp16": "--fp16"}.get(want["precision"])
    check(precision is None or precision in f, "precision flag")

    ds = json.load(open(os.path.join(folder, "deepspeed_config.json")))
    gas = int(want["gbs"]) // (int(want["mbs"]) * int(want["dp"]))
    check(ds["train_batch_size"] == int(want["gbs"]), "DeepSpeed batch")
    check(ds["train_micro_batch_size_per_gpu"] == int(want["mbs"]), "DeepSpeed micro batch")
    check(ds["gradient_accumulation_steps"] == gas, "DeepSpeed accumulation")
    check(ds["zero_optimization"]["stage"] == int(want["zero"]), "DeepSpeed ZeRO stage")
    check(want["precision"] not in ("bf16", "fp16") or ds[want["precision"]]["enabled"], "DS prec")

    nodes, gpn = want["nodes"], want["gpus_per_node"]
    for launcher in ("torchrun.sh", "slurm.sbatch"):
        o = option_pairs(torchrun_words(os.path.join(folder, launcher)))
        check(o["--nnodes"] == nodes and o["--nproc-per-node"] == gpn, launcher)
        check(subprocess.run(["bash", "-n", os.path.join(folder, launcher)]).returncode == 0,
              launcher + " syntax")
    sbatch = [l.split()[1] for l in open(os.path.join(folder, "slurm.sbatch"))
              if l.startswith("#SBATCH")]
    check("--nodes=" + nodes in sbatch and "--gpus-per-node=" + gpn in sbatch, "#SBATCH")
    check(int(nodes) * int(gpn) == int(want["tp"]) * int(want["pp"]) * int(want["cp"]) *
          int(want["dp"]), "GPU count = TP x PP x CP x DP")

    job = yaml.safe_load(open(os.path.join(folder, "pytorchjob.yaml")))
    check(job["apiVersion"] == "kubeflow.org/v1" and job["kind"] == "PyTorchJob", "kind")
    specs = job["spec"]["pytorchReplicaSpecs"]
    check(specs["Master"]["replicas"] == 1, "Master replicas")
    workers = specs.get("Worker", {"replicas": 0})["replicas"]
    check(workers == int(nodes) - 1, "Worker replicas")
    for spec in specs.values():
        c = spec["template"]["spec"]["containers"][0]
        check(c["name"] == "pytorch", "container name")
        check(c["resources"]["limits"]["nvidia.com/gpu"] == int(gpn), "GPU limit")
        a = option_pairs(c["args"])
        check(a["--nnodes"] == nodes and a["--nproc-per-node"] == gpn, "torchrun in the job")
        check(a["--tensor-model-parallel-size"] == want["tp"], "TP in the job")
    print("check_launch: ok")


main()
