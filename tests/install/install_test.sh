#!/usr/bin/env bash
# install.consumer (tests/install/CMakeLists.txt): `cmake --install` into a fresh prefix under $OUT,
# then, using only that prefix: a consumer project built with find_package(windtunnel CONFIG) and
# compiled again with pkg-config's flags, both run on an installed scenario; the installed
# `windtunnel run` on the same scenario (same figure, error band read from PREFIX/share/windtunnel);
# the man pages and the bash completion in place.
# Environment: BUILD SRC OUT CXX LAUNCHER GENERATOR MAKE_PROGRAM BINDIR LIBDIR DATADIR MANDIR HAVE_MAN.
set -euo pipefail
fail() { echo "install test: $*" >&2; exit 1; }

prefix=$OUT/prefix
rm -rf "$OUT"
mkdir -p "$OUT"
cmake --install "$BUILD" --prefix "$prefix" >"$OUT/install.log" || fail "cmake --install failed ($OUT/install.log)"

share=$prefix/$DATADIR/windtunnel
wt=$prefix/$BINDIR/windtunnel
for f in "$BINDIR/windtunnel" include/windtunnel/sim/run.hpp include/windtunnel/core/error.hpp \
  include/windtunnel/planner/search/search.hpp "$LIBDIR/cmake/windtunnel/windtunnelConfig.cmake" \
  "$LIBDIR/cmake/windtunnel/windtunnelConfigVersion.cmake" "$LIBDIR/pkgconfig/windtunnel.pc" \
  "$DATADIR/windtunnel/error-bands.json" "$DATADIR/bash-completion/completions/windtunnel"; do
  [ -e "$prefix/$f" ] || fail "not installed: PREFIX/$f"
done
scenario=$share/scenarios/llama3-8b-1node-h100.json
[ -f "$scenario" ] || fail "no shipped scenarios in $share/scenarios"
# The installed programs (and the CMake-built consumer) find a shared build's libraries through
# their RPATH; the pkg-config build below is given LD_LIBRARY_PATH.

# The consumer, through the CMake package.
consumer=$OUT/consumer
cmake -S "$SRC/tests/install/consumer" -B "$consumer" -G "$GENERATOR" -DCMAKE_MAKE_PROGRAM="$MAKE_PROGRAM" \
  -DCMAKE_CXX_COMPILER="$CXX" ${LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER="$LAUNCHER"} \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$OUT/consumer-configure.log" ||
  fail "configuring the consumer failed ($OUT/consumer-configure.log)"
cmake --build "$consumer" >"$OUT/consumer-build.log" || fail "building the consumer failed ($OUT/consumer-build.log)"
by_cmake=$("$consumer/consumer" "$scenario")
grep -qx 'llama3-8b-1node-h100 iteration [0-9.]* s' <<<"$by_cmake" || fail "consumer printed: $by_cmake"

# The same program compiled with pkg-config's flags.
export PKG_CONFIG_PATH=$prefix/$LIBDIR/pkgconfig
read -r -a cflags <<<"$(pkg-config --cflags windtunnel)"
read -r -a libs <<<"$(pkg-config --libs windtunnel)"
$LAUNCHER "$CXX" "${cflags[@]}" "$SRC/tests/install/consumer/main.cpp" "${libs[@]}" -o "$OUT/consumer-pc"
by_pkg_config=$(LD_LIBRARY_PATH=$prefix/$LIBDIR "$OUT/consumer-pc" "$scenario")
[ "$by_pkg_config" = "$by_cmake" ] || fail "pkg-config build printed '$by_pkg_config', CMake build '$by_cmake'"

# The installed program on the installed scenario: the same iteration time, with an error band.
seconds=$("$wt" run --json "$scenario" | sed -n 's/^ *"iteration_time_s": *\([0-9.e+-]*\),$/\1/p')
[ "$(printf '%.3f' "$seconds")" = "$(sed 's/.* iteration \([0-9.]*\) s$/\1/' <<<"$by_cmake")" ] ||
  fail "windtunnel run says $seconds s, the consumer '$by_cmake'"
"$wt" run "$scenario" | grep -q '^iteration .* (±[0-9]*%)' || fail "installed windtunnel run printed no error band"
# ... and that band is the installed file's: a broken copy there is reported by its path.
cp "$share/error-bands.json" "$OUT/error-bands.json"
printf 'not json\n' >"$share/error-bands.json"
set +e
"$wt" run "$scenario" >/dev/null 2>"$OUT/broken-bands.err"
rc=$?
set -e
cp "$OUT/error-bands.json" "$share/error-bands.json"
[ "$rc" -eq 2 ] && grep -qF "$share/error-bands.json" "$OUT/broken-bands.err" ||
  fail "windtunnel run did not read $share/error-bands.json (exit $rc: $(cat "$OUT/broken-bands.err"))"

# Man pages: windtunnel(1) and one per subcommand of `windtunnel --help`.
if [ "$HAVE_MAN" = ON ]; then
  subcommands=$("$wt" --help | sed -n '/^Subcommands:/,/^$/s/^  \([a-z]\+\) .*/\1/p')
  [ -n "$subcommands" ] || fail "no subcommands in windtunnel --help"
  for page in windtunnel $(sed 's/^/windtunnel-/' <<<"$subcommands"); do
    man=$prefix/$MANDIR/man1/$page.1
    [ -f "$man" ] || fail "no man page $man"
    grep -q '^\.TH ' "$man" || fail "$man is not a man page"
  done
  grep -qF '\-\-engine' "$prefix/$MANDIR/man1/windtunnel-run.1" || fail "windtunnel-run.1 lacks --engine"
fi
echo "install test: ok ($by_cmake)"
