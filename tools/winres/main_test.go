package main

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// The version of FyneApp.toml becomes Windows' four numbers, and one that
// Windows cannot hold is refused with the reason.
func TestVersion4(t *testing.T) {
	if v, err := version4("0.1.0", 1); err != nil || v != [4]int{0, 1, 0, 1} {
		t.Errorf("0.1.0 build 1: %v, %v", v, err)
	}
	for _, bad := range []string{"1.2", "v1.2.3", "1.70000.0"} {
		if _, err := version4(bad, 1); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// The icon holds the committed PNGs in every size, each entry pointing at
// a PNG of its size; the resource script names it and carries the version
// of the repository's FyneApp.toml.
func TestIconAndResources(t *testing.T) {
	var a fyneApp
	if _, err := toml.DecodeFile("../../FyneApp.toml", &a); err != nil {
		t.Fatal(err)
	}
	ico, err := icon("../../packaging/icons/hicolor", a.Details.ID)
	if err != nil {
		t.Fatal(err)
	}
	var head [3]uint16
	binary.Read(bytes.NewReader(ico), binary.LittleEndian, &head)
	if head != [3]uint16{0, 1, uint16(len(icoSizes))} {
		t.Fatalf("icon header %v", head)
	}
	for i, s := range icoSizes {
		e := ico[6+16*i:]
		size := binary.LittleEndian.Uint32(e[8:])
		off := binary.LittleEndian.Uint32(e[12:])
		if int(e[0]) != s%256 || !bytes.HasPrefix(ico[off:off+size], []byte("\x89PNG")) {
			t.Errorf("entry %d: width %d, data %q…, want %d pixels of PNG", i, e[0], ico[off:off+4], s)
		}
	}
	v, err := version4(a.Details.Version, a.Details.Build)
	if err != nil {
		t.Fatal(err)
	}
	rc := resources(a, v)
	for _, want := range []string{`1 ICON "touchmove.ico"`, "1 24 \"touchmove.manifest\"",
		`VALUE "ProductVersion", "` + a.Details.Version + `"`, `VALUE "OriginalFilename", "touchmove.exe"`} {
		if !strings.Contains(rc, want) {
			t.Errorf("resource script lacks %s:\n%s", want, rc)
		}
	}
	if m := manifest(a, v); !strings.Contains(m, `name="`+a.Details.ID+`"`) || !strings.Contains(m, `level="asInvoker"`) {
		t.Errorf("manifest:\n%s", m)
	}
}
