package msg

import (
	"testing"
	"time"

	"touchmove/core/chess"
)

func readerKinds() map[string]Kind {
	return map[string]Kind{"Side": KindColor, "Other": KindColor, "Nth": KindOrdinal, "Time": KindSigned,
		"What": KindText, "Reason": KindText, "Piece": KindPiece, "Square": KindSquare, "Move": KindSAN, CountArg: KindNumber}
}

// A Reader reads a ruling's English back into its key and values: the
// sides, the ordinal, the time with its sign, a nested ruling, a count with
// its One form; the most specific template wins over one that reads any
// text, and what no template reads stays as written inside a free one.
func TestReaderReadsRulingsBack(t *testing.T) {
	illegal := New("Illegal move by {{.Side}} ({{.Nth}})", Color("Side", chess.Black), Ordinal("Nth", 1))
	texts := []Text{
		{Key: "Illegal move by {{.Side}} ({{.Nth}})"},
		{Key: "{{.What}}; {{.Other}} {{.Time}}."},
		{Key: "Arbiter: {{.Side}}'s clock set to {{.Time}}."},
		{Key: "Arbiter: {{.Reason}}"},
		{Key: "Arbiter: touch of the {{.Piece}} on {{.Square}} cancelled as accidental."},
		{Key: "Draw claimed by {{.Side}} with {{.Move}}: incorrect"},
		{Key: "Checkmate"},
		{Key: "Both made {{.Count}} moves.", One: "Both made {{.Count}} move."},
	}
	r := NewReader(texts, map[string]string{"Arbiter: clock of {{.Side}} set to {{.Time}}.": "Arbiter: {{.Side}}'s clock set to {{.Time}}."}, readerKinds())
	for _, want := range []Text{
		New("{{.What}}; {{.Other}} {{.Time}}.", Nested("What", illegal), Color("Other", chess.White), Signed("Time", 2*time.Minute)),
		New("Arbiter: {{.Side}}'s clock set to {{.Time}}.", Color("Side", chess.White), Duration("Time", 80*time.Minute)),
		New("Arbiter: {{.Side}}'s clock set to {{.Time}}.", Color("Side", chess.Black), Signed("Time", -time.Minute)),
		New("Arbiter: {{.Reason}}", Nested("Reason", New("Checkmate"))),
		New("Arbiter: {{.Reason}}", Nested("Reason", Plain("the clock broke down"))),
		New("Arbiter: touch of the {{.Piece}} on {{.Square}} cancelled as accidental.", Piece("Piece", chess.Knight), Square("Square", chess.G1)),
		New("Draw claimed by {{.Side}} with {{.Move}}: incorrect", Color("Side", chess.Black), SAN("Move", "exd8=Q+")),
		Plural("Both made {{.Count}} moves.", "Both made {{.Count}} move.", 1),
		Plural("Both made {{.Count}} moves.", "Both made {{.Count}} move.", 40),
		New("Arbiter: {{.Side}}'s clock set to {{.Time}}.", Color("Side", chess.White), Duration("Time", time.Hour)).Then(New("Illegal move by {{.Side}} ({{.Nth}})", Color("Side", chess.White), Ordinal("Nth", 2))),
	} {
		for _, s := range []string{want.String(), trimStop(want.String())} {
			got, ok := r.Read(s)
			if !ok {
				t.Errorf("%q not read", s)
				continue
			}
			if got.String() != want.String() || got.Key != want.Key || len(got.Args) != len(want.Args) {
				t.Errorf("%q read as %+v, want %+v", s, got, want)
			}
			for i := range got.Args {
				if got.Args[i].Kind != want.Args[i].Kind || got.Args[i].Name != want.Args[i].Name {
					t.Errorf("%q: argument %d is %+v, want %+v", s, i, got.Args[i], want.Args[i])
				}
			}
		}
	}
	if got, ok := r.Read("Arbiter: clock of Black set to 5:00"); !ok || got.Key != "Arbiter: {{.Side}}'s clock set to {{.Time}}." || got.String() != "Arbiter: Black's clock set to 5:00." {
		t.Errorf("a former wording read as %+v, %v", got, ok)
	}
	for _, s := range []string{"Good move", "Illegal move by Green (1st)", "Checkmate. Good move", ""} {
		if got, ok := r.Read(s); ok {
			t.Errorf("%q read as %+v", s, got)
		}
	}
	if u := Unread([]Text{{Key: "{{.Side}} and {{.Colour}}"}}, readerKinds()); len(u) != 1 || u[0] != "Colour" {
		t.Errorf("Unread: %q", u)
	}
}

func trimStop(s string) string {
	if len(s) > 0 && s[len(s)-1] == '.' {
		return s[:len(s)-1]
	}
	return s
}
