#!/usr/bin/env python3
"""The ground-truth table of docs/calibration.md: each measured PyTorch step against `windtunnel run`
of the same scenario, from the catalog and from a profile, with the measured and predicted memory,
then a line with the memory's errors: the predicted peak less the CUDA context (which
torch.cuda.max_memory_allocated does not count) against the measured peak allocated.

Usage: ground_truth_table.py WINDTUNNEL ROWS.json PROFILE.json
(the scenarios are the ones `windtunnel validate ROWS.json --emit-scenarios` writes).
"""
import json
import math
import subprocess
import sys
import tempfile

GIB = 2 ** 30


def run(windtunnel, scenario, *extra):
    out = subprocess.run([windtunnel, "run", scenario, "--json", *extra], capture_output=True,
                         text=True, check=False)
    if not out.stdout:
        sys.exit(f"ground_truth_table: windtunnel run {scenario} failed: {out.stderr.strip()}")
    return json.loads(out.stdout)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[2])
    windtunnel, rows_path, profile = sys.argv[1:]
    with open(rows_path) as f:
        rows = json.load(f)
    with tempfile.TemporaryDirectory() as scenarios:
        subprocess.run([windtunnel, "validate", rows_path, "--emit-scenarios", scenarios],
                       capture_output=True, check=True)
        print("| id | model | micro-batch | seq | recompute | measured | catalog | profile "
              "| peak allocated / reserved | predicted memory |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        memory_errors = []
        for r in rows:
            scenario = f"{scenarios}/row-{r['id']}.json"
            catalog, calibrated = run(windtunnel, scenario), run(windtunnel, scenario, "--profile", profile)
            measured = r["metrics"]["step_time_s"]
            memory = catalog["memory_per_gpu_bytes"]

            def cell(result):
                t = result["iteration_time_s"]
                return f"{t * 1e3:.1f} ms ({(t - measured) / measured * 100:+.1f} %)".replace("-", "−")

            allocated = r["metrics"]["peak_memory_allocated_gib"] * GIB
            memory_errors.append(abs((memory["total"] - memory["cuda_context"]) / allocated - 1))
            low, high = memory["total_range"]
            print(f"| {r['id']} | {r['model_name'].split(' (')[0].replace('GPT-3 Small', 'GPT').replace('GPT-3 Medium', 'GPT').replace('GPT-3 Large', 'GPT').replace('GPT-3 XL', 'GPT').replace('GPT-3', 'GPT')} "
                  f"| {r['micro_batch_size']} | {r['seq_length']:,} | {r['other']['activation_recompute']} "
                  f"| {measured * 1e3:.1f} ms | {cell(catalog)} | {cell(calibrated)} "
                  f"| {r['metrics']['peak_memory_allocated_gib']:.1f} / {r['metrics']['peak_memory_reserved_gib']:.1f} GiB "
                  f"| {memory['total'] / GIB:.1f} ({low / GIB:.1f}–{high / GIB:.1f}) GiB |")
    errors = sorted(memory_errors)
    n = len(errors)
    median = errors[n // 2] if n % 2 else (errors[n // 2 - 1] + errors[n // 2]) / 2
    p90 = errors[math.ceil(0.9 * n) - 1]  # nearest rank, as windtunnel validate
    print(f"\nPeak memory less the CUDA context against peak allocated, {n} runs: median |error| "
          f"{median * 100:.1f} %, p90 {p90 * 100:.1f} %, max {errors[-1] * 100:.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
