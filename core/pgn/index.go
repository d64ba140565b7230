package pgn

import (
	"context"
	"errors"
	"io"
	"math"
	"slices"

	"touchmove/core/game"
)

// Index lists the games of a PGN file: where each starts and ends, its Seven
// Tag Roster, ECO, Elo ratings and TimeControl, and an estimate of its
// length, found without replaying moves. Any game can then be read on
// demand from its offset. Tag values are interned: each distinct string is
// kept once, and a game costs a fixed-size record of string numbers.
type Index struct {
	recs []indexRecord
	strs []string
	errs ErrorList
	lost int // errors beyond the kept ones
}

// indexRecord is one game of an Index; strings are numbers into Index.strs.
type indexRecord struct {
	offset                                          int64
	length                                          uint32
	line                                            uint32
	event, site, date, round, white, black, eco, tc uint32
	whiteElo, blackElo                              uint16
	plies                                           uint16
	column                                          uint16
	result                                          uint8
	flags                                           uint8
}

const flagErrors = 1

// maxIndexErrors bounds the errors an Index keeps.
const maxIndexErrors = 10000

// Entry describes one game of an Index.
type Entry struct {
	Offset int64 // where the game starts in the file
	Length int64 // its length in bytes
	Line   int   // the line it starts on, 1-based
	Column int   // the column it starts at, 1-based

	Event, Site, Date, Round, White, Black string
	Result                                 string // "1-0", "0-1", "1/2-1/2" or "*"
	ECO, TimeControl                       string
	WhiteElo, BlackElo                     int // 0 when unknown

	// Plies counts the move tokens of the main line, without replaying
	// them: an estimate, exact for well-formed games.
	Plies int
	// HasErrors reports syntax errors found while indexing (see Index.Errors).
	HasErrors bool
}

// Progress tells a BuildIndex caller how far it has come.
type Progress struct {
	Offset int64 // bytes read
	Games  int   // games indexed
}

// resultCode and resultText convert between results and their codes in a record.
func resultCode(s string) uint8 {
	switch s {
	case "1-0":
		return 1
	case "0-1":
		return 2
	case "1/2-1/2":
		return 3
	}
	return 0
}

func resultText(code uint8) string {
	switch code {
	case 1:
		return "1-0"
	case 2:
		return "0-1"
	case 3:
		return "1/2-1/2"
	}
	return "*"
}

// BuildIndex reads r to its end and indexes its games. progress, if not nil,
// is called about every mebibyte and at the end. It checks ctx between
// games; when ctx ends it returns the games indexed so far and ctx's error.
// An I/O error also ends it, with the games indexed so far.
func BuildIndex(ctx context.Context, r io.Reader, progress func(Progress)) (*Index, error) {
	ix := &Index{strs: []string{""}}
	v := &indexVisitor{ids: map[string]uint32{"": 0}, ix: ix}
	rd := NewReader(r)
	const step = 1 << 20
	next := int64(step)
	for {
		if err := ctx.Err(); err != nil {
			return ix, err
		}
		err := rd.ReadGame(v)
		if err == io.EOF {
			break
		}
		var list ErrorList
		if err != nil && !errors.As(err, &list) {
			return ix, err
		}
		rec := v.rec
		rec.length = uint32(min(rd.InputOffset()-rec.offset, math.MaxUint32))
		rec.plies = uint16(min(rd.plies, math.MaxUint16))
		if v.result == "" {
			v.result = v.token
		}
		rec.result = resultCode(v.result)
		if len(list) > 0 {
			rec.flags |= flagErrors
			for _, e := range list {
				if len(ix.errs) < maxIndexErrors {
					ix.errs = append(ix.errs, e)
				} else {
					ix.lost++
				}
			}
		}
		ix.recs = append(ix.recs, rec)
		if progress != nil && rd.InputOffset() >= next {
			progress(Progress{Offset: rd.InputOffset(), Games: len(ix.recs)})
			next = rd.InputOffset() + step
		}
	}
	if progress != nil {
		progress(Progress{Offset: rd.InputOffset(), Games: len(ix.recs)})
	}
	ix.recs = slices.Clone(ix.recs) // no spare capacity
	return ix, rd.ioErr
}

// indexVisitor gathers one game's record.
type indexVisitor struct {
	NopVisitor
	ix     *Index
	ids    map[string]uint32
	rec    indexRecord
	result string
	token  string
}

func (v *indexVisitor) BeginGame(_ int, pos Pos) Action {
	v.rec = indexRecord{offset: pos.Offset, line: uint32(pos.Line), column: uint16(min(pos.Column, math.MaxUint16))}
	v.result, v.token = "", ""
	return Continue
}

func (v *indexVisitor) id(b []byte) uint32 {
	if id, ok := v.ids[string(b)]; ok {
		return id
	}
	s := string(b)
	id := uint32(len(v.ix.strs))
	v.ix.strs = append(v.ix.strs, s)
	v.ids[s] = id
	return id
}

func (v *indexVisitor) Tag(name, value []byte, _ Pos) Action {
	switch string(name) {
	case "Event":
		v.rec.event = v.id(value)
	case "Site":
		v.rec.site = v.id(value)
	case "Date":
		if d, ok := game.NormalizeDate(string(value)); ok {
			v.rec.date = v.id([]byte(d))
		} else {
			v.rec.date = v.id(value)
		}
	case "Round":
		v.rec.round = v.id(value)
	case "White":
		v.rec.white = v.id(value)
	case "Black":
		v.rec.black = v.id(value)
	case "ECO":
		v.rec.eco = v.id(value)
	case "TimeControl":
		v.rec.tc = v.id(value)
	case "WhiteElo":
		v.rec.whiteElo = elo(value)
	case "BlackElo":
		v.rec.blackElo = elo(value)
	case "Result":
		v.result, _ = game.NormalizeResult(string(value))
	}
	return Continue
}

func elo(b []byte) uint16 {
	if len(b) == 0 || len(b) > 5 {
		return 0
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return uint16(min(n, math.MaxUint16))
}

func (v *indexVisitor) EndTags(Pos) Action { return Skip }

func (v *indexVisitor) Result(r string, _ Pos) Action {
	v.token = r
	return Continue
}

// Len returns the number of games.
func (ix *Index) Len() int { return len(ix.recs) }

// Entry returns the description of game i (0-based).
func (ix *Index) Entry(i int) Entry {
	rec := &ix.recs[i]
	return Entry{
		Offset: rec.offset, Length: int64(rec.length), Line: int(rec.line), Column: int(rec.column),
		Event: ix.strs[rec.event], Site: ix.strs[rec.site], Date: ix.strs[rec.date], Round: ix.strs[rec.round],
		White: ix.strs[rec.white], Black: ix.strs[rec.black], Result: resultText(rec.result),
		ECO: ix.strs[rec.eco], TimeControl: ix.strs[rec.tc],
		WhiteElo: int(rec.whiteElo), BlackElo: int(rec.blackElo),
		Plies: int(rec.plies), HasErrors: rec.flags&flagErrors != 0,
	}
}

// Values returns the distinct tag values that entries hold, each once; the
// first is "". EntryValues gives a game's values as indexes into it. The
// slice must not be changed.
func (ix *Index) Values() []string { return ix.strs }

// EntryValues returns game i's Event, Site, Date, Round, White, Black, ECO
// and TimeControl, in that order, as indexes into Values: what Entry gives,
// without looking the strings up.
func (ix *Index) EntryValues(i int) [8]uint32 {
	rec := &ix.recs[i]
	return [8]uint32{rec.event, rec.site, rec.date, rec.round, rec.white, rec.black, rec.eco, rec.tc}
}

// Errors returns the syntax errors found while indexing (at most 10,000; the
// games of any others still have HasErrors set).
func (ix *Index) Errors() ErrorList { return ix.errs }

// ReadGame reads game i (0-based) of the file src that the index was built
// from, through an io.SectionReader, and reports it to v as Reader.ReadGame
// does. Positions in errors refer to the whole file, and the game number is i+1.
func (ix *Index) ReadGame(src io.ReaderAt, i int, v Visitor) error {
	if i < 0 || i >= len(ix.recs) {
		return errors.New("pgn: index: no such game")
	}
	rec := &ix.recs[i]
	r := newReaderSize(io.NewSectionReader(src, rec.offset, int64(rec.length)), min(int(rec.length)+16, 64<<10))
	r.setBase(rec.offset, int(rec.line), int(rec.column), i+1)
	err := r.ReadGame(v)
	if err == io.EOF {
		return errors.New("pgn: index: no game at the recorded offset")
	}
	return err
}
