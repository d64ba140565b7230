package app

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestValidUTF8 reads inputs whose characters straddle the reading buffer.
func TestValidUTF8(t *testing.T) {
	const mib = 1 << 20
	cases := []struct {
		name string
		data string
	}{
		{"empty", ""},
		{"ascii", strings.Repeat("a", 3*mib+5)},
		{"two bytes across", strings.Repeat("a", mib-1) + "é" + "b"},
		{"three bytes across", strings.Repeat("a", mib-2) + "€"},
		{"four bytes across", strings.Repeat("a", mib-3) + "𝄞" + strings.Repeat("a", mib)},
		{"four bytes at the end of the buffer", strings.Repeat("a", mib-4) + "𝄞"},
		{"latin-1 at the end", strings.Repeat("a", 2*mib) + "\xe9"},
		{"latin-1 across", strings.Repeat("a", mib-1) + "\xe9a"},
		{"cut character at the end", strings.Repeat("a", mib+10) + "\xe2\x82"},
		{"cut character at the buffer end", strings.Repeat("a", mib-2) + "\xe2\x82" + "a"},
		{"stray continuation", "a\x80b"},
	}
	for _, c := range cases {
		got, err := validUTF8(bytes.NewReader([]byte(c.data)))
		if err != nil || got != utf8.ValidString(c.data) {
			t.Errorf("%s: %v, %v; want %v", c.name, got, err, utf8.ValidString(c.data))
		}
	}
}
