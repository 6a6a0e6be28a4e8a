#!/usr/bin/env python3
"""Add the fused-attention points that calibrate/pytorch/flash_attention.py measured to a profile.

windtunnel-calibrate measures cuDNN's fused attention where cuDNN's heuristics offer an engine for
its graph; where they do not (the profile lists `attention.cudnn_fused` under `unmeasured`), the
FlashAttention-2 kernels PyTorch ships are the fused attention training runs. This appends those
points (kernel `sdpa_flash`, with `causal` and `pass`) to the profile's `attention` list and
rewrites the profile atomically (a temporary file beside it, fsync, rename). Points of the same
kernel already in the profile are replaced, so running it twice changes nothing.

Usage: scripts/merge-attention-points.py PROFILE FLASH_JSON
Then check the result reads: windtunnel run scenarios/one-gpu.json --profile PROFILE
"""
import json
import os
import sys
import tempfile

ALLOWED = {"precision": {"bf16", "fp16", "fp32", "tf32", "fp8"}, "pass": {"forward", "forward_backward"}}


def fail(message):
    print(f"merge-attention-points: {message}", file=sys.stderr)
    sys.exit(2)


def point(p, where):
    for key in ("precision", "batch", "heads", "seq", "head_dim", "causal", "pass", "timing"):
        if key not in p:
            fail(f"{where}: has no '{key}'")
    for key in ("precision", "pass"):
        if p[key] not in ALLOWED[key]:
            fail(f"{where}.{key}: is not one of {sorted(ALLOWED[key])} (got {p[key]!r})")
    samples = p["timing"].get("samples_s") if isinstance(p["timing"], dict) else None
    if not samples or not all(isinstance(s, (int, float)) and s > 0 for s in samples):
        fail(f"{where}.timing.samples_s: needs at least one positive number")
    return {"kernel": "sdpa_flash", "precision": p["precision"], "batch": int(p["batch"]),
            "heads": int(p["heads"]), "seq": int(p["seq"]), "head_dim": int(p["head_dim"]),
            "causal": bool(p["causal"]), "pass": p["pass"], "timing": {"samples_s": samples}}


def main():
    if len(sys.argv) != 3:
        fail("usage: scripts/merge-attention-points.py PROFILE FLASH_JSON")
    profile_path, flash_path = sys.argv[1], sys.argv[2]
    try:
        with open(profile_path) as f:
            profile = json.load(f)
        with open(flash_path) as f:
            flash = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        fail(str(e))
    points = flash.get("attention") if isinstance(flash, dict) else None
    if not points:
        fail(f"{flash_path}: has no 'attention' list (write it with calibrate/pytorch/flash_attention.py)")
    merged = [a for a in profile.get("attention", []) if a.get("kernel") != "sdpa_flash"]
    merged += [point(p, f"{flash_path}: attention[{i}]") for i, p in enumerate(points)]
    profile["attention"] = merged
    folder = os.path.dirname(os.path.abspath(profile_path))
    fd, temporary = tempfile.mkstemp(prefix="." + os.path.basename(profile_path) + ".tmp.", dir=folder)
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(profile, f, indent=1)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, profile_path)
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
    print(f"{profile_path}: {len(points)} sdpa_flash points merged ({len(merged)} attention points)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
