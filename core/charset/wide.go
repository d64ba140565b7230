package charset

import (
	"io"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

// NewWideReader returns a reader of the UTF-16 or UTF-32 text of r, in the
// format f (one that is Wide), as UTF-8 without a byte order mark; for any
// other format it returns r.
func NewWideReader(r io.Reader, f Format) io.Reader {
	switch f {
	case UTF16LE:
		return transform.NewReader(r, unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewDecoder())
	case UTF16BE:
		return transform.NewReader(r, unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewDecoder())
	case UTF32LE:
		return transform.NewReader(r, utf32.UTF32(utf32.LittleEndian, utf32.UseBOM).NewDecoder())
	case UTF32BE:
		return transform.NewReader(r, utf32.UTF32(utf32.BigEndian, utf32.UseBOM).NewDecoder())
	}
	return r
}
