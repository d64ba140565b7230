package tree

import (
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"

	"touchmove/app"
	"touchmove/app/library"
	"touchmove/core/chess"
	"touchmove/core/eco"
	"touchmove/core/msg"
	"touchmove/core/posindex"
)

// testHost is a window without a file, a session or settings.
type testHost struct{}

func (testHost) Session() *app.Session      { return nil }
func (testHost) Library() *library.Library  { return nil }
func (testHost) CacheDir() string           { return "" }
func (testHost) Openings() *eco.Table       { return nil }
func (testHost) Spawn(f func())             { f() }
func (testHost) RefreshList()               {}
func (testHost) ShowGames()                 {}
func (testHost) OpenGame(int)               {}
func (testHost) AddToRepertoire(chess.Move) {}
func (testHost) Unfocus()                   {}
func (testHost) Notice(string)              {}
func (testHost) ShowProblem(string)         {}
func (testHost) SAN(san string) string      { return san }
func (testHost) Say(t msg.Text) string      { return t.String() }
func (testHost) Count(n int) string         { return strconv.Itoa(n) }
func (testHost) TreeOn() bool               { return false }
func (testHost) SetTreeOn(bool)             {}
func (testHost) TreeSplit() float64         { return 0.5 }

// The tree's headings never run into one another, however narrow the pane.
func TestTreeHeadingsApart(t *testing.T) {
	test.NewTempApp(t)
	for _, scale := range []float32{0.5, 0.7, 1, 1.6} {
		r := newMoveRow()
		r.header()
		rr := test.WidgetRenderer(r)
		size := fyne.NewSize(rowWidth()*scale, rr.MinSize().Height)
		r.Resize(size)
		rr.Layout(size)
		last, lastText := float32(-1), ""
		for _, c := range r.cells {
			if c.Text == "" || !c.Visible() {
				continue // a column a narrow pane drops
			}
			w := c.MinSize().Width
			x0 := c.Position().X
			if c.Alignment == fyne.TextAlignTrailing {
				x0 = c.Position().X + c.Size().Width - w
			}
			if x0 < last {
				t.Errorf("at %.0f px, %q starts at %.1f, before %q ends at %.1f", size.Width, c.Text, x0, lastText, last)
			}
			last, lastText = x0+w, c.Text
		}
	}
}

// A row's cells never run into one another either: a narrow pane drops
// the year, the performance, the rating and the percentages before the
// texts touch, and a long move text ("конец партии", the end of the game
// in Russian) and a long name are cut short; from 330 px the name is
// shown, from 540 px the percentages too, and at 860 px every column.
func TestTreeRowCellsApart(t *testing.T) {
	test.NewTempApp(t)
	for _, width := range []float32{268, 330, 420, 540, 860} {
		r := newMoveRow()
		r.full = []string{"конец партии", "12 345", "", "45 / 30 / 25%", "2655", "2701", "2024", "B90 Sicilian Defense: Najdorf Variation, English Attack"}
		for i, c := range r.cells {
			c.Text = r.full[i]
		}
		rr := test.WidgetRenderer(r)
		size := fyne.NewSize(width, rr.MinSize().Height)
		r.Resize(size)
		rr.Layout(size)
		shown := 0
		last, lastText := float32(-1), ""
		for _, c := range r.cells {
			if c.Text == "" || !c.Visible() {
				continue
			}
			shown++
			w := c.MinSize().Width
			x0 := c.Position().X
			if c.Alignment == fyne.TextAlignTrailing {
				x0 = c.Position().X + c.Size().Width - w
			}
			if x0 < last {
				t.Errorf("at %.0f px, %q starts at %.1f, before %q ends at %.1f", width, c.Text, x0, lastText, last)
			}
			last, lastText = x0+w, c.Text
		}
		if width >= 330 && !r.cells[nameColumn].Visible() || width >= 540 && shown < 4 {
			t.Errorf("at %.0f px only %d cells are shown, the name shown %v", width, shown, r.cells[nameColumn].Visible())
		}
		if width >= 860 && shown < 7 {
			t.Errorf("at %.0f px only %d cells are shown", width, shown)
		}
		if name := r.cells[nameColumn]; name.Visible() && name.Position().X+name.MinSize().Width > width {
			t.Errorf("at %.0f px the name %q runs past the row", width, name.Text)
		}
	}
}

// The total line says Total however the pane cuts its columns.
func TestTreeTotalNamed(t *testing.T) {
	test.NewTempApp(t)
	tt := New(testHost{}).total
	tt.show(posindex.Row{Games: 7, WhiteWins: 3, Draws: 2, BlackWins: 2})
	for _, width := range []float32{300, 900} {
		rr := test.WidgetRenderer(tt.row)
		size := fyne.NewSize(width, rr.MinSize().Height)
		tt.row.Resize(size)
		rr.Layout(size)
		if got := tt.row.cells[0].Text; got != lang.L("Total") {
			t.Errorf("at %.0f px the total line says %q", width, got)
		}
	}
}
