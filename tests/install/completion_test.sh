#!/usr/bin/env bash
# install.completion (tests/install/CMakeLists.txt): the bash completion (cli/completion/
# windtunnel.bash) offers every subcommand of `windtunnel --help` and, after `windtunnel SUB --`,
# every option of `windtunnel SUB --help`; --engine offers its values, SCENARIO the *.json files.
# Environment: WT (the program), COMPLETION (the script), OUT (a scratch folder).
set -euo pipefail
fail() { echo "completion test: $*" >&2; exit 1; }
# shellcheck source=/dev/null
source "$COMPLETION"

# complete WORD...: COMPREPLY for the last word of "windtunnel WORD...", one per line.
complete_words() {
  COMP_WORDS=(windtunnel "$@")
  COMP_CWORD=$#
  COMPREPLY=()
  _windtunnel
  printf '%s\n' "${COMPREPLY[@]}"
}

subcommands=$("$WT" --help | sed -n '/^Subcommands:/,/^$/s/^  \([a-z]\+\) .*/\1/p')
[ -n "$subcommands" ] || fail "no subcommands in windtunnel --help"
offered=$(complete_words "")
for word in $subcommands --help --version; do
  grep -qx -- "$word" <<<"$offered" || fail "'windtunnel <TAB>' does not offer $word"
done
for sub in $subcommands; do
  # The options of the help's Options: section, e.g. "  -h,--help", "  --engine TEXT:{...}".
  options=$("$WT" "$sub" --help | sed -n '/^Options:/,/^$/p' | grep -o -- '^  \(-[a-z],\)\?--[a-z-]*' |
            tr ',' '\n' | sed 's/^ *//')
  [ -n "$options" ] || fail "no options in windtunnel $sub --help"
  offered=$(complete_words "$sub" -)
  for option in $options; do
    grep -qx -- "$option" <<<"$offered" || fail "'windtunnel $sub -<TAB>' does not offer $option"
  done
done

grep -qx simgrid <<<"$(complete_words run --engine "")" || fail "--engine does not offer simgrid"
mkdir -p "$OUT/completion"
cd "$OUT/completion"
: >scenario.json
: >notes.txt
offered=$(complete_words run "")
grep -qx scenario.json <<<"$offered" || fail "'windtunnel run <TAB>' does not offer scenario.json"
! grep -qx notes.txt <<<"$offered" || fail "'windtunnel run <TAB>' offers notes.txt"
echo "completion test: ok"
