// Package charset tells what the bytes of a PGN file are and reads and
// writes its text: the container (plain, UTF-16 or UTF-32 with or without
// a byte order mark, or compressed: gzip, zstd, bzip2, xz, zip) by Sniff,
// and the character set of plain text by Detect — UTF-8, or one of the
// single-byte sets old PGN files come in (Windows-1252, Windows-1251,
// KOI8-R, CP866, Windows-1250, ISO-8859-2), chosen by the letters and
// letter pairs the text decodes to. A Charset decodes to UTF-8 and encodes
// from it, byte for byte both ways: a byte the set leaves undefined reads
// as the C1 control of the same value, as WHATWG reads Windows-1252, so
// that text read and written again keeps its bytes. docs/pgn.md §1 tells
// how the reader, the index and the writer share the decision.
package charset
