package ui

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/msg"
	"touchmove/ui/notation"
)

// sampleArg returns a value for the placeholder name of a message, of the
// kind writtenText reads it as.
func sampleArg(t *testing.T, name string) msg.Arg {
	t.Helper()
	switch k := writtenKinds()[name]; k {
	case msg.KindColor:
		if name == "Side" {
			return msg.Color(name, chess.Black)
		}
		return msg.Color(name, chess.White)
	case msg.KindPiece:
		if name == "Target" {
			return msg.Piece(name, chess.Bishop)
		}
		return msg.Piece(name, chess.Knight)
	case msg.KindSquare:
		if name == "TargetSquare" {
			return msg.Square(name, chess.F3)
		}
		return msg.Square(name, chess.G1)
	case msg.KindNumber:
		return msg.Number(name, 45)
	case msg.KindOrdinal:
		return msg.Ordinal(name, 2)
	case msg.KindSAN:
		return msg.SAN(name, "Nf3")
	case msg.KindSigned:
		return msg.Signed(name, 2*time.Minute)
	case msg.KindText:
		if name == "Error" {
			return msg.Nested(name, msg.Plain("the pipe broke"))
		}
		return msg.Nested(name, msg.New("{{.Side}} resigns", msg.Color("Side", chess.White)))
	case msg.KindWord:
		return msg.Word(name, "comment")
	case msg.KindString:
		return msg.String(name, map[string]string{"Article": "4.3.1", "Engine": "Stockfish 15.1", "Result": "1-0",
			"Squares": "e2, e4", "Value": "2-0"}[name]+"x")
	default:
		t.Fatalf("placeholder %q has no kind in writtenKinds (%v)", name, k)
	}
	return msg.Arg{}
}

// Every message the rules and the session can write into a score is read
// back from its English, as the file keeps it (a comment has no final
// period), into the same message and values, and so is said in Russian and
// Slovak as the game being played says it (issue 50, point 1). The
// messages are enumerated from app.Messages and arbiter.Messages, a
// superset of the notes the arbiter writes (arbiter.Event.Note).
func TestEveryRulingReadBack(t *testing.T) {
	if u := msg.Unread(writtenMessages(), writtenKinds()); len(u) > 0 {
		t.Fatalf("placeholders writtenText cannot read: %q", u)
	}
	for _, locale := range []string{"ru_RU.UTF-8", "sk_SK.UTF-8"} {
		inLanguage(t, locale)
		wd := &words{san: pieceLetters("", locale[:2])}
		for _, m := range writtenMessages() {
			for _, n := range []int{1, 3} {
				orig := msg.Text{Key: m.Key, One: m.One}
				for _, name := range msg.Placeholders(m.Key) {
					a := sampleArg(t, name)
					if name == msg.CountArg {
						a = msg.Number(name, n)
					}
					orig.Args = append(orig.Args, a)
				}
				english := strings.TrimSuffix(orig.String(), ".")
				read, ok := wd.writtenText(english)
				if !ok {
					t.Errorf("%q is not read back", english)
					continue
				}
				if read.String() != orig.String() {
					t.Errorf("%q read as %q", english, read.String())
				}
				want := strings.TrimSuffix(wd.say(orig), ".")
				if got := wd.say(msg.Plain(english)); got != want {
					t.Errorf("%s: %q said %q, want %q", locale, english, got, want)
				}
				if m.One == "" {
					break
				}
			}
		}
	}
}

// The rulings as the app writes them into scores today, in
// testdata/rulings.txt with how a Russian window says them, stay read
// whatever the messages' wording becomes: a message reworded keeps its old
// template in formerWordings, or this test fails.
func TestRulingsWrittenTodayStayRead(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	wd := &words{san: pieceLetters("", "ru")}
	f, err := os.Open("testdata/rulings.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc, n := bufio.NewScanner(f), 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		english, russian, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("rulings.txt: %q has no tab", line)
		}
		n++
		if got := wd.say(msg.Plain(english)); got != russian {
			t.Errorf("%q said %q, want %q", english, got, russian)
		}
	}
	if n < 10 {
		t.Errorf("only %d rulings in rulings.txt", n)
	}
}

// A game reopened from a file shows the arbiter's rulings in the window's
// language in the notation, as the game being played did; the game keeps
// its English (issue 50, point 1).
func TestReopenedRulingsInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := newTestWindow(t)
	pgn := "[Result \"*\"]\n\n1. e4 {Illegal move by Black (1st); White +2:00} e5 {Arbiter: White's clock set to 1:20:00} 2. Nf3 {Draw claimed by Black: incorrect; White +2:00} {Good move} *\n"
	g, _, err := store.FirstGame([]byte(pgn))
	if err != nil {
		t.Fatal(err)
	}
	w.session.Load(g, "", 0)
	w.session.Last()
	w.refresh()
	shown := notationComments(w)
	for _, want := range []string{"Невозможный ход чёрных (1-й); белым +2:00", "Арбитр: на часах белых выставлено 1:20:00",
		"Чёрные потребовали ничью: требование неверно; белым +2:00"} {
		if !slices.Contains(shown, want) && !slices.ContainsFunc(shown, func(s string) bool { return strings.Contains(s, want) }) {
			t.Errorf("the notation shows %q, want %q among them", shown, want)
		}
	}
	if !slices.ContainsFunc(shown, func(s string) bool { return strings.Contains(s, "Good move") }) {
		t.Errorf("a player's comment is not shown as written: %q", shown)
	}
	if c := w.session.Game().Root().Children()[0].Comment(); !strings.Contains(c, "Illegal move by Black (1st)") {
		t.Errorf("the game's comment became %q", c)
	}
}

// notationComments returns the comments the notation shows.
func notationComments(w *Window) []string {
	var shown []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *notation.CommentToken:
			shown = append(shown, o.Text())
		case *fyne.Container:
			for _, c := range o.Objects {
				walk(c)
			}
		}
	}
	for _, o := range w.notation.Objects() {
		walk(o)
	}
	return shown
}

// The engine's hint in the score and the engine's name in the players'
// header are in the window's language and piece letters, in a game
// reopened from a file (issue 50, point 2).
func TestHintAndEngineInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := newTestWindow(t)
	pgn := "[White \"Stockfish 15.1 (level 3)\"]\n[Black \"Stockfish (Elo 1500)\"]\n[Result \"*\"]\n\n1. e4 e5 {Hint: Nf3} *\n"
	g, _, err := store.FirstGame([]byte(pgn))
	if err != nil {
		t.Fatal(err)
	}
	w.session.Load(g, "", 0)
	w.session.Last()
	w.refresh()
	if shown := notationComments(w); !slices.Contains(shown, "Подсказка: Кf3") {
		t.Errorf("the notation shows %q, want Подсказка: Кf3", shown)
	}
	names := w.players.top.name.Text + " | " + w.players.bottom.name.Text
	for _, want := range []string{"Stockfish 15.1 (уровень 3)", "Stockfish (Эло 1500)"} {
		if !strings.Contains(names, want) {
			t.Errorf("the players' header says %q, want %q", names, want)
		}
	}
}

// writtenMessages are the messages the rules and the session can write
// into a score (the hall's tiles are only shown, never written).
func writtenMessages() []msg.Text { return append(arbiter.Messages(), app.Messages()...) }
