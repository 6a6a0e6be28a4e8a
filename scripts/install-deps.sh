#!/usr/bin/env bash
# Installs the Debian packages Windtunnel builds with. Idempotent: installs only what is missing.
# Works as root, or as a user with sudo. Qt 6 (Widgets, Charts, Test; Qt6Charts' CMake config also
# needs Qt6OpenGL from libqt6opengl6-dev) is installed for windtunnel-gui, and pybind11 with the
# Python headers for the Python module (docs/python.md), which every preset builds; CUDA is
# optional and not installed here. librsvg and cairo draw the PNG plots (--plot FILE.png);
# help2man makes the man pages (cmake/ManPages.cmake).
# `--fuzz` also installs clang 14 and its libFuzzer and sanitizer runtimes for `make fuzz` (kept
# apart so that `make test` and CI do not pay for clang).
# `--screenshots` also installs Xvfb and the DejaVu fonts for scripts/gui-screenshots.sh.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git clang-format python3 help2man
  python3-yaml python3-dev pybind11-dev python3-pybind11
  libsimgrid-dev libeigen3-dev nlohmann-json3-dev libcli11-dev zlib1g-dev
  librsvg2-dev libcairo2-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libgl-dev
)
for arg in "$@"; do
  case "$arg" in
    --fuzz) packages+=(clang-14 libclang-rt-14-dev) ;;
    --screenshots) packages+=(xvfb xauth fonts-dejavu-core) ;;
    *) echo "install-deps: unknown option '$arg' (allowed: --fuzz, --screenshots)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-deps: missing packages (${missing[*]}) and not root, no sudo: install them and retry" >&2
    exit 1
  fi
  sudo="sudo"
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
