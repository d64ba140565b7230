package arbiter_test

import (
	"slices"
	"strings"
	"testing"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// newArbiter returns an Arbiter for fen ("" for the start position).
func newArbiter(t testing.TB, fen string, mode arbiter.Rules, s arbiter.Settings) *arbiter.Arbiter {
	t.Helper()
	pos := chess.StartPosition()
	if fen != "" {
		p, err := chess.FromFEN(fen)
		if err != nil {
			t.Fatalf("FromFEN(%q): %v", fen, err)
		}
		pos = p
	}
	a, err := arbiter.New(pos, nil, mode, s)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return a
}

// want checks the kind of d and returns it.
func want(t testing.TB, d arbiter.Decision, k arbiter.Kind) arbiter.Decision {
	t.Helper()
	if d.Kind != k {
		t.Fatalf("decision %v (%q), want %v", d.Kind, d.Reason.String(), k)
	}
	return d
}

// wantReason checks that d has kind k and a reason containing part.
func wantReason(t testing.TB, d arbiter.Decision, k arbiter.Kind, part string) arbiter.Decision {
	t.Helper()
	want(t, d, k)
	if !strings.Contains(d.Reason.String(), part) {
		t.Fatalf("reason %q does not contain %q", d.Reason.String(), part)
	}
	return d
}

// parse reads a SAN move in a's current position.
func parse(t testing.TB, a *arbiter.Arbiter, san string) chess.Move {
	t.Helper()
	pos := a.Position()
	m, err := pos.ParseSAN(san)
	if err != nil {
		t.Fatalf("ParseSAN(%q) in %s: %v", san, pos.FEN(), err)
	}
	return m
}

// dropSquare is where a player releases the moving piece for m: the king's
// destination for castling unless it is next to the king (Chess960), then
// the rook.
func dropSquare(m chess.Move) chess.Square {
	if !m.IsCastling() {
		return m.To()
	}
	if d := m.From().File() - m.KingTo().File(); d >= 2 || d <= -2 {
		return m.KingTo()
	}
	return m.To()
}

// makeMove touches and releases the piece of m (and promotes), returning
// the last decision (Moved or Ended when all goes well).
func makeMove(t testing.TB, a *arbiter.Arbiter, m chess.Move) arbiter.Decision {
	t.Helper()
	want(t, a.Touch(a.Turn(), m.From()), arbiter.Accepted)
	d := a.Release(m.From(), dropSquare(m))
	if d.Kind == arbiter.NeedsPromotion {
		d = a.Promote(m.Promotion())
	}
	return d
}

// play plays the SAN moves through the API: touch, release, promote, press.
// It stops at a game-ending move and returns the last decision.
func play(t testing.TB, a *arbiter.Arbiter, sans ...string) arbiter.Decision {
	t.Helper()
	var d arbiter.Decision
	for _, san := range sans {
		by := a.Turn()
		d = makeMove(t, a, parse(t, a, san))
		if d.Kind == arbiter.Ended {
			return d
		}
		wantMoved(t, d, san)
		d = want(t, a.Press(by), arbiter.Completed)
	}
	return d
}

// wantMoved checks that d put the move san on the board, not yet completed,
// and returns d.
func wantMoved(t testing.TB, d arbiter.Decision, san string) arbiter.Decision {
	t.Helper()
	want(t, d, arbiter.Moved)
	if d.SAN != san {
		t.Fatalf("SAN %q, want %q", d.SAN, san)
	}
	return d
}

// wantDests checks that the touched piece of d may be released on each of
// sqs (and maybe elsewhere).
func wantDests(t testing.TB, d arbiter.Decision, sqs ...chess.Square) {
	t.Helper()
	for _, sq := range sqs {
		if !slices.Contains(d.Dests, sq) {
			t.Fatalf("dests %v lack %v", d.Dests, sq)
		}
	}
}

// wantAllowed checks that the allowed moves are exactly the SAN moves.
func wantAllowed(t testing.TB, a *arbiter.Arbiter, d arbiter.Decision, sans ...string) {
	t.Helper()
	pos := a.Position()
	var got []string
	for _, m := range d.Allowed {
		got = append(got, pos.SAN(m))
	}
	slices.Sort(got)
	sans = slices.Clone(sans)
	slices.Sort(sans)
	if !slices.Equal(got, sans) {
		t.Fatalf("allowed %v, want %v", got, sans)
	}
}

// lastEvent returns the last logged event of kind k.
func lastEvent(t testing.TB, a *arbiter.Arbiter, k arbiter.EventKind) arbiter.Event {
	t.Helper()
	evs := a.Events()
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Kind == k {
			return evs[i]
		}
	}
	t.Fatalf("no %v event in %v", k, evs)
	return arbiter.Event{}
}

// wantClock checks the clock actions of d.
func wantClock(t testing.TB, d arbiter.Decision, acts ...arbiter.ClockAction) {
	t.Helper()
	if !slices.Equal(d.Clock, acts) {
		t.Fatalf("clock actions %v, want %v", d.Clock, acts)
	}
}

// wantOutcome checks the result and termination of a finished game.
func wantOutcome(t testing.TB, a *arbiter.Arbiter, result, termination string) arbiter.Outcome {
	t.Helper()
	o := a.Outcome()
	if o.Result.String() != result || o.Termination != termination || !a.Over() {
		t.Fatalf("outcome %+v, want %s (%s)", o, result, termination)
	}
	return o
}

// ending is what a game's end that stops the clocks must show: the result
// and termination, the outcome's reason and article, and the comment of the
// last event of its kind.
type ending struct {
	result, termination string
	reason, article     string
	event               arbiter.EventKind
	comment             string
}

// wantEnded checks that d ended the game of a as e says, with the clocks
// stopped.
func wantEnded(t testing.TB, a *arbiter.Arbiter, d arbiter.Decision, e ending) {
	t.Helper()
	want(t, d, arbiter.Ended)
	wantClock(t, d, arbiter.ClockAction{Kind: arbiter.ClockStop})
	o := wantOutcome(t, a, e.result, e.termination)
	if o.Reason.String() != e.reason || o.Article != e.article {
		t.Fatalf("outcome %+v, want %q under article %s", o, e.reason, e.article)
	}
	if c := lastEvent(t, a, e.event).Comment; c != e.comment {
		t.Fatalf("comment %q, want %q", c, e.comment)
	}
}
