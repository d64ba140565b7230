package app

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"unicode/utf8"

	"touchmove/core/game"
	"touchmove/core/pgn"
)

// EncodeGame returns g in PGN strict export format, in UTF-8.
func EncodeGame(g *game.Game) ([]byte, error) { return encodeGame(g, false) }

// encodeGame writes g in UTF-8, or in Latin-1 for a file that is Latin-1.
func encodeGame(g *game.Game, latin1 bool) ([]byte, error) {
	var buf bytes.Buffer
	w := pgn.NewWriter(&buf)
	w.Latin1 = latin1
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
	f, err := readGames(data)
	if err != nil {
		return nil, err
	}
	return f.Games, f.Problems
}

// GameSpan is where one game lies in a file, as byte offsets [Start, End).
type GameSpan struct{ Start, End int64 }

// File is a PGN file as read: its games, where each lies, and the problems found.
type File struct {
	Path     string
	Games    []*game.Game
	Spans    []GameSpan
	Problems error // a pgn.ErrorList, or nil
}

// OpenFile reads every game of the PGN file at path. Bad games are kept as
// far as they could be read and reported in Problems; only an I/O error fails.
func OpenFile(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("open: %w", err)
	}
	f, err := readGames(data)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	f.Path = path
	return f, nil
}

// readGames reads every game of data with where it lies.
func readGames(data []byte) (*File, error) {
	f := &File{}
	rd := pgn.NewReader(bytes.NewReader(data))
	var problems pgn.ErrorList
	for {
		start := rd.InputOffset()
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
			f.Games = append(f.Games, g)
			f.Spans = append(f.Spans, trimSpan(data, GameSpan{start, rd.InputOffset()}))
		}
	}
	f.Problems = problems.Err()
	return f, nil
}

// SaveGame writes g as game i of the file at path, atomically. The other
// games of the file keep their bytes exactly; when the file does not exist,
// or holds no game i, g is written alone (i = 0) or appended.
// It returns the index g has in the file.
func SaveGame(path string, i int, g *game.Game) (int, error) {
	job, err := NewSaveJob(g)
	if err != nil {
		return 0, err
	}
	return job.Write(path, i)
}

// SaveJob is a game encoded for saving: it is made on the goroutine that
// owns the game, and written by Write on any other (saving into a large
// file reads and rewrites all of it, which must not block the window).
type SaveJob struct {
	utf8, latin1 []byte
}

// NewSaveJob encodes g in UTF-8 and in Latin-1.
func NewSaveJob(g *game.Game) (SaveJob, error) {
	u, err := encodeGame(g, false)
	if err != nil {
		return SaveJob{}, err
	}
	l, err := encodeGame(g, true)
	if err != nil {
		return SaveJob{}, err
	}
	return SaveJob{utf8: u, latin1: l}, nil
}

// Write saves the game as game i of the file at path, as SaveGame does.
func (job SaveJob) Write(path string, i int) (int, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, WriteFileAtomic(path, job.utf8)
	}
	if err != nil {
		return 0, fmt.Errorf("save: %w", err)
	}
	// A file that is not UTF-8 was read as Latin-1 (Windows-1252): it stays so.
	text := job.utf8
	if !utf8.Valid(data) {
		text = job.latin1
	}
	spans, err := scanSpans(data)
	if err != nil {
		return 0, fmt.Errorf("save %s: %w", path, err)
	}
	var out []byte
	switch {
	case i >= 0 && i < len(spans):
		// The game's own bytes are replaced; what lies around it stays.
		sp := spans[i]
		out = append(out, data[:sp.Start]...)
		out = append(out, bytes.TrimRight(text, "\n")...)
		out = append(out, data[sp.End:]...)
		if sp.End == int64(len(data)) {
			out = append(out, '\n')
		}
	default:
		i = len(spans)
		out = append(out, data...)
		if len(out) > 0 && !bytes.HasSuffix(out, []byte("\n\n")) {
			if !bytes.HasSuffix(out, []byte("\n")) {
				out = append(out, '\n')
			}
			out = append(out, '\n')
		}
		out = append(out, text...)
	}
	return i, WriteFileAtomic(path, out)
}

// scanSpans finds where each game of data lies, without replaying moves.
func scanSpans(data []byte) ([]GameSpan, error) {
	rd := pgn.NewReader(bytes.NewReader(data))
	var spans []GameSpan
	for {
		start := rd.InputOffset()
		err := rd.ReadGame(pgn.Skipper{})
		if errors.Is(err, io.EOF) {
			return spans, nil
		}
		var list pgn.ErrorList
		if err != nil && !errors.As(err, &list) {
			return nil, err
		}
		spans = append(spans, trimSpan(data, GameSpan{start, rd.InputOffset()}))
	}
}

// trimSpan narrows sp to the game's own text: from its first to its last
// byte that is not white space (or a byte order mark).
func trimSpan(data []byte, sp GameSpan) GameSpan {
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
// choice for a Latin-1 file, whose saves otherwise stay Latin-1. It reports
// whether anything changed.
func ConvertToUTF8(path string) (bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return false, fmt.Errorf("convert: %w", err)
	}
	out := pgn.ToUTF8(data)
	if bytes.Equal(out, data) {
		return false, nil
	}
	return true, WriteFileAtomic(path, out)
}
