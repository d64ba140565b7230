package charset

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Charset is the character set of a PGN file's text. The zero value,
// Unknown, is no decision: text is read as UTF-8, and a line that is not
// valid UTF-8 as Windows-1252, as it always was.
type Charset uint8

// The character sets a PGN file is read in (docs/pgn.md §1).
const (
	Unknown     Charset = iota // not decided: UTF-8, else Windows-1252 per line
	UTF8                       // UTF-8, with or without a byte order mark
	Windows1252                // Western European (Latin-1's superset)
	Windows1251                // Cyrillic, Windows
	KOI8R                      // Cyrillic, KOI8-R
	CP866                      // Cyrillic, DOS
	Windows1250                // Central European, Windows
	ISO8859_2                  // Central European, ISO (Latin-2)
	numCharsets
)

// names holds the charsets' names, as String writes them, one after the
// other from Windows-1252's; nameAt says where each starts.
const (
	names  = "UTF-8Windows-1252Windows-1251KOI8-RCP866Windows-1250ISO-8859-2"
	nameAt = "\x00\x05\x11\x1d\x23\x28\x34\x3e"
)

// String returns the charset's usual name ("Windows-1251"), or "" for
// Unknown.
func (c Charset) String() string {
	switch {
	case c == Unknown:
		return ""
	case c >= numCharsets:
		return fmt.Sprintf("Charset(%d)", c)
	}
	return names[nameAt[c-1]:nameAt[c]]
}

// All returns the charsets a file can be read in, UTF-8 first: the
// choices of File › Reopen with encoding… and of `-encoding`.
func All() []Charset {
	return []Charset{UTF8, Windows1252, Windows1251, KOI8R, CP866, Windows1250, ISO8859_2}
}

// ErrUnknownCharset is the error of Parse for a name it does not know.
var ErrUnknownCharset = errors.New("charset: unknown character set")

// Parse returns the charset of name, in any case, by its name or a usual
// alias: "utf8", "cp1252", "latin1", "iso-8859-1", "cp1251", "koi8r",
// "ibm866", "cp1250", "latin2".
func Parse(name string) (Charset, error) {
	key := strings.NewReplacer("-", "", "_", "", " ", "").Replace(strings.ToLower(name))
	switch key {
	case "utf8":
		return UTF8, nil
	case "windows1252", "cp1252", "latin1", "iso88591", "l1":
		return Windows1252, nil
	case "windows1251", "cp1251":
		return Windows1251, nil
	case "koi8r", "koi8":
		return KOI8R, nil
	case "cp866", "ibm866", "866", "dos866":
		return CP866, nil
	case "windows1250", "cp1250":
		return Windows1250, nil
	case "iso88592", "latin2", "l2":
		return ISO8859_2, nil
	}
	return Unknown, fmt.Errorf("%w %q (known: %s)", ErrUnknownCharset, name, strings.Join(namesOf(All()), ", "))
}

func namesOf(cs []Charset) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// Legacy returns the single-byte charset that a line which is not valid
// UTF-8 is read in: c itself, or Windows-1252 for UTF-8 and Unknown (a
// stray Latin-1 line in a UTF-8 file).
func (c Charset) Legacy() Charset {
	if c <= UTF8 || c >= numCharsets {
		return Windows1252
	}
	return c
}

// table returns the code points of bytes 0x80–0xFF of c's Legacy set.
func (c Charset) table() string {
	switch c.Legacy() {
	case Windows1251:
		return windows1251
	case KOI8R:
		return koi8r
	case CP866:
		return cp866
	case Windows1250:
		return windows1250
	case ISO8859_2:
		return iso8859_2
	}
	return windows1252
}

// Rune returns the character of byte b in c's Legacy set.
func (c Charset) Rune(b byte) rune {
	if b < utf8.RuneSelf {
		return rune(b)
	}
	t, k := c.table(), 2*int(b-0x80)
	return rune(t[k])<<8 | rune(t[k+1])
}

// AppendDecode appends src, read in c's Legacy set, to dst as UTF-8.
func (c Charset) AppendDecode(dst, src []byte) []byte {
	t := c.table()
	for _, b := range src {
		if b < utf8.RuneSelf {
			dst = append(dst, b)
			continue
		}
		k := 2 * int(b-0x80)
		dst = utf8.AppendRune(dst, rune(t[k])<<8|rune(t[k+1]))
	}
	return dst
}

// Byte returns the byte of r in c's Legacy set, if it has one.
func (c Charset) Byte(r rune) (byte, bool) {
	if r < utf8.RuneSelf {
		return byte(r), r >= 0
	}
	if r > 0xFFFF {
		return 0, false
	}
	t := c.table()
	hi, lo := byte(r>>8), byte(r)
	for k := 0; k < len(t); k += 2 {
		if t[k] == hi && t[k+1] == lo {
			return byte(0x80 + k/2), true
		}
	}
	return 0, false
}

// UnencodableError is the error of Encode: characters of the text that
// the charset has no byte for.
type UnencodableError struct {
	Charset Charset
	Runes   []rune // each once, in the order of the text
}

// ErrUnencodable is matched by every *UnencodableError.
var ErrUnencodable = errors.New("charset: character not in the file's character set")

// Error lists the characters and the charset.
func (e *UnencodableError) Error() string {
	return fmt.Sprintf("charset: %s has no %s", e.Charset, Quote(e.Runes))
}

// Is reports whether target is ErrUnencodable.
func (e *UnencodableError) Is(target error) bool { return target == ErrUnencodable }

// Quote returns the characters rs as «Ж», «ё», with the code point of one
// that does not print (U+0301).
func Quote(rs []rune) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		if r < ' ' || r == utf8.RuneError || r >= 0x300 && r < 0x370 || r >= 0x80 && r < 0xA0 {
			parts[i] = fmt.Sprintf("U+%04X", r)
		} else {
			parts[i] = "«" + string(r) + "»"
		}
	}
	return strings.Join(parts, ", ")
}

// Encode appends the UTF-8 text src, written in c, to dst. For UTF-8 and
// Unknown it appends src as it is. A character c has no byte for is not
// written: Encode then returns an *UnencodableError naming every such
// character, and what it appended is not to be used.
func (c Charset) Encode(dst, src []byte) ([]byte, error) {
	if c <= UTF8 {
		return append(dst, src...), nil
	}
	var bad []rune
	for len(src) > 0 {
		if src[0] < utf8.RuneSelf {
			dst = append(dst, src[0])
			src = src[1:]
			continue
		}
		r, n := utf8.DecodeRune(src)
		src = src[n:]
		b, ok := c.Byte(r)
		if !ok || r == utf8.RuneError && n == 1 {
			if !containsRune(bad, r) {
				bad = append(bad, r)
			}
			continue
		}
		dst = append(dst, b)
	}
	if bad != nil {
		return dst, &UnencodableError{Charset: c, Runes: bad}
	}
	return dst, nil
}

func containsRune(rs []rune, r rune) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// Missing returns the characters of the UTF-8 text s that c has no byte
// for, each once, or nil.
func (c Charset) Missing(s string) []rune {
	if c <= UTF8 {
		return nil
	}
	var bad []rune
	for _, r := range s {
		if r < utf8.RuneSelf {
			continue
		}
		if _, ok := c.Byte(r); !ok && !containsRune(bad, r) {
			bad = append(bad, r)
		}
	}
	return bad
}
