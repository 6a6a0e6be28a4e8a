#!/usr/bin/env bash
# Installs what `make fuzz` needs on top of scripts/install-deps.sh: clang 14 and its libFuzzer and
# sanitizer runtimes. Kept apart so that `make test` and CI do not pay for clang. Idempotent.
set -euo pipefail

packages=(clang-14 libclang-rt-14-dev)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-fuzz-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-fuzz-deps: missing packages (${missing[*]}) and not root, no sudo: install them and retry" >&2
    exit 1
  fi
  sudo="sudo"
fi

echo "install-fuzz-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
