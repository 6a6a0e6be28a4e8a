#!/usr/bin/env bash
# Fills build/fuzz/corpus/<target>/ with seeds from the repository: shipped scenarios and test data
# for the scenario parser, the shipped plans for the plan parser, the test calibration profile, a
# few --set lines, shard parts (fuzz/seeds/) for the shard reader, and for every JSON target the
# inputs that once crashed or exhausted a reader: deep arrays and objects, unclosed brackets, a
# document dense in values, invalid UTF-8. Existing corpus entries (what earlier runs found) are kept.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$root/build/fuzz/corpus}"
mkdir -p "$corpus"/{scenario,plan,calibration,set_path,shard}

for f in "$root"/scenarios/*.json "$root"/tests/*/data/*.json; do
  case "$(basename "$f")" in
    plan-*|*plan*.json) cp "$f" "$corpus/plan/" ;;
    *profile*.json) cp "$f" "$corpus/calibration/" ;;
    *) cp "$f" "$corpus/scenario/" ;;
  esac
done

# Shard parts: the first byte set to 1 has the target write the plan's fingerprint in.
for f in "$root"/fuzz/seeds/shard-*.json; do
  { printf '\x01'; cat "$f"; } >"$corpus/shard/$(basename "$f")"
  { printf '\x00'; cat "$f"; } >"$corpus/shard/foreign-$(basename "$f")"
done

# Nesting, size and encoding seeds (issue 18), kept under libFuzzer's -max_len of 16384 bytes.
python3 - "$corpus" <<'PY'
import pathlib, sys
corpus = pathlib.Path(sys.argv[1])
seeds = {
    "deep-arrays": "[" * 300 + "]" * 300,
    "deep-objects": '{"a":' * 300 + "1" + "}" * 300,
    "deep-in-model": '{"model": ' + "[" * 260 + "]" * 260 + "}",
    "unclosed-arrays": "[" * 5000,
    "unclosed-objects": '{"a":' * 2000,
    "dense-array": "[" + "0," * 8000 + "0]",
    "long-string": '{"name": "' + "x" * 15000 + '"}',
    "duplicate-deep": '{"a": [{"b": {"c": 1, "c": 2}}]}',
}
raw = {
    "utf8-invalid": b'{"name": "\xff"}',
    "utf8-overlong": b'{"name": "\xc0\x80"}',
    "utf8-surrogate": b'{"name": "\xed\xa0\x80"}',
}
for target in ("scenario", "plan", "calibration"):
    for name, text in seeds.items():
        (corpus / target / f"limits-{name}").write_text(text)
    for name, data in raw.items():
        (corpus / target / f"limits-{name}").write_bytes(data)
for name, text in seeds.items():
    (corpus / "shard" / f"limits-{name}").write_bytes(b"\x01" + text.encode())
(corpus / "shard" / "negative-cost").write_bytes(
    b'\x01{"schema":1,"kind":"windtunnel-plan-shard","plan":"p","fingerprint":"f",'
    b'"shard":{"index":0,"count":1},"keep":1,"combinations":1,"evaluated":1,"invalid":{},'
    b'"pruned":{},"outcomes":[{"index":0,"cost_usd":-100}]}')
for name, data in {"deep": b"\x00name=" + b"[" * 300 + b"]" * 300,
                   "utf8-value": b"\x00name=\xff", "utf8-key": b"\x01\xff=1",
                   "unclosed": b"\x02training.total_tokens=" + b"[" * 5000}.items():
    (corpus / "set_path" / f"limits-{name}").write_bytes(data)
PY

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
  "$(ls "$corpus"/calibration | wc -l) calibration, $(ls "$corpus"/set_path | wc -l) set_path," \
  "$(ls "$corpus"/shard | wc -l) shard inputs"
