package library

import (
	"slices"

	"touchmove/core/pgn"
)

// Records are kept in fixed blocks: growing the list never copies them, and
// a snapshot shares the blocks with the indexer, which only writes records
// beyond the snapshot's count.
const (
	blockShift = 14
	blockSize  = 1 << blockShift
)

// recordBlock is a block of records.
type recordBlock [blockSize]pgn.Record

// libSnapshot is the list as the indexer last published it. Its slices are
// prefixes of the indexer's, which only ever appends.
type libSnapshot struct {
	n      int
	blocks []*recordBlock
	strs   []string // tag values by number; 0 is ""
	lower  []string // the same, lower-cased
	bad    []badGame
}

// badGame is the first problem of a bad game.
type badGame struct {
	game int
	err  *pgn.SyntaxError
}

// rec returns the record of game i.
func (s *libSnapshot) rec(i int) *pgn.Record { return &s.blocks[i>>blockShift][i&(blockSize-1)] }

// each calls f for the records of games [0, n) in order.
func (s *libSnapshot) each(f func(i int, r *pgn.Record)) {
	for b, blk := range s.blocks {
		base := b << blockShift
		m := min(blockSize, s.n-base)
		for j := 0; j < m; j++ {
			f(base+j, &blk[j])
		}
	}
}

// badErr returns the first problem of game i, or nil.
func (s *libSnapshot) badErr(i int) *pgn.SyntaxError {
	k, ok := slices.BinarySearchFunc(s.bad, i, func(b badGame, i int) int { return b.game - i })
	if !ok {
		return nil
	}
	return s.bad[k].err
}

// entry returns game i as listed.
func (s *libSnapshot) entry(i int) Entry {
	r := s.rec(i)
	e := Entry{
		Index: i, Offset: r.Offset, Length: int64(r.Length), Line: int(r.Line), Column: int(r.Column),
		Event: s.value(r, pgn.FieldEvent), Site: s.value(r, pgn.FieldSite), Date: s.value(r, pgn.FieldDate),
		Round: s.value(r, pgn.FieldRound), White: s.value(r, pgn.FieldWhite), Black: s.value(r, pgn.FieldBlack),
		Result: r.Result.String(), ECO: s.value(r, pgn.FieldECO), TimeControl: s.value(r, pgn.FieldTimeControl),
		WhiteElo: int(r.WhiteElo), BlackElo: int(r.BlackElo), Plies: int(r.Plies), Bad: r.HasErrors,
	}
	if r.HasErrors {
		e.Err = s.badErr(i)
	}
	return e
}

// value returns the text of field f of record r.
func (s *libSnapshot) value(r *pgn.Record, f int) string { return s.strs[r.Values[f]] }
