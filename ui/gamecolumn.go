package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// gameColumn is the layout of the Game tab, top to bottom: the rows above
// the notation (the top player), the engine's row, the notation with the
// opening tree under it, the evaluation graph, the rows below (the bottom
// player, navigation, the move box, the controls) and the status panel.
//
// Its two promises, where a VBox keeps neither:
//   - The notation always gets a share of the height (middleShare, at least
//     middleMin). In a low window (800×600, Russian labels) the parts the
//     keyboard can stand in for give way to it, in the order of optional:
//     the evaluation graph first, then the engine's row (L), then the
//     opening tree (View › Opening tree still says it is on; it comes back
//     as the window grows), then the navigation buttons (the arrow keys).
//     The tree, which the player asked for and which shares the middle
//     with the notation, may take the notation's share down to middleMin:
//     at the first size, 1100×720, it shows (issue 50, point 11).
//   - The status panel has room for a message of two lines (three in a
//     narrow panel) whether one is shown or not, so the clocks and buttons above it stay where they are
//     as messages come and go (a longer one takes more, from the notation).
//
// A part that gives way is hidden through a wrapper of its own (optional
// builds it), so that its owner's own Show and Hide of the part are kept.
type gameColumn struct {
	objects  []fyne.CanvasObject // in order, top to bottom
	middle   fyne.CanvasObject   // the notation (and the tree), which takes what is left
	status   fyne.CanvasObject   // the foot, with its reserve
	optional []*fyne.Container   // the wrappers that give way, the first to go last
	// emptyHidden are the wrappers hidden while their part is: the tree,
	// whose wrapper is the trailing side of a split that closes up then.
	emptyHidden []*fyne.Container
	line        float32 // a one-line label's height
	extra       float32 // the height each further line of a label adds
	width       float32 // of the last layout
}

// The notation's share of the column's height, and the least height the
// optional parts leave it (at 0.22 the navigation row gave way in Russian
// and Slovak at the window's first size, 1100×720, where the buttons of
// play take three rows: TestGameColumnFirstSizeShowsAll); the column's MinSize holds it to middleFloor
// only (two lines), so that a low window shows everything else, the
// status panel above all, rather than running off its foot.
const (
	middleShare = 0.18
	middleMin   = 96
	middleFloor = 48
)

// optional returns o in the wrapper through which gameColumn hides it.
func optional(o fyne.CanvasObject) *fyne.Container { return container.NewStack(o) }

// newGameColumn lays out above, the middle and below, each in order, with
// status at the foot; optional lists the wrappers among them that may give
// way, the first to go last.
func newGameColumn(above []fyne.CanvasObject, middle fyne.CanvasObject, below []fyne.CanvasObject, status fyne.CanvasObject, optional ...*fyne.Container) (*fyne.Container, *gameColumn) {
	extra := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height
	line := extra + 2*theme.InnerPadding() // a one-line label's height
	l := &gameColumn{middle: middle, status: status, optional: optional, line: line, extra: extra}
	l.objects = append(append(append(append([]fyne.CanvasObject{}, above...), middle), below...), status)
	return container.New(l, l.objects...), l
}

// statusHeight is the height the status panel is given: room for its
// status line and a message of two lines, three in a panel narrower than
// narrowPanel, where a refusal's sentence takes three.
func (l *gameColumn) statusHeight() float32 {
	lines := float32(2)
	if l.width > 0 && l.width < narrowPanel {
		lines = 3
	}
	return max(l.status.MinSize().Height, 2*l.line+theme.Padding()+(lines-1)*l.extra)
}

// narrowPanel is the width under which the status panel keeps room for a
// message of three lines.
const narrowPanel = 420

// hideEmpty has the wrapper c hidden while its part is hidden; the part's
// owner shows c before the part.
func (l *gameColumn) hideEmpty(c *fyne.Container) { l.emptyHidden = append(l.emptyHidden, c) }

// isOptional reports whether o is one of the wrappers that may give way.
func (l *gameColumn) isOptional(o fyne.CanvasObject) bool {
	c, ok := o.(*fyne.Container)
	return ok && slices.Contains(l.optional, c)
}

// content returns the height of a wrapper's part, 0 when its owner hides it.
func content(c *fyne.Container) float32 {
	if len(c.Objects) == 0 || !c.Objects[0].Visible() {
		return 0
	}
	return c.Objects[0].MinSize().Height
}

// Layout decides which optional parts fit beside the notation's share,
// then places everything top to bottom, the status panel at the foot.
func (l *gameColumn) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	// A wrapping label's least height, and the controls' grid's, follow
	// their width: give every part the column's width before measuring, or
	// the first layout at a window's real width decides with the heights of
	// the narrower layout before it (and hides the navigation row for one
	// frame, which then paints its icons a frame late).
	for _, o := range l.objects {
		if o.Size().Width != size.Width {
			o.Resize(fyne.NewSize(size.Width, o.Size().Height))
		}
	}
	pad := theme.Padding()
	fixed := l.statusHeight()
	for _, o := range l.objects {
		if o == l.middle || o == l.status || l.isOptional(o) || !o.Visible() {
			continue
		}
		fixed += o.MinSize().Height + pad
	}
	reserve := max(middleMin, middleShare*size.Height)
	spare := size.Height - fixed - reserve
	for _, c := range l.optional { // the last to go first: the first gets the room first
		h := content(c)
		inMiddle := slices.Contains(l.emptyHidden, c)
		if h == 0 { // the owner hides the part
			if inMiddle {
				c.Hide() // its owner shows the wrapper with the part
			} else {
				c.Show() // so that the part's coming shows in the wrapper's size
			}
			continue
		}
		room := spare
		if inMiddle {
			// The tree shares the middle with the notation: it may take the
			// notation's share down to middleMin.
			room += reserve - middleMin
		}
		if h+pad <= room {
			spare -= h + pad
			c.Show()
		} else {
			c.Hide()
		}
	}
	// The middle takes what the others leave.
	used := l.statusHeight()
	for _, o := range l.objects {
		if o != l.middle && o != l.status && o.Visible() && o.MinSize().Height > 0 {
			used += o.MinSize().Height + pad
		}
	}
	middle := max(0, size.Height-used-pad)
	y := float32(0)
	for _, o := range l.objects {
		if !o.Visible() {
			continue
		}
		h := o.MinSize().Height
		switch o {
		case l.middle:
			h = middle
		case l.status:
			h = size.Height - y
		}
		if h == 0 && o != l.middle {
			continue
		}
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h + pad
	}
}

// MinSize is the width of the widest part and the height of what never
// gives way, with the notation at its floor.
func (l *gameColumn) MinSize(_ []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	var w float32
	h := l.statusHeight() + middleFloor
	for _, o := range l.objects {
		if !o.Visible() {
			continue
		}
		w = max(w, o.MinSize().Width)
		if o != l.middle && o != l.status && !l.isOptional(o) {
			h += o.MinSize().Height + pad
		}
	}
	return fyne.NewSize(w, h+pad)
}
