package tree

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// AddToRepertoire adds the move of row i, after the line to the position
// shown, to the user's repertoire (the row's menu: Add this move to my
// repertoire). A row of the games that end here, or a tree that no longer
// shows the board's position, adds nothing.
func (t *Pane) AddToRepertoire(i int) {
	pos := t.host.Session().Current().Position()
	if i < 0 || i >= len(t.rows) || t.rows[i].End() || pos.RepetitionKey() != t.shownKey {
		return
	}
	t.host.AddToRepertoire(t.rows[i].Move)
}

// rowMenu is the menu of a row of the tree (a right click on it).
func (t *Pane) rowMenu(i int) *fyne.Menu {
	return fyne.NewMenu("", fyne.NewMenuItem(lang.L("Add this move to my repertoire"), func() { t.AddToRepertoire(i) }))
}

// TappedSecondary implements fyne.SecondaryTappable: a row's menu, for the
// move it shows.
func (r *moveRow) TappedSecondary(e *fyne.PointEvent) {
	if r.pane == nil || r.index < 0 {
		return
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(r)
	if c == nil {
		return
	}
	widget.ShowPopUpMenuAtPosition(r.pane.rowMenu(r.index), c, e.AbsolutePosition)
}

var _ fyne.SecondaryTappable = (*moveRow)(nil)
