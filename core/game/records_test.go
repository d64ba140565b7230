package game_test

import (
	"testing"

	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/msg"
)

// A recorded event is a comment of its own in English, with its keyed Text
// kept beside it; a clock command in the same comment does not hide it, and
// the closing comment keeps its reason too.
func TestRecords(t *testing.T) {
	g := game.New()
	n, err := g.Root().AddMove(chess.NewMove(chess.E2, chess.E4))
	if err != nil {
		t.Fatal(err)
	}
	ruling := msg.New("Draw claimed by {{.Side}}: incorrect; {{.Other}} {{.Time}}.",
		msg.Color("Side", chess.White), msg.Color("Other", chess.Black), msg.Signed("Time", 60e9))
	n.AppendComment("good move")
	n.AppendRecord(game.Record{Comment: "(=)"})
	n.AppendRecord(game.Record{Comment: "Draw claimed by White: incorrect; Black +1:00", Text: ruling})
	n.SetClock(299e9)
	if got, want := len(n.Comments()), 3; got != want {
		t.Fatalf("comments %q, want %d", n.Comments(), want)
	}
	if len(n.Records()) != 1 {
		t.Fatalf("records %v, want the ruling alone", n.Records())
	}
	var found int
	for _, c := range n.Comments() {
		if r, ok := game.RecordOf(n.Records(), game.CommentText(c)); ok {
			found++
			if r.Text.Key != ruling.Key || r.Text.String() != "Draw claimed by White: incorrect; Black +1:00." {
				t.Errorf("record %+v", r)
			}
		}
	}
	if found != 1 {
		t.Errorf("%d comments found as records in %q, want 1", found, n.Comments())
	}
	n.SetComment("edited")
	if _, ok := game.RecordOf(n.Records(), game.CommentText(n.Comment())); ok {
		t.Error("an edited comment still reads as the record")
	}

	reason := msg.New("{{.Side}} resigns", msg.Color("Side", chess.Black))
	g.SetEndRecord(game.Record{Comment: reason.String(), Text: reason})
	if g.EndComment() != "Black resigns" || len(g.EndRecords()) != 1 || g.EndRecords()[0].Text.Key != reason.Key {
		t.Errorf("end %q %v", g.EndComment(), g.EndRecords())
	}
	g.SetEndRecord(game.Record{Comment: "typed"})
	if len(g.EndRecords()) != 0 {
		t.Errorf("a closing comment without a Text keeps %v", g.EndRecords())
	}
}
