package ui

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/boardview"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/ui/notation"
)

// annotator is the window's annotation editor: comments (edited in place
// in the notation), NAGs, variations, arrows and coloured squares, tags,
// undo and redo, all through app.Editor so that every edit can be undone.
// The window has one (Window.annot).
type annotator struct{ host annotatorHost }

// annotatorHost is what the annotation editor asks of its window (*Window,
// hosts.go): the session and its editor, the notation it edits comments
// in, the window and its dialogs, the message line in the players' words,
// and the typed keys it passes on (the move box, the live analysis).
type annotatorHost interface {
	gameSession() *app.Session
	gameEditor() *app.Editor
	notationPanel() *notation.Notation
	showNotationTab()
	Window() fyne.Window
	windowDialogs() *dialogs
	report(err error)
	notice(text string)
	playerWords() *words
	focusMoveBox()
	flipAnalysis()
}

// nagKeys maps the keys typed on the board to NAGs: 1–6 judge the move as
// ! ? !! ?? !? ?!, and = ~ + - judge the position (=, ∞, ±, ∓).
var nagKeys = map[rune]uint8{'1': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '=': 10, '~': 13, '+': 16, '-': 17}

// nagPalette lists the NAGs offered in the Edit menu, in order.
func nagPalette() []uint8 {
	return []uint8{1, 2, 3, 4, 5, 6, 7, 10, 13, 14, 15, 16, 17, 18, 19, 22, 32, 36, 40, 44, 132, 138, 140, 146}
}

// nagName describes a NAG for the palette.
func nagName(n uint8) string {
	name := lang.L(map[uint8]string{1: "good move", 2: "mistake", 3: "brilliant move", 4: "blunder", 5: "interesting move",
		6: "dubious move", 7: "only move", 10: "equal position", 13: "unclear", 14: "White slightly better",
		15: "Black slightly better", 16: "White better", 17: "Black better", 18: "White winning", 19: "Black winning",
		22: "zugzwang", 32: "development lead", 36: "initiative", 40: "attack", 44: "compensation",
		132: "counterplay", 138: "time trouble", 140: "with the idea", 146: "novelty"}[n])
	return notation.NAGSymbol(n) + "  " + name
}

// report shows err: on the message line while a game is played (no dialog
// takes the keyboard from the players mid-game), else in a dialog.
func (w *Window) report(err error) {
	switch {
	case err == nil:
	case w.session.Phase() == app.Playing:
		w.notice(w.dlg.problemText(err))
	default:
		w.dlg.showError(err)
	}
}

// markLetter returns the PGN letter of a colour the user draws with; the
// engine's colour, never a user's, is written as green.
func markLetter(c boardview.MarkColor) game.MarkColor {
	letters := [...]game.MarkColor{boardview.Green: game.Green, boardview.Red: game.Red, boardview.Blue: game.Blue, boardview.Yellow: game.Yellow}
	if int(c) < len(letters) {
		return letters[c]
	}
	return game.Green
}

// typedRune handles NAG keys on the board.
func (an *annotator) typedRune(r rune) {
	switch r {
	case '/':
		an.host.focusMoveBox() // typed move entry
		return
	case 'l', 'L':
		an.host.flipAnalysis() // live analysis on or off, as on lichess
		return
	}
	if nag, ok := nagKeys[r]; ok {
		if an.host.gameSession().Current().IsRoot() {
			return
		}
		an.host.report(an.host.gameEditor().ToggleNAG(an.host.gameSession().Current(), nag))
	}
}

// undo undoes the last edit; in a live casual game it takes back a move.
// undo undoes the last change: an edit, or in a casual game played here a
// move (the clocks go back with it). A refusal says why on the message line.
func (an *annotator) undo() {
	if st := an.host.gameSession().Can(app.ActionUndo); !st.Enabled {
		an.host.notice(an.host.playerWords().say(st.Why))
		return
	}
	an.host.report(an.host.gameSession().Undo())
}

func (an *annotator) redo() {
	if st := an.host.gameSession().Can(app.ActionRedo); !st.Enabled {
		an.host.notice(an.host.playerWords().say(st.Why))
		return
	}
	an.host.report(an.host.gameSession().Redo())
}

// editComment opens the inline editor of the current move's comment after
// it (or before it); on the start position, of the comment before the first
// move.
func (an *annotator) editComment(before bool) {
	n := an.host.gameSession().Current()
	s := notation.CommentSlot{Node: n}
	if before && !n.IsRoot() {
		s.Place = notation.CommentBefore
	}
	an.openComment(s)
}

// editEndComment opens the inline editor of the game's closing comment.
func (an *annotator) editEndComment() {
	an.openComment(notation.CommentSlot{Place: notation.CommentEnd})
}

// openComment opens the inline editor of the comment at s in the notation,
// with the move it belongs to on the board (the last move for the closing
// comment, so that the notation stays at the end when it is redrawn). In a
// live game comments wait for the end of the game, like every annotation
// (rules.md §8.1).
func (an *annotator) openComment(s notation.CommentSlot) {
	if an.host.gameSession().Status().Live {
		an.annotationError(fmt.Errorf("comment: %w", app.ErrLiveGame))
		return
	}
	an.host.showNotationTab()
	at := s.Node
	if s.Place == notation.CommentEnd {
		at = an.host.gameSession().Shown().End()
	}
	if at != nil && at != an.host.gameSession().Current() {
		an.host.gameSession().GoTo(at)
	}
	an.host.notationPanel().EditComment(s)
}

// commitComment replaces the visible text of the comment at s by text; the
// editor keeps its embedded commands ([%clk], [%eval], [%cal]…).
func (an *annotator) commitComment(s notation.CommentSlot, text string) {
	switch s.Place {
	case notation.CommentEnd:
		an.host.report(an.host.gameEditor().SetEndCommentText(text))
	case notation.CommentBefore:
		an.host.report(an.host.gameEditor().SetCommentBeforeText(s.Node, text))
	default:
		an.host.report(an.host.gameEditor().SetCommentText(s.Node, text))
	}
}

// variation runs a variation command on the current move.
func (an *annotator) variation(f func(*game.Node) error) func() {
	return func() {
		n := an.host.gameSession().Current()
		if n.IsRoot() {
			return
		}
		an.host.report(f(n))
	}
}

// arrow toggles an arrow on the current move (right-drag).
func (an *annotator) arrow(from, to chess.Square, c boardview.MarkColor) {
	err := an.host.gameEditor().ToggleArrow(an.host.gameSession().Current(), from, to, markLetter(c))
	an.annotationError(err)
}

// mark toggles a coloured square on the current move (right-click).
func (an *annotator) mark(sq chess.Square, c boardview.MarkColor) {
	err := an.host.gameEditor().ToggleSquare(an.host.gameSession().Current(), sq, markLetter(c))
	an.annotationError(err)
}

// annotationError shows why an annotation was not made, in the message line
// (a live game is the usual reason: no notes during play, rules.md §8.1).
func (an *annotator) annotationError(err error) {
	if err != nil {
		an.host.notice(an.host.windowDialogs().problemText(err))
	}
}

// editTags opens the tags editor: the Seven Tag Roster first, then the others.
func (an *annotator) editTags() {
	g := an.host.gameSession().Game()
	type row struct {
		name  *widget.Entry
		value *widget.Entry
		str   bool
	}
	var rows []*row
	var d *dialog.ConfirmDialog
	box := container.NewVBox()
	addRow := func(name, value string, str bool) {
		r := &row{name: widget.NewEntry(), value: widget.NewEntry(), str: str}
		// Return in a field saves, as the dialog's default button does.
		submit := func(string) { d.Confirm() }
		r.name.OnSubmitted, r.value.OnSubmitted = submit, submit
		r.name.SetText(name)
		r.value.SetText(value)
		var line *fyne.Container
		// A tag the start position or live play writes is shown, not
		// edited.
		fixed := name != "" && an.host.gameEditor().CheckTag(name) != nil
		if fixed {
			r.value.Disable()
		}
		if str {
			r.name.Disable()
			line = container.NewBorder(nil, nil, container.NewGridWrap(fyne.NewSize(150, r.name.MinSize().Height), r.name), nil, r.value)
		} else {
			del := widget.NewButton(lang.L("Remove"), nil)
			if fixed {
				r.name.Disable()
				del.Disable()
			}
			line = container.NewBorder(nil, nil, container.NewGridWrap(fyne.NewSize(150, r.name.MinSize().Height), r.name), del, r.value)
			del.OnTapped = func() {
				r.name.SetText("")
				r.value.SetText("")
				line.Hide()
			}
		}
		rows = append(rows, r)
		box.Add(line)
	}
	seen := map[string]bool{}
	for _, name := range game.Roster() {
		addRow(name, g.Tags.Value(name), true)
		seen[name] = true
	}
	var others []string
	for _, t := range g.Tags {
		if !seen[t.Name] {
			others = append(others, t.Name)
		}
	}
	sort.Strings(others)
	for _, name := range others {
		addRow(name, g.Tags.Value(name), false)
	}
	add := widget.NewButton(lang.L("Add a tag"), func() { addRow("", "", false); box.Refresh() })
	content := container.NewBorder(nil, add, nil, nil, container.NewVScroll(box))
	d = dialog.NewCustomConfirm(lang.L("Tags"), lang.L("Save"), lang.L("Cancel"), content, func(ok bool) {
		if !ok {
			return
		}
		var errs []error
		keep := map[string]bool{}
		for _, r := range rows {
			name := strings.TrimSpace(r.name.Text)
			if name == "" {
				continue
			}
			keep[name] = true
			if r.value.Disabled() {
				continue // shown, not edited: play may have changed it since
			}
			if g.Tags.Value(name) != r.value.Text {
				if err := an.host.gameEditor().SetTag(name, r.value.Text); err != nil {
					errs = append(errs, err)
				}
			}
		}
		for _, name := range others {
			if !keep[name] {
				if err := an.host.gameEditor().RemoveTag(name); err != nil {
					errs = append(errs, err)
				}
			}
		}
		if err := errors.Join(errs...); err != nil {
			an.host.windowDialogs().showError(err) // each tag not taken, and why
		}
	}, an.host.Window())
	d.Resize(fyne.NewSize(620, 520))
	an.host.windowDialogs().show(dlgTags, d)
}

// nagMenu builds the Edit › NAG palette.
func (an *annotator) nagMenu() *fyne.MenuItem {
	var items []*fyne.MenuItem
	for _, n := range nagPalette() {
		n := n
		items = append(items, fyne.NewMenuItem(nagName(n), func() {
			if !an.host.gameSession().Current().IsRoot() {
				an.host.report(an.host.gameEditor().ToggleNAG(an.host.gameSession().Current(), n))
			}
		}))
	}
	items = append(items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem(lang.L("Clear"), an.variation(an.host.gameEditor().ClearNAGs)))
	it := fyne.NewMenuItem(lang.L("Annotation symbol (NAG)"), nil)
	it.ChildMenu = fyne.NewMenu("", items...)
	return it
}
