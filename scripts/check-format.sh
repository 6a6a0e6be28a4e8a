#!/usr/bin/env bash
# Fails when a tracked C++ file is not clang-formatted (style in .clang-format).
set -euo pipefail
cd "$(dirname "$0")/.."
bad=0
while IFS= read -r f; do
  if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
    echo "not formatted: $f"
    bad=1
  fi
done < <(git ls-files '*.cpp' '*.hpp')
exit $bad
