package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/boardview"
	"touchmove/app/store"
	"touchmove/core/chess"
	"touchmove/core/game"
)

const annotatedPGN = `[Event "Lesson"]
[Site "?"]
[Date "2024.01.01"]
[Round "-"]
[White "A"]
[Black "B"]
[Result "*"]

1. e4 {[%clk 0:05:00] Best by test} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *
`

func loadAnnotated(t *testing.T) *Window {
	t.Helper()
	return loadPGN(t, annotatedPGN)
}

// loadPGN returns a window showing the one game of text.
func loadPGN(t *testing.T, text string) *Window {
	t.Helper()
	w := newTestWindow(t)
	games, err := store.DecodeGames(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("decode: %v", err)
	}
	w.session.Load(games[0], "", 0)
	return w
}

// exported returns the game on w's board as the PGN a save writes.
func exported(t *testing.T, w *Window) string {
	t.Helper()
	b, err := store.EncodeGame(w.session.Game())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestAnnotateNAGKeyAndUndo(t *testing.T) {
	w := loadAnnotated(t)
	before := exported(t, w)
	w.session.Forward()    // 1. e4
	w.annot.typedRune('3') // !!
	if got := exported(t, w); !strings.Contains(got, "1. e4 $3") {
		t.Fatalf("NAG key: %s", got)
	}
	w.annot.typedRune('4') // ?? replaces !!
	if got := exported(t, w); !strings.Contains(got, "1. e4 $4") || strings.Contains(got, "$3") {
		t.Fatalf("second NAG key: %s", got)
	}
	w.annot.undo()
	w.annot.undo()
	if got := exported(t, w); got != before {
		t.Fatalf("undo did not restore:\n%s\nwant\n%s", got, before)
	}
	w.annot.redo()
	if got := exported(t, w); !strings.Contains(got, "1. e4 $3") {
		t.Fatalf("redo: %s", got)
	}
}

func TestAnnotateCommentKeepsClock(t *testing.T) {
	w := loadAnnotated(t)
	w.session.Forward()
	if err := w.editor.SetCommentText(w.session.Current(), "The king's pawn"); err != nil {
		t.Fatal(err)
	}
	got := exported(t, w)
	if !strings.Contains(got, "[%clk 0:05:00]") || !strings.Contains(got, "The king's pawn") || strings.Contains(got, "Best by test") {
		t.Fatalf("comment edit: %s", got)
	}
	// The notation shows the text and the clock, not the raw command.
	tok := w.notation.MoveToken(w.session.Current())
	if tok == nil || !strings.Contains(tok.Text(), "5:00") {
		t.Errorf("notation token for 1. e4: %+v", tok)
	}
}

func TestAnnotateVariationsAndArrows(t *testing.T) {
	w := loadAnnotated(t)
	w.session.Forward() // 1. e4
	w.session.Forward() // 1... e5
	if !w.editor.Down() {
		t.Fatal("Down found no variation")
	}
	if w.session.Current().SAN() != "c5" {
		t.Fatalf("Down went to %s", w.session.Current().SAN())
	}
	w.annot.variation(w.editor.PromoteVariation)()
	if got := exported(t, w); !strings.Contains(got, "1... c5 ( 1... e5 2. Nf3 Nc6 ) 2. Nf3") {
		t.Fatalf("promote: %s", got)
	}
	w.annot.arrow(chess.G1, chess.F3, boardview.Red)
	w.annot.mark(chess.E4, boardview.Green)
	if got := exported(t, w); !strings.Contains(got, "[%cal Rg1f3]") || !strings.Contains(got, "[%csl Ge4]") {
		t.Fatalf("arrow and square: %s", got)
	}
	if v := w.board.View(); len(v.Arrows) != 1 || len(v.Marks) != 1 {
		t.Errorf("board shows %d arrows and %d marks", len(v.Arrows), len(v.Marks))
	}
	w.annot.variation(w.editor.DeleteFrom)()
	if got := exported(t, w); strings.Contains(got, "c5") {
		t.Fatalf("delete from here: %s", got)
	}
	for w.session.CanUndo() {
		w.annot.undo()
	}
	if got := exported(t, w); !strings.Contains(got, "1. e4 { [%clk 0:05:00] Best by test } 1... e5 ( 1... c5 2. Nf3 ) 2. Nf3 Nc6") {
		t.Fatalf("undo all: %s", got)
	}
}

// The PGN letter of each colour a user draws with; the engine's colour,
// never a user's, is written as green.
func TestMarkLetter(t *testing.T) {
	for c, want := range map[boardview.MarkColor]game.MarkColor{
		boardview.Green: game.Green, boardview.Red: game.Red, boardview.Blue: game.Blue,
		boardview.Yellow: game.Yellow, boardview.Engine: game.Green,
	} {
		if got := markLetter(c); got != want {
			t.Errorf("colour %d: %c, want %c", c, got, want)
		}
	}
}

// A live game takes no notes (rules.md §8.1): an arrow is refused with a reason.
func TestAnnotateRefusedInLiveGame(t *testing.T) {
	w := newTestWindow(t)
	realDrag(w, chess.E2, chess.E4)
	w.annot.arrow(chess.G1, chess.F3, boardview.Green)
	if !strings.Contains(strings.ToLower(w.status.message.Text), "after the game") {
		t.Errorf("message %q", w.status.message.Text)
	}
	test.Tap(w.controls.takeback)
}

func TestNotationFoldsVariations(t *testing.T) {
	w := loadAnnotated(t)
	c5 := w.session.Game().Root().Children()[0].Children()[1]
	if w.notation.MoveToken(c5) == nil {
		t.Fatal("variation move 1... c5 not shown")
	}
	w.notation.Toggle(c5)
	if w.notation.MoveToken(c5) != nil {
		t.Fatal("folded variation still shows its moves")
	}
	w.notation.Toggle(c5)
	if w.notation.MoveToken(c5) == nil {
		t.Fatal("opened variation does not show its moves")
	}
	w.notation.SetCollapseAll(true)
	if w.notation.MoveToken(c5) != nil {
		t.Fatal("fold all left the variation open")
	}
}

// TestTagsEditorSaysWhyInRussian types a tag name with a space and a
// result that is none into the tags editor of a Russian window: Save
// changes neither and says why for each, in Russian; the good edit made
// beside them is kept.
func TestTagsEditorSaysWhyInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := loadAnnotated(t)
	w.annot.editTags()
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("the tags editor did not open")
	}
	add := objectsIn(top, func(b *widget.Button) bool { return b.Text == "Добавить тег" })
	if len(add) != 1 {
		t.Fatal("no Добавить тег button")
	}
	test.Tap(add[0])
	entries := objectsIn(top, func(*widget.Entry) bool { return true })
	// A row is a Border: its value entry (the centre) comes before the
	// name entry.
	value := func(name string) *widget.Entry {
		t.Helper()
		for i := 0; i+1 < len(entries); i += 2 {
			if entries[i+1].Text == name {
				return entries[i]
			}
		}
		t.Fatalf("no %s row", name)
		return nil
	}
	value("Result").SetText("2-0")
	value("Site").SetText("Братислава")
	entries[len(entries)-1].SetText("My Tag")
	entries[len(entries)-2].SetText("x")
	save := dialogButton(w, "Сохранить")
	if save == nil {
		t.Fatal("no Сохранить button")
	}
	test.Tap(save)
	got := dialogText(w)
	for _, want := range []string{
		"«My Tag» не может быть именем тега",
		"«2-0» — не результат: напишите 1-0, 0-1, 1/2-1/2 или *.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the window says %q, want %q in it", got, want)
		}
	}
	tags := w.session.Game().Tags
	if v := tags.Value("Result"); v != "*" {
		t.Errorf("Result = %q, want * kept", v)
	}
	if v := tags.Value("Site"); v != "Братислава" {
		t.Errorf("Site = %q, want the edit made beside the bad ones", v)
	}
}

// TestPromoteMainLineMoveInRussian asks to promote the variation of a move
// of the main line, in a Russian window: the window says the move is on
// the main line, in Russian and with Russian piece letters.
func TestPromoteMainLineMoveInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := loadAnnotated(t)
	w.session.Last() // 2... Nc6
	w.annot.variation(w.editor.PromoteVariation)()
	if got, want := dialogText(w), "Кc6 — ход основного варианта, а не побочного."; !strings.Contains(got, want) {
		t.Errorf("the window says %q, want %q", got, want)
	}
}

// TestTagsEditorInLiveGame opens the tags editor during a live game with
// clocks: the tags play writes (Result, TimeControl) are shown but cannot be
// edited or removed; Event can be, and Return in its field saves it.
func TestTagsEditorInLiveGame(t *testing.T) {
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Time: ptrTime(t)}); err != nil {
		t.Fatal(err)
	}
	w.annot.editTags()
	entries := dialogEntries(t, w)
	top := w.win.Canvas().Overlays().Top()
	rows := map[string]*widget.Entry{} // name → value; the value comes first
	for i := 0; i+1 < len(entries); i += 2 {
		rows[entries[i+1].Text] = entries[i]
	}
	for name, editable := range map[string]bool{"Event": true, "Result": false, "TimeControl": false} {
		v, ok := rows[name]
		if !ok {
			t.Fatalf("no %s row in %d entries", name, len(entries))
		}
		if v.Disabled() == editable {
			t.Errorf("%s: disabled %v, want %v", name, v.Disabled(), !editable)
		}
	}
	if len(objectsIn(top, func(b *widget.Button) bool { return b.Text == "Remove" && !b.Disabled() })) != 0 {
		t.Error("a tag play writes can be removed")
	}
	rows["Event"].SetText("Club night")
	rows["Event"].TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // as Save does
	if got := w.session.Game().Tags.Value("Event"); got != "Club night" {
		t.Errorf("Event = %q after Save", got)
	}
	if top := w.win.Canvas().Overlays().Top(); top != nil {
		t.Errorf("Save showed %q", dialogText(w))
	}
}
