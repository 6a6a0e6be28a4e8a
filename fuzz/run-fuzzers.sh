#!/usr/bin/env bash
# `make fuzz`: configures build/fuzz with clang++-14 (libraries instrumented for coverage with ASan
# and UBSan), builds the five targets, seeds the corpus and runs each target for N seconds, one after
# the other, then prints the executions each reached. Findings land in build/fuzz/findings/.
# Usage: fuzz/run-fuzzers.sh [seconds per target] [extra libFuzzer flags...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
shift || true
build="$root/build/fuzz"
targets=(scenario plan calibration set_path shard)

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" \
  -DWT_FUZZ=ON -DWT_SANITIZE=ON -DWT_BUILD_TESTS=OFF -DWT_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j 2 --target "${targets[@]/%/_fuzz}"
"$root/fuzz/seed-corpus.sh" "$build/corpus"
mkdir -p "$build/findings" "$build/logs"

status=0
for t in "${targets[@]}"; do
  log="$build/logs/$t.log"
  echo "fuzz: $t for ${seconds}s (log: $log)"
  if ! (cd "$build/findings" && "$build/fuzz/${t}_fuzz" "$build/corpus/$t" \
          -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=16384 \
          -print_final_stats=1 "$@" >"$log" 2>&1); then
    echo "fuzz: $t FOUND A FAILURE, see $log and $build/findings/" >&2
    status=1
  fi
done

echo "target        executions   exec/s  corpus"
for t in "${targets[@]}"; do
  log="$build/logs/$t.log"
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  printf '%-12s %11s %8s %7s\n' "$t" "$runs" "$rate" "$(ls "$build/corpus/$t" | wc -l)"
done
exit $status
