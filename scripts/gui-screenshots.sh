#!/usr/bin/env bash
# Renders a screenshot of each tab of windtunnel-gui under Xvfb into docs/img/gui-*.png (shown in
# the README and docs/gui.md): the program's developer option --screenshot-dir opens the scenario,
# runs it, sweeps it, plans around it, re-runs it with SimGrid for the link loads and grabs the
# window on every tab; then it opens SERVING_SCENARIO, serves it and grabs the Serving tab. Needs a build with Qt 6 and `scripts/install-deps.sh --screenshots`.
#   scripts/gui-screenshots.sh [BUILD_DIR] [SCENARIO] [SERVING_SCENARIO]
#     (defaults: build/release, a 512-GPU Llama 3 70B on a rail-optimized fat tree, Llama 3 8B
#     served on L40S replicas with a daily traffic profile, so the Serving tab has its replicas
#     per hour)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
scenario=${2:-scenarios/rail-fat-tree-llama3-70b.json}
serving=${3:-scenarios/serving/llama3-8b-h100-daily.json}
gui="$build/gui/app/windtunnel-gui"
out=docs/img

if [ ! -x "$gui" ]; then
  echo "gui-screenshots: $gui not found: build it first (cmake --build $build --target windtunnel-gui)" >&2
  exit 1
fi
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "gui-screenshots: xvfb-run not found: scripts/install-deps.sh --screenshots" >&2
  exit 1
fi

# A throwaway settings folder (recent files) and a fixed window style, so shots do not depend on
# the user's desktop.
settings=$(mktemp -d)
trap 'rm -rf "$settings"' EXIT
mkdir -p "$out"
XDG_CONFIG_HOME="$settings" QT_QPA_PLATFORM=xcb QT_STYLE_OVERRIDE=Fusion \
  xvfb-run -a -s "-screen 0 1600x1000x24" "$gui" --screenshot-dir "$out" "$scenario"
XDG_CONFIG_HOME="$settings" QT_QPA_PLATFORM=xcb QT_STYLE_OVERRIDE=Fusion \
  xvfb-run -a -s "-screen 0 1600x1000x24" "$gui" --screenshot-dir "$out" "$serving"
ls -1 "$out"/gui-*.png
