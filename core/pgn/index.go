package pgn

import (
	"context"
	"errors"
	"io"
	"math"
	"slices"
	"sync"

	"touchmove/core/charset"
	"touchmove/core/chess"
	"touchmove/core/game"
)

// Index lists the games of a PGN file: where each starts and ends, its Seven
// Tag Roster, ECO, Elo ratings and TimeControl, and an estimate of its
// length, found without replaying moves. Any game can then be read on
// demand from its offset. Tag values are interned: each distinct string is
// kept once, and a game costs a fixed-size Record of string numbers.
// docs/indexer.md describes how it is built.
type Index struct {
	recs []Record
	strs []string
	errs ErrorList
	lost int // errors beyond the kept ones
	cs   charset.Charset
}

// Record is one game of an Index in 64 bytes, what a list of a million
// games keeps of each: where the game is, and its key tags, the texts as
// numbers into the Index's Values (0 is "", the tag missing or empty).
type Record struct {
	Offset             int64             // where the game starts in the file
	Length             uint32            // its length in bytes
	Line               uint32            // the line it starts on, 1-based
	Values             [NumFields]uint32 // its tag values by field (FieldEvent…), numbers into Values
	WhiteElo, BlackElo uint16            // 0 when unknown
	Plies              uint16            // main-line moves counted while indexing (see Entry.Plies)
	Column             uint16            // the column it starts at, 1-based, cut at 65535
	Result             chess.Result      // from the Result tag, else the result token
	HasErrors          bool              // syntax errors were found in the game while indexing
}

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

	// Other holds the values of the other tags that describe a game —
	// Opening, Variation, SubVariation, Annotator, Termination, Variant,
	// the players' titles and teams, EventType, Section and Stage — in the
	// order of the file, each on a line of its own: text to search.
	Other string

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

// BuildIndex reads r to its end and indexes its games. progress, if not nil,
// is called about every mebibyte and at the end. It checks ctx between
// games; when ctx ends it returns the games indexed so far and ctx's error.
// An I/O error also ends it, with the games indexed so far.
//
// When r is also an io.ReaderAt and io.Seeker with a Size method (as
// *bytes.Reader, *strings.Reader and *io.SectionReader are), the games in
// the common layout are indexed straight from the bytes, faster, and the
// Reader reads only the others; the index is the same.
func BuildIndex(ctx context.Context, r io.Reader, progress func(Progress)) (*Index, error) {
	return BuildIndexWith(ctx, r, NewValueTable(), progress)
}

// BuildIndexWith is BuildIndex numbering the tag values in t, which other
// calls, earlier or at the same time, may share: a value keeps its number
// in all the Indexes built with t.
func BuildIndexWith(ctx context.Context, r io.Reader, t *ValueTable, progress func(Progress)) (*Index, error) {
	return buildIndex(ctx, r, t, charset.Unknown, progress)
}

// buildIndex is BuildIndexWith of a file of charset cs, which the Reader
// reads the games the quick scan leaves in.
func buildIndex(ctx context.Context, r io.Reader, t *ValueTable, cs charset.Charset, progress func(Progress)) (*Index, error) {
	b := newIndexBuilder(ctx, t, progress)
	b.cs, b.ix.cs = cs, cs
	var err error
	if ra, ok := r.(sizedReaderAt); ok {
		err = b.quick(ra)
	} else {
		rd := NewReader(r)
		rd.Charset = cs
		err = b.slow(rd, func(*Reader) bool { return false })
	}
	if progress != nil {
		progress(Progress{Offset: b.offset, Games: len(b.ix.recs)})
	}
	if n := len(b.ix.recs); cap(b.ix.recs)-n > n/4 {
		b.ix.recs = slices.Clone(b.ix.recs) // no spare capacity to speak of
	}
	b.ix.strs = t.Values()
	return b.ix, err
}

// A ValueTable numbers the tag values of the Indexes built with it; it is
// safe for concurrent use (the handles that Local returns are not).
// Indexes of several inputs (the sections of one file, say) can share one,
// so that their games number a value alike and no value is kept twice. The
// Values of each Index are the table as it was when that Index was done:
// later ones only add to it.
type ValueTable struct {
	shared *sharedValues
	local  bool
}

// sharedValues is the table behind the handles of a ValueTable. Its
// fields' tables are read without the lock, and added to with it.
type sharedValues struct {
	mu     sync.Mutex
	strs   []string
	fields [NumFields]internTable
	tables [NumFields]*internTable // the table of each field (valueTable)
}

// NewValueTable returns an empty table.
func NewValueTable() *ValueTable {
	sh := &sharedValues{strs: []string{""}}
	for f := range sh.fields {
		sh.fields[f].init(^uint64(0))
		sh.tables[f] = &sh.fields[valueTable(f)]
	}
	return &ValueTable{shared: sh}
}

// Local returns a handle on t for one goroutine at a time: it finds the
// values t holds without t's lock, which it takes only to add values.
// Goroutines that index at once each take one.
func (t *ValueTable) Local() *ValueTable { return &ValueTable{shared: t.shared, local: true} }

// Values returns the values numbered so far, by number; the first is "".
func (t *ValueTable) Values() []string {
	t.shared.mu.Lock()
	defer t.shared.mu.Unlock()
	return t.shared.strs
}

// hash returns the fingerprint of value b of tag field f, which number
// takes.
func (t *ValueTable) hash(f int, b []byte) fingerprint {
	k := t.shared.tables[f]
	return hashBoth(k.seed, k.seed2, b)
}

// number returns the number of value b of tag field f, whose fingerprint
// fp is from hash, numbering it if the table does not hold it yet. A local
// handle finds a value without the lock, and takes it only to add one.
func (t *ValueTable) number(f int, b []byte, fp fingerprint) uint32 {
	if id := t.find(f, fp); id != 0 {
		return id
	}
	return t.shared.add(f, b, fp)
}

// add is number of a value that a local handle did not find: it takes the
// lock, then adds the value if another goroutine has not meanwhile.
func (sh *sharedValues) add(f int, b []byte, fp fingerprint) uint32 {
	sh.mu.Lock()
	id, _ := sh.idLocked(f, b, fp)
	sh.mu.Unlock()
	return id
}

// find returns the number of the value of tag field f whose fingerprint
// fp is from hash, if a local handle finds it without the lock, else 0.
func (t *ValueTable) find(f int, fp fingerprint) uint32 {
	if !t.local {
		return 0
	}
	return t.shared.tables[f].findHashed(fp)
}

// idLocked is id of a value whose fingerprint is fp, with sh.mu held.
func (sh *sharedValues) idLocked(f int, b []byte, fp fingerprint) (uint32, string) {
	k := sh.tables[f]
	id := k.findHashed(fp)
	if id == 0 {
		id = uint32(len(sh.strs))
		sh.strs = append(sh.strs, string(b))
		k.add(fp, id)
	}
	return id, sh.strs[id]
}

// sizedReaderAt is an input that BuildIndex can read at any offset.
type sizedReaderAt interface {
	io.ReaderAt
	io.Seeker
	Size() int64
}

const progressStep = 1 << 20

func newIndexBuilder(ctx context.Context, t *ValueTable, progress func(Progress)) *indexBuilder {
	ix := &Index{}
	return &indexBuilder{
		ctx: ctx, progress: progress, next: progressStep,
		ix: ix, v: &indexVisitor{ix: ix, t: t},
	}
}

// indexBuilder builds an Index.
type indexBuilder struct {
	ctx      context.Context
	progress func(Progress)
	ix       *Index
	v        *indexVisitor
	offset   int64 // indexed so far
	next     int64 // offset of the next progress report
	quickly  int   // games that quickScan indexed
	total    int64 // the size of the input, if known
	cs       charset.Charset
}

// add lists a game read up to end, with the syntax errors in list.
func (b *indexBuilder) add(rec Record, end int64, plies int, list ErrorList) {
	v := b.v
	rec.Length = uint32(min(end-rec.Offset, math.MaxUint32))
	rec.Plies = uint16(min(plies, math.MaxUint16))
	if v.result == "" {
		v.result = v.token
	}
	rec.Result, _ = chess.ParseResult(v.result)
	if len(list) > 0 {
		rec.HasErrors = true
		for _, e := range list {
			if len(b.ix.errs) < maxIndexErrors {
				b.ix.errs = append(b.ix.errs, e)
			} else {
				b.ix.lost++
			}
		}
	}
	if n := len(b.ix.recs); n == cap(b.ix.recs) && n >= 256 && b.total > end && end > 0 {
		// Room for the games the rest of the input holds at the rate so
		// far, and a few more, rather than doubling (and copying) again.
		b.ix.recs = slices.Grow(b.ix.recs, int(float64(n)*float64(b.total-end)/float64(end)*1.1)+n/16)
	}
	b.ix.recs = append(b.ix.recs, rec)
	v.numberGame(&b.ix.recs[len(b.ix.recs)-1])
	b.offset = end
	if b.progress != nil && end >= b.next {
		b.progress(Progress{Offset: end, Games: len(b.ix.recs)})
		b.next = end + progressStep
	}
}

// slow indexes games with rd until the input ends or stop says so after a
// game.
func (b *indexBuilder) slow(rd *Reader, stop func(*Reader) bool) error {
	for {
		if err := b.ctx.Err(); err != nil {
			return err
		}
		err := rd.ReadGame(b.v)
		if err == io.EOF {
			b.offset = rd.InputOffset()
			return nil
		}
		var list ErrorList
		if err != nil && !errors.As(err, &list) {
			return err
		}
		b.add(b.v.rec, rd.InputOffset(), rd.plies, list)
		if stop(rd) {
			return nil
		}
	}
}

// quick indexes r with quickScan, handing the games it cannot take to a
// Reader.
func (b *indexBuilder) quick(r sizedReaderAt) error {
	base, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	size := r.Size()
	b.total = size - base
	defer r.Seek(size, io.SeekStart) // read to the end
	q := &quickScan{limits: DefaultLimits(), v: b.v}
	var buf []byte
	if in, ok := r.(*byteInput); ok {
		buf = in.data[base:] // all of it, in place
		q.stable = true
	} else {
		buf = make([]byte, 0, 1<<20)
	}
	bufOff := base // input offset of buf[0]
	pos, line, col := base, 1, 1
	var rd *Reader  // the Reader of the last slow games
	var rdEnd int64 // where it stopped
	const maxBuf = 64 << 20
	for {
		if err := b.ctx.Err(); err != nil {
			return err
		}
		if pos < bufOff || pos > bufOff+int64(len(buf)) {
			bufOff, buf = pos, buf[:0]
		}
		at := int(pos - bufOff)
		eof := bufOff+int64(len(buf)) >= size
		g, st := q.game(buf[at:], col, eof)
		switch st {
		case quickOK:
			v := b.v
			v.place(Pos{Offset: pos + int64(g.start) - base, Line: line + g.line, Column: g.col})
			v.Result(g.result, Pos{})
			b.add(v.rec, pos+int64(g.end)-base, g.plies, nil)
			b.quickly++
			pos += int64(g.end)
			line += g.lines
			col = g.endCol
			continue
		case quickEOF:
			b.offset = size - base
			return nil
		case quickMore:
			if !eof && (at > 0 || len(buf) < maxBuf) {
				// Keep the bytes from pos on, and read more.
				if at == 0 && len(buf) == cap(buf) {
					buf = slices.Grow(buf, len(buf))
				}
				n := copy(buf[:cap(buf)], buf[at:])
				bufOff, buf = pos, buf[:n]
				m := int(min(int64(cap(buf)-n), size-bufOff-int64(n)))
				k, err := r.ReadAt(buf[n:n+m], bufOff+int64(n))
				buf = buf[:n+k]
				if k < m {
					if err == nil {
						err = io.ErrUnexpectedEOF
					}
					return err
				}
				continue
			}
		}
		// The Reader reads the game, and the next ones until a game ends
		// where quickScan can take over.
		if rd == nil || rdEnd != pos {
			rd = NewReader(io.NewSectionReader(r, pos, size-pos))
			rd.Charset = b.cs
			rd.setBase(pos-base, line, col, len(b.ix.recs)+1)
		}
		err := b.slow(rd, (*Reader).atLineBoundary)
		if err != nil {
			return err
		}
		pos = base + b.offset
		rdEnd = pos
		line, col = rd.inputLine()
		if pos >= size {
			return nil
		}
	}
}

// indexVisitor gathers one game's record.
type indexVisitor struct {
	NopVisitor
	ix     *Index
	t      *ValueTable
	last   [NumFields]lastValue
	rec    Record
	result string
	token  string
	other  []byte // the values that make Entry.Other

	// The game's values of the numbered fields (val, where has says),
	// until the game ends and they are numbered: those of bytes that stay
	// as they are until the Index is built (stable, see value) as they
	// are, the others copied into vals.
	vals []byte
	val  [NumFields][]byte
	has  [NumFields]bool
}

// The fields of a Record's Values: the tags an Index keeps as strings. Each
// is numbered on its own but for the players, White and Black, numbered
// alike (see valueTable). FieldOther holds Entry.Other.
const (
	FieldEvent = iota
	FieldSite
	FieldDate
	FieldRound
	FieldWhite
	FieldBlack
	FieldECO
	FieldTimeControl
	FieldOther
	NumFields // the number of fields
)

// valueTable returns the table that numbers the values of field f: White
// and Black share one, so that a player is one value whichever colour he
// had, looked up in one table rather than two.
func valueTable(f int) int {
	if f == FieldBlack {
		return FieldWhite
	}
	return f
}

// lastValue is the last value of a tag and its number: a value that
// repeats the last one (games of one event in a row) costs no lookup. It
// keeps a copy of the value, which stays in the cache, rather than the
// table's string, whose bytes may not.
type lastValue struct {
	b  []byte
	id uint32
}

func (v *indexVisitor) BeginGame(_ int, pos Pos) Action {
	v.startTags()
	v.place(pos)
	return Continue
}

// startTags readies v for the tag pairs of a game.
func (v *indexVisitor) startTags() {
	v.rec = Record{}
	v.result, v.token = "", ""
	v.other = v.other[:0]
	v.has = [NumFields]bool{}
}

// place records where the game starts.
func (v *indexVisitor) place(pos Pos) {
	v.rec.Offset, v.rec.Line, v.rec.Column = pos.Offset, uint32(pos.Line), uint16(min(pos.Column, math.MaxUint16))
}

// value keeps value b of field f until the game's values are numbered:
// as it is if it is stable, its bytes unchanged until the Index is built
// (a section of a file that IndexBytes reads, a string of its own),
// else a copy.
func (v *indexVisitor) value(f int, b []byte, stable bool) {
	if !stable {
		n := len(v.vals)
		v.vals = append(v.vals, b...)
		b = v.vals[n:len(v.vals):len(v.vals)]
	}
	v.val[f], v.has[f] = b, true
}

// numberGame numbers the values of the game just read into its record: a
// value that repeats the last one of its field (games of one event in a
// row) from that, the others looked up.
//
// They are looked up at once. Queuing the values of 16 games and
// prefetching their slots, to be numbered when the slots are in the
// cache, saved 1% of the CPU time of listing the million-game benchmark
// file (the prefetch alone, against the queue without it, 6%), too little
// to keep (indexer.md §7).
func (v *indexVisitor) numberGame(rec *Record) {
	if len(v.other) > 0 {
		v.value(FieldOther, v.other, false)
	}
	for f := range NumFields {
		b := v.val[f]
		if !v.has[f] || len(b) == 0 {
			continue // number 0, ""
		}
		l := &v.last[f]
		if l.id == 0 || string(b) != string(l.b) {
			l.id = v.t.number(f, b, v.t.hash(f, b))
			l.b = append(l.b[:0], b...)
		}
		rec.Values[f] = l.id
	}
	v.vals = v.vals[:0]
}

func (v *indexVisitor) Tag(name, value []byte, _ Pos) Action {
	v.tag(tagCodeOf(name), value, false)
	return Continue
}

// tag keeps what the game's record needs of a tag pair: its code, by its
// name, and its value, which is stable as value says.
func (v *indexVisitor) tag(code tagCode, value []byte, stable bool) {
	switch code {
	case tagEvent, tagSite, tagRound, tagWhite, tagBlack, tagECO, tagTimeControl:
		v.value(int(tagFields[code]), value, stable)
	case tagDate:
		if isCanonicalDate(value) {
			v.value(FieldDate, value, stable)
		} else if d, ok := game.NormalizeDate(string(value)); ok {
			v.value(FieldDate, []byte(d), true)
		} else {
			v.value(FieldDate, value, stable)
		}
	case tagWhiteElo:
		v.rec.WhiteElo = elo(value)
	case tagBlackElo:
		v.rec.BlackElo = elo(value)
	case tagResult:
		switch string(value) { // the usual forms, without a call
		case "1-0":
			v.result = "1-0"
		case "0-1":
			v.result = "0-1"
		case "1/2-1/2":
			v.result = "1/2-1/2"
		case "*":
			v.result = "*"
		default:
			r, _ := chess.ParseResult(string(value))
			v.result = r.String()
		}
	case tagOther:
		if len(value) > 0 {
			if len(v.other) > 0 {
				v.other = append(v.other, '\n')
			}
			v.other = append(v.other, value...)
		}
	}
}

// tagFields gives the field of an Index that keeps the value of a tag as it
// is, by the tag's code, or -1; it is never changed.
var tagFields = [...]int8{
	tagIgnored: -1, tagEvent: FieldEvent, tagSite: FieldSite, tagDate: -1, tagRound: FieldRound,
	tagWhite: FieldWhite, tagBlack: FieldBlack, tagECO: FieldECO, tagTimeControl: FieldTimeControl,
	tagWhiteElo: -1, tagBlackElo: -1, tagResult: -1, tagOther: -1,
}

// isCanonicalDate reports whether b is a date as game.NormalizeDate writes
// it, "YYYY.MM.DD" with unknown parts as question marks, so that
// normalizing it would give it back.
func isCanonicalDate(b []byte) bool {
	if len(b) != 10 || b[4] != '.' || b[7] != '.' {
		return false
	}
	digit := func(c byte) int { return int(c) - '0' }
	isDigit := func(c byte) bool { return c-'0' < 10 }
	if isDigit(b[0]) && isDigit(b[1]) && isDigit(b[2]) && isDigit(b[3]) &&
		isDigit(b[5]) && isDigit(b[6]) && isDigit(b[8]) && isDigit(b[9]) {
		// A date in full, as most are.
		m, d := digit(b[5])*10+digit(b[6]), digit(b[8])*10+digit(b[9])
		return m >= 1 && m <= 12 && d >= 1 && d <= 31
	}
	part := func(p []byte, hi int) bool {
		n, q := 0, 0
		for _, c := range p {
			switch {
			case c == '?':
				q++
			case c >= '0' && c <= '9':
				n = n*10 + int(c-'0')
			default:
				return false
			}
		}
		return q == len(p) || q == 0 && n <= hi && (hi == 9999 || n > 0)
	}
	return part(b[:4], 9999) && part(b[5:7], 12) && part(b[8:], 31)
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
	r := &ix.recs[i]
	v, s := &r.Values, ix.strs
	return Entry{
		Offset: r.Offset, Length: int64(r.Length), Line: int(r.Line), Column: int(r.Column),
		Event: s[v[FieldEvent]], Site: s[v[FieldSite]], Date: s[v[FieldDate]], Round: s[v[FieldRound]],
		White: s[v[FieldWhite]], Black: s[v[FieldBlack]], Result: r.Result.String(),
		ECO: s[v[FieldECO]], TimeControl: s[v[FieldTimeControl]], Other: s[v[FieldOther]],
		WhiteElo: int(r.WhiteElo), BlackElo: int(r.BlackElo), Plies: int(r.Plies), HasErrors: r.HasErrors,
	}
}

// Record returns game i (0-based) as the Index keeps it: what Entry gives,
// with the tag values as numbers into Values, for a caller that keeps a
// million games and looks their texts up only when it shows them.
func (ix *Index) Record(i int) Record { return ix.recs[i] }

// Values returns the distinct tag values that entries hold, each once; the
// first is "". A Record's Values are indexes into it. The slice must not be
// changed.
func (ix *Index) Values() []string { return ix.strs }

// Errors returns the syntax errors found while indexing (at most 10,000; the
// games of any others still have HasErrors set).
func (ix *Index) Errors() ErrorList { return ix.errs }

// ReadGame reads game i (0-based) of the file src that the index was built
// from and reports it to v as Reader.ReadGame does. Positions in errors
// refer to the whole file, and the game number is i+1.
func (ix *Index) ReadGame(src io.ReaderAt, i int, v Visitor) error {
	if i < 0 || i >= len(ix.recs) {
		return errors.New("pgn: index: no such game")
	}
	return ix.recs[i].ReadGameIn(src, i+1, ix.cs, v)
}

// ReadGame reads the game of r from src, the file it was indexed from,
// through an io.SectionReader, and reports it to v as Reader.ReadGame
// does. Positions in errors refer to the whole file, and their game number
// is game (1-based).
func (r *Record) ReadGame(src io.ReaderAt, game int, v Visitor) error {
	return r.ReadGameIn(src, game, charset.Unknown, v)
}

// ReadGameIn is ReadGame of a file of charset cs (see Reader.Charset).
func (r *Record) ReadGameIn(src io.ReaderAt, game int, cs charset.Charset, v Visitor) error {
	rd := newReaderSize(io.NewSectionReader(src, r.Offset, int64(r.Length)), min(int(r.Length)+16, 64<<10))
	rd.Charset = cs
	rd.setBase(r.Offset, int(r.Line), int(r.Column), game)
	err := rd.ReadGame(v)
	if err == io.EOF {
		return errors.New("pgn: index: no game at the recorded offset")
	}
	return err
}
