package posindex

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"testing"

	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/pgn"
	"touchmove/internal/corpus"
)

// refGame is a game as a straightforward replay with the Reader and
// pgn.GameBuilder has it.
type refGame struct {
	unread bool
	start  chess.Position
	keys   []uint64 // the position before each move and after the last
	moves  []chess.Move
	result chess.Result
}

// reference replays every game of data with the Reader and GameBuilder.
func reference(t *testing.T, data []byte) []refGame {
	t.Helper()
	rd := pgn.NewReader(bytes.NewReader(data))
	var out []refGame
	for {
		b := pgn.NewGameBuilder()
		err := rd.ReadGame(b)
		if err == io.EOF {
			break
		}
		var list pgn.ErrorList
		if err != nil && !errors.As(err, &list) {
			t.Fatal(err)
		}
		g := b.Game()
		var r refGame
		if _, err := game.StartFromTags(g.Tags); err != nil && !game.IsStartWarning(err) {
			r.unread = true
			out = append(out, r)
			continue
		}
		p := g.Start()
		r.start = p
		r.keys = append(r.keys, p.RepetitionKey())
		for n := range g.MainLine() {
			r.moves = append(r.moves, n.Move())
			p.Play(n.Move())
			r.keys = append(r.keys, p.RepetitionKey())
		}
		r.result = g.Result()
		out = append(out, r)
	}
	return out
}

// refHits returns, for each position key, the games that reach it at their
// first arrival, in file order.
func refHits(ref []refGame) map[uint64][]Hit {
	hits := map[uint64][]Hit{}
	for g, r := range ref {
		seen := map[uint64]bool{}
		for ply, k := range r.keys {
			if seen[k] {
				continue
			}
			seen[k] = true
			m := chess.NoMove
			if ply < len(r.moves) {
				m = r.moves[ply]
			}
			hits[k] = append(hits[k], Hit{Game: g, Ply: ply, Move: m})
		}
	}
	return hits
}

var corpora = []string{"pgn/features_6k.pgn.gz", "pgn/lichess_annotated_1k.pgn.gz"}

// TestIndexMatchesReplay holds the index, its tree and its search to a
// replay of every game of the reference corpora with the Reader, position
// by position.
func TestIndexMatchesReplay(t *testing.T) {
	for _, name := range corpora {
		t.Run(name, func(t *testing.T) {
			data := corpus.Read(t, name)
			ref := reference(t, data)
			ix, err := BuildFile(context.Background(), bytes.NewReader(data), int64(len(data)), Options{ChunkBytes: 64 << 10}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if ix.Len() != len(ref) {
				t.Fatalf("%d games indexed, the Reader reads %d", ix.Len(), len(ref))
			}
			unread := 0
			for g, r := range ref {
				if r.unread {
					unread++
					if ix.Plies(g) != -1 {
						t.Errorf("game %d: cannot be set up, but has %d plies", g+1, ix.Plies(g))
					}
					continue
				}
				if got := ix.Result(g); got != r.result {
					t.Errorf("game %d: result %v, want %v", g+1, got, r.result)
				}
				var keys []uint64
				ix.replay(g, -1, func(_ int, p *chess.Position, _ chess.Move) bool {
					keys = append(keys, p.RepetitionKey())
					return true
				})
				if !slices.Equal(keys, r.keys) || !slices.Equal(ix.Moves(g), r.moves) {
					t.Fatalf("game %d: the index replays %d positions %v, the Reader %d %v", g+1, len(keys), ix.Moves(g), len(r.keys), r.moves)
				}
				for _, n := range []int{0, 1, 5, 36} {
					if got, want := ix.Line(g, n), r.moves[:min(n, len(r.moves))]; !slices.Equal(got, want) {
						t.Fatalf("game %d: Line(%d) %v, want %v", g+1, n, got, want)
					}
				}
			}
			if ix.Unread() != unread {
				t.Errorf("%d games left out, want %d", ix.Unread(), unread)
			}
			want := refHits(ref)
			// Every position of every 40th game, and the start.
			queried := map[uint64]bool{}
			for g := 0; g < len(ref); g += 40 {
				if ref[g].unread {
					continue
				}
				p := ix.Start(g)
				for ply := 0; ; ply++ {
					k := p.RepetitionKey()
					if !queried[k] {
						queried[k] = true
						got := ix.Find(&p, nil)
						if !slices.Equal(got, want[k]) {
							t.Fatalf("game %d ply %d %s: found %d games %v, the replay %d %v", g+1, ply, p.FEN(), len(got), head(got), len(want[k]), head(want[k]))
						}
						checkTree(t, ix, &p, want[k], ref)
					}
					if ply == len(ref[g].moves) {
						break
					}
					p.Play(ref[g].moves[ply])
				}
			}
			t.Logf("%d games, %d positions, %d positions queried", ix.Len(), ix.Positions(), len(queried))
		})
	}
}

func head(h []Hit) []Hit { return h[:min(len(h), 5)] }

// checkTree holds the tree of p to the reference hits.
func checkTree(t *testing.T, ix *Index, p *chess.Position, hits []Hit, ref []refGame) {
	t.Helper()
	tr := ix.Tree(p, nil)
	byMove := map[chess.Move]Row{}
	for _, h := range hits {
		r := byMove[h.Move]
		r.Games++
		switch ref[h.Game].result {
		case chess.WhiteWins:
			r.WhiteWins++
		case chess.Draw:
			r.Draws++
		case chess.BlackWins:
			r.BlackWins++
		}
		byMove[h.Move] = r
	}
	if len(tr.Rows) != len(byMove) || tr.Total.Games != len(hits) {
		t.Fatalf("%s: tree of %d rows, %d games; want %d rows, %d games", p.FEN(), len(tr.Rows), tr.Total.Games, len(byMove), len(hits))
	}
	for i, r := range tr.Rows {
		w := byMove[r.Move]
		if r.Games != w.Games || r.WhiteWins != w.WhiteWins || r.Draws != w.Draws || r.BlackWins != w.BlackWins {
			t.Errorf("%s: row %s %+v, want %+v", p.FEN(), r.SAN, r, w)
		}
		if i > 0 && tr.Rows[i-1].Games < r.Games {
			t.Errorf("%s: rows not sorted by games", p.FEN())
		}
	}
}

// TestMoveCodes checks that every move of every legal move list of the
// corpora's positions decodes to itself.
func TestMoveCodes(t *testing.T) {
	data := corpus.Read(t, "pgn/lichess_annotated_1k.pgn.gz")
	ref := reference(t, data)
	n := 0
	for _, r := range ref[:200] {
		p := chess.StartPosition()
		for _, m := range r.moves {
			for _, l := range p.LegalMoves() {
				c, ok := encodeMove(&p, l)
				if !ok {
					continue
				}
				n++
				if got := decodeMove(&p, c); got != l {
					t.Fatalf("%s: %s coded %#x decodes as %s", p.FEN(), l, c, got)
				}
			}
			p.Play(m)
		}
	}
	if n == 0 {
		t.Fatal("no move coded")
	}
}
