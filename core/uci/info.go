package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"touchmove/core/chess"
)

// Score is an engine's score from the point of view of the side to move.
type Score struct {
	// Mate is true for a forced mate in Moves moves: positive when the side
	// to move mates, negative when it is mated (0: mated already).
	Mate  bool
	Moves int
	// Centipawns is the score in hundredths of a pawn when Mate is false.
	Centipawns int
	// Lower and Upper say that the score is only a bound: the real score is
	// at least (Lower) or at most (Upper) this one.
	Lower, Upper bool
}

// Negate returns the score from the other side's point of view; a lower
// bound becomes an upper bound.
func (s Score) Negate() Score {
	return Score{Mate: s.Mate, Moves: -s.Moves, Centipawns: -s.Centipawns, Lower: s.Upper, Upper: s.Lower}
}

// String returns "+1.23", "-0.40", "#5" or "#-3", with "≥"/"≤" before a bound.
func (s Score) String() string {
	var b string
	switch {
	case s.Lower:
		b = "≥"
	case s.Upper:
		b = "≤"
	}
	if s.Mate {
		return b + "#" + strconv.Itoa(s.Moves)
	}
	cp := s.Centipawns
	sign := "+"
	if cp < 0 {
		sign, cp = "-", -cp
	}
	return fmt.Sprintf("%s%s%d.%02d", b, sign, cp/100, cp%100)
}

// WDL is the engine's estimate, in permille, of win, draw and loss for the
// side to move.
type WDL struct{ Win, Draw, Loss int }

// Info is one "info" line. Fields the line lacks are zero; Has says which
// of the optional ones came.
type Info struct {
	Depth, SelDepth int
	MultiPV         int // 1-based; 1 when the engine does not say
	Score           Score
	WDL             WDL
	Nodes, NPS      int64
	TBHits          int64
	HashFull        int // permille
	CPULoad         int // permille
	Time            time.Duration
	// PV is the principal variation as the engine wrote it (UCI moves).
	PV []string
	// Moves and SAN are PV read in the searched position; the Engine fills
	// them, and drops an Info whose PV is not legal there.
	Moves []chess.Move
	SAN   []string
	// CurrMove is the move being searched, CurrMoveNumber its rank (1-based).
	CurrMove       string
	CurrMoveNumber int
	Refutation     []string
	CurrLine       []string
	// String is the free text of "info string …".
	String string
	Has    Has
}

// Has flags the optional fields an Info line carried.
type Has uint16

// The optional fields of an info line.
const (
	HasDepth Has = 1 << iota
	HasScore
	HasWDL
	HasNodes
	HasNPS
	HasTime
	HasHashFull
	HasPV
	HasCurrMove
)

// intField maps the integer fields of an info line to where they go.
func (in *Info) intField(key string) (*int64, *int, Has) {
	switch key {
	case "depth":
		return nil, &in.Depth, HasDepth
	case "seldepth":
		return nil, &in.SelDepth, 0
	case "multipv":
		return nil, &in.MultiPV, 0
	case "nodes":
		return &in.Nodes, nil, HasNodes
	case "nps":
		return &in.NPS, nil, HasNPS
	case "tbhits":
		return &in.TBHits, nil, 0
	case "hashfull":
		return nil, &in.HashFull, HasHashFull
	case "cpuload":
		return nil, &in.CPULoad, 0
	case "currmovenumber":
		return nil, &in.CurrMoveNumber, 0
	case "sbhits":
		return new(int64), nil, 0
	}
	return nil, nil, 0
}

// ParseInfo reads an "info …" line. Unknown fields are skipped; a field
// whose value is malformed is an error, and so is a line that is not info.
func ParseInfo(line string) (Info, error) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return Info{}, fmt.Errorf("uci: not an info line: %q", line)
	}
	in := Info{MultiPV: 1}
	bad := func(what string) (Info, error) {
		return Info{}, fmt.Errorf("uci: info line %q: bad %s", clip(line), what)
	}
	num := func(i int) (int64, bool) {
		if i >= len(f) {
			return 0, false
		}
		n, err := strconv.ParseInt(f[i], 10, 64)
		return n, err == nil
	}
	for i := 1; i < len(f); {
		key := f[i]
		i++
		if p64, p, has := in.intField(key); p64 != nil || p != nil {
			n, ok := num(i)
			if !ok || n < 0 {
				return bad(key)
			}
			if p64 != nil {
				*p64 = n
			} else {
				*p = int(n)
			}
			in.Has |= has
			i++
			continue
		}
		switch key {
		case "time":
			n, ok := num(i)
			if !ok || n < 0 {
				return bad(key)
			}
			in.Time = time.Duration(n) * time.Millisecond
			in.Has |= HasTime
			i++
		case "score":
			if i+1 >= len(f) {
				return bad(key)
			}
			n, ok := num(i + 1)
			if !ok {
				return bad(key)
			}
			switch f[i] {
			case "cp":
				in.Score = Score{Centipawns: int(n)}
			case "mate":
				in.Score = Score{Mate: true, Moves: int(n)}
			default:
				return bad(key)
			}
			i += 2
			for i < len(f) && (f[i] == "lowerbound" || f[i] == "upperbound") {
				in.Score.Lower = in.Score.Lower || f[i] == "lowerbound"
				in.Score.Upper = in.Score.Upper || f[i] == "upperbound"
				i++
			}
			in.Has |= HasScore
		case "wdl":
			var w [3]int64
			for k := range w {
				n, ok := num(i + k)
				if !ok || n < 0 {
					return bad(key)
				}
				w[k] = n
			}
			in.WDL = WDL{int(w[0]), int(w[1]), int(w[2])}
			in.Has |= HasWDL
			i += 3
		case "currmove":
			if i >= len(f) {
				return bad(key)
			}
			in.CurrMove = f[i]
			in.Has |= HasCurrMove
			i++
		case "pv", "refutation", "currline":
			j := i
			if key == "currline" {
				if _, ok := num(j); ok { // an optional CPU number
					j++
				}
			}
			k := j
			for k < len(f) && isMoveText(f[k]) {
				k++
			}
			moves := f[j:k]
			if k < len(f) && !infoKeywords[f[k]] {
				return bad(key + " (" + f[k] + ")")
			}
			switch key {
			case "pv":
				in.PV = moves
				in.Has |= HasPV
			case "refutation":
				in.Refutation = moves
			case "currline":
				in.CurrLine = moves
			}
			i = k
		case "string":
			in.String = strings.Join(f[i:], " ")
			i = len(f)
		}
	}
	return in, nil
}

// infoKeywords are the fields of an info line.
var infoKeywords = map[string]bool{
	"depth": true, "seldepth": true, "time": true, "nodes": true, "pv": true, "multipv": true,
	"score": true, "currmove": true, "currmovenumber": true, "hashfull": true, "nps": true,
	"tbhits": true, "sbhits": true, "cpuload": true, "string": true, "refutation": true,
	"currline": true, "wdl": true,
}

// isMoveText reports whether s looks like a move in UCI notation: e2e4,
// e7e8q or 0000. It is how a PV's end is found.
func isMoveText(s string) bool {
	if s == "0000" {
		return true
	}
	if len(s) != 4 && (len(s) != 5 || !strings.ContainsRune("qrbn", rune(s[4]))) {
		return false
	}
	return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' &&
		s[2] >= 'a' && s[2] <= 'h' && s[3] >= '1' && s[3] <= '8'
}

// ReadPV plays the UCI moves of pv from pos and returns them with their SAN.
// The error names the first move that is not legal.
func ReadPV(pos chess.Position, pv []string) ([]chess.Move, []string, error) {
	moves := make([]chess.Move, 0, len(pv))
	san := make([]string, 0, len(pv))
	for i, s := range pv {
		m, err := pos.ParseUCI(s)
		if err != nil || m == chess.NullMove {
			return nil, nil, fmt.Errorf("uci: move %d of the pv, %q, is not legal in %s", i+1, s, pos.FEN())
		}
		san = append(san, pos.SAN(m))
		moves = append(moves, m)
		pos.Play(m)
	}
	return moves, san, nil
}

// clip shortens s for an error message.
func clip(s string) string {
	const n = 120
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
