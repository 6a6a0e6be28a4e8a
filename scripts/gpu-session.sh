#!/usr/bin/env bash
# gpu-session.sh: everything a GPU host is borrowed for, in one command with a time limit per part.
#   1. provenance: nvidia-smi -q (clocks, power limit, driver) and the GPU's query line;
#   2. scripts/calibrate-on-gpu.sh: the profile and the replays of the one-GPU and one-node
#      shipped scenarios, with the catalog and with the profile;
#   3. calibrate/pytorch/gpt_train_steps.py: real PyTorch training steps of GPT 125M-2.7B, the
#      independent ground truth (docs/calibration.md, "Ground truth: PyTorch training steps").
# Everything lands in OUTDIR, and OUTDIR.tar.gz is rewritten after each part, so a part that runs
# out of time keeps what the earlier parts measured.
#
# Usage: scripts/gpu-session.sh OUTDIR [--bin PATH] [--pack FILE] [--calibrate-s N] [--train-s N]
#   --pack FILE      where the tarball goes (default OUTDIR.tar.gz)
#   --bin PATH       a windtunnel-calibrate built elsewhere (passed to calibrate-on-gpu.sh)
#   --calibrate-s N  time limit of part 2 in seconds (default 330)
#   --train-s N      time limit of part 3 in seconds (default 150)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
[ $# -ge 1 ] || { echo "usage: scripts/gpu-session.sh OUTDIR [--bin PATH] [--calibrate-s N] [--train-s N]" >&2; exit 2; }
out="$1"; shift
bin_args=(); pack_file=""; calibrate_s=330; train_s=150
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin_args=(--bin "$2"); shift 2 ;;
    --pack) pack_file="$2"; shift 2 ;;
    --calibrate-s) calibrate_s="$2"; shift 2 ;;
    --train-s) train_s="$2"; shift 2 ;;
    *) echo "gpu-session: unknown argument: $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out/profiles"
pack_file="${pack_file:-$out.tar.gz}"
pack() { tar -czf "$pack_file" -C "$(dirname "$out")" "$(basename "$out")"; }
stamp() { echo "gpu-session: $(date -u +%H:%M:%S) $*" | tee -a "$out/session.log" >&2; }

stamp "provenance"
nvidia-smi -q >"$out/nvidia-smi-q.txt" 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,clocks.sm,clocks.mem,power.limit,power.max_limit,memory.total,pstate,compute_mode --format=csv >"$out/nvidia-smi-query.csv" 2>&1
{ python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'; nvcc --version | tail -1; uname -r; } >"$out/software.txt" 2>&1
pack

stamp "calibrate and replay (limit ${calibrate_s} s)"
timeout "$calibrate_s" scripts/calibrate-on-gpu.sh "${bin_args[@]}" --out-dir "$out/profiles" \
  >"$out/calibrate.stdout" 2>"$out/calibrate.stderr"
stamp "calibrate-on-gpu.sh exit $?"
pack

stamp "PyTorch training steps (limit ${train_s} s)"
PYTHONUNBUFFERED=1 timeout "$train_s" python3 calibrate/pytorch/gpt_train_steps.py \
  --out "$out/train-steps.json" --budget-s $((train_s - 40)) >"$out/train.stdout" 2>"$out/train.stderr"
stamp "gpt_train_steps.py exit $?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv >>"$out/session.log" 2>&1
pack
stamp "done"
