package ui

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/nicksnyder/go-i18n/v2/i18n"

	"touchmove/app"
	"touchmove/app/boardview"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/msg"
	"touchmove/ui/notation"
)

// Every message of the rules and of the session renders in each language
// with the data the window gives it (both colours, counts of every plural
// form): its template parses, names only data the window provides, and the
// English file says what the catalogue says.
func TestMessagesTranslated(t *testing.T) {
	bundle := translationBundle(t)
	en := translationFile(t, "en")
	for _, m := range messages() {
		want := any(m.Key)
		if m.One != "" {
			want = map[string]any{"one": m.One, "other": m.Key}
		}
		if got, _ := json.Marshal(en[m.Key]); string(got) != mustJSON(t, want) {
			t.Errorf("en: %q is %s, the catalogue says %s", m.Key, got, mustJSON(t, want))
		}
		for _, code := range []string{"en", "ru", "sk"} {
			loc := i18n.NewLocalizer(bundle, code)
			for _, white := range []bool{true, false} {
				data := map[string]any{}
				for _, name := range msg.Placeholders(m.Key) {
					data[name], data[name+"White"], data[name+"Number"] = "‹"+name+"›", white, 3
				}
				for _, n := range []int{1, 2, 5, 21} {
					cfg := &i18n.LocalizeConfig{MessageID: m.Key, TemplateData: data}
					if m.One != "" {
						data[msg.CountArg] = n
						cfg.PluralCount = n
					}
					got, err := loc.Localize(cfg)
					if err != nil || got == "" || strings.Contains(got, "<no value>") || strings.Contains(got, "{{") {
						t.Errorf("%s: %q renders as %q (%v)", code, m.Key, got, err)
					}
				}
			}
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The window says a Text in the players' language: pieces in the
// nominative, colours declined by the template, moves in the language's
// piece letters, counts in its plural forms, nested reasons translated and
// a typed reason as typed.
func TestSay(t *testing.T) {
	touched := func(p chess.PieceType, sq chess.Square) msg.Text {
		return msg.New("You touched the {{.Piece}} on {{.Square}}: it must move.", msg.Piece("Piece", p), msg.Square("Square", sq))
	}
	agree := func(n int) msg.Text {
		return msg.Plural("A draw cannot be agreed before both players have made {{.Count}} moves.",
			"A draw cannot be agreed before both players have made {{.Count}} move.", n)
	}
	flag := msg.New("{{.Side}}'s flag fell, but {{.Other}} cannot checkmate: draw", msg.Color("Side", chess.White), msg.Color("Other", chess.Black))
	loses := msg.New("{{.What}}: {{.Side}} loses", msg.Nested("What", msg.New("Illegal move by {{.Side}} ({{.Nth}})",
		msg.Color("Side", chess.Black), msg.Ordinal("Nth", 2))), msg.Color("Side", chess.Black))
	made := msg.New("{{.Move}} is made: press the clock to complete it.", msg.SAN("Move", "Nf3"))
	over := msg.New("The game is over: {{.Reason}}.", msg.Nested("Reason", msg.New("Checkmate")))
	both := msg.New("That move is illegal.").Then(touched(chess.Pawn, chess.E2))
	typed := msg.Plain("Arbiter: {{.Side}} typed")
	for _, tc := range []struct {
		locale string
		cases  map[*msg.Text]string
	}{
		{"ru_RU.UTF-8", map[*msg.Text]string{
			ptr(touched(chess.Knight, chess.G1)): "Тронутая фигура (конь g1) должна сделать ход.",
			&flag:                                "У белых упал флажок, но чёрные не могут поставить мат: ничья",
			&loses:                               "Невозможный ход чёрных (2-й): чёрные проигрывают",
			&made:                                "Ход Кf3 сделан: нажмите на часы, чтобы его завершить.",
			ptr(agree(1)):                        "Ничью нельзя заключить, пока каждый игрок не сделает 1 ход.",
			ptr(agree(3)):                        "Ничью нельзя заключить, пока каждый игрок не сделает 3 хода.",
			ptr(agree(5)):                        "Ничью нельзя заключить, пока каждый игрок не сделает 5 ходов.",
			&over:                                "Партия окончена: Мат.",
			&both:                                "Такой ход невозможен. Тронутая фигура (пешка e2) должна сделать ход.",
			&typed:                               "Арбитр: {{.Side}} typed", // the app's words read back, the typed reason as typed
		}},
		{"sk_SK.UTF-8", map[*msg.Text]string{
			ptr(touched(chess.Knight, chess.G1)): "Dotkli ste sa figúry (jazdec g1): musíte ňou ťahať.",
			&flag:                                "Bielemu padla zástavka, ale čierny nemôže dať mat: remíza",
			&loses:                               "Nemožný ťah čierneho (2.): čierny prehráva",
			&made:                                "Ťah Jf3 je urobený: stlačte hodiny a dokončite ho.",
			ptr(agree(2)):                        "Remízu nemožno dohodnúť, kým obaja hráči neurobia 2 ťahy.",
			ptr(agree(5)):                        "Remízu nemožno dohodnúť, kým obaja hráči neurobia 5 ťahov.",
			&over:                                "Partia sa skončila: Mat.",
		}},
		{"en_US.UTF-8", map[*msg.Text]string{
			&loses:        "Illegal move by Black (2nd): Black loses",
			ptr(agree(1)): "A draw cannot be agreed before both players have made 1 move.",
			&made:         "Nf3 is made: press the clock to complete it.",
		}},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			inLanguage(t, tc.locale)
			w := newTestWindow(t)
			for text, want := range tc.cases {
				if got := w.words.say(*text); got != want {
					t.Errorf("%q: %q, want %q", text.Key, got, want)
				}
			}
		})
	}
}

func ptr(t msg.Text) *msg.Text { return &t }

// With Russian chosen, a touch-move refusal shows in Russian on the
// message line under the board's controls.
func TestTouchMoveRefusalInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	p := squarePos(w.board, chess.G1) // touch the knight
	w.board.MouseDown(boardMouse(p, desktop.MouseButtonPrimary, 0))
	w.board.MouseUp(boardMouse(p, desktop.MouseButtonPrimary, 0))
	realDrag(w, chess.E2, chess.E4)
	if w.session.Game().PlyCount() != 0 {
		t.Fatal("the pawn moved after the knight was touched")
	}
	if want := "Тронутая фигура (конь g1) должна сделать ход."; w.status.message.Text != want {
		t.Errorf("message %q, want %q", w.status.message.Text, want)
	}
}

// With Russian chosen, the game-over dialog and the status line give the
// result's reason in Russian; the score keeps it in English.
func TestGameOverInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	if err := w.session.Resign(chess.White); err != nil {
		t.Fatal(err)
	}
	if got := dialogText(w); !strings.Contains(got, "0-1\nБелые сдаются") {
		t.Errorf("game-over dialog %q", got)
	}
	if got := w.status.line.Text; got != "0-1  Белые сдаются" {
		t.Errorf("status %q", got)
	}
	if got := w.status.message.Text; strings.Contains(got, "сдаются") {
		t.Errorf("the message line repeats the result: %q", got)
	}
	if got := w.session.Game().EndComment(); got != "White resigns" {
		t.Errorf("closing comment %q, want English", got)
	}
}

// With Russian chosen, what the arbiter writes into the score stays English
// (pgn.md §11): the rulings and offers as comments, the closing comment, the
// Termination tag. Only the window translates.
func TestScoreStaysEnglishInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w, s := arbiterGameWindow(t)
	for i, err := range []error{
		s.ArbiterSetTime(chess.White, 5*time.Minute),
		s.OfferDraw(chess.White),
		s.ArbiterCancelTouch(chess.G1), // refused: no touch; nothing is written
		s.Resign(chess.Black),
	} {
		if refused := errors.Is(err, app.ErrRefused); (i == 2) != refused || err != nil && !refused {
			t.Errorf("step %d: %v", i, err)
		}
	}
	if !strings.Contains(w.status.line.Text, "Чёрные сдаются") {
		t.Fatalf("status %q: the window does not speak Russian", w.status.line.Text)
	}
	data, err := store.EncodeGame(s.Game())
	if err != nil {
		t.Fatal(err)
	}
	pgn := strings.Join(strings.Fields(string(data)), " ")
	for _, want := range []string{"Arbiter: White's clock set to 5:00", "White offered a draw before moving", "Black resigns }", `[Termination "normal"]`} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the score lacks %q:\n%s", want, pgn)
		}
	}
	if strings.ContainsFunc(pgn, func(r rune) bool { return r >= 'А' && r <= 'я' }) {
		t.Errorf("Russian in the score:\n%s", pgn)
	}
}

// The position editor says what is wrong with a position in the players'
// language: which side has two kings, with the count's plural form.
func TestPositionProblemsInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := &Window{words: &words{}}
	e := app.NewPositionEditor()
	e.Clear()
	e.Put(chess.E1, chess.NewPiece(chess.White, chess.King))
	e.Put(chess.D4, chess.NewPiece(chess.White, chess.King))
	e.Put(chess.E8, chess.NewPiece(chess.Black, chess.King))
	problem, _ := e.Check()
	if got, want := w.words.say(problem), "У белых 2 короля."; got != want {
		t.Errorf("two kings: %q, want %q", got, want)
	}
	e.Put(chess.D4, chess.NoPiece)
	for _, sq := range []chess.Square{chess.A2, chess.B2, chess.C2, chess.D2, chess.E2, chess.F2, chess.G2, chess.H2, chess.A3} {
		e.Put(sq, chess.NewPiece(chess.White, chess.Pawn))
	}
	if _, warning := e.Check(); !strings.HasPrefix(w.words.say(warning), "У одной из сторон больше 8 пешек. В партии") {
		t.Errorf("nine pawns: %q", w.words.say(warning))
	}
}

// The app's own English in a score (the reason a game ended) is shown in the
// players' language in the notation and on the status line; other comments
// are shown as written, and the game keeps its English.
func TestWrittenCommentsInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := newTestWindow(t)
	g, _, err := store.FirstGame([]byte("[Result \"0-1\"]\n\n1. f3 {Good move} e5 2. g4 Qh4# {Checkmate} 0-1\n"))
	if err != nil {
		t.Fatal(err)
	}
	g.SetEndComment("White resigns") // the closing comment, as the status line reads it
	w.session.Load(g, "", 0)
	w.session.Last()
	w.refresh()
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
	if !slices.Contains(shown, "Мат") || !slices.Contains(shown, "Good move") {
		t.Errorf("comments shown %q, want Мат and Good move", shown)
	}
	if got := w.status.line.Text; got != "0-1  Белые сдаются" {
		t.Errorf("status %q", got)
	}
	if c := w.session.Game().End().Comment(); !strings.Contains(c, "Checkmate") {
		t.Errorf("the game's comment became %q", c)
	}
}

// The move box says in the players' language that no move is written so.
func TestMoveBoxProblemInSlovak(t *testing.T) {
	inLanguage(t, "sk_SK.UTF-8")
	w := newTestWindow(t)
	w.moves.entry.SetText("zz9")
	w.moves.update()
	if got, want := w.moves.said(), "Tu nie je žiadny prípustný ťah „zz9“."; got != want {
		t.Errorf("hint %q, want %q", got, want)
	}
}

// TestLiveAnnotationRefusedInRussian presses a NAG key and draws an arrow
// during a live game in a Russian window: the message line says in Russian
// that annotations come after the game, not the error's English.
func TestLiveAnnotationRefusedInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := newTestWindow(t)
	if fb := w.session.PlayMove(chess.NewMove(chess.E2, chess.E4)); !fb.Moved {
		t.Fatal("1. e4 not played")
	}
	const want = "Комментарии добавляются после окончания партии."
	for name, annotate := range map[string]func(){
		"NAG key": func() { w.annot.typedRune('1') },
		"arrow":   func() { w.annot.arrow(chess.G1, chess.F3, boardview.Green) },
	} {
		w.status.message.SetText("")
		annotate()
		if got := w.status.message.Text; got != want {
			t.Errorf("%s: message %q, want %q", name, got, want)
		}
	}
}
