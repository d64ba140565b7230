package ui

import (
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
)

// Nothing moves under the user's eyes: the board keeps its place when the
// evaluation bar first shows a score, and the clocks and buttons keep
// theirs while the move box says what a typed text names.
func TestLayoutStill(t *testing.T) {
	w := newTestWindow(t)
	d := fyne.CurrentApp().Driver()
	// The test canvas lays out again only when resized: at each look, as a
	// real window's frame does.
	relayout := func() {
		w.win.Resize(fyne.NewSize(1001, 700))
		w.win.Resize(fyne.NewSize(1000, 700))
	}
	games, err := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 { [%eval 0.3] } e5 { [%eval 0.2] } *\n"))
	if err != nil {
		t.Fatal(err)
	}
	w.session.Load(games[0], "", 0)
	w.session.GoTo(w.session.Game().Root())
	if w.engine.bar.Showing() {
		t.Fatal("a score shown at the start, which has no eval")
	}
	relayout()
	board := d.AbsolutePositionForObject(w.board)
	w.session.Forward()
	relayout()
	if !w.engine.bar.Showing() {
		t.Fatal("no score shown at 1. e4, which has an eval of 0.3")
	}
	if got := d.AbsolutePositionForObject(w.board); got != board {
		t.Errorf("the board moved from %v to %v when the score came", board, got)
	}

	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	clock, controls := d.AbsolutePositionForObject(w.players.bottom), d.AbsolutePositionForObject(w.controls)
	relayout()
	clock, controls = d.AbsolutePositionForObject(w.players.bottom), d.AbsolutePositionForObject(w.controls)
	test.Type(w.moves.entry, "N")
	relayout()
	if w.moves.said() == "" {
		t.Fatal("the move box says nothing of N")
	}
	if got := d.AbsolutePositionForObject(w.players.bottom); got != clock {
		t.Errorf("the clock moved from %v to %v when the move box spoke", clock, got)
	}
	if got := d.AbsolutePositionForObject(w.controls); got != controls {
		t.Errorf("the buttons moved from %v to %v when the move box spoke", controls, got)
	}
}

// At the window's first size (1100×720, NewWindow), nothing gives way in a
// new game, in any language: the navigation buttons are there. In Russian
// the buttons of play take three rows, and the navigation row was hidden.
func TestGameColumnFirstSizeShowsAll(t *testing.T) {
	for _, locale := range []string{"en_GB.UTF-8", "ru_RU.UTF-8", "sk_SK.UTF-8"} {
		t.Run(locale, func(t *testing.T) {
			inLanguage(t, locale)
			w := newTestWindow(t)
			fyne.CurrentApp().Settings().SetTheme(NewTheme()) // the app's fonts and sizes
			// The test window has no menu bar, which takes ~30 px of the
			// real one's 720.
			w.win.Resize(fyne.NewSize(1100, 691))
			w.win.Resize(fyne.NewSize(1100, 690))
			if !w.navRow.Visible() || w.navRow.Size().Height == 0 || !parentsShown(w, w.navRow) {
				t.Errorf("the navigation buttons are hidden at 1100×720 (notation %.0f px high)", w.notation.Size().Height)
			}
		})
	}
}

// In a low window (800×600) in Russian, the Game tab fits: the notation
// keeps at least its share of the height, nothing runs off the foot, and
// the parts that give way (the graph, the tree, the engine's row, the
// navigation) come back as the window grows. A message of two lines on the
// status panel moves neither the clocks nor the buttons.
func TestGameColumnFitsALowWindow(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := newTestWindow(t)
	d := fyne.CurrentApp().Driver()
	file, err := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[White \"Гулько, Борис\"]\n[Black \"Каспаров, Гарри\"]\n[Result \"*\"]\n\n1. e4 { [%eval 0.3] } e5 { [%eval 0.2] } 2. Nf3 { [%eval 0.3] } Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	w.session.Load(file[0], "", 0)
	if !w.tree.On() {
		w.tree.Toggle()
	}
	sizes := []fyne.Size{{Width: 800, Height: 600}, {Width: 1600, Height: 1000}}
	for _, size := range sizes {
		w.win.Resize(size)
		w.win.Resize(fyne.NewSize(size.Width, size.Height+1))
		w.win.Resize(size)
		canvas := w.win.Canvas().Size()
		foot := d.AbsolutePositionForObject(w.status).Y + w.status.MinSize().Height
		if foot > canvas.Height {
			t.Errorf("%v: the status panel ends at %.0f, below the window's %.0f", size, foot, canvas.Height)
		}
		if h := w.notation.Size().Height; h < middleMin || h < middleShare*w.tabs.Size().Height*0.8 {
			t.Errorf("%v: the notation is %.0f high", size, h)
		}
		big := size.Height >= 1000
		for name, c := range map[string]fyne.CanvasObject{"engine row": w.engine.box, "tree": w.tree.Box(), "graph": w.engine.graph} {
			if shown := c.Visible() && c.Size().Height > 0 && parentsShown(w, c); big && !shown {
				t.Errorf("%v: the %s is not shown", size, name)
			}
		}
	}

	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	w.win.Resize(fyne.NewSize(800, 601))
	w.win.Resize(fyne.NewSize(800, 600))
	clock, controls := d.AbsolutePositionForObject(w.players.bottom), d.AbsolutePositionForObject(w.controls)
	w.notice("Это длинное сообщение, которое не помещается в одну строку панели состояния и переносится на вторую.")
	w.win.Resize(fyne.NewSize(800, 601))
	w.win.Resize(fyne.NewSize(800, 600))
	if lines := w.status.message.MinSize().Height / w.status.mode.MinSize().Height; lines < 1.4 {
		t.Fatalf("the message is not two lines high (%.1f): the test shows nothing", lines)
	}
	if got := d.AbsolutePositionForObject(w.players.bottom); got != clock {
		t.Errorf("the clock moved from %v to %v when a message of two lines came", clock, got)
	}
	if got := d.AbsolutePositionForObject(w.controls); got != controls {
		t.Errorf("the buttons moved from %v to %v when a message of two lines came", controls, got)
	}
	// The buttons of play take two columns in the narrow panel, so that they
	// do not hold the board to a third of the window.
	if side := w.board.Size().Width; side < 380 {
		t.Errorf("in a FIDE game at 800×600 the board is %.0f px wide", side)
	}
	foot := d.AbsolutePositionForObject(w.status).Y + w.status.MinSize().Height
	if foot > w.win.Canvas().Size().Height {
		t.Errorf("in a FIDE game the status panel ends at %.0f, below the window's %.0f", foot, w.win.Canvas().Size().Height)
	}
}

// parentsShown reports whether o and every container above it in w's
// content are visible.
func parentsShown(w *Window, o fyne.CanvasObject) bool {
	var path []fyne.CanvasObject
	var walk func(c fyne.CanvasObject) bool
	walk = func(c fyne.CanvasObject) bool {
		path = append(path, c)
		if c == o {
			return true
		}
		var kids []fyne.CanvasObject
		switch v := c.(type) {
		case *fyne.Container:
			kids = v.Objects
		case fyne.Widget:
			kids = test.WidgetRenderer(v).Objects()
		}
		for _, k := range kids {
			if walk(k) {
				return true
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if !walk(w.win.Content()) {
		return false
	}
	for _, c := range path {
		if !c.Visible() {
			return false
		}
	}
	return true
}

// The column decides what fits with every part measured at its own width:
// a wrapping label (or the controls' grid) is taller while narrow, and the
// window's first layout at its real width comes right after layouts at the
// width of its least size. Measured at the old width, the navigation row
// was hidden in the first frame and shown in the next, whose icons were
// painted one frame late (issue 27, start-up).
func TestGameColumnMeasuresAtItsWidth(t *testing.T) {
	test.NewTempApp(t)
	nav := optional(canvas.NewRectangle(color.Black))
	nav.Objects[0].(*canvas.Rectangle).SetMinSize(fyne.NewSize(10, 30))
	note := widget.NewLabel(strings.Repeat("a long note that wraps ", 8))
	note.Wrapping = fyne.TextWrapWord
	middle := canvas.NewRectangle(color.Black)
	c, l := newGameColumn(nil, middle, []fyne.CanvasObject{nav, note}, widget.NewLabel("status"), nav)
	narrow := fyne.NewSize(60, 400)
	c.Resize(narrow)
	l.Layout(c.Objects, narrow)
	if nav.Visible() {
		t.Fatal("at 60 px the note's many lines leave the navigation no room: the test shows nothing")
	}
	wide := fyne.NewSize(1000, 400)
	c.Resize(wide) // lays the column out once at its new width
	if !nav.Visible() {
		t.Errorf("at %v the navigation row is hidden after one layout (the note measured at %.0f px: %.0f high)", wide, narrow.Width, note.MinSize().Height)
	}
}
