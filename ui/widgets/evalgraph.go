package widgets

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// EvalGraph draws the evaluation of every main-line move, from the game's
// [%eval] commands (the engine's analysis or the file's own), as White's
// winning chances: up is White. A click on the graph calls OnSelect with the
// ply clicked; the ply shown is marked.
type EvalGraph struct {
	widget.BaseWidget
	values  []float32 // White's chances in [-1, 1] after each ply; NaN where unknown
	current int       // the ply shown, -1 for none
	// OnSelect is called with the ply (1-based: after that move) clicked.
	OnSelect func(ply int)
}

var (
	_ fyne.Widget   = (*EvalGraph)(nil)
	_ fyne.Tappable = (*EvalGraph)(nil)
)

// NewEvalGraph returns an empty graph, no ply marked.
func NewEvalGraph() *EvalGraph {
	g := &EvalGraph{current: -1}
	g.ExtendBaseWidget(g)
	return g
}

// Set shows values (one a ply, from ply 1: White's chances in [-1, 1],
// NaN where unknown) with ply current marked, -1 for none.
func (g *EvalGraph) Set(values []float32, current int) {
	g.values, g.current = values, current
	g.Refresh()
}

// Values returns the values on show, one a ply.
func (g *EvalGraph) Values() []float32 { return g.values }

// Current returns the ply marked, -1 for none.
func (g *EvalGraph) Current() int { return g.current }

// MinSize is a low strip.
func (g *EvalGraph) MinSize() fyne.Size { return fyne.NewSize(60, 56) }

// Tapped selects the ply under the pointer.
func (g *EvalGraph) Tapped(ev *fyne.PointEvent) {
	n := len(g.values)
	if n == 0 || g.OnSelect == nil {
		return
	}
	w := g.Size().Width
	i := int(math.Round(float64(ev.Position.X / w * float32(max(1, n-1)))))
	g.OnSelect(max(0, min(n-1, i)) + 1)
}

// CreateRenderer is part of fyne.Widget.
func (g *EvalGraph) CreateRenderer() fyne.WidgetRenderer {
	return &evalGraphRenderer{g: g, bg: canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground)),
		mid: canvas.NewLine(theme.Color(theme.ColorNameSeparator)), cur: canvas.NewLine(theme.Color(theme.ColorNamePrimary))}
}

type evalGraphRenderer struct {
	g        *EvalGraph
	bg       *canvas.Rectangle
	mid, cur *canvas.Line
	lines    []*canvas.Line
	objs     []fyne.CanvasObject
}

func (r *evalGraphRenderer) Destroy() {}

func (r *evalGraphRenderer) MinSize() fyne.Size { return r.g.MinSize() }

func (r *evalGraphRenderer) Objects() []fyne.CanvasObject { return r.objs }

func (r *evalGraphRenderer) Layout(size fyne.Size) {
	g := r.g
	r.bg.Resize(size)
	r.mid.Position1, r.mid.Position2 = fyne.NewPos(0, size.Height/2), fyne.NewPos(size.Width, size.Height/2)
	n := len(g.values)
	for len(r.lines) < n {
		l := canvas.NewLine(theme.Color(theme.ColorNameForeground)) // the text's colour: it reads on the background in both themes
		l.StrokeWidth = 1.5
		r.lines = append(r.lines, l)
	}
	x := func(i int) float32 { return float32(i) / float32(max(1, n-1)) * size.Width }
	y := func(v float32) float32 { return (1 - (v+1)/2) * size.Height }
	r.objs = append(r.objs[:0], r.bg, r.mid)
	for i := 1; i < n; i++ {
		a, b := g.values[i-1], g.values[i]
		if math.IsNaN(float64(a)) || math.IsNaN(float64(b)) {
			continue
		}
		l := r.lines[i]
		l.Position1, l.Position2 = fyne.NewPos(x(i-1), y(a)), fyne.NewPos(x(i), y(b))
		r.objs = append(r.objs, l)
	}
	if c := g.current - 1; c >= 0 && c < n {
		r.cur.Position1, r.cur.Position2 = fyne.NewPos(x(c), 0), fyne.NewPos(x(c), size.Height)
		r.cur.StrokeWidth = 2
		r.objs = append(r.objs, r.cur)
	}
}

func (r *evalGraphRenderer) Refresh() {
	r.bg.FillColor = theme.Color(theme.ColorNameInputBackground)
	for _, l := range r.lines {
		l.StrokeColor = theme.Color(theme.ColorNameForeground)
	}
	r.Layout(r.g.Size())
	canvas.Refresh(r.g)
}
