package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"touchmove/core/charset"
	"touchmove/core/pgn"
)

// Saving a game back into the file it came from replaces its bytes there
// and copies the rest. The place of those bytes was found when the file
// was read; another program may have changed the file since. An Origin
// remembers the file and the game's bytes as they were read, and Replace
// checks them before it writes: it never splices a game in at a place
// that no longer holds it.

// Stamp tells one state of a file from another without reading it:
// its identity (device and inode where the system has them), size and
// modification time.
type Stamp struct {
	Dev, Ino    uint64 // the file's identity; 0 where the system has none
	Size, MTime int64  // its size and modification time (Unix nanoseconds)
}

// StampOf returns the stamp of the file of fi.
func StampOf(fi os.FileInfo) Stamp {
	dev, ino, _, _ := fileID(fi)
	return Stamp{Dev: dev, Ino: ino, Size: fi.Size(), MTime: fi.ModTime().UnixNano()}
}

// Change says how the file of stamp now differs from s, or "" if not.
func (s Stamp) Change(now Stamp) string {
	switch {
	case s.Dev != now.Dev || s.Ino != now.Ino:
		return "it was replaced by another file"
	case s.Size != now.Size:
		return fmt.Sprintf("its size went from %d to %d bytes", s.Size, now.Size)
	case s.MTime != now.MTime:
		return "it was modified"
	}
	return ""
}

// Origin is where a game was read from: its file as it was then, the
// game's place in it and a fingerprint of its bytes, and the problems
// reading it found. Library.Read returns one with the game; SaveJob.Replace
// checks it before writing and returns the next one.
type Origin struct {
	Path  string // the file
	Index int    // the game's place among the file's games, 0-based

	span     gameSpan        // the game's bytes
	sum      [32]byte        // their SHA-256
	file     Stamp           // the file when the game was read
	problems error           // problems that dropped part of the game, or nil
	cs       charset.Charset // the file's charset, as it was read in
	core     [32]byte        // the SHA-256 of the game's bytes without the blank space around them (Relocate)
	coreLen  int64           // their length; 0 when not known (an origin from an old journal)
	format   charset.Format  // not Plain: read through a decoded copy, not to be saved into
}

// Problems returns what reading the game found that a save would lose
// (moves after an illegal one, variations nested too deep, text cut at a
// limit), or nil.
func (o Origin) Problems() error { return o.problems }

// Charset returns the charset the game's file was read in (Unknown for a
// game that was not read with its file's charset decided).
func (o Origin) Charset() charset.Charset { return o.cs }

// newOrigin returns the origin of game i of the file at path of stamp st,
// whose bytes own lie at offset off; list holds the problems reading them
// found, and cs is the file's charset.
func newOrigin(path string, i int, st Stamp, off int64, own []byte, list pgn.ErrorList, cs charset.Charset) Origin {
	core := trimSpan(own, gameSpan{0, int64(len(own))})
	return Origin{Path: path, Index: i, span: gameSpan{off, off + int64(len(own))}, sum: sha256.Sum256(own),
		file: st, problems: lossy(list), cs: cs, core: sha256.Sum256(own[core.Start:core.End]), coreLen: core.End - core.Start}
}

// NewOrigin returns the origin of game i of the file at path, of stamp st
// and format, read in charset cs: its bytes own lie at offset off, and
// list holds the problems reading them found.
func NewOrigin(path string, i int, st Stamp, off int64, own []byte, list pgn.ErrorList, cs charset.Charset, format charset.Format) Origin {
	o := newOrigin(path, i, st, off, own, list, cs)
	o.format = format
	return o
}

// lossy returns the problems of list after which part of the game was not
// read (nil when there are none): all but a wrong move number, a stray
// closing delimiter, or a missing or disagreeing result, after which the
// game is kept in full.
func lossy(list pgn.ErrorList) error {
	var out pgn.ErrorList
	for _, e := range list {
		if errors.Is(e, pgn.ErrMoveNumber) || errors.Is(e, pgn.ErrStrayClose) ||
			errors.Is(e, pgn.ErrMissingResult) || errors.Is(e, pgn.ErrResultMismatch) {
			continue
		}
		out = append(out, e)
	}
	return out.Err()
}

// Replace writes the game in place of the one of origin o in its file, as
// Write does, and returns the origin of the game as written. It first
// checks that the file is the one read, unchanged — identity, size,
// modification time, and the bytes of the game — and otherwise writes
// nothing and returns a *FileError wrapping ErrFileChanged. A game read
// with problems that dropped part of it is refused with ErrPartialGame
// unless AllowLoss is set.
func (job SaveJob) Replace(o Origin) (Origin, error) {
	refuse := func(err error, detail string) (Origin, error) {
		return o, &FileError{Path: o.Path, Err: err, Detail: detail}
	}
	if o.format != charset.Plain {
		return o, &FileError{Path: o.Path, Err: &FormatError{Path: o.Path, Format: o.format}}
	}
	if o.problems != nil && !job.AllowLoss {
		return refuse(ErrPartialGame, fmt.Sprintf("game %d was read only in part (%s); saving keeps only what was read",
			o.Index+1, firstProblem(o.problems)))
	}
	f, fi, err := OpenRegular(o.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return refuse(ErrFileChanged, "it was deleted")
	case err != nil:
		return o, fmt.Errorf("save: %w", err)
	}
	defer f.Close()
	st := StampOf(fi)
	if why := o.file.Change(st); why != "" {
		return refuse(ErrFileChanged, why)
	}
	own := make([]byte, o.span.End-o.span.Start)
	if _, err := f.ReadAt(own, o.span.Start); err != nil || sha256.Sum256(own) != o.sum {
		return refuse(ErrFileChanged, fmt.Sprintf("game %d is no longer where it was read", o.Index+1))
	}
	cs, err := fileCharset(f, st.Size, o.cs)
	if err != nil {
		return o, fmt.Errorf("save %s: %w", o.Path, err)
	}
	cs = gameCharset(own, cs)
	text, err := encodeIn(o.Path, job.utf8, cs)
	if err != nil {
		return o, err
	}
	text = bytes.TrimRight(text, "\n")
	sp := trimSpan(own, gameSpan{0, int64(len(own))})
	start, end := o.span.Start+sp.Start, o.span.Start+sp.End
	copyRange := func(w io.Writer, from, to int64) error {
		_, err := io.Copy(w, io.NewSectionReader(f, from, to-from))
		return err
	}
	newSt, err := writeAtomic(o.Path, func(w io.Writer) error {
		if err := copyRange(w, 0, start); err != nil {
			return err
		}
		if _, err := w.Write(text); err != nil {
			return err
		}
		if err := copyRange(w, end, st.Size); err != nil {
			return err
		}
		if end == st.Size {
			if _, err := w.Write([]byte{'\n'}); err != nil {
				return err
			}
		}
		// Changed while it was copied: the copy is not to be trusted.
		if now, err := os.Stat(o.Path); err != nil || st.Change(StampOf(now)) != "" {
			return &FileError{Path: o.Path, Err: ErrFileChanged, Detail: "it was modified while it was being saved"}
		}
		return nil
	})
	if err != nil {
		return o, err
	}
	return newOrigin(o.Path, o.Index, newSt, start, text, nil, o.cs), nil
}

// firstProblem returns the first of the problems err holds, in words.
func firstProblem(err error) string {
	var list pgn.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		e := list[0]
		return fmt.Sprintf("line %d: %s", e.Line, e.Message())
	}
	return err.Error()
}

// originJSON is how an Origin is written in the crash journal.
type originJSON struct {
	Path     string   `json:"path"`
	Index    int      `json:"index"`
	Start    int64    `json:"start"`
	End      int64    `json:"end"`
	Sum      [32]byte `json:"sum"`
	Dev      uint64   `json:"dev"`
	Ino      uint64   `json:"ino"`
	Size     int64    `json:"size"`
	MTime    int64    `json:"mtime"`
	Problems string   `json:"problems,omitempty"`
	Charset  string   `json:"charset,omitempty"`
	Format   uint8    `json:"format,omitempty"`
}

// MarshalJSON writes the origin for the crash journal, so that a restored
// game is saved with the same checks as the game read.
func (o Origin) MarshalJSON() ([]byte, error) {
	j := originJSON{Path: o.Path, Index: o.Index, Start: o.span.Start, End: o.span.End, Sum: o.sum,
		Dev: o.file.Dev, Ino: o.file.Ino, Size: o.file.Size, MTime: o.file.MTime, Charset: o.cs.String(), Format: uint8(o.format)}
	if o.problems != nil {
		j.Problems = o.problems.Error()
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads an origin written by MarshalJSON.
func (o *Origin) UnmarshalJSON(data []byte) error {
	var j originJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("origin: %w", err)
	}
	*o = Origin{Path: j.Path, Index: j.Index, span: gameSpan{j.Start, j.End}, sum: j.Sum,
		file: Stamp{Dev: j.Dev, Ino: j.Ino, Size: j.Size, MTime: j.MTime}, format: charset.Format(j.Format)}
	if j.Problems != "" {
		o.problems = errors.New(j.Problems)
	}
	if j.Charset != "" {
		// A name not known (a later version's) leaves it to be detected.
		o.cs, _ = charset.Parse(j.Charset)
	}
	return nil
}
