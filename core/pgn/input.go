package pgn

import (
	"bufio"
	"bytes"
	"io"
	"unicode/utf8"
)

// nextLine makes the next line of input current: it splits at LF, CRLF and
// lone CR, drops a byte order mark, cuts lines over the limit, and decodes a
// line that is not valid UTF-8 from Windows-1252. It returns false at the
// end of the input or on an I/O error (kept in r.ioErr).
func (r *Reader) nextLine() bool {
	if r.ioErr != nil {
		return false
	}
	var data []byte
	var extra int64
	if len(r.rest) > 0 {
		data, r.rest = r.rest, nil
	} else {
		if r.eof {
			return false
		}
		var err error
		data, extra, err = r.readChunk()
		if err != nil {
			if err == io.EOF {
				r.eof = true
			} else {
				r.ioErr = err
			}
			if len(data) == 0 && extra == 0 {
				return false
			}
		}
	}
	line, term := data, 0
	if k := bytes.IndexByte(data, '\r'); k >= 0 {
		line, term = data[:k], 1
		if k+1 < len(data) && data[k+1] == '\n' {
			term = 2
		}
		r.rest = data[k+term:]
	} else if n := len(data); n > 0 && data[n-1] == '\n' {
		line, term = data[:n-1], 1
	}
	if r.lineNo > r.colLine {
		r.colBase = 0
	}
	r.lineNo++
	r.lineOff = r.nextOff
	r.nextOff += int64(len(line)+term) + extra
	if max := r.Limits.MaxLineLength; len(line) > max && max > 0 {
		line = line[:max]
		r.lineErr = true
	}
	if len(line) >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF {
		line = line[3:]
		r.lineOff += 3
	}
	r.decoded = false
	if !utf8.Valid(line) {
		r.dec = appendCP1252(r.dec[:0], line)
		line = r.dec
		r.decoded = true
		r.rawAt, r.rawN = 0, 0
	}
	r.line, r.i = line, 0
	return true
}

// readChunk reads up to and including the next LF. A line longer than the
// bufio buffer is gathered in r.long up to the line limit; extra counts the
// bytes dropped beyond it.
func (r *Reader) readChunk() (data []byte, extra int64, err error) {
	data, err = r.br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return data, 0, err
	}
	limit := r.Limits.MaxLineLength + 2
	r.long = append(r.long[:0], data...)
	for err == bufio.ErrBufferFull {
		data, err = r.br.ReadSlice('\n')
		room := limit - len(r.long)
		if room >= len(data) {
			r.long = append(r.long, data...)
			continue
		}
		if room > 0 {
			r.long = append(r.long, data[:room]...)
			data = data[room:]
		}
		extra += int64(len(data))
	}
	if extra > 0 {
		r.lineErr = true
	}
	return r.long, extra, err
}

// cp1252 holds the code points of the bytes 0x80–0x9F in Windows-1252; the
// five undefined bytes map to the C1 controls of the same value, as WHATWG
// does.
const cp1252 = "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
	"\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178"

// cp1252Byte returns the Windows-1252 byte of a code point of cp1252 above
// U+00FF, for the writer.
func cp1252Byte(r rune) (byte, bool) {
	i := 0
	for _, c := range cp1252 {
		if c == r && r > 0xFF {
			return byte(0x80 + i), true
		}
		i++
	}
	return 0, false
}

// appendCP1252 appends src, read as Windows-1252 (a superset of the printable
// Latin-1), to dst as UTF-8.
func appendCP1252(dst, src []byte) []byte {
	for _, c := range src {
		switch {
		case c < 0x80:
			dst = append(dst, c)
		case c < 0xA0:
			// Find rune number c-0x80 in cp1252.
			k := int(c - 0x80)
			for _, r := range cp1252 {
				if k == 0 {
					dst = utf8.AppendRune(dst, r)
					break
				}
				k--
			}
		default:
			dst = utf8.AppendRune(dst, rune(c))
		}
	}
	return dst
}

// ToUTF8 returns PGN text as UTF-8, decoded the way the reader decodes it:
// a UTF-8 byte order mark is dropped, lines that are valid UTF-8 are kept,
// and the others are read as Windows-1252 (Latin-1). Line ends are kept.
func ToUTF8(text []byte) []byte {
	text = bytes.TrimPrefix(text, []byte("\xef\xbb\xbf"))
	if utf8.Valid(text) {
		return text
	}
	out := make([]byte, 0, len(text)+len(text)/8)
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n')
		line := text
		if i >= 0 {
			line = text[:i+1]
		}
		text = text[len(line):]
		if utf8.Valid(line) {
			out = append(out, line...)
		} else {
			out = appendCP1252(out, line)
		}
	}
	return out
}
