package msg_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// Every kind of argument has its English rendering.
func TestString(t *testing.T) {
	for _, tc := range []struct {
		text msg.Text
		want string
	}{
		{msg.New("You touched the {{.Piece}} on {{.Square}}: it must move.", msg.Piece("Piece", chess.Knight), msg.Square("Square", chess.G1)),
			"You touched the knight on g1: it must move."},
		{msg.New("{{.Side}} resigns", msg.Color("Side", chess.Black)), "Black resigns"},
		{msg.New("Arbiter: {{.Side}}'s clock set to {{.Time}}.", msg.Color("Side", chess.White), msg.Duration("Time", 95*time.Minute+3*time.Second)),
			"Arbiter: White's clock set to 1:35:03."},
		{msg.New("{{.Other}} {{.Time}}", msg.Color("Other", chess.Black), msg.Signed("Time", 2*time.Minute)), "Black +2:00"},
		{msg.New("{{.Other}} {{.Time}}", msg.Color("Other", chess.Black), msg.Signed("Time", -time.Minute)), "Black -1:00"},
		{msg.New("Illegal move ({{.Nth}})", msg.Ordinal("Nth", 2)), "Illegal move (2nd)"},
		{msg.New("({{.Nth}})", msg.Ordinal("Nth", 11)), "(11th)"},
		{msg.New("{{.Move}} is completed.", msg.SAN("Move", "Nf3")), "Nf3 is completed."},
		{msg.New("The game is over: {{.Reason}}.", msg.Nested("Reason", msg.New("Checkmate"))), "The game is over: Checkmate."},
		{msg.Plural("made {{.Count}} moves.", "made {{.Count}} move.", 1), "made 1 move."},
		{msg.Plural("made {{.Count}} moves.", "made {{.Count}} move.", 2), "made 2 moves."},
		{msg.Plain("a {{.Text}} as typed"), "a {{.Text}} as typed"},
		{msg.New("That move is illegal.").Then(msg.Text{}, msg.New("You touched the {{.Piece}}.", msg.Piece("Piece", chess.Rook))),
			"That move is illegal. You touched the rook."},
		{msg.Text{}.Then(msg.New("Alone.")), "Alone."},
		{msg.New("{{.Missing}} stays"), "{{.Missing}} stays"},
		{msg.Text{}, ""},
	} {
		if got := tc.text.String(); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.text.Key, got, tc.want)
		}
	}
}

// Then never writes into the sentences of the Text it extends.
func TestThenShares(t *testing.T) {
	base := msg.New("A.").Then(msg.New("B."))
	x := base.Then(msg.New("C."))
	y := base.Then(msg.New("D."))
	if x.String() != "A. B. C." || y.String() != "A. B. D." || base.String() != "A. B." {
		t.Fatalf("%q %q %q", x, y, base)
	}
}

// A Text survives the crash journal's JSON with its kinds.
func TestJSONRoundTrip(t *testing.T) {
	in := msg.New("{{.What}}; {{.Other}} {{.Time}}.",
		msg.Nested("What", msg.New("Illegal move by {{.Side}} ({{.Nth}})", msg.Color("Side", chess.White), msg.Ordinal("Nth", 1))),
		msg.Color("Other", chess.Black), msg.Signed("Time", 2*time.Minute)).Then(msg.New("You touched the {{.Piece}} on {{.Square}}: it must move.", msg.Piece("Piece", chess.Knight), msg.Square("Square", chess.A1)))
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out msg.Text
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if out.String() != in.String() {
		t.Fatalf("%q after JSON, want %q", out, in)
	}
}

// A refusal returned as an error keeps its Text through wrapping.
func TestErr(t *testing.T) {
	x := msg.New("{{.Side}}'s clock is not running.", msg.Color("Side", chess.Black))
	err := fmt.Errorf("press: %w", x.Err())
	if err.Error() != "press: Black's clock is not running." {
		t.Fatalf("%q", err)
	}
	if got := msg.TextOf(err); got.Key != x.Key {
		t.Fatalf("TextOf: %q", got.Key)
	}
	if got := msg.TextOf(errors.New("disk full")); got.Key != msg.Verbatim || got.String() != "disk full" {
		t.Fatalf("TextOf plain: %+v", got)
	}
	if (msg.Text{}).Err() != nil || !msg.TextOf(nil).IsZero() {
		t.Fatal("a zero Text is no error")
	}
}
