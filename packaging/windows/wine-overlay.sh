#!/bin/sh
# wine-overlay.sh DIR — writes DIR/overlay.json, a `go build -overlay` file
# for the Windows test binaries run under Wine, and prints its path. Go's
# os.RemoveAll (every test's t.TempDir cleanup) deletes files through
# NtSetInformationFile(FileDispositionInformationEx) and falls back to the
# old way when Windows says it does not know that class; Wine 8.0 says
# STATUS_NOT_IMPLEMENTED instead, which Go takes for a failure ("Invalid
# function"). The overlay adds that answer to Go's fallback cases in a copy
# of GOROOT's file. Real Windows needs nothing of this, and the release
# .exe is built without it (Touchmove itself calls no RemoveAll). When the
# file no longer has the line (another Go), nothing is printed.
set -eu
dir=$1
src="$(go env GOROOT)/src/internal/syscall/windows/at_windows.go"
mkdir -p "$dir"
grep -q '^[[:space:]]*STATUS_NOT_SUPPORTED:' "$src" || exit 0
sed 's/^\([[:space:]]*\)STATUS_NOT_SUPPORTED:/\1STATUS_NOT_SUPPORTED, NTStatus(0xC0000002):/' "$src" >"$dir/at_windows.go"
gofmt -w "$dir/at_windows.go" # as make fmt-check wants every .go file in the tree
printf '{"Replace":{"%s":"%s"}}\n' "$src" "$(cd "$dir" && pwd)/at_windows.go" >"$dir/overlay.json"
echo "$(cd "$dir" && pwd)/overlay.json"
