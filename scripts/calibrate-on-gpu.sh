#!/usr/bin/env bash
# calibrate-on-gpu.sh: the whole GPU session in one command. Builds windtunnel-calibrate (or uses a
# given or existing build), measures this host into calibrate/profiles/<gpu-id>-measured.json, then
# replays rank 0 of the one-GPU and one-node shipped scenarios (one-gpu, llama3-8b-1node-h100) on the
# real GPU, predicted with the catalog and with the measured profile, and writes each comparison as
# Markdown next to the profile.
#
# Usage: scripts/calibrate-on-gpu.sh [--bin PATH] [--build-dir DIR] [--out-dir DIR] [--quick]
#                                    [--profile PATH] [--rows DIR] [--no-shipped]
#                                    [-- extra windtunnel-calibrate options]
#   --bin PATH       use this windtunnel-calibrate instead of building one
#   --build-dir DIR  where to build (default build/gpu-release); reused when it already has the program
#   --out-dir DIR    where the profile and reports go (default calibrate/profiles)
#   --quick          a short calibration (a few shapes and sizes) instead of the full sweep (~3-5 min)
#   --profile PATH   use this measured profile instead of calibrating again (a second GPU call)
#   --rows DIR       also replay every DIR/row-*.json: the published runs of the validation set, as
#                    `windtunnel validate scenarios/validation/published-runs-dev.json
#                    --emit-scenarios DIR` writes them (emit them where SimGrid is installed and
#                    carry DIR over); the reports compare the model's kernels at the rows' own
#                    shapes with this GPU (docs/validation.md, "Checking the kernels on a GPU")
#   --no-shipped     skip the replays of the shipped scenarios
#
# What it needs on the GPU host:
#   - an NVIDIA GPU and its driver (nvidia-smi works);
#   - to build here: cmake >= 3.25, ninja, g++ >= 12, nvcc from CUDA >= 12 with cuBLASLt and NCCL
#     (headers and libraries, e.g. under /usr/local/cuda), and the Debian packages of
#     scripts/install-deps.sh (SimGrid, Eigen, nlohmann-json, CLI11). Tests and benchmarks are not
#     built, so GoogleTest and Google Benchmark are not needed;
#   - without those packages (a box with no internet): build on a machine that has them
#     (cmake --preset release && cmake --build --preset release --target windtunnel-calibrate),
#     copy the program over and pass --bin. Its shared libraries (libcudart, libcublasLt, libnccl,
#     libcudnn) are looked up on the host; if the loader cannot find them, the copies that
#     PyTorch's NVIDIA wheels bring are used (python3 -c 'import nvidia').
# Exit status: that of the first windtunnel-calibrate call that fails (4 = no usable GPU), else 0.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

bin=""
build_dir="build/gpu-release"
out_dir="calibrate/profiles"
quick=()
extra=()
given_profile=""
rows_dir=""
shipped=(one-gpu llama3-8b-1node-h100)
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;;
    --build-dir) build_dir="$2"; shift 2 ;;
    --out-dir) out_dir="$2"; shift 2 ;;
    --quick) quick=(--quick); shift ;;
    --profile) given_profile="$2"; shift 2 ;;
    --rows) rows_dir="$2"; shift 2 ;;
    --no-shipped) shipped=(); shift ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "calibrate-on-gpu: unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
done

say() { echo "calibrate-on-gpu: $*" >&2; }

build_program() {
  local program="$build_dir/calibrate/windtunnel-calibrate"
  if [ -x "$program" ]; then
    say "using the existing build in $build_dir"
  else
    say "building windtunnel-calibrate (Release) in $build_dir"
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DWT_BUILD_TESTS=OFF \
      -DWT_BUILD_BENCH=OFF >&2
  fi
  cmake --build "$build_dir" --target windtunnel-calibrate -j "$(nproc)" >&2
  if [ ! -x "$program" ]; then
    say "no windtunnel-calibrate was built: CMake found no nvcc, cuBLASLt or NCCL (see its output)"
    exit 1
  fi
  bin="$program"
}

# Adds the folders of PyTorch's NVIDIA wheels that hold the libraries the loader cannot find.
find_missing_libraries() {
  local missing
  missing="$(ldd "$bin" 2>/dev/null | awk '/not found/ {print $1}' || true)"
  [ -z "$missing" ] && return 0
  local wheels
  wheels="$(python3 -c 'import nvidia; print(list(nvidia.__path__)[0])' 2>/dev/null || true)"
  if [ -z "$wheels" ]; then
    say "the loader cannot find: $missing (and python3 has no NVIDIA wheels to take them from)"
    exit 1
  fi
  local lib dir
  for lib in $missing; do
    dir="$(find "$wheels" -name "$lib" -printf '%h\n' 2>/dev/null | head -n 1)"
    if [ -n "$dir" ]; then export LD_LIBRARY_PATH="$dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"; fi
  done
  missing="$(ldd "$bin" 2>/dev/null | awk '/not found/ {print $1}' || true)"
  if [ -n "$missing" ]; then
    say "the loader still cannot find: $missing"
    exit 1
  fi
  say "using libraries from $wheels (LD_LIBRARY_PATH=$LD_LIBRARY_PATH)"
}

catalog_id_of() {
  sed -n 's/.*"catalog_gpu": *"\([^"]*\)".*/\1/p' "$1" | head -n 1
}

# replay FILE MODE [--profile P]: rank 0 of the scenario in FILE, predicted for this host's GPU from
# the catalog (MODE catalog) or from the measured profile (MODE profile).
replay() {
  local file="$1" mode="$2"
  shift 2
  local scenario
  scenario="$(basename "$file" .json)"
  local report="$out_dir/$gpu_id-replay-$scenario-$mode.md"
  local command=("$bin" replay "$file" --rank 0 "${set_gpu[@]}" "$@")
  say "replay $scenario, predicted from the $mode"
  local text
  text="$("${command[@]}")"
  echo "$text" >&2
  {
    echo "# Replay of $scenario, rank 0, predicted from the $mode"
    echo
    echo "Measured on this host's GPU with \`windtunnel-calibrate replay\` (date $(date -u +%Y-%m-%dT%H:%M:%SZ))."
    echo
    echo "Command: \`${command[*]}\`"
    echo
    echo '```text'
    echo "$text"
    echo '```'
  } >"$report"
  reports+=("$report")
}

row_files=()
if [ -n "$rows_dir" ]; then
  shopt -s nullglob
  row_files=("$rows_dir"/row-*.json)
  shopt -u nullglob
  if [ ${#row_files[@]} -eq 0 ]; then
    say "--rows $rows_dir: no row-*.json there (write them with windtunnel validate --emit-scenarios)"
    exit 2
  fi
fi
if [ -n "$given_profile" ] && [ ! -f "$given_profile" ]; then
  say "--profile $given_profile: no such file"
  exit 2
fi

[ -n "$bin" ] || build_program
find_missing_libraries
mkdir -p "$out_dir"

if [ -n "$given_profile" ]; then
  profile="$given_profile"
  gpu_id="$(catalog_id_of "$profile")"
  say "using the measured profile $profile"
else
  staging="$out_dir/.calibration-in-progress.json"
  say "calibrating with $bin ${quick[*]} ${extra[*]}"
  "$bin" --out "$staging" "${quick[@]}" "${extra[@]}"
  gpu_id="$(catalog_id_of "$staging")"
fi
set_gpu=()
if [ -n "$gpu_id" ]; then
  set_gpu=(--set "cluster.gpu=$gpu_id")
else
  gpu_id="unknown-gpu"
  say "this GPU is not in the catalog: the replays predict for the scenarios' own GPUs"
fi
if [ -z "$given_profile" ]; then
  profile="$out_dir/$gpu_id-measured.json"
  mv "$staging" "$profile"
fi

reports=()
for scenario in "${shipped[@]}"; do
  replay "scenarios/$scenario.json" catalog
  replay "scenarios/$scenario.json" profile --profile "$profile"
done
for file in "${row_files[@]}"; do
  replay "$file" catalog
  replay "$file" profile --profile "$profile"
done

echo "profile: $profile"
for r in "${reports[@]}"; do echo "replay report: $r"; done
