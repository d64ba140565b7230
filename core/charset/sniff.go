package charset

import (
	"bytes"
	"fmt"
)

// Format is what a file's bytes are before they are text: plain bytes (in
// some Charset), text in UTF-16 or UTF-32, or a compressed file.
type Format uint8

// The formats Sniff tells apart.
const (
	Plain   Format = iota // bytes of text in a single-byte set or UTF-8
	UTF16LE               // UTF-16, little-endian (Windows' "Unicode")
	UTF16BE               // UTF-16, big-endian
	UTF32LE               // UTF-32, little-endian
	UTF32BE               // UTF-32, big-endian
	Gzip                  // gzip-compressed (.gz)
	Zstd                  // zstd-compressed (.zst, lichess's database)
	Bzip2                 // bzip2-compressed (.bz2)
	XZ                    // xz-compressed (.xz)
	Zip                   // a zip archive (TWIC's weekly files)
	Binary                // not text at all: control bytes no text has
)

// String returns the format's name as a sentence uses it: "gzip",
// "UTF-16".
func (f Format) String() string {
	switch f {
	case Plain:
		return "plain text"
	case UTF16LE, UTF16BE:
		return "UTF-16"
	case UTF32LE, UTF32BE:
		return "UTF-32"
	case Gzip:
		return "gzip"
	case Zstd:
		return "zstd"
	case Bzip2:
		return "bzip2"
	case XZ:
		return "xz"
	case Zip:
		return "zip"
	case Binary:
		return "binary data"
	}
	return fmt.Sprintf("Format(%d)", f)
}

// Compressed reports whether f is a compressed file.
func (f Format) Compressed() bool { return f >= Gzip && f <= Zip }

// Wide reports whether f is text in UTF-16 or UTF-32.
func (f Format) Wide() bool { return f >= UTF16LE && f <= UTF32BE }

// Extract returns the command that extracts a file of format f named
// name, for a message: "unzstd games.pgn". It is "" for a format that is
// not compressed.
func (f Format) Extract(name string) string {
	switch f {
	case Gzip:
		return "gunzip -k " + name
	case Zstd:
		return "unzstd " + name
	case Bzip2:
		return "bunzip2 -k " + name
	case XZ:
		return "unxz -k " + name
	case Zip:
		return "unzip " + name
	}
	return ""
}

// SniffLen is the number of bytes from a file's start that Sniff needs.
const SniffLen = 512

// Sniff tells the format of a file from its first bytes (SniffLen of them
// are enough): a compressed file by its magic number, UTF-32 and UTF-16
// by their byte order mark, or without one by the zero bytes that ASCII
// text in them has in every second (fourth) place. Bytes with more than
// one in 32 a control character other than the white space (NUL, the
// bytes below 0x20 but tab, line feed, vertical tab, form feed and
// carriage return, DEL) are Binary: random or compressed data has one in
// ten, text in any single-byte set or UTF-8 next to none. The rest is
// Plain.
func Sniff(head []byte) Format {
	switch {
	case bytes.HasPrefix(head, []byte{0x1F, 0x8B}):
		return Gzip
	case bytes.HasPrefix(head, []byte{0x28, 0xB5, 0x2F, 0xFD}):
		return Zstd
	case bytes.HasPrefix(head, []byte("BZh")) && len(head) > 3 && head[3] >= '1' && head[3] <= '9':
		return Bzip2
	case bytes.HasPrefix(head, []byte{0xFD, '7', 'z', 'X', 'Z', 0x00}):
		return XZ
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("PK\x05\x06")):
		return Zip
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE, 0, 0}):
		return UTF32LE
	case bytes.HasPrefix(head, []byte{0, 0, 0xFE, 0xFF}):
		return UTF32BE
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		return UTF16LE
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return UTF16BE
	}
	// No mark: ASCII in a wide encoding has zeros in fixed places, which
	// text in a single-byte set or UTF-8 never has.
	n := len(head) &^ 3
	if n < 4 {
		return Plain
	}
	var zeros [4]int
	for i, b := range head[:n] {
		if b == 0 {
			zeros[i&3]++
		}
	}
	quarter := n / 4
	switch {
	case zeros[2] == quarter && zeros[3] == quarter && zeros[0] < quarter/2:
		return UTF32LE
	case zeros[0] == quarter && zeros[1] == quarter && zeros[3] < quarter/2:
		return UTF32BE
	case zeros[1]+zeros[3] >= quarter && zeros[0]+zeros[2] == 0:
		return UTF16LE
	case zeros[0]+zeros[2] >= quarter && zeros[1]+zeros[3] == 0:
		return UTF16BE
	}
	if binary(head) {
		return Binary
	}
	return Plain
}

// binary reports whether head has more control bytes than text has: at
// least 4, and more than one in 32.
func binary(head []byte) bool {
	controls := 0
	for _, b := range head {
		if b < 0x20 && (b < '\t' || b > '\r') || b == 0x7F {
			controls++
		}
	}
	return controls >= 4 && controls*32 > len(head)
}
