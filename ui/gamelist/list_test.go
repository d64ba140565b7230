package gamelist

import (
	"context"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/app/library"
	"touchmove/app/store"
	"touchmove/core/pgn"
	"touchmove/ui/internal/uitest"
)

// testWords writes counts, dates and problems as ui does in English, the
// problems in the English of the error.
type testWords struct{}

func (testWords) Count(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
func (testWords) Date(d string) string { return d }
func (testWords) Problem(e *pgn.SyntaxError) string {
	return fmt.Sprintf("Line %d, column %d: %s", e.Line, e.Column, e.Message())
}
func (testWords) PGNError(err error) (string, bool)        { return "", false }
func (testWords) Format(e *store.FormatError) string       { return e.Error() }
func (testWords) WithDetail(lead string, err error) string { return lead + " " + err.Error() }

// writeFile writes data to a new file name in a temporary folder.
func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// gameListNames are the players of the test file, by game.
var gameListNames = []string{"Carlsen", "Anand", "Kramnik", "Topalov", "Ding", "Nepo"}

// writeGameListFile writes n short games; game i has White
// gameListNames[i%6] and Event "Event i"; game 3 has a stray ")".
func writeGameListFile(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[Event \"Event %d\"]\n[White %q]\n[Black \"Black %d\"]\n[Result \"1-0\"]\n\n1. e4 e5 ", i, gameListNames[i%len(gameListNames)], i)
		if i == 3 {
			b.WriteString(") ")
		}
		b.WriteString("2. Nf3 1-0\n\n")
	}
	return writeFile(t, "list.pgn", b.String())
}

// listHarness is a game list in a test window, its file not yet indexed.
type listHarness struct {
	list   *List
	lib    *library.Library
	win    fyne.Window
	run    func() // indexes the file, on the test goroutine
	opened []int  // what OnOpen was called with
}

func newListHarness(t *testing.T, n int, onProgress func(h *listHarness, p library.Progress)) *listHarness {
	t.Helper()
	test.NewTempApp(t)
	h := &listHarness{list: NewList(testWords{})}
	h.list.OnOpen = func(i int) { h.opened = append(h.opened, i) }
	h.win = test.NewTempWindow(t, h.list)
	h.win.Resize(fyne.NewSize(1700, 420))
	opts := library.Options{
		FirstChunk: 512, MaxChunk: 2048, Interval: time.Nanosecond,
		Spawn: func(f func()) { h.run = f },
	}
	if onProgress != nil {
		opts.OnProgress = func(p library.Progress) { onProgress(h, p) }
	}
	lib, err := h.list.Open(context.Background(), writeGameListFile(t, n), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lib.Close() })
	h.lib = lib
	return h
}

// gameListObjects returns the objects of type T on show in the window, as
// drawn (test.LaidOutObjects builds new renderers), that pass keep.
func gameListObjects[T fyne.CanvasObject](h *listHarness, keep func(T) bool) []T {
	return windowObjects(h.win, keep)
}

// windowObjects returns the objects of type T on show in w that pass keep.
func windowObjects[T fyne.CanvasObject](w fyne.Window, keep func(T) bool) []T {
	return uitest.ObjectsIn(w.Content(), keep)
}

// tapOn taps the canvas in the middle of o, as the driver routes a click.
func (h *listHarness) tapOn(t *testing.T, o fyne.CanvasObject) {
	t.Helper()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(o).Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
	test.TapCanvas(h.win.Canvas(), pos)
}

// header returns the header button whose text starts with title.
func (h *listHarness) header(t *testing.T, title string) *widget.Button {
	t.Helper()
	b := gameListObjects(h, func(b *widget.Button) bool { return strings.HasPrefix(b.Text, title+" ") || b.Text == title })
	if len(b) != 1 {
		t.Fatalf("%d header buttons %q", len(b), title)
	}
	return b[0]
}

// cell returns the cell of row r, column c.
func (h *listHarness) cell(t *testing.T, r int, c library.ListColumn) *listCell {
	t.Helper()
	cells := gameListObjects(h, func(x *listCell) bool { return x.row == r && x.col == int(c) })
	if len(cells) != 1 {
		t.Fatalf("%d cells at row %d column %s", len(cells), r, c)
	}
	return cells[0]
}

// key sends a key to the focused object.
func (h *listHarness) key(t *testing.T, k fyne.KeyName) {
	t.Helper()
	f := h.win.Canvas().Focused()
	if f == nil {
		t.Fatalf("no focused object for key %s", k)
	}
	f.TypedKey(&fyne.KeyEvent{Name: k})
}

// TestGameListProgress shows the progress bar while the file is indexed,
// with rows already listed, and hides it at the end.
func TestGameListProgress(t *testing.T) {
	type seen struct {
		busy       bool
		rows       int
		count      string
		finished   bool
		progress   float64
		cancelShow bool
	}
	var reports []seen
	h := newListHarness(t, 60, func(h *listHarness, p library.Progress) {
		l := h.list
		reports = append(reports, seen{l.busy.Visible(), l.lib.Rows(), l.count.Text, p.Finished, l.progress.Value, l.cancel.Visible()})
	})
	if !h.list.busy.Visible() || h.list.count.Text != "0 of 0 games, indexing…" {
		t.Errorf("before indexing: busy %v, count %q", h.list.busy.Visible(), h.list.count.Text)
	}
	h.run()
	if len(reports) < 3 {
		t.Fatalf("%d reports", len(reports))
	}
	mid := reports[1]
	if !mid.busy || !mid.cancelShow || mid.finished || mid.rows == 0 || mid.rows >= 60 || mid.progress <= 0 || mid.progress >= 1 ||
		mid.count != fmt.Sprintf("%d of %d games, indexing…", mid.rows, mid.rows) {
		t.Errorf("while indexing: %+v", mid)
	}
	if last := reports[len(reports)-1]; last.busy || !last.finished || last.rows != 60 || last.count != "60 of 60 games" {
		t.Errorf("at the end: %+v", last)
	}
	if got := h.cell(t, 3, library.ColumnError); got.text != "Line 27, column 10: unmatched closing delimiter ')'" || !got.danger {
		t.Errorf("error cell of game 4: %q, in red %v", got.text, got.danger)
	}
}

// TestGameListCancel stops indexing with the Cancel button: the rows listed
// stay and the bar goes.
func TestGameListCancel(t *testing.T) {
	tapped := false
	h := newListHarness(t, 200, func(h *listHarness, p library.Progress) {
		if !tapped && p.Games > 0 {
			tapped = true
			test.Tap(h.list.cancel)
		}
	})
	h.run()
	n := h.lib.Len()
	if !tapped || n == 0 || n >= 200 || h.list.busy.Visible() || h.lib.Rows() != n {
		t.Fatalf("after Cancel: %d games, %d rows, busy %v", n, h.lib.Rows(), h.list.busy.Visible())
	}
	if want := fmt.Sprintf("%d of %d games (indexing stopped)", n, n); h.list.count.Text != want {
		t.Errorf("count %q, want %q", h.list.count.Text, want)
	}
}

// TestGameListSortByHeader sorts by a clicked header, reverses on a second
// click, and marks the column.
func TestGameListSortByHeader(t *testing.T) {
	h := newListHarness(t, 30, nil)
	h.run()
	steps := []struct {
		header string
		want   library.ListSort
		title  string
		first  string // White of the first row
	}{
		{"White", library.ListSort{Column: library.ColumnWhite}, "White ▲", "Anand"},
		{"White", library.ListSort{Column: library.ColumnWhite, Descending: true}, "White ▼", "Topalov"},
		{"#", library.ListSort{Column: library.ColumnNumber}, "# ▲", "Carlsen"},
		{"#", library.ListSort{Column: library.ColumnNumber, Descending: true}, "# ▼", "Nepo"},
	}
	for _, s := range steps {
		t.Run(s.title, func(t *testing.T) {
			h.tapOn(t, h.header(t, s.header))
			if got := h.lib.Sort(); got != s.want {
				t.Errorf("sort %+v, want %+v", got, s.want)
			}
			if b := h.header(t, s.header); b.Text != s.title {
				t.Errorf("header %q, want %q", b.Text, s.title)
			}
			if got := h.cell(t, 0, library.ColumnWhite).text; got != s.first {
				t.Errorf("first row shows %q, want %q", got, s.first)
			}
		})
	}
	if b := h.header(t, "White"); b.Text != "White" {
		t.Errorf("header of an unsorted column %q", b.Text)
	}
}

// TestGameListFilter filters as one types into the entry.
func TestGameListFilter(t *testing.T) {
	h := newListHarness(t, 30, nil)
	h.run()
	tests := []struct {
		typed string
		rows  int
		first string
	}{
		{"kram", 5, "Kramnik"},
		{"player:ANAND", 5, "Anand"},
		{"event:\"event 1\"", 11, "Anand"}, // Event 1, 10–19
		{"is:bad", 1, "Topalov"},
		{"nobody", 0, ""},
		{"", 30, "Carlsen"},
	}
	for _, tt := range tests {
		t.Run(tt.typed, func(t *testing.T) {
			h.list.filter.SetText("")
			test.Type(h.list.filter, tt.typed)
			if h.lib.Rows() != tt.rows {
				t.Errorf("%d rows, want %d", h.lib.Rows(), tt.rows)
			}
			if want := fmt.Sprintf("%d of 30 games", tt.rows); h.list.count.Text != want {
				t.Errorf("count %q, want %q", h.list.count.Text, want)
			}
			if tt.rows > 0 {
				if got := h.cell(t, 0, library.ColumnWhite).text; got != tt.first {
					t.Errorf("first row shows %q, want %q", got, tt.first)
				}
			}
		})
	}
}

// TestGameListOpen opens games by tap and Enter, by the keys from the
// filter entry, and by double click: OnOpen gets the game's index in the
// file, not its row.
func TestGameListOpen(t *testing.T) {
	tests := []struct {
		name string
		do   func(t *testing.T, h *listHarness)
		want []int
	}{
		{"tap and Enter", func(t *testing.T, h *listHarness) {
			h.tapOn(t, h.cell(t, 2, library.ColumnBlack))
			h.key(t, fyne.KeyReturn)
		}, []int{27}},
		{"a tap alone", func(t *testing.T, h *listHarness) {
			h.tapOn(t, h.cell(t, 2, library.ColumnBlack))
		}, nil},
		{"tap, Down, Down, Up and Enter", func(t *testing.T, h *listHarness) {
			h.tapOn(t, h.cell(t, 0, library.ColumnWhite))
			for _, k := range []fyne.KeyName{fyne.KeyDown, fyne.KeyDown, fyne.KeyUp, fyne.KeyEnter} {
				h.key(t, k)
			}
		}, []int{28}},
		{"Page Down, Home and Enter", func(t *testing.T, h *listHarness) {
			h.tapOn(t, h.cell(t, 3, library.ColumnWhite))
			h.key(t, fyne.KeyPageDown)
			if r := h.lib.SelectedRow(); r != 3+h.list.pageRows() {
				t.Errorf("Page Down went to row %d, want %d", r, 3+h.list.pageRows())
			}
			h.key(t, fyne.KeyHome)
			h.key(t, fyne.KeyReturn)
		}, []int{29}},
		{"End and Enter", func(t *testing.T, h *listHarness) {
			h.tapOn(t, h.cell(t, 0, library.ColumnWhite))
			h.key(t, fyne.KeyEnd)
			h.key(t, fyne.KeyReturn)
		}, []int{0}},
		{"filter, Down and Enter in the entry", func(t *testing.T, h *listHarness) {
			h.win.Canvas().Focus(h.list.filter)
			test.Type(h.list.filter, "ding")
			h.key(t, fyne.KeyDown)
			h.key(t, fyne.KeyDown)
			h.key(t, fyne.KeyReturn)
		}, []int{22}}, // Ding: games 28, 22, 16, … from the bottom
		{"double click", func(t *testing.T, h *listHarness) {
			c := h.cell(t, 4, library.ColumnEvent)
			h.tapOn(t, c)
			h.tapOn(t, c)
		}, []int{25}},
		{"two slow taps", func(t *testing.T, h *listHarness) {
			c := h.cell(t, 4, library.ColumnEvent)
			h.tapOn(t, c)
			h.list.lastTap = h.list.lastTap.Add(-time.Second)
			h.tapOn(t, c)
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newListHarness(t, 30, nil)
			h.run()
			h.tapOn(t, h.header(t, "#")) // sorted by # already: now down, row r shows game 29-r
			tt.do(t, h)
			if !slices.Equal(h.opened, tt.want) {
				t.Errorf("opened %v, want %v", h.opened, tt.want)
			}
			sel := h.lib.SelectedRow()
			for _, c := range gameListObjects(h, func(*listCell) bool { return true }) {
				bg := test.WidgetRenderer(c).(*listCellRenderer).bg
				if marked := bg.FillColor != color.Transparent; marked != (c.row == sel) {
					t.Errorf("cell at row %d column %d marked %v; selected row %d", c.row, c.col, marked, sel)
				}
			}
		})
	}
}

// cellShown reports whether the list draws the cell of row and col wholly
// inside its table, below the header.
func cellShown(w fyne.Window, l *List, row, col int) bool {
	d := fyne.CurrentApp().Driver()
	tpos, tsize := d.AbsolutePositionForObject(l.table), l.table.Size()
	for _, c := range windowObjects(w, func(c *listCell) bool { return c.row == row && c.col == col }) {
		p := d.AbsolutePositionForObject(c)
		return p.X >= tpos.X && p.Y >= tpos.Y+l.rowHeight()*0.9 &&
			p.X+c.Size().Width <= tpos.X+tsize.Width+1 && p.Y+c.Size().Height <= tpos.Y+tsize.Height+1
	}
	return false
}

// A list filled while its tab is not shown starts at its first row and
// column when the tab comes to the front.
func TestGameListShownLater(t *testing.T) {
	test.NewTempApp(t)
	list := NewList(testWords{})
	tabs := container.NewAppTabs(container.NewTabItem("Game", widget.NewLabel("board")), container.NewTabItem("Games", list))
	w := test.NewTempWindow(t, tabs)
	w.Resize(fyne.NewSize(900, 600))
	lib, err := list.Open(context.Background(), writeGameListFile(t, 40), library.Options{Spawn: func(f func()) { f() }})
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	list.Refresh()
	lib.Select(0)
	list.scrollToSelection()
	tabs.SelectIndex(1)
	if !cellShown(w, list, 0, 0) {
		t.Error("the first cell is not in view when the list is shown")
	}
	// The selection far down is scrolled to once shown.
	tabs.SelectIndex(0)
	lib.Select(35)
	list.scrollToSelection()
	tabs.SelectIndex(1)
	if !cellShown(w, list, lib.SelectedRow(), 0) {
		t.Error("the selected row is not in view")
	}
}

// TestFilterRowNarrow: a narrow list puts the count below the filter
// rather than cut the filter's hint (800×600 in Russian cut it to
// "Фильтр: игрок:, г…"); a wide one keeps them side by side. Neither
// covers the table.
func TestFilterRowNarrow(t *testing.T) {
	h := newListHarness(t, 20, nil)
	h.run()
	for _, tc := range []struct {
		width   float32
		stacked bool
	}{{1700, false}, {280, true}, {900, false}, {250, true}} {
		h.win.Resize(fyne.NewSize(tc.width, 420))
		entry, count := h.list.filter, h.list.count
		hint := fyne.MeasureText(entry.PlaceHolder, 14, fyne.TextStyle{}).Width
		if entry.Size().Width < hint {
			t.Errorf("width %v: the filter is %v wide, its hint %v", tc.width, entry.Size().Width, hint)
		}
		below := count.Position().Y >= entry.Size().Height
		if below != tc.stacked {
			t.Errorf("width %v: count below the filter %v, want %v", tc.width, below, tc.stacked)
		}
		if end := count.Position().Y + count.Size().Height; end > h.list.table.Position().Y {
			t.Errorf("width %v: the count ends at %v, over the table at %v", tc.width, end, h.list.table.Position().Y)
		}
		if !tc.stacked && count.Size().Width < fyne.MeasureText(count.Text, 14, fyne.TextStyle{}).Width+2*theme.InnerPadding() {
			t.Errorf("width %v: the count %q is cut to %v", tc.width, count.Text, count.Size().Width)
		}
	}
}
