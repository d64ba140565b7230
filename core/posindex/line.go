package posindex

import (
	"strconv"
	"strings"

	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

// add appends q's games to ix.
func (ix *Index) add(q *Index) {
	fpBase, excBase, startBase := uint32(len(ix.fp)), uint32(len(ix.exc)), uint32(len(ix.starts))
	ix.fp = append(ix.fp, q.fp...)
	ix.mv = append(ix.mv, q.mv...)
	ix.exc = append(ix.exc, q.exc...)
	ix.starts = append(ix.starts, q.starts...)
	for _, h := range q.games {
		h.off += fpBase
		h.exc += excBase
		if h.start != 0 {
			h.start += startBase
		}
		ix.games = append(ix.games, h)
	}
	ix.unread += q.unread
}

// lineVisitor is the pgn.Visitor that adds each game's main line to out,
// replaying it as pgn.GameBuilder does: the start from the FEN and Variant
// tags, each move read by pgn.ResolveMove, the main line ended by the
// first move that cannot be played, variations skipped.
type lineVisitor struct {
	pgn.NopVisitor
	out      *Index
	setup    game.Tags
	tag      string // the Result tag
	token    string // the result token
	head     gameHead
	pos      chess.Position
	plies    int
	men      int // the men on the board: a capture is a change of it
	started  bool
	reading  bool
	unread   bool
	intern   [4096]string
	startKey map[string]uint32 // start FENs of this part already kept
	at       int64             // where the last game began in the input
}

// BeginGame implements pgn.Visitor.
func (v *lineVisitor) BeginGame(_ int, pos pgn.Pos) pgn.Action {
	v.at = pos.Offset
	v.setup = v.setup[:0]
	v.tag, v.token = "", ""
	v.head = gameHead{off: uint32(len(v.out.fp)), exc: uint32(len(v.out.exc)), mat: noMat}
	v.plies = 0
	v.started, v.reading, v.unread = false, false, false
	return pgn.Continue
}

// Tag implements pgn.Visitor.
func (v *lineVisitor) Tag(name, value []byte, _ pgn.Pos) pgn.Action {
	switch string(name) {
	case "FEN", "Variant":
		v.setup.Set(string(name), cleanValue(value))
	case "Result":
		v.tag = string(value)
	case "WhiteElo":
		v.head.whiteElo = parseElo(value)
	case "BlackElo":
		v.head.blackElo = parseElo(value)
	case "Date":
		v.head.year = parseYear(value)
	}
	return pgn.Continue
}

// cleanValue returns a tag value with control characters as spaces, as
// pgn.GameBuilder keeps it.
func cleanValue(b []byte) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, string(b))
}

// parseElo reads a rating; 0 when it is not a number from 1 to 65535.
func parseElo(b []byte) uint16 {
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || n <= 0 || n > 65535 {
		return 0
	}
	return uint16(n)
}

// parseYear reads the year of a date (2024.05.17, 2024.??.??, 2024); 0 when
// it has none.
func parseYear(b []byte) uint16 {
	b = []byte(strings.TrimSpace(string(b)))
	if len(b) < 4 || len(b) > 4 && b[4] >= '0' && b[4] <= '9' {
		return 0
	}
	n := 0
	for _, c := range b[:4] {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	if n == 0 {
		return 0
	}
	return uint16(n)
}

// EndTags implements pgn.Visitor: it sets up the start position.
func (v *lineVisitor) EndTags(pgn.Pos) pgn.Action {
	if v.begin() {
		return pgn.Continue
	}
	return pgn.Stop
}

// begin sets up the start position once a game; false if it cannot be.
func (v *lineVisitor) begin() bool {
	if v.started {
		return !v.unread
	}
	v.started = true
	if len(v.setup) == 0 {
		v.pos = standardStart
		v.reading = true
		v.head.note(&v.pos)
		v.men = v.pos.Occupied().Count()
		return true
	}
	p, err := game.StartFromTags(v.setup)
	if err != nil && !game.IsStartWarning(err) {
		v.unread = true
		return false
	}
	v.pos = p
	v.reading = true
	v.head.note(&v.pos)
	v.men = v.pos.Occupied().Count()
	if p.RepetitionKey() != standardStart.RepetitionKey() || p.Chess960() {
		sp := newStart(p)
		if v.startKey == nil {
			v.startKey = map[string]uint32{}
		}
		s, ok := v.startKey[sp.fen]
		if !ok {
			v.out.starts = append(v.out.starts, sp)
			s = uint32(len(v.out.starts))
			v.startKey[sp.fen] = s
		}
		v.head.start = s
	}
	return true
}

// text returns the move text as a string, shared with earlier equal texts
// through a small direct-mapped cache, as pgn.GameBuilder does.
func (v *lineVisitor) text(san []byte) string {
	h := uint32(2166136261)
	for _, c := range san {
		h = (h ^ uint32(c)) * 16777619
	}
	slot := &v.intern[h&(uint32(len(v.intern))-1)]
	if *slot != string(san) {
		*slot = string(san)
	}
	return *slot
}

// Move implements pgn.Visitor: it plays a move of the main line.
func (v *lineVisitor) Move(san []byte, _ pgn.Pos) pgn.Action {
	if !v.reading {
		return pgn.Skip
	}
	m, err := pgn.ResolveMove(&v.pos, v.text(san))
	if err != nil || v.plies >= maxPlies {
		v.reading = false
		return pgn.Skip
	}
	code, ok := encodeMove(&v.pos, m)
	if !ok {
		v.out.exc = append(v.out.exc, exception{ply: uint16(v.plies), move: m})
	}
	v.out.fp = append(v.out.fp, fingerprint(v.pos.RepetitionKey()))
	v.out.mv = append(v.out.mv, code)
	v.pos.Play(m)
	if m.Kind() == chess.Promotion || v.pos.Occupied().Count() != v.men { // a capture or a promotion
		v.head.note(&v.pos)
		v.men = v.pos.Occupied().Count()
	}
	v.plies++
	return pgn.Continue
}

// BeginVariation implements pgn.Visitor: variations are not games.
func (v *lineVisitor) BeginVariation(pgn.Pos) pgn.Action { return pgn.Skip }

// Result implements pgn.Visitor.
func (v *lineVisitor) Result(r string, _ pgn.Pos) pgn.Action {
	v.token = r
	return pgn.Continue
}

// EndGame implements pgn.Visitor: it closes the game's main line.
func (v *lineVisitor) EndGame(pgn.Pos) error {
	v.begin()
	if v.unread {
		v.out.fp = v.out.fp[:v.head.off]
		v.out.mv = v.out.mv[:v.head.off]
		v.out.exc = v.out.exc[:v.head.exc]
		v.head.flags |= flagUnread
		v.head.start = 0
		v.out.unread++
	} else {
		key := v.pos.RepetitionKey()
		v.out.fp = append(v.out.fp, fingerprint(key))
		v.out.mv = append(v.out.mv, endFingerprint(key))
	}
	v.head.result = resultOf(v.tag, v.token)
	v.out.games = append(v.out.games, v.head)
	return nil
}

// resultOf returns a game's result as pgn.GameBuilder settles it: the
// result token, else the Result tag.
func resultOf(tag, token string) chess.Result {
	if token != "" {
		r, _ := chess.ParseResult(token)
		return r
	}
	r, _ := chess.ParseResult(tag)
	return r
}
