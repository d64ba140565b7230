package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"touchmove/core/charset"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

// EncodeGame returns g in PGN strict export format, in UTF-8.
func EncodeGame(g *game.Game) ([]byte, error) { return encodeGame(g, false) }

// EncodeSaved returns g as a save writes it (NewSaveJob), in UTF-8: its
// tags as it has them, not in the strict export format.
func EncodeSaved(g *game.Game) ([]byte, error) { return encodeGame(g, true) }

// encodeGame writes g in UTF-8; keep writes it as an edited game is saved,
// its tags as it has them (pgn.Writer.KeepLayout), else in the strict
// export format. Saving puts it in the file's charset (encoding.go).
func encodeGame(g *game.Game, keep bool) ([]byte, error) {
	var buf bytes.Buffer
	w := pgn.NewWriter(&buf)
	w.KeepLayout = keep
	if err := w.WriteGame(g); err != nil {
		return nil, fmt.Errorf("encode game: %w", err)
	}
	return buf.Bytes(), nil
}

// DecodeGames reads every game of r. Problems in single games are gathered
// in the returned error (a pgn.ErrorList); the games are still returned as
// far as they could be read. Only an I/O error stops reading.
func DecodeGames(r io.Reader) ([]*game.Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var games []*game.Game
	rd := pgn.NewReader(bytes.NewReader(data))
	var problems pgn.ErrorList
	for {
		b := pgn.NewGameBuilder()
		err := rd.ReadGame(b)
		if errors.Is(err, io.EOF) {
			break
		}
		var list pgn.ErrorList
		if errors.As(err, &list) {
			problems = append(problems, list...)
		} else if err != nil {
			return nil, err
		}
		if g := b.Game(); g != nil {
			games = append(games, g)
		}
	}
	return games, problems.Err()
}

// FirstGame reads the first game of PGN text and counts the games text
// holds, with the index, without reading them: a clipboard of 20 MB is
// counted in a blink. Problems of the first game come as a pgn.ErrorList
// with it; with no game, g is nil.
func FirstGame(text []byte) (g *game.Game, count int, err error) {
	ix, err := pgn.BuildIndex(context.Background(), bytes.NewReader(text), nil)
	if err != nil {
		return nil, 0, err
	}
	if ix.Len() == 0 {
		return nil, 0, nil
	}
	b := pgn.NewGameBuilder()
	err = pgn.NewReader(bytes.NewReader(text)).ReadGame(b)
	if errors.Is(err, io.EOF) {
		err = nil
	}
	return b.Game(), ix.Len(), err
}

// gameSpan is where one game lies in a file, as byte offsets [Start, End).
type gameSpan struct{ Start, End int64 }

// SaveJob is a game encoded for saving: it is made on the goroutine that
// owns the game, and written by Write or Replace on any other (saving into
// a large file reads and rewrites all of it, which must not block the
// window).
type SaveJob struct {
	utf8 []byte // the game, which a save writes in the file's charset

	// AllowLoss lets Replace save a game that was read only in part: the
	// user was told what is lost and agreed.
	AllowLoss bool
}

// NewSaveJob encodes g to be saved: its tags in
// its order, none added, comments as they were read, so that a game read
// from a file and edited changes only where it was edited (pgn.md §13).
func NewSaveJob(g *game.Game) (SaveJob, error) { return newJob(g, true) }

// NewExportJob encodes g in the strict export format: for a copy of the
// game written to another file.
func NewExportJob(g *game.Game) (SaveJob, error) { return newJob(g, false) }

func newJob(g *game.Game, keep bool) (SaveJob, error) {
	u, err := encodeGame(g, keep)
	if err != nil {
		return SaveJob{}, err
	}
	return SaveJob{utf8: u}, nil
}

// Write saves the game as game i of the file at path, atomically. The other
// games of the file keep their bytes exactly; when the file does not exist,
// or holds no game i, the game is written alone (i = 0) or appended. It
// returns the index the game has in the file. The file is streamed, never
// held in memory: its games are found with pgn.BuildIndex, and the new file
// is the bytes before game i, the game, and the bytes after it. Write
// trusts that game i is the one to replace; a game read from the file is
// saved with Replace, which checks it.
func (job SaveJob) Write(path string, i int) (int, error) {
	o, err := job.WriteOrigin(path, i)
	return o.Index, err
}

// WriteOrigin is Write, and returns the origin of the game as written: a
// later save goes by Replace.
func (job SaveJob) WriteOrigin(path string, i int) (Origin, error) {
	f, fi, err := OpenRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		text := bytes.TrimRight(job.utf8, "\n")
		st, err := writeAtomic(path, func(w io.Writer) error {
			_, err := w.Write(job.utf8)
			return err
		})
		return newOrigin(path, 0, st, 0, text, nil, charset.UTF8), err
	}
	if err != nil {
		return Origin{}, fmt.Errorf("save: %w", err)
	}
	defer f.Close()
	if format, err := SniffFile(f); err != nil || format != charset.Plain {
		if err != nil {
			return Origin{}, fmt.Errorf("save: %w", err)
		}
		return Origin{}, &FileError{Path: path, Err: &FormatError{Path: path, Format: format}}
	}
	size := fi.Size()
	cs, err := charset.DetectFile(f, size)
	if err != nil {
		return Origin{}, fmt.Errorf("save %s: %w", path, err)
	}
	ix, err := pgn.BuildIndex(context.Background(), io.NewSectionReader(f, 0, size), nil)
	if err != nil {
		return Origin{}, fmt.Errorf("save %s: %w", path, err)
	}
	copyRange := func(w io.Writer, from, to int64) error {
		_, err := io.Copy(w, io.NewSectionReader(f, from, to-from))
		return err
	}
	if i >= 0 && i < ix.Len() {
		// The game's own bytes are replaced; what lies around it stays.
		e := ix.Entry(i)
		own := make([]byte, e.Length)
		if _, err := f.ReadAt(own, e.Offset); err != nil {
			return Origin{}, fmt.Errorf("save %s: %w", path, err)
		}
		text, err := encodeIn(path, job.utf8, gameCharset(own, cs))
		if err != nil {
			return Origin{}, err
		}
		text = bytes.TrimRight(text, "\n")
		sp := trimSpan(own, gameSpan{0, e.Length})
		start, end := e.Offset+sp.Start, e.Offset+sp.End
		st, err := writeAtomic(path, func(w io.Writer) error {
			if err := copyRange(w, 0, start); err != nil {
				return err
			}
			if _, err := w.Write(text); err != nil {
				return err
			}
			if err := copyRange(w, end, size); err != nil {
				return err
			}
			if end == size {
				_, err := w.Write([]byte{'\n'})
				return err
			}
			return nil
		})
		return newOrigin(path, i, st, start, text, nil, cs), err
	}
	text, err := encodeIn(path, job.utf8, gameCharset(nil, cs))
	if err != nil {
		return Origin{}, err
	}
	text = bytes.TrimRight(text, "\n")
	// Appended after the last game, with an empty line between.
	var tail [2]byte
	k, _ := f.ReadAt(tail[:min(size, 2)], max(size-2, 0))
	end := string(tail[:k])
	sep := ""
	switch {
	case size == 0 || end == "\n\n":
	case strings.HasSuffix(end, "\n"):
		sep = "\n"
	default:
		sep = "\n\n"
	}
	st, err := writeAtomic(path, func(w io.Writer) error {
		if err := copyRange(w, 0, size); err != nil {
			return err
		}
		if _, err := io.WriteString(w, sep); err != nil {
			return err
		}
		if _, err := w.Write(text); err != nil {
			return err
		}
		_, err := w.Write([]byte{'\n'})
		return err
	})
	return newOrigin(path, ix.Len(), st, size+int64(len(sep)), text, nil, cs), err
}

// trimSpan narrows sp to the game's own text: from its first to its last
// byte that is not white space (or a byte order mark).
func trimSpan(data []byte, sp gameSpan) gameSpan {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	if sp.Start == 0 && bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		sp.Start = 3
	}
	for sp.Start < sp.End && isSpace(data[sp.Start]) {
		sp.Start++
	}
	for sp.End > sp.Start && isSpace(data[sp.End-1]) {
		sp.End--
	}
	return sp
}

// ConvertToUTF8 rewrites the PGN file at path in UTF-8, atomically: the user's
// choice for a file in a single-byte set, whose saves otherwise stay in
// that set. The file is read in cs, the charset the user chose for it
// (Reopen with encoding); charset.Unknown reads it in the charset its
// bytes say. It reports whether anything changed. A file that is not plain
// text (compressed, UTF-16) is refused with a *FileError wrapping a
// *FormatError.
func ConvertToUTF8(path string, cs charset.Charset) (bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return false, fmt.Errorf("convert: %w", err)
	}
	if format := charset.Sniff(data[:min(len(data), charset.SniffLen)]); format != charset.Plain {
		return false, &FileError{Path: path, Err: &FormatError{Path: path, Format: format}}
	}
	if cs == charset.Unknown {
		cs = charset.Detect(data)
	}
	out := pgn.DecodeText(data, cs)
	if bytes.Equal(out, data) {
		return false, nil
	}
	return true, WriteFileAtomic(path, out)
}
