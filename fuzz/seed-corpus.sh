#!/usr/bin/env bash
# Fills build/fuzz/corpus/<target>/ with seeds from the repository: shipped scenarios and test data
# for the scenario parser, the shipped plans for the plan parser, the test calibration profile, and
# a few --set lines. Existing corpus entries (what earlier runs found) are kept.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$root/build/fuzz/corpus}"
mkdir -p "$corpus"/{scenario,plan,calibration,set_path}

for f in "$root"/scenarios/*.json "$root"/tests/*/data/*.json; do
  case "$(basename "$f")" in
    plan-*|*plan*.json) cp "$f" "$corpus/plan/" ;;
    *profile*.json) cp "$f" "$corpus/calibration/" ;;
    *) cp "$f" "$corpus/scenario/" ;;
  esac
done

# --set seeds: the first byte picks the shipped scenario, then one assignment per line.
i=0
while IFS= read -r line; do
  printf '%b' "$line" >"$corpus/set_path/seed-$i"
  i=$((i + 1))
done <<'SEEDS'
\x00parallel.tensor=2
\x01training.global_batch_size=256\nparallel.pipeline=2
\x02model.preset=llama3-70b\ncluster.num_nodes=8
\x03cluster.network.topology=torus\ncluster.gpu=a100-sxm4-80gb
\x04training.precision=fp8\nparallel.zero_stage=3
\x05name="seed"\ncluster.gpus_per_node=4\nparallel.sequence_parallel=false
SEEDS
echo "corpus: $(ls "$corpus"/scenario | wc -l) scenario, $(ls "$corpus"/plan | wc -l) plan," \
  "$(ls "$corpus"/calibration | wc -l) calibration, $(ls "$corpus"/set_path | wc -l) set_path inputs"
