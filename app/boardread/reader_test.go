package boardread_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"touchmove/app/boardread"
	"touchmove/core/chess"
)

func position(t *testing.T, fen string) chess.Position {
	t.Helper()
	s, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Position()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// play runs a script of field updates on a board that shows the position
// fen, and returns what the reader said, one word per event: "lift e2",
// "back g1", "move e4" (SAN), "promote e8", "differs e2 e4", "agrees",
// "start". Script words: "e2-" lifts e2, "e4+P" places a white pawn on
// e4 ("e4+p" a black one), "~300" waits 300 ms (else 50 ms pass between
// updates), "refuse" is the game refusing the last move said (the reader
// is set back to the position before it), "wait" lets every wait run out.
func play(t *testing.T, fen, script string) string {
	t.Helper()
	pos := position(t, fen)
	at := time.Unix(1000, 0)
	r := boardread.New(pos, pos.Board(), boardread.DefaultTiming())
	var said []string
	game := pos
	var before []chess.Position
	tell := func(evs []boardread.Event) {
		for _, e := range evs {
			switch e.Kind {
			case boardread.Lifted:
				said = append(said, "lift "+e.Square.String())
			case boardread.PutBack:
				said = append(said, "back "+e.Square.String())
			case boardread.Moved:
				said = append(said, "move "+game.SAN(e.Move))
				before = append(before, game)
				game.Play(e.Move)
			case boardread.Promoting:
				said = append(said, "promote "+e.Move.To().String())
			case boardread.Differs:
				w := []string{"differs"}
				for b := e.Squares; b != 0; b &= b - 1 {
					w = append(w, b.First().String())
				}
				said = append(said, strings.Join(w, " "))
			case boardread.Agrees:
				said = append(said, "agrees")
			case boardread.Start:
				said = append(said, "start")
			case boardread.KingsResult:
				said = append(said, "result "+e.Result.String())
			}
		}
	}
	step := 50 * time.Millisecond
	for _, w := range strings.Fields(script) {
		switch {
		case w == "wait":
			at = at.Add(10 * time.Second)
			tell(r.Tick(at))
			continue
		case w == "refuse":
			game = before[len(before)-1]
			before = before[:len(before)-1]
			tell(r.SetPosition(game, at))
			continue
		case w[0] == '~':
			var ms int
			fmt.Sscan(w[1:], &ms)
			at = at.Add(time.Duration(ms) * time.Millisecond)
			tell(r.Tick(at))
			continue
		}
		sq, err := chess.ParseSquare(w[:2])
		if err != nil {
			t.Fatalf("script word %q: %v", w, err)
		}
		p := chess.NoPiece
		if w[2] == '+' {
			l := w[3]
			c := chess.White
			if l >= 'a' {
				c, l = chess.Black, l-'a'+'A'
			}
			p = chess.NewPiece(c, chess.PieceTypeOfLetter(l))
		}
		at = at.Add(step)
		tell(r.Tick(at))
		tell(r.Update(sq, p, at))
		tell(r.SetPosition(game, at)) // the game follows, as the app does
	}
	at = at.Add(10 * time.Second)
	tell(r.Tick(at))
	return strings.Join(said, ", ")
}

const (
	start = chess.StartFEN
	kings = "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1"
	// The kings a step from the centre: Ke4 is a legal move.
	kingsNear = "8/pp6/3k4/8/8/4K3/PP6/8 w - - 0 1"
	castling  = "r3k2r/pppq1ppp/2n2n2/2bpp3/2BPP1b1/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1"
)

func TestRecognition(t *testing.T) {
	tests := []struct {
		name, fen, script, want string
	}{
		{"lift and place", start, "e2- e4+P", "lift e2, move e4"},
		{"a knight", start, "g1- f3+N", "lift g1, move Nf3"},
		{"a piece lifted and put back", start, "g1- g1+N", "lift g1, back g1"},
		{"put back, then another move", start, "g1- g1+N e2- e4+P", "lift g1, back g1, lift e2, move e4"},
		{"capture, own piece lifted first", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
			"e4- d5- d5+P", "lift e4, lift d5, move exd5"},
		{"capture, the captured piece lifted first", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
			"d5- e4- d5+P", "lift d5, lift e4, move exd5"},
		{"castling king first", castling, "e1- g1+K h1- f1+R", "lift e1, lift h1, move O-O"},
		{"castling rook first", castling, "h1- f1+R ~300 e1- g1+K", "lift h1, lift e1, move O-O"},
		{"castling long, king first", castling, "e1- c1+K a1- d1+R", "lift e1, lift a1, move O-O-O"},
		{"a rook moved as for castling, and no king after it", castling, "h1- f1+R ~2000", "lift h1, move Rf1"},
		{"en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
			"e5- f6+P f5-", "lift e5, lift f5, move exf6"},
		{"en passant, the captured pawn first", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
			"f5- e5- f6+P", "lift f5, lift e5, move exf6"},
		{"promotion with the queen placed", "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1", "e7- e8+Q", "lift e7, move e8=Q"},
		{"promotion to a knight", "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1", "e7- e8+N", "lift e7, move e8=N+"},
		{"a pawn placed on the last rank asks", "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1", "e7- e8+P", "lift e7, promote e8"},
		{"the pawn replaced by the queen", "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1", "e7- e8+P e8- e8+Q", "lift e7, move e8=Q"},
		{"capturing promotion", "3r4/4P1k1/8/8/8/8/6K1/8 w - - 0 1", "d8- e7- d8+Q", "lift d8, lift e7, move exd8=Q"},
		{"a piece slid over several squares", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
			"a1- a2+R ~20 a2- a3+R ~20 a3- a4+R ~20 a4- a5+R", "lift a1, move Ra5"},
		{"a slide that rests on the way", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
			"a1- a2+R ~400 a2- a3+R", "lift a1, move Ra2, lift a2, differs a2 a3"},
		{"fast play: the reply lifted at once", start, "e2- e4+P ~10 e7- e5+p", "lift e2, move e4, lift e7, move e5"},
		{"fast play: 0.3 s apart", start, "e2- e4+P ~300 e7- e5+p ~300 g1- f3+N", "lift e2, move e4, lift e7, move e5, lift g1, move Nf3"},
		{"a knocked-over piece", start, "c1- ~1500 c1+B", "lift c1, differs c1, back c1, agrees"},
		{"a wrong square", start, "e2- e5+P", "lift e2, differs e2 e5"},
		{"a wrong square put right", start, "e2- e5+P ~1500 e5- e4+P", "lift e2, differs e2 e5, move e4, agrees"},
		{"an illegal move", start, "e1- e2- e2+K", "lift e1, lift e2, differs e1 e2"},
		{"a move the game refuses is not said again", start, "g1- g1+N e2- e4+P ~300 refuse ~1500", "lift g1, back g1, lift e2, move e4, differs e2 e4"},
		{"the start position set up again", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
			"e4- e2+P", "lift e4, start"},
		{"an opponent's piece lifted", start, "d7- d7+p", "lift d7, back d7"},
		// The result by the kings, as DGT documents it: both on light
		// squares 1-0, both on dark squares 0-1, one on each a draw.
		{"the kings on light squares: 1-0", kings, "e1- e4+K e8- d5+k", "lift e1, lift e8, result 1-0"},
		{"the kings on dark squares: 0-1", kings, "e8- e5+k e1- d4+K", "lift e8, lift e1, result 0-1"},
		{"the kings on one of each: a draw", kings, "e1- e4+K e8- e5+k", "lift e1, lift e8, result 1/2-1/2"},
		{"the kings shown while the board differs", kings, "e1- e4+K ~1500 e8- d5+k", "lift e1, differs e1 e4, lift e8, result 1-0"},
		{"a king's legal step, then the other king: no move", kingsNear, "e3- e4+K d6- d5+k", "lift e3, lift d6, result 1-0"},
		{"a king's step to the centre is a move", kingsNear, "e3- e4+K", "lift e3, move Ke4"},
		{"a king's step to the centre, and the reply", kingsNear, "e3- e4+K d6- c6+k", "lift e3, lift d6, move Ke4, move Kc6"},
		{"kings on the centre briefly are no result", kings, "e1- e4+K e8- d5+k ~500 d5- e8+k", "lift e1, lift e8, differs e1 e4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := play(t, tt.fen, tt.script); got != tt.want {
				t.Errorf("%s\n got: %s\nwant: %s", tt.script, got, tt.want)
			}
		})
	}
}

// A dump that stands two moves on (read after the cable was out) records both.
func TestTwoMovesInOneDump(t *testing.T) {
	pos := chess.StartPosition()
	r := boardread.New(pos, pos.Board(), boardread.DefaultTiming())
	after := position(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
	at := time.Unix(1000, 0)
	r.SetBoard(after.Board(), at)
	evs := r.Tick(at.Add(time.Second))
	if len(evs) != 2 || evs[0].Move.String() != "e2e4" || evs[1].Move.String() != "e7e5" {
		t.Fatalf("events %+v", evs)
	}
	if !r.Agreeing() {
		t.Error("the reader does not follow the moves it said")
	}
}

// A pawn left standing for the promoted piece agrees with the game.
func TestPawnStandsForThePromotedPiece(t *testing.T) {
	pos := position(t, "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1")
	r := boardread.New(pos, pos.Board(), boardread.DefaultTiming())
	at := time.Unix(1000, 0)
	r.Update(chess.E7, chess.NoPiece, at)
	r.Update(chess.E8, chess.WhitePawn, at)
	evs := r.Tick(at.Add(time.Second))
	if len(evs) != 1 || evs[0].Kind != boardread.Promoting {
		t.Fatalf("events %+v", evs)
	}
	q := pos
	q.Play(chess.NewPromotion(chess.E7, chess.E8, chess.Queen))
	r.SetPosition(q, at.Add(time.Second))
	if !r.Agreeing() {
		t.Errorf("the pawn on e8 does not stand for the queen: differs %v", r.Diff())
	}
	if evs := r.Tick(at.Add(time.Minute)); len(evs) != 0 {
		t.Errorf("events %+v", evs)
	}
}

// BenchmarkUpdate measures one field update on a board that differs from
// the position: the worst case, where the reader looks two moves ahead.
func BenchmarkUpdate(b *testing.B) {
	s, _ := chess.ParseFEN(castling)
	pos, _ := s.Position()
	r := boardread.New(pos, pos.Board(), boardread.DefaultTiming())
	at := time.Unix(1000, 0)
	r.Update(chess.A2, chess.NoPiece, at)
	b.ReportAllocs()
	for b.Loop() {
		r.Update(chess.A3, chess.WhitePawn, at)
		r.Update(chess.A3, chess.NoPiece, at)
	}
}

// A move is said with the instant the board came to stand as after it, not
// the instant it is said: the placement, not the next player's lift or the
// end of the wait; a slide is timed where it stopped (issue 45, point 11).
func TestMovedAt(t *testing.T) {
	start := chess.StartPosition()
	t0 := time.Unix(1000, 0)
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }
	type update struct {
		sq chess.Square
		p  chess.Piece
		at int // ms
	}
	tests := []struct {
		name    string
		updates []update
		tick    int // ms; 0: none
		want    int // ms
	}{
		{"said at the end of the wait", []update{{chess.E2, chess.NoPiece, 0}, {chess.E4, chess.WhitePawn, 100}}, 5000, 100},
		{"said at the next player's lift", []update{{chess.E2, chess.NoPiece, 0}, {chess.E4, chess.WhitePawn, 100}, {chess.E7, chess.NoPiece, 3000}}, 0, 100},
		{"a slide, timed where it stopped", []update{{chess.E2, chess.NoPiece, 0}, {chess.E3, chess.WhitePawn, 100}, {chess.E3, chess.NoPiece, 150}, {chess.E4, chess.WhitePawn, 200}}, 5000, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := boardread.New(start, start.Board(), boardread.DefaultTiming())
			var evs []boardread.Event
			for _, u := range tt.updates {
				evs = append(evs, r.Update(u.sq, u.p, ms(u.at))...)
			}
			if tt.tick > 0 {
				evs = append(evs, r.Tick(ms(tt.tick))...)
			}
			for _, e := range evs {
				if e.Kind == boardread.Moved {
					if !e.At.Equal(ms(tt.want)) {
						t.Errorf("move at %v, want %v", e.At.Sub(t0), time.Duration(tt.want)*time.Millisecond)
					}
					return
				}
			}
			t.Fatalf("no move said: %v", evs)
		})
	}
}
