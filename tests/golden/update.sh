#!/bin/sh
# Rewrites tests/golden/expected/*.json from the current engine. Run it on purpose, when a change is
# meant to move a figure, then review `git diff tests/golden/expected` before committing.
#   tests/golden/update.sh [BUILD_DIR]      (default: build/dev; configure it with `cmake --preset dev`)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-"$root/build/dev"}
if [ ! -f "$build/build.ninja" ] && [ ! -f "$build/Makefile" ]; then
  echo "update.sh: $build is not a configured build folder (try: cmake --preset dev)" >&2
  exit 2
fi
cmake --build "$build" --target golden_tests
WT_GOLDEN_UPDATE=1 "$build/tests/golden/golden_tests" --gtest_filter='Scenarios/GoldenScenario.KeyFigures*:SharedScenarios/GoldenShared.KeyFigures*'
echo "expectations rewritten in $root/tests/golden/expected; review them with git diff"
