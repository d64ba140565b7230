package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"touchmove/assets"
	"touchmove/core/chess"
	"touchmove/ui/board"
)

// boardLook is what a board draws that the Preferences window chooses: its
// piece set (as the renderer's image of the king on e1 says) and the colour
// of a light square.
type boardLook struct {
	set   assets.PieceSet
	king  string // resource name of the image on e1
	light string // board theme name
}

func lookOf(t *testing.T, b *board.Board) boardLook {
	t.Helper()
	if test.TempWidgetRenderer(t, b) == nil {
		t.Fatal("board has no renderer")
	}
	name := ""
	// The set whose image of the king the square draws.
	if set, ok := b.PieceSetDrawn(chess.E1, boardTestSquare); ok {
		name = set.Piece(chess.WhiteKing).Name()
	}
	return boardLook{set: b.PieceSet(), king: name, light: b.Theme().Name}
}

// openPrefs opens Edit › Preferences… through its shortcut, as Ctrl+,
// would, and returns the open window.
func openPrefs(t *testing.T, w *Window) *prefsWindow {
	t.Helper()
	var it *fyne.MenuItem
	for _, m := range w.win.MainMenu().Items {
		for _, mi := range m.Items {
			if sc, ok := mi.Shortcut.(*desktop.CustomShortcut); ok && sc.KeyName == fyne.KeyComma && sc.Modifier == ctrl {
				it = mi
			}
		}
	}
	if it == nil {
		t.Fatal("no menu item with Ctrl+,")
	}
	it.Action()
	if w.prefsDialog == nil {
		t.Fatal("Ctrl+, opened no Preferences window")
	}
	return w.prefsDialog
}

// choose picks the set and the board theme in the window's controls, as a
// user does.
func choose(p *prefsWindow, set assets.PieceSet, theme int) {
	p.pieces.SetSelected(p.pieces.Options[set])
	p.scheme.SetSelected(p.scheme.Options[theme])
}

func TestPreferencesPreviewFollowsTheChoice(t *testing.T) {
	w := newTestWindow(t)
	p := openPrefs(t, w)
	v := p.preview.View()
	if v.Interactive || v.LastFrom != chess.C4 || v.LastTo != chess.F7 || v.Check != chess.E8 ||
		v.Pieces[chess.F7] != chess.WhiteBishop || v.Pieces[chess.E8] != chess.BlackKing {
		t.Errorf("the preview shows no last move and check: %+v", v)
	}
	before := lookOf(t, w.board)
	if got := lookOf(t, p.preview); got != before {
		t.Errorf("the preview opens as %+v, the board is %+v", got, before)
	}
	choose(p, assets.Flat, 1)
	want := boardLook{assets.Flat, "flat-wK.svg", board.Themes()[1].Name}
	if got := lookOf(t, p.preview); got != want {
		t.Errorf("preview %+v after choosing Flat and %s, want %+v", got, want.light, want)
	}
	if got := lookOf(t, w.board); got != before {
		t.Errorf("the main board changed before Apply: %+v, was %+v", got, before)
	}
	if got := w.app.Preferences().String("pieceSet"); got != "" {
		t.Errorf("piece set stored before Apply: %q", got)
	}
	p.coords.SetChecked(false)
	if p.preview.View().Coordinates {
		t.Error("the preview keeps its coordinates after they were turned off")
	}
}

func TestPreferencesApply(t *testing.T) {
	w := newTestWindow(t)
	p := openPrefs(t, w)
	choose(p, assets.Flat, 3)
	p.animate.SetChecked(false)
	p.twoColumn.SetChecked(true)
	p.letters.SetSelectedIndex(2) // figurines
	p.volume.SetValue(0.5)
	test.Tap(p.apply)

	want := boardLook{assets.Flat, "flat-wK.svg", board.Themes()[3].Name}
	if got := lookOf(t, w.board); got != want {
		t.Errorf("main board %+v after Apply, want %+v", got, want)
	}
	prefs := w.app.Preferences()
	if got, th := prefs.String("pieceSet"), prefs.Int("boardTheme"); got != "flat" || th != 3 {
		t.Errorf("stored piece set %q, board theme %d; want flat, 3", got, th)
	}
	if w.animate || prefs.Bool("animate") || !w.notation.TwoColumns() || !prefs.Bool("notationTable") ||
		prefs.String("pieceLetters") != "figurine" || w.sound.volume != 0.5 || prefs.Float("soundVolume") != 0.5 {
		t.Errorf("the other settings are not in force: animate %v, two columns %v, letters %q, volume %v",
			w.animate, w.notation.TwoColumns(), prefs.String("pieceLetters"), w.sound.volume)
	}
	if w.prefsDialog == nil {
		t.Error("Apply closed the window")
	}
	// The View menu shows the same choices.
	slate, anim := findItem(t, w, board.Themes()[3].Name), findItem(t, w, "Animate moves")
	if !slate.Checked || anim.Checked {
		t.Errorf("View menu: %v checked %v, Animate moves checked %v", slate.Label, slate.Checked, anim.Checked)
	}
	test.Tap(p.ok)
	if w.prefsDialog != nil {
		t.Error("OK left the window open")
	}
}

func TestPreferencesCancel(t *testing.T) {
	for _, applyFirst := range []bool{false, true} {
		name := map[bool]string{false: "choose then cancel", true: "apply then cancel"}[applyFirst]
		t.Run(name, func(t *testing.T) {
			w := newTestWindow(t)
			before := lookOf(t, w.board)
			p := openPrefs(t, w)
			choose(p, assets.Flat, 2)
			p.sounds.SetChecked(false)
			if applyFirst {
				test.Tap(p.apply)
				if lookOf(t, w.board).set != assets.Flat {
					t.Fatal("Apply did not change the board")
				}
			}
			test.Tap(p.cancel)
			if got := lookOf(t, w.board); got != before {
				t.Errorf("main board %+v after Cancel, was %+v", got, before)
			}
			prefs := w.app.Preferences()
			if got := prefs.String("pieceSet"); got != "" && got != "classic" {
				t.Errorf("stored piece set %q after Cancel", got)
			}
			if prefs.IntWithFallback("boardTheme", 0) != 0 || !w.sound.on {
				t.Errorf("board theme %d, sounds %v after Cancel", prefs.Int("boardTheme"), w.sound.on)
			}
			if w.prefsDialog != nil {
				t.Error("Cancel left the window open")
			}
		})
	}
}

// TestPreferencesEscapeCancels: Escape closes the window as Cancel does,
// and the window's keys work again after.
func TestPreferencesEscapeCancels(t *testing.T) {
	w := newTestWindow(t)
	p := openPrefs(t, w)
	choose(p, assets.Flat, 1)
	w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if w.prefsDialog != nil || w.board.PieceSet() != assets.Classic {
		t.Fatalf("after Escape: open %v, set %v", w.prefsDialog != nil, w.board.PieceSet())
	}
	w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF})
	if !w.session.Flipped() {
		t.Error("F no longer flips the board after the window closed")
	}
}

// TestPreferencesSurviveARestart: a new window of an app with the same
// preferences shows the choices applied, and the Preferences window opens
// on them.
func TestPreferencesSurviveARestart(t *testing.T) {
	w := newTestWindow(t)
	p := openPrefs(t, w)
	choose(p, assets.Flat, 2)
	p.coords.SetChecked(false)
	test.Tap(p.ok)

	again := NewWindow(w.app, WithPicker(fakePicker{}), WithSpawn(func(f func()) { f() }))
	t.Cleanup(again.win.Close)
	want := boardLook{assets.Flat, "flat-wK.svg", board.Themes()[2].Name}
	if got := lookOf(t, again.board); got != want {
		t.Errorf("board after a restart %+v, want %+v", got, want)
	}
	if again.board.View().Coordinates {
		t.Error("coordinates shown after a restart, though turned off")
	}
	q := openPrefs(t, again)
	if q.pieces.SelectedIndex() != int(assets.Flat) || q.scheme.SelectedIndex() != 2 || q.coords.Checked {
		t.Errorf("the window reopens on set %d, scheme %d, coordinates %v", q.pieces.SelectedIndex(), q.scheme.SelectedIndex(), q.coords.Checked)
	}
	if got := lookOf(t, q.preview); got != want {
		t.Errorf("preview after a restart %+v, want %+v", got, want)
	}
}

// TestPreferencesFollowTheViewMenu: a choice made in the View menu is what
// the Preferences window opens on.
func TestPreferencesFollowTheViewMenu(t *testing.T) {
	w := newTestWindow(t)
	findItem(t, w, "Ocean").Action()
	findItem(t, w, "Notation in two columns").Action()
	p := openPrefs(t, w)
	if p.scheme.Selected != "Ocean" || !p.twoColumn.Checked {
		t.Errorf("Preferences open on %q, two columns %v", p.scheme.Selected, p.twoColumn.Checked)
	}
	if p.sounds.Checked != w.sound.on || p.volume.Value != w.sound.volume {
		t.Errorf("sounds %v at %v, the window has %v at %v", p.sounds.Checked, p.volume.Value, w.sound.on, w.sound.volume)
	}
	// A second Ctrl+, keeps the open window.
	openPrefs(t, w)
	if w.prefsDialog != p {
		t.Error("a second Ctrl+, opened another window")
	}
}

// TestPreferencesSoundControls: the clock warnings and the volume count
// only with sounds on.
func TestPreferencesSoundControls(t *testing.T) {
	w := newTestWindow(t)
	p := openPrefs(t, w)
	p.sounds.SetChecked(false)
	if !p.volume.Disabled() || !p.clockSounds.Disabled() {
		t.Error("volume or clock warnings enabled with sounds off")
	}
	p.sounds.SetChecked(true)
	p.volume.SetValue(1)
	if p.volume.Disabled() || !strings.Contains(p.volumeLabel.Text, "100") {
		t.Errorf("volume disabled %v, label %q", p.volume.Disabled(), p.volumeLabel.Text)
	}
}
