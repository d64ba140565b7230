package pgn

import (
	"bufio"
	"bytes"
	"io"
	"unicode/utf8"

	"touchmove/core/charset"
)

// nextLine makes the next line of input current: it splits at LF, CRLF and
// lone CR, drops a byte order mark, cuts lines over the limit, and decodes a
// line that is not valid UTF-8 from r.Charset's single-byte set
// (Windows-1252 unless the file was found to be in another one). It returns false at the
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
		r.dec = r.Charset.AppendDecode(r.dec[:0], line)
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

// ToUTF8 returns PGN text as UTF-8, decoded the way the reader decodes it
// by default: a UTF-8 byte order mark is dropped, lines that are valid
// UTF-8 are kept, and the others are read as Windows-1252 (Latin-1). Line
// ends are kept.
func ToUTF8(text []byte) []byte { return DecodeText(text, charset.Unknown) }

// DecodeText is ToUTF8 for a file of charset cs: the lines that are not
// valid UTF-8 are read in cs.Legacy(), as a Reader of that Charset reads
// them.
func DecodeText(text []byte, cs charset.Charset) []byte {
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
			out = cs.AppendDecode(out, line)
		}
	}
	return out
}
