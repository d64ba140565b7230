package store

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"touchmove/core/charset"
)

// A file named .pgn is not always PGN text: lichess and TWIC publish
// compressed files, and Windows programs write UTF-16. Such a file is told
// by its first bytes (charset.Sniff). One in gzip, UTF-16 or UTF-32 is
// read: through a decoded copy kept in the user cache folder for the game
// list, which needs its places, or decoded as it is read for the command
// line. Saving into it is refused: the copy is not the user's file. A file
// compressed otherwise is not read, and the error says what it is and how
// to extract it (pgn.md §1.1); nor is one whose first bytes are binary data,
// which would read as games of nothing.

var (
	// ErrCompressed says the file is compressed in a format Touchmove does
	// not read (zstd, bzip2, xz, zip): it is to be extracted first. A
	// *FormatError matches it.
	ErrCompressed = errors.New("the file is compressed")
	// ErrDecodedCopy says the file is read through a decoded copy (gzip,
	// UTF-16, UTF-32), so a game cannot be saved into it: Save as writes
	// a new PGN file. A *FormatError matches it.
	ErrDecodedCopy = errors.New("the file is read through a decoded copy")
	// ErrNotPGN says the file is not text at all (charset.Binary: a
	// program, an image, a damaged file): it is not read, nor written
	// into. A *FormatError matches it.
	ErrNotPGN = errors.New("the file is not PGN text")
)

// FormatError is a file that is not plain PGN text: Format says what it
// is.
type FormatError struct {
	Path   string
	Format charset.Format
}

// Readable reports whether Touchmove reads files of the format f, not
// plain text, through a decoded copy: gzip, UTF-16 and UTF-32.
func Readable(f charset.Format) bool { return f == charset.Gzip || f.Wide() }

// Error says what the file is and what to do: "games.pgn is a
// zstd-compressed file: extract it first (unzstd games.pgn)".
func (e *FormatError) Error() string {
	name := filepath.Base(e.Path)
	switch {
	case e.Format.Wide():
		return fmt.Sprintf("%s is in %s: it is read through a decoded copy, and a game cannot be saved into it (save it to another file)", name, e.Format)
	case Readable(e.Format):
		return fmt.Sprintf("%s is a %s-compressed file: it is read through a decoded copy, and a game cannot be saved into it (save it to another file)", name, e.Format)
	case e.Format == charset.Binary:
		return fmt.Sprintf("%s is not PGN text: its first bytes are binary data, which no text has (is it the right file?)", name)
	}
	return fmt.Sprintf("%s is a %s-compressed file: extract it first (%s)", name, e.Format, e.Format.Extract(name))
}

// Is reports whether target is ErrCompressed (a format that is not read),
// ErrDecodedCopy (one read through a copy) or ErrNotPGN (binary data).
func (e *FormatError) Is(target error) bool {
	switch {
	case Readable(e.Format):
		return target == ErrDecodedCopy
	case e.Format == charset.Binary:
		return target == ErrNotPGN
	}
	return target == ErrCompressed
}

// SniffFile returns the format of the file f from its first bytes.
func SniffFile(f io.ReaderAt) (charset.Format, error) {
	head := make([]byte, charset.SniffLen)
	n, err := f.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return charset.Plain, err
	}
	return charset.Sniff(head[:n]), nil
}

// Text is the PGN text of a file, as OpenText opens it.
type Text struct {
	io.Reader
	// Format is what the file is: Plain, or decoded from gzip or UTF-16/32.
	Format charset.Format
	// Charset is the text's charset: the file's as charset.DetectFile
	// decides it for a plain file, from the first mebibyte for decoded
	// text (UTF-8 for UTF-16/32), or as asked.
	Charset charset.Charset
	closers []io.Closer
}

// Close closes the file.
func (t *Text) Close() error {
	var err error
	for _, c := range slices.Backward(t.closers) {
		err = errors.Join(err, c.Close())
	}
	return err
}

// OpenText opens the file at path ("-" is stdin, read from r) to read its
// PGN text from the start: a gzip or UTF-16/32 file decoded as it is read,
// a file compressed otherwise, or binary data (charset.Binary), refused
// with a *FormatError. cs, if not
// Unknown, is the charset the user chose; else it is decided from the
// bytes.
func OpenText(path string, stdin io.Reader, cs charset.Charset) (*Text, error) {
	t := &Text{Charset: cs}
	var src io.Reader = stdin
	var plain *os.File
	if path != "-" {
		f, _, err := OpenRegular(path)
		if err != nil {
			return nil, err
		}
		t.closers = append(t.closers, f)
		src, plain = f, f
	}
	br := bufio.NewReaderSize(src, 1<<20)
	head, err := br.Peek(charset.SniffLen)
	if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
		t.Close()
		return nil, err
	}
	t.Format = charset.Sniff(head)
	t.Reader = br
	switch {
	case t.Format == charset.Gzip:
		zr, err := gzip.NewReader(br)
		if err != nil {
			t.Close()
			return nil, fmt.Errorf("%s: gzip: %w", filepath.Base(path), err)
		}
		t.closers = append(t.closers, zr)
		t.Reader, plain = bufio.NewReaderSize(zr, 1<<20), nil
	case t.Format.Wide():
		t.Reader, plain = bufio.NewReaderSize(charset.NewWideReader(br, t.Format), 1<<20), nil
		if t.Charset == charset.Unknown {
			t.Charset = charset.UTF8
		}
	case t.Format.Compressed(), t.Format == charset.Binary:
		t.Close()
		return nil, &FormatError{Path: path, Format: t.Format}
	}
	if t.Charset != charset.Unknown {
		return t, nil
	}
	if plain != nil {
		if fi, err := plain.Stat(); err == nil {
			if t.Charset, err = charset.DetectFile(plain, fi.Size()); err != nil {
				t.Close()
				return nil, err
			}
			return t, nil
		}
	}
	// Decoded or piped: the first mebibyte decides.
	if b, ok := t.Reader.(*bufio.Reader); ok {
		sample, _ := b.Peek(1 << 20)
		t.Charset = charset.Detect(sample)
	}
	return t, nil
}
