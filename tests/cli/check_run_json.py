"""Reads `windtunnel run --json` output on stdin and checks it is exactly one JSON object with every
key of the contract (docs/cli.md). Extra arguments KEY=VALUE check a top-level value
(VALUE read as JSON)."""
import json
import sys

TOP = {
    "schema", "scenario", "engine", "num_gpus", "iteration_time_s", "tokens_per_s",
    "samples_per_s", "model_flops_per_iteration", "hardware_flops_per_iteration",
    "model_tflops_per_gpu", "hardware_tflops_per_gpu", "mfu", "hfu", "breakdown_s",
    "comm_volume_bytes_per_gpu", "memory_per_gpu_bytes", "fits_in_memory", "memory_verdict",
    "time_to_train_s",
    "gpu_hours", "cost_usd", "expected_time_to_train_with_failures_s",
    "optimal_checkpoint_interval_s", "warnings",
    "expected_interruptions", "ettr", "time_to_train_p50_s", "time_to_train_p90_s",
    "cost_p50_usd", "cost_p90_usd", "failures", "monte_carlo",
}
NESTED = {
    "breakdown_s": {"compute", "exposed_comm", "pipeline_bubble", "optimizer", "other"},
    "comm_volume_bytes_per_gpu": {"tp", "pp", "dp", "cp", "ep"},
    "memory_per_gpu_bytes": {"weights", "gradients", "optimizer", "activations", "cuda_context",
                             "comm_buffers", "total", "total_range", "capacity"},
}


def fail(message):
    print("check_run_json: " + message, file=sys.stderr)
    sys.exit(1)


def main():
    doc = json.load(sys.stdin)  # raises on anything but exactly one JSON document
    if not isinstance(doc, dict):
        fail("not a JSON object")
    missing = TOP - doc.keys()
    if missing:
        fail("missing keys: " + ", ".join(sorted(missing)))
    for key, subkeys in NESTED.items():
        missing = subkeys - doc[key].keys()
        if missing:
            fail(key + " lacks " + ", ".join(sorted(missing)))
    for key in ("comm_volume_bytes_per_gpu", "memory_per_gpu_bytes"):
        for sub, value in doc[key].items():
            if sub == "total_range":  # [low, high]
                if not (isinstance(value, list) and len(value) == 2 and
                        all(isinstance(v, int) for v in value) and value[0] <= value[1]):
                    fail(key + ".total_range is not [low, high] byte counts: " + repr(value))
                continue
            if value is not None and not isinstance(value, int):
                fail(key + "." + sub + " is not an integer byte count: " + repr(value))
    if doc["memory_verdict"] not in ("fits", "tight", "does not fit"):
        fail("memory_verdict is " + repr(doc["memory_verdict"]))
    if doc["schema"] != 1 or not isinstance(doc["warnings"], list):
        fail("schema must be 1 and warnings a list")
    for assignment in sys.argv[1:]:
        key, _, value = assignment.partition("=")
        if doc.get(key) != json.loads(value):
            fail(key + " is " + repr(doc.get(key)) + ", expected " + value)


main()
