package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// PVLine shows one of the engine's lines: its score and depth, then its
// moves; a click on a move calls OnMove with the move's index, so that the
// line can be played on the board up to that move. It draws what it is
// given and knows no rules.
type PVLine struct {
	widget.BaseWidget
	score string   // "+0.35", "#3"
	info  string   // "d18"
	moves []string // the moves as the notation shows them, numbers included where due
	// OnMove is called with the index into moves of the move clicked.
	OnMove func(i int)

	xs []float32 // where each move's text starts and ends, from the last layout
}

var (
	_ fyne.Widget   = (*PVLine)(nil)
	_ fyne.Tappable = (*PVLine)(nil)
)

// NewPVLine returns an empty line.
func NewPVLine() *PVLine {
	l := &PVLine{}
	l.ExtendBaseWidget(l)
	return l
}

// Set shows a line: score, info and moves.
func (l *PVLine) Set(score, info string, moves []string) {
	l.score, l.info, l.moves = score, info, moves
	l.Refresh()
}

// Tapped plays the line up to the move clicked.
func (l *PVLine) Tapped(ev *fyne.PointEvent) {
	for i := 0; i+1 < len(l.xs); i += 2 {
		if ev.Position.X >= l.xs[i] && ev.Position.X < l.xs[i+1] && l.OnMove != nil {
			l.OnMove(i / 2)
			return
		}
	}
}

// MinSize is one line of text.
func (l *PVLine) MinSize() fyne.Size {
	h := fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{}).Height
	return fyne.NewSize(40, h+theme.InnerPadding()/2)
}

// CreateRenderer is part of fyne.Widget.
func (l *PVLine) CreateRenderer() fyne.WidgetRenderer {
	return &pvLineRenderer{l: l}
}

type pvLineRenderer struct {
	l    *PVLine
	objs []fyne.CanvasObject
	// texts are the Text objects made so far, reused by every build: a
	// line changes ten times a second, and new objects each time kept
	// Fyne's caches of them growing (issue 27 point 3).
	texts []*canvas.Text
}

func (r *pvLineRenderer) Destroy() {}

func (r *pvLineRenderer) MinSize() fyne.Size { return r.l.MinSize() }

func (r *pvLineRenderer) Objects() []fyne.CanvasObject { return r.objs }

// Layout places the score, the info and as many moves as fit.
func (r *pvLineRenderer) Layout(size fyne.Size) {
	r.build(size)
}

func (r *pvLineRenderer) Refresh() {
	r.build(r.l.Size())
	canvas.Refresh(r.l)
}

// build sets the texts again, on the Text objects of the last build: a line
// changes every tenth of a second at most, and has a few dozen words.
func (r *pvLineRenderer) build(size fyne.Size) {
	l := r.l
	ts := theme.TextSize()
	space := fyne.MeasureText(" ", ts, fyne.TextStyle{}).Width
	r.objs = r.objs[:0]
	l.xs = l.xs[:0]
	x := float32(0)
	put := func(s string, c fyne.ThemeColorName, bold bool) (float32, bool) {
		st := fyne.TextStyle{Bold: bold, Monospace: false}
		w := fyne.MeasureText(s, ts, st).Width
		if x+w > size.Width && x > 0 {
			return x, false
		}
		if len(r.objs) == len(r.texts) {
			r.texts = append(r.texts, canvas.NewText("", nil))
		}
		t := r.texts[len(r.objs)]
		t.Text, t.Color = s, theme.Color(c)
		t.TextStyle, t.TextSize = st, ts
		t.Move(fyne.NewPos(x, 0))
		t.Resize(fyne.NewSize(w, size.Height))
		r.objs = append(r.objs, t)
		start := x
		x += w + space
		return start, true
	}
	if l.score != "" {
		put(l.score, theme.ColorNameForeground, true)
	}
	if l.info != "" {
		put(l.info, theme.ColorNamePlaceHolder, false)
	}
	for _, m := range l.moves {
		start, ok := put(m, theme.ColorNameForeground, false)
		if !ok {
			break
		}
		l.xs = append(l.xs, start, x-space)
	}
}
