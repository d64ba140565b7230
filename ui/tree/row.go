package tree

import (
	"fmt"
	"image/color"
	"math"
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
// results, the percentages, the average rating, the performance, the last
// year and the name of the opening the move leads to.
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
	// pane and index are the tree and the row shown, for the row's menu
	// (index -1: the header or the total).
	pane  *Pane
	index int
}

// dropOrder is the order in which a narrow pane drops the tree's columns:
// the year, the performance, the rating, the percentages (the bar still
// shows them), and last the opening's name, which is cut short before.
// The move, the games and the bar always stay.
var dropOrder = []int{6, 5, 4, 3, nameColumn}

// nameColumn is the column of the opening's name: the last, and the one
// that takes what room the pane has beyond the others' widths.
const nameColumn = 7

// nameRoom is the room a name wants ("B00 King's Pawn Game"), which a
// narrow pane's bar gives it down to barLeast, or to the results heading's
// width.
const nameRoom, barLeast = 160, 64

func newMoveRow() *moveRow {
	r := &moveRow{index: -1}
	for range len(columns) {
		c := canvas.NewText("", theme.Color(theme.ColorNameForeground))
		c.TextSize = theme.TextSize()
		if i := len(r.cells); i == 1 || i >= 4 && i != nameColumn {
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
	names := []string{lang.L("Move"), lang.L("Games"), lang.L("White / draw / Black"), "", lang.L("Rtg."), lang.L("Perf."), lang.L("Year"), lang.L("Opening")}
	r.head, r.names = true, names
	for i, c := range r.cells {
		c.Text = names[i]
		c.TextStyle.Bold = true
	}
	r.bar.Hide()
}

// show shows row in r, with the name of the opening its move leads to
// ("" for none).
func (r *moveRow) show(t *Pane, row posindex.Row, name string) {
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
	r.cells[nameColumn].Text = name
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
	shown, columns := shownColumns(size.Width), columnWidths()
	width := 2 * theme.Padding()
	for i, w := range columns {
		if shown[i] {
			width += w
		}
	}
	scale := max(min(size.Width/width, 1.6), 0.5)
	nameWidth := columns[nameColumn] * scale
	if shown[nameColumn] {
		// The other columns keep their widths (or shrink), the name takes
		// the rest.
		scale = max(min(size.Width/width, 1), 0.5)
		nameWidth = size.Width - (width-columns[nameColumn])*scale
	}
	moveWidth := columns[0] * scale
	if scale < 1 {
		// The move column keeps the width of its words ("(end)", "Total");
		// the name, if shown, gives up the room.
		moveWidth = columns[0]
		if shown[nameColumn] {
			nameWidth -= columns[0] * (1 - scale)
		}
	}
	barWidth := columns[2] * scale
	if shown[nameColumn] {
		// The bar is never so narrow that the results heading over it (and
		// over the percentages, if shown) is cut, even at the caption's
		// size (fitHeading); a narrow pane's bar gives the name room down
		// to that, or to barLeast.
		least := fyne.MeasureText(lang.L("White / draw / Black"), theme.CaptionTextSize(), fyne.TextStyle{Bold: true}).Width + 3*theme.Padding()
		if shown[3] {
			least -= columns[3] * scale
		}
		least = max(least, barLeast)
		if barWidth < least {
			nameWidth -= least - barWidth
			barWidth = least
		}
		if nameWidth < nameRoom {
			give := max(min(nameRoom-nameWidth, barWidth-least), 0)
			barWidth -= give
			nameWidth += give
		}
	}
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
		w := columns[i] * scale
		switch i {
		case 0:
			w = moveWidth
		case nameColumn:
			w = nameWidth
		case 2:
			w = barWidth
		}
		switch {
		case i == 2 && r.head:
			// The results heading, over the bar and the percentages.
			span := w - 2*theme.Padding()
			if shown[3] {
				span += columns[3] * scale
			}
			fitHeading(c, r.names[i], span)
			c.Move(fyne.NewPos(x+theme.Padding(), y))
			c.Resize(fyne.NewSize(span, h))
		case i == 2:
			r.bar.Move(fyne.NewPos(x, y+h/4))
			r.bar.Resize(fyne.NewSize(w-8, h/2))
		default:
			left := float32(0) // the name, aligned left, keeps apart from the numbers before it
			if i == nameColumn {
				left = 2 * theme.Padding()
			}
			if r.head {
				fitHeading(c, r.names[i], w-left-theme.Padding())
			} else if i < len(r.full) {
				c.Text = widgets.FitText(r.full[i], w-left-theme.Padding(), c.TextSize) // a move of the window's letters that does not fit
			}
			c.Move(fyne.NewPos(x+left, y))
			c.Resize(fyne.NewSize(w-left, h))
		}
		x += w
	}
}

// shownColumns returns which of the tree's columns a pane width shows: all
// that fit at their width, dropping them in dropOrder's order.
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
		// A whole size: text is measured (and drawn) at a fractional size as
		// at a larger one (11.2 measures as 12, 9% wider than 11).
		c.TextSize = max(theme.CaptionTextSize(), float32(math.Floor(float64(c.TextSize*width/cw))))
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
	tt.row.show(tt.t, r, "")
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
