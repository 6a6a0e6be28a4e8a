#!/usr/bin/env bash
# expect_exit.sh CODE COMMAND [ARGS...]: runs the command and passes when it exits with CODE.
# For CODE 2 (bad input) stderr must also be the one-line "windtunnel: error: ..." message.
expected="$1"
shift
stderr_file="$(mktemp)"
trap 'rm -f "$stderr_file"' EXIT
"$@" 2>"$stderr_file"
rc=$?
cat "$stderr_file" >&2
if [ "$rc" -ne "$expected" ]; then
  echo "expect_exit: exit code $rc, expected $expected" >&2
  exit 1
fi
if [ "$expected" -eq 2 ] && ! head -n 1 "$stderr_file" | grep -q '^windtunnel: error: '; then
  echo "expect_exit: stderr does not start with 'windtunnel: error: '" >&2
  exit 1
fi
exit 0
