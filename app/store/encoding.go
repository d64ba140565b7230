package store

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"touchmove/core/charset"
	"touchmove/core/pgn"
)

// The charset a saved game is written in (docs/pgn.md §1). A file's
// charset is decided once, from its bytes (charset.DetectFile), or chosen
// by the user; a game saved back into its file is written as its own bytes
// were: a game that held bytes which are not UTF-8 in the file's
// single-byte set, a game that held valid UTF-8 beyond ASCII in UTF-8, and
// a game in plain ASCII (or a new one) in the file's charset. So what the
// user did not change keeps its bytes, and a UTF-8 game in a file that is
// mostly Latin-1 stays UTF-8. A character the set chosen lacks is never
// written as '?': the save is refused with an *UnencodableError.

// gameCharset returns the charset a game whose bytes in its file were own
// is written in, in a file of charset file.
func gameCharset(own []byte, file charset.Charset) charset.Charset {
	switch {
	case !utf8.Valid(own):
		return file.Legacy()
	case !isASCII(own):
		return charset.UTF8
	case file == charset.Unknown:
		return charset.UTF8
	}
	return file
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// fileCharset returns the charset of the file f of size bytes: known, when
// the caller decided it, else as its bytes say.
func fileCharset(f io.ReaderAt, size int64, known charset.Charset) (charset.Charset, error) {
	if known != charset.Unknown {
		return known, nil
	}
	return charset.DetectFile(f, size)
}

// UnencodableError is a save refused because the game holds characters the
// file's charset cannot hold. A *FileError wraps it; it matches
// ErrUnencodable.
type UnencodableError struct {
	Charset charset.Charset
	Runes   []rune  // the characters, each once
	Places  []Place // where they are
}

// Place is where in a game a character stands: a tag's value (Tag is its
// name) or a comment (Comment is its start).
type Place struct {
	Tag     string
	Comment string
}

// String returns "the White tag" or "the comment {Хороший ход…}".
func (p Place) String() string {
	if p.Tag != "" {
		return "the " + p.Tag + " tag"
	}
	return "the comment {" + p.Comment + "}"
}

// Error says which characters, where, and the charset.
func (e *UnencodableError) Error() string {
	where := make([]string, len(e.Places))
	for i, p := range e.Places {
		where[i] = p.String()
	}
	s := fmt.Sprintf("%s cannot be written in %s, the file's character set", charset.Quote(e.Runes), e.Charset)
	if len(where) > 0 {
		s += " (in " + strings.Join(where, ", ") + ")"
	}
	return s
}

// Is reports whether target is ErrUnencodable.
func (e *UnencodableError) Is(target error) bool { return target == ErrUnencodable }

// encodeIn returns the game's UTF-8 text written in cs, for the file at
// path; a character cs lacks gives a *FileError wrapping an
// *UnencodableError.
func encodeIn(path string, text []byte, cs charset.Charset) ([]byte, error) {
	out, err := cs.Encode(nil, text)
	if err == nil {
		return out, nil
	}
	ue := &UnencodableError{Charset: cs, Runes: cs.Missing(string(text)), Places: placesOf(text, cs)}
	return nil, &FileError{Path: path, Err: ue,
		Detail: "nothing was written; convert the file to UTF-8 or save the game elsewhere"}
}

// placesOf returns the tags and comments of the PGN text (as the writer
// makes it) that hold characters cs lacks, each once.
func placesOf(text []byte, cs charset.Charset) []Place {
	var out []Place
	add := func(p Place) {
		for _, q := range out {
			if q == p {
				return
			}
		}
		out = append(out, p)
	}
	s := string(text)
	upTo := func(i int, c byte) int { // the index of c from i on, or the end
		if k := strings.IndexByte(s[i:], c); k >= 0 {
			return i + k
		}
		return len(s)
	}
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '[' && (i == 0 || s[i-1] == '\n'):
			end := upTo(i, '\n')
			name, value, _ := strings.Cut(s[i+1:end], " ")
			if cs.Missing(value) != nil {
				add(Place{Tag: name})
			}
			i = end
		case c == '{' || c == ';':
			closer := byte('\n')
			if c == '{' {
				closer = '}'
			}
			end := upTo(i, closer)
			comment := strings.Join(strings.Fields(s[i+1:end]), " ")
			if cs.Missing(comment) != nil {
				add(Place{Comment: excerpt(comment, 24)})
			}
			i = end
		default:
			i++
		}
	}
	return out
}

// excerpt returns s cut to n characters, with "…" when cut.
func excerpt(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// ConvertKeeping rewrites the file of origin o in UTF-8, as ConvertToUTF8
// does, after checking that the game of o is still where it was read, and
// returns the origin of that game in the converted file: the game can then
// be saved there with Replace. It is the answer to an *UnencodableError:
// convert the file, then save.
func ConvertKeeping(o Origin) (Origin, error) {
	refuse := func(err error, detail string) (Origin, error) {
		return o, &FileError{Path: o.Path, Err: err, Detail: detail}
	}
	if o.format != charset.Plain {
		return refuse(&FormatError{Path: o.Path, Format: o.format}, "")
	}
	f, fi, err := OpenRegular(o.Path)
	if err != nil {
		return o, fmt.Errorf("convert: %w", err)
	}
	defer f.Close()
	st := StampOf(fi)
	if why := o.file.Change(st); why != "" {
		return refuse(ErrFileChanged, why)
	}
	data, err := io.ReadAll(io.NewSectionReader(f, 0, st.Size))
	if err != nil {
		return o, fmt.Errorf("convert %s: %w", o.Path, err)
	}
	if o.span.End > int64(len(data)) || sha256.Sum256(data[o.span.Start:o.span.End]) != o.sum {
		return refuse(ErrFileChanged, fmt.Sprintf("game %d is no longer where it was read", o.Index+1))
	}
	cs := o.cs
	if cs == charset.Unknown {
		cs = charset.Detect(data)
	}
	before := pgn.DecodeText(data[:o.span.Start], cs)
	own := decodeLines(data[o.span.Start:o.span.End], cs)
	after := decodeLines(data[o.span.End:], cs)
	out := make([]byte, 0, len(before)+len(own)+len(after))
	out = append(append(append(out, before...), own...), after...)
	newSt, err := writeAtomic(o.Path, func(w io.Writer) error {
		_, err := w.Write(out)
		return err
	})
	if err != nil {
		return o, err
	}
	return newOrigin(o.Path, o.Index, newSt, int64(len(before)), own, nil, charset.UTF8), nil
}

// decodeLines is pgn.DecodeText without dropping a byte order mark: a part
// of a file that does not start it.
func decodeLines(b []byte, cs charset.Charset) []byte {
	if bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
		return append([]byte("\xef\xbb\xbf"), pgn.DecodeText(b, cs)...)
	}
	return pgn.DecodeText(b, cs)
}
