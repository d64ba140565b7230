package tree

import (
	"fmt"
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/core/posindex"
	"touchmove/ui/widgets"
)

// moveRow is one line of the tree: the move, the games, the bar of
// results, the percentages, the average rating, the performance and the
// last year.
type moveRow struct {
	widget.BaseWidget
	cells []*canvas.Text
	white *canvas.Rectangle
	draw  *canvas.Rectangle
	black *canvas.Rectangle
	bar   *fyne.Container
	ratio [3]float32
	// head: the header line, whose results heading spans the bar's column
	// and the percentages' and shrinks to fit them.
	head  bool
	names []string // the headings, for the header line
	full  []string // the cells' texts, before a narrow pane cuts them short
}

// dropOrder is the order in which a narrow pane drops the tree's columns:
// the year, the performance, the rating, then the percentages (the bar
// still shows them). The move, the games and the bar always stay.
var dropOrder = []int{6, 5, 4, 3}

func newMoveRow() *moveRow {
	r := &moveRow{}
	for range len(columns) {
		c := canvas.NewText("", theme.Color(theme.ColorNameForeground))
		c.TextSize = theme.TextSize()
		if i := len(r.cells); i == 1 || i >= 4 {
			c.Alignment = fyne.TextAlignTrailing
		}
		r.cells = append(r.cells, c)
	}
	r.white = canvas.NewRectangle(color.NRGBA{0xf2, 0xf2, 0xf2, 0xff})
	r.draw = canvas.NewRectangle(color.NRGBA{0x9a, 0x9a, 0x9a, 0xff})
	r.black = canvas.NewRectangle(color.NRGBA{0x30, 0x30, 0x30, 0xff})
	r.white.StrokeColor = color.NRGBA{0x80, 0x80, 0x80, 0xff}
	r.white.StrokeWidth = 1
	r.bar = container.New(&barLayout{r: r}, r.white, r.draw, r.black)
	r.ExtendBaseWidget(r)
	return r
}

// header makes r the header line of the tree.
func (r *moveRow) header() {
	names := []string{lang.L("Move"), lang.L("Games"), lang.L("White / draw / Black"), "", lang.L("Rtg."), lang.L("Perf."), lang.L("Year")}
	r.head, r.names = true, names
	for i, c := range r.cells {
		c.Text = names[i]
		c.TextStyle.Bold = true
	}
	r.bar.Hide()
}

// show shows row in r.
func (r *moveRow) show(t *Pane, row posindex.Row) {
	r.cells[0].Text = t.moveText(row)
	r.cells[1].Text = t.host.Count(row.Games)
	n := row.WhiteWins + row.Draws + row.BlackWins
	r.cells[2].Text = ""
	if n > 0 {
		pct := func(k int) int { return (200*k + n) / (2 * n) }
		r.cells[3].Text = fmt.Sprintf("%d / %d / %d%%", pct(row.WhiteWins), pct(row.Draws), pct(row.BlackWins))
		r.ratio = [3]float32{float32(row.WhiteWins) / float32(n), float32(row.Draws) / float32(n), float32(row.BlackWins) / float32(n)}
		r.bar.Show()
	} else {
		r.cells[3].Text = ""
		r.bar.Hide()
	}
	r.cells[4].Text = known(row.AvgRating(), true)
	perf, ok := row.Performance()
	r.cells[5].Text = known(perf, ok)
	r.cells[6].Text = known(row.LastYear, true)
	r.full = r.full[:0]
	for _, c := range r.cells {
		c.Color = theme.Color(theme.ColorNameForeground)
		r.full = append(r.full, c.Text)
	}
	r.Refresh()
	r.bar.Refresh()
}

// known writes n, or a dash when it is not known.
func known(n int, ok bool) string {
	if !ok || n == 0 {
		return "–"
	}
	return fmt.Sprint(n)
}

// CreateRenderer implements fyne.Widget.
func (r *moveRow) CreateRenderer() fyne.WidgetRenderer {
	objs := []fyne.CanvasObject{r.bar}
	for _, c := range r.cells {
		objs = append(objs, c)
	}
	return &moveRowRenderer{r: r, objs: objs}
}

type moveRowRenderer struct {
	r    *moveRow
	objs []fyne.CanvasObject
}

func (rr *moveRowRenderer) Layout(size fyne.Size) {
	r := rr.r
	shown, widths := layoutColumns(size.Width)
	x := float32(theme.Padding())
	h := r.cells[0].MinSize().Height
	y := (size.Height - h) / 2
	// Column 2 is the bar; the cells are the move, the games, (the bar),
	// the percentages, the rating, the performance and the year.
	for i, c := range r.cells {
		if !shown[i] {
			c.Hide()
			continue
		}
		c.Show()
		w := widths[i]
		switch {
		case i == 2 && r.head:
			// The results heading, over the bar and the percentages.
			span := w - 2*theme.Padding()
			if shown[3] {
				span += widths[3]
			}
			fitHeading(c, r.names[i], span)
			c.Move(fyne.NewPos(x+theme.Padding(), y))
			c.Resize(fyne.NewSize(span, h))
		case i == 2:
			r.bar.Move(fyne.NewPos(x, y+h/4))
			r.bar.Resize(fyne.NewSize(w-8, h/2))
		default:
			if r.head {
				fitHeading(c, r.names[i], w-theme.Padding())
			} else if i < len(r.full) {
				c.Text = widgets.FitText(r.full[i], w-theme.Padding(), c.TextSize) // a move of the window's letters that does not fit
			}
			c.Move(fyne.NewPos(x, y))
			c.Resize(fyne.NewSize(w, h))
		}
		x += w
	}
}

// columnWidths returns the widths of the tree's columns: columns, with the
// move column as wide as its words in the window's language (the end of
// the games, "(end)", and the total line's "Total"), which no pane cuts.
func columnWidths() []float32 {
	out := slices.Clone(columns)
	size := theme.TextSize()
	out[0] = max(out[0],
		fyne.MeasureText(lang.L("(end)"), size, fyne.TextStyle{}).Width+2*theme.Padding(),
		fyne.MeasureText(lang.L("Total"), size, fyne.TextStyle{Bold: true}).Width+2*theme.Padding())
	return out
}

// layoutColumns returns which of the tree's columns a row width shows and
// the width of each: the columns grow with the pane (up to 1.6 times) and
// shrink with it (down to half), all but the move column, which keeps the
// width of its words.
func layoutColumns(width float32) (shown []bool, widths []float32) {
	widths = columnWidths()
	shown = shownColumns(width)
	natural, rest := 2*theme.Padding(), float32(0)
	for i, w := range widths {
		if shown[i] {
			natural += w
			if i > 0 {
				rest += w
			}
		}
	}
	scale := max(min(width/natural, 1.6), 0.5)
	if scale < 1 && rest > 0 {
		scale = max(min((width-natural+rest)/rest, 1), 0.5)
	}
	for i := range widths {
		if i > 0 || scale > 1 {
			widths[i] *= scale
		}
	}
	return shown, widths
}

// shownColumns returns which of the tree's columns a pane width shows: all
// that fit at their width, dropping them in dropOrder's order.
func shownColumns(width float32) []bool {
	widths := columnWidths()
	shown := make([]bool, len(widths))
	need := 2 * theme.Padding()
	for i, w := range widths {
		shown[i] = true
		need += w
	}
	for _, i := range dropOrder {
		if need <= width {
			break
		}
		shown[i] = false
		need -= widths[i]
	}
	return shown
}

// fitHeading writes the heading text in c, shrunk (down to the caption's
// size) and then cut short until it fits width, so that it never runs into
// the next column's heading.
func fitHeading(c *canvas.Text, text string, width float32) {
	c.Text, c.TextSize = text, theme.TextSize()
	if cw := c.MinSize().Width; cw > width && width > 0 {
		c.TextSize = max(theme.CaptionTextSize(), c.TextSize*width/cw)
	}
	if c.MinSize().Width > width {
		c.Text = widgets.FitText(text, width*0.92, c.TextSize) // bold is wider than FitText measures
	}
}

func rowWidth() float32 {
	var s float32
	for _, w := range columnWidths() {
		s += w
	}
	return s + 2*theme.Padding()
}

func (rr *moveRowRenderer) MinSize() fyne.Size {
	return fyne.NewSize(rowWidth()*0.5, rr.r.cells[0].MinSize().Height+theme.Padding())
}

func (rr *moveRowRenderer) Refresh() {
	for _, c := range rr.r.cells {
		c.Refresh()
	}
	rr.Layout(rr.r.Size())
}

func (rr *moveRowRenderer) Objects() []fyne.CanvasObject { return rr.objs }
func (rr *moveRowRenderer) Destroy()                     {}

// barLayout lays the three parts of a row's bar side by side by its ratios.
type barLayout struct{ r *moveRow }

func (l *barLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	x := float32(0)
	for i, o := range objs {
		w := size.Width * l.r.ratio[i]
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w
	}
}

func (l *barLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(20, 6) }

// totalLine is the tree's total line: a double click narrows the game
// list to its games.
type totalLine struct {
	widget.BaseWidget
	t   *Pane
	row *moveRow
}

func newTotalLine(t *Pane) *totalLine {
	tt := &totalLine{t: t, row: newMoveRow()}
	tt.ExtendBaseWidget(tt)
	return tt
}

func (tt *totalLine) show(r posindex.Row) {
	tt.row.show(tt.t, r)
	tt.row.cells[0].Text = lang.L("Total")
	tt.row.full[0] = tt.row.cells[0].Text
	for _, c := range tt.row.cells {
		c.TextStyle.Bold = true
	}
	tt.row.Refresh()
}

// CreateRenderer implements fyne.Widget.
func (tt *totalLine) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(tt.row)
}

// DoubleTapped implements fyne.DoubleTappable: the list shows the games.
func (tt *totalLine) DoubleTapped(*fyne.PointEvent) { tt.t.ShowGames() }

var _ fyne.DoubleTappable = (*totalLine)(nil)
