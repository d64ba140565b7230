#!/usr/bin/env bash
# wine-test.sh BUILD SETUP — make windows-test: checks the Windows release
# that make windows built (BUILD holds touchmove.exe, SETUP is the
# installer) under Wine, on this machine, in a fresh Wine prefix
# (BUILD/.wine/prefix: a dot folder, which Go and the
# tests that read the source tree pass by), one stage at a time with its time:
#
#   1. the stand-in bcryptprimitives.dll that Go's runtime needs and Wine
#      8.0 lacks, built from packaging/windows/bcryptprimitives.c;
#   2. a fresh Wine prefix with it;
#   3. the Windows test binaries (go test -c, short mode) of the packages
#      without cgo — core/..., app/..., device/..., internal/..., tools/... —
#      each run under Wine in its package's folder; tests that need what
#      Windows has not (the board simulator's Linux pseudo-terminal, FIFOs,
#      shell scripts as engines, Debian's stockfish and pgn-extract) skip
#      there, saying why;
#   4. the same for ui/... (cgo: Fyne, cross-built with MinGW; Fyne's test
#      driver draws in memory, no OpenGL);
#   5. the installer, silently, and the installed touchmove.exe: perft 5,
#      pgn check, and its window under Xvfb opening a file, taking a dragged
#      move and saving it (e2e/wine_test.go).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$1
setup=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
export PATH="$PATH:/usr/local/go/bin"
export GOFLAGS="${GOFLAGS:--tags=no_emoji,no_animations}" # as the Makefile builds
wine_dir=$(pwd)/$build/.wine
export WINEPREFIX=$wine_dir/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
t0=$SECONDS
stage() { echo "=== windows-test: $1"; ts=$SECONDS; }
done_stage() { echo "=== windows-test: $1: $((SECONDS - ts)) s"; }
cleanup() { wineserver -k 2>/dev/null || true; }
trap cleanup EXIT

stage "stub bcryptprimitives.dll"
mkdir -p "$wine_dir"
x86_64-w64-mingw32-gcc -shared -O2 -o "$wine_dir/bcryptprimitives.dll" \
	packaging/windows/bcryptprimitives.c packaging/windows/bcryptprimitives.def -ladvapi32
done_stage "stub bcryptprimitives.dll"

stage "fresh Wine prefix"
wineserver -k 2>/dev/null || true
rm -rf "$WINEPREFIX"
wineboot -i >"$wine_dir/wineboot.log" 2>&1 || { cat "$wine_dir/wineboot.log"; exit 1; }
wineserver -w
cp "$wine_dir/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
done_stage "fresh Wine prefix"

overlay=$(packaging/windows/wine-overlay.sh "$wine_dir/overlay")
failed=""
# wine_tests LABEL ENV... -- PATTERN...: builds the Windows test binary of
# each package of PATTERN that has tests, with ENV, and runs it under Wine.
wine_tests() {
	local label=$1 envs=() dir rel bin t
	shift
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	stage "$label"
	mkdir -p "$wine_dir/tests"
	for dir in $(env GOOS=windows GOARCH=amd64 "${envs[@]}" go list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.Dir}}{{end}}' "$@"); do
		rel=${dir#"$(pwd)"/}
		bin="$wine_dir/tests/$(echo "$rel" | tr / -).test.exe"
		t=$SECONDS
		env GOOS=windows GOARCH=amd64 "${envs[@]}" go test -c ${overlay:+-overlay "$overlay"} -o "$bin" "./$rel"
		echo "     $rel built ($((SECONDS - t)) s)"
		t=$SECONDS
		if (cd "$dir" && timeout 1200 wine "$bin" -test.short -test.v -test.timeout 19m >"$bin.log" 2>&1); then
			echo "ok   $rel under Wine ($((SECONDS - t)) s, $(grep -c '^--- PASS' "$bin.log") passed, $(grep -c '^--- SKIP' "$bin.log") skipped)"
			grep -B1 '^--- SKIP' "$bin.log" | grep -v '^--$\|^=== ' | sed 's/^/     /' || true
		else
			echo "FAIL $rel under Wine ($((SECONDS - t)) s):"
			grep -v '^=== \|^--- PASS\|^    --- PASS' "$bin.log" | tail -40
			failed="$failed $rel"
		fi
	done
	done_stage "$label"
}
wine_tests "Go tests under Wine" CGO_ENABLED=0 -- ./core/... ./app/... ./device/... ./internal/... ./tools/...
wine_tests "ui tests under Wine" CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc -- ./ui/...
if [ -n "$failed" ]; then
	echo "windows-test: failed under Wine:$failed" >&2
	exit 1
fi

stage "installer and installed touchmove.exe"
# The tests' Wine processes end first: a wineserver still up from them, with
# its desktop made without a display, leaves the window none ("Win32:
# Failed to create helper window"); the next wine starts one on Xvfb's.
wineserver -k 2>/dev/null || true
wineserver -w
TOUCHMOVE_WINE_SETUP=$setup go test -tags 'e2e wine' -count=1 -timeout 15m -run '^TestWine' -v ./e2e/
done_stage "installer and installed touchmove.exe"
# The tests' Wine processes end first: a wineserver still up from them, with
# its desktop made without a display, leaves the window none ("Win32:
# Failed to create helper window"); the next wine starts one on Xvfb's.
wineserver -k 2>/dev/null || true
wineserver -w
echo "=== windows-test: all stages: $((SECONDS - t0)) s"
