package gamelist

import (
	"context"
	"errors"
	"image/color"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/app/library"
	"touchmove/ui/widgets"
)

// List shows the games of an library.Library: a virtualized table with a
// header row (a click on a header sorts by that column, another click
// reverses; ▲ or ▼ marks it), a filter entry that filters as one types
// (library.ParseListFilter), a count "N of M games", and a progress bar with a
// Cancel button while the file is being indexed. Bad games show their first
// problem, in red, in the Error column.
//
// A tap selects a row; Up, Down, Page Up, Page Down, Home and End move the
// selection. Enter, or a double click, opens the selected game: OnOpen gets
// its index in the file (0-based), whatever the sort and filter.
type List struct {
	widget.BaseWidget

	// OnOpen is called with the index in the file of the game to open.
	OnOpen func(i int)

	lib      *library.Library
	filter   *filterEntry
	table    *listTable
	count    *widget.Label
	row      *filterRow // the filter and the count
	progress *widget.ProgressBar
	cancel   *widget.Button
	busy     *fyne.Container
	content  *fyne.Container

	words Words // the players' words, for counts, dates and problems

	col     int       // the column to keep in view when the selection moves
	lastTap time.Time // of the last tap on a row, for double clicks
	tapRow  int
	// scroll says that the selection is to be scrolled into view once the
	// table has a size: before that (in a tab not shown yet) the table
	// would scroll as if nothing fitted.
	scroll bool
}

var (
	_ fyne.Widget         = (*List)(nil)
	_ fyne.Focusable      = (*listTable)(nil)
	_ fyne.Tappable       = (*listCell)(nil)
	_ fyne.WidgetRenderer = (*listCellRenderer)(nil)
)

// ColumnWidth returns the width of column c: its room for the usual text,
// widened to show its title (some languages' are long) with the sort mark.
func ColumnWidth(c library.ListColumn) float32 {
	th := theme.Current()
	title := fyne.MeasureText(ColumnTitle(c)+" ▼", th.Size(theme.SizeNameText), fyne.TextStyle{}).Width
	return max(textWidth(c), title+2*th.Size(theme.SizeNameInnerPadding)+th.Size(theme.SizeNamePadding))
}

// ColumnTitle returns the title of column c in the app's language: app's
// English title, translated if TitleTranslated.
func ColumnTitle(c library.ListColumn) string {
	if !TitleTranslated(c) {
		return c.String()
	}
	return lang.L(c.String())
}

// TitleTranslated reports whether column c's title has a translation: #
// is the same in every language.
func TitleTranslated(c library.ListColumn) bool {
	return c != library.ColumnNumber && c < library.NumColumns
}

// CellText returns what the list shows for e in column c: the app's text,
// with the date written as the players write dates and a bad game's mark
// and first problem in their words.
func CellText(e library.Entry, c library.ListColumn, words Words) string {
	switch {
	case c == library.ColumnDate:
		return words.Date(e.Date)
	case c == library.ColumnError && e.Err == nil && e.Bad:
		return lang.L("errors")
	case c == library.ColumnError && e.Err != nil:
		return words.Problem(e.Err)
	}
	return e.Text(c)
}

// textWidth returns the room column c needs for its usual text.
func textWidth(c library.ListColumn) float32 {
	switch c {
	case library.ColumnWhite, library.ColumnBlack, library.ColumnEvent:
		return 170
	case library.ColumnSite:
		return 150
	case library.ColumnDate:
		return 96
	case library.ColumnError:
		return 320
	case library.ColumnOpening:
		return 260
	}
	return 64
}

// doubleClick is the longest time between the two taps of a double click.
const doubleClick = 400 * time.Millisecond

// NewList returns an empty game list that writes counts, dates and
// problems in words; SetLibrary or Open fills it.
func NewList(words Words) *List {
	l := &List{tapRow: -1, words: words}
	l.filter = newFilterEntry(l)
	l.table = newListTable(l)
	l.count = widget.NewLabel("")
	l.progress = widget.NewProgressBar()
	l.cancel = widget.NewButton(lang.L("Cancel"), func() {
		if l.lib != nil {
			l.lib.Cancel()
		}
	})
	l.busy = container.NewBorder(nil, nil, nil, l.cancel, l.progress)
	l.busy.Hide()
	l.count.Truncation = fyne.TextTruncateEllipsis
	l.row = &filterRow{entry: l.filter, count: l.count}
	top := container.New(l.row, l.filter, l.count)
	l.content = container.NewBorder(top, l.busy, nil, nil, l.table)
	l.row.content = l.content
	l.ExtendBaseWidget(l)
	return l
}

// CreateRenderer is part of fyne.Widget.
func (l *List) CreateRenderer() fyne.WidgetRenderer {
	return listRenderer{WidgetRenderer: widget.NewSimpleRenderer(l.content), row: l.row}
}

// listRenderer draws a List: its content, after telling the filter's row
// the list's width.
type listRenderer struct {
	fyne.WidgetRenderer
	row *filterRow
}

// Layout is part of fyne.WidgetRenderer.
func (r listRenderer) Layout(size fyne.Size) {
	r.row.width = size.Width
	r.WidgetRenderer.Layout(size)
}

// MinSize is part of fyne.WidgetRenderer: the narrowest the list can be, so
// its filter's row side by side.
func (r listRenderer) MinSize() fyne.Size {
	w := r.row.width
	r.row.width = 0
	defer func() { r.row.width = w }()
	return r.WidgetRenderer.MinSize()
}

// Open opens the PGN file at path (see library.Open) and shows it. The
// indexing progress reaches the list through fyne.Do; opts.OnProgress, if
// set, is called as well, on the indexing goroutine. The caller closes the
// library when done with it.
func (l *List) Open(ctx context.Context, path string, opts library.Options) (*library.Library, error) {
	var lib *library.Library
	user := opts.OnProgress
	opts.OnProgress = func(p library.Progress) {
		fyne.Do(func() { l.progressed(lib, p) })
		if user != nil {
			user(p)
		}
	}
	lib, err := library.Open(ctx, path, opts)
	if err != nil {
		return nil, err
	}
	l.SetLibrary(lib)
	return lib, nil
}

// SetLibrary shows lib, with the sort, filter and selection it remembers.
// Progress reports for it are delivered by Open; a library opened otherwise
// is shown as it is, and refreshed by Refresh.
func (l *List) SetLibrary(lib *library.Library) {
	l.lib = lib
	l.filter.SetText(lib.Filter().String())
	l.col = 0
	l.showProgress(lib.Progress())
	l.Refresh()
	l.scrollToSelection()
}

// Library returns the library shown, or nil.
func (l *List) Library() *library.Library { return l.lib }

// Focusable returns the part of the list that takes its keys (the
// selection's moves, Enter), to give the keyboard to.
func (l *List) Focusable() fyne.Focusable { return l.table }

// Status returns what the line above the list says: how many games it
// shows of how many, the indexing under way or how it ended.
func (l *List) Status() string { return l.count.Text }

// Refresh brings the rows up to date with the library and redraws.
func (l *List) Refresh() {
	if l.lib != nil {
		l.lib.Update()
	}
	l.updateCount()
	l.table.Refresh()
	l.BaseWidget.Refresh()
}

// progressed shows a progress report of lib.
func (l *List) progressed(lib *library.Library, p library.Progress) {
	if lib == nil || lib != l.lib {
		return
	}
	l.showProgress(p)
	if lib.Update() || p.Finished {
		l.updateCount()
		l.table.Refresh()
	}
}

func (l *List) showProgress(p library.Progress) {
	if p.Finished {
		l.busy.Hide()
		return
	}
	if p.Total > 0 {
		l.progress.SetValue(float64(p.Done) / float64(p.Total))
	}
	l.busy.Show()
}

func (l *List) updateCount() {
	if l.lib == nil {
		l.count.SetText("")
		l.row.countChanged()
		return
	}
	total := l.lib.Total()
	text := lang.N("{{.Shown}} of {{.Count}} games", total, map[string]any{
		"Shown": l.words.Count(l.lib.Rows()), "Count": l.words.Count(total)})
	p := l.lib.Progress()
	switch {
	case !p.Finished:
		text += ", " + lang.L("indexing…")
	case errors.Is(p.Err, context.Canceled) || errors.Is(p.Err, context.DeadlineExceeded):
		text += " (" + lang.L("indexing stopped") + ")"
	case p.Err != nil:
		text += " (" + lang.L("reading failed: {{.Error}}", map[string]any{"Error": p.Err.Error()}) + ")"
	}
	if p.Unread > 0 || p.UnreadBytes > 0 {
		// The bytes, not a count of games: indexing does not see every
		// game past the limit (issue 27 point 5).
		text += "; " + lang.L("the rest of line {{.Line}} ({{.Size}} MB) was not read: it is longer than 1 MiB",
			map[string]any{"Line": l.words.Count(p.UnreadLine), "Size": megabytes(p.UnreadBytes)})
	}
	l.count.SetText(text)
	l.row.countChanged()
}

// megabytes returns n bytes in megabytes, with one decimal below ten.
func megabytes(n int64) string {
	mb := float64(n) / 1e6
	if mb < 10 {
		return strconv.FormatFloat(mb, 'f', 1, 64)
	}
	return strconv.FormatFloat(mb, 'f', 0, 64)
}

// sortBy sorts by column c, or reverses the order if it is sorted by c.
func (l *List) sortBy(c library.ListColumn) {
	if l.lib == nil {
		return
	}
	o := l.lib.Sort()
	if o.Column == c {
		o.Descending = !o.Descending
	} else {
		o = library.ListSort{Column: c}
	}
	l.lib.SetSort(o)
	l.table.Refresh()
	l.scrollToSelection()
}

// setFilter filters by the typed text.
func (l *List) setFilter(text string) {
	if l.lib == nil {
		return
	}
	l.lib.SetFilter(library.ParseListFilter(text))
	l.updateCount()
	l.table.Refresh()
	l.scrollToSelection()
}

// move moves the selection by delta rows.
func (l *List) move(delta int) {
	if l.lib == nil {
		return
	}
	old := l.lib.SelectedRow()
	if l.lib.MoveSelection(delta) < 0 {
		return
	}
	l.selectionMoved(old)
	l.scrollToSelection()
}

// moveTo selects row r, the last one if r is beyond it.
func (l *List) moveTo(r int) {
	if l.lib == nil || l.lib.Rows() == 0 {
		return
	}
	old := l.lib.SelectedRow()
	l.lib.SelectRow(min(r, l.lib.Rows()-1))
	l.selectionMoved(old)
	l.scrollToSelection()
}

// selectionMoved redraws the row that was selected and the one that is.
func (l *List) selectionMoved(old int) {
	for _, r := range []int{old, l.lib.SelectedRow()} {
		if r < 0 {
			continue
		}
		for c := range int(library.NumColumns) {
			l.table.RefreshItem(widget.TableCellID{Row: r, Col: c})
		}
	}
}

// tapped selects row r on a tap, and opens it on the second tap of a
// double click.
func (l *List) tapped(r, c int) {
	if l.lib == nil || r >= l.lib.Rows() {
		return
	}
	now := time.Now()
	double := r == l.tapRow && now.Sub(l.lastTap) < doubleClick
	l.lastTap, l.tapRow, l.col = now, r, c
	old := l.lib.SelectedRow()
	l.lib.SelectRow(r)
	l.selectionMoved(old)
	if cv := fyne.CurrentApp().Driver().CanvasForObject(l.table); cv != nil {
		cv.Focus(l.table)
	}
	if double {
		l.tapRow = -1
		l.open()
	}
}

// open opens the selected game.
func (l *List) open() {
	if l.lib == nil || l.OnOpen == nil || l.lib.SelectedRow() < 0 {
		return
	}
	l.OnOpen(l.lib.Selected())
}

func (l *List) scrollToSelection() {
	if l.lib == nil {
		return
	}
	if sz := l.table.Size(); sz.Width < ColumnWidth(library.ColumnWhite) || sz.Height < 2*l.rowHeight() {
		l.scroll = true
		return
	}
	l.scroll = false
	// Without a selected row, the top row stands in.
	l.table.ScrollTo(widget.TableCellID{Row: max(l.lib.SelectedRow(), 0), Col: l.col})
}

// Resize lays the list out, and scrolls to the selection if that waited
// for a size.
func (l *List) Resize(size fyne.Size) {
	l.BaseWidget.Resize(size)
	if l.scroll {
		l.scrollToSelection()
	}
}

// rowHeight returns about the height of a row of the table.
func (l *List) rowHeight() float32 {
	th := l.table.Theme()
	return fyne.MeasureText("Mg", th.Size(theme.SizeNameText), fyne.TextStyle{}).Height +
		2*th.Size(theme.SizeNameInnerPadding) + th.Size(theme.SizeNamePadding)
}

// pageRows returns about how many rows fit in the table.
func (l *List) pageRows() int {
	return max(1, int(l.table.Size().Height/l.rowHeight())-1)
}

// listTable is the list's table: it takes the keys that move the
// selection and open a game.
type listTable struct {
	widget.Table
	list *List
}

func newListTable(l *List) *listTable {
	t := &listTable{list: l}
	t.Length = func() (int, int) {
		if l.lib == nil {
			return 0, int(library.NumColumns)
		}
		return l.lib.Rows(), int(library.NumColumns)
	}
	t.CreateCell = func() fyne.CanvasObject { return newListCell(l) }
	t.UpdateCell = func(id widget.TableCellID, o fyne.CanvasObject) {
		o.(*listCell).update(id.Row, id.Col)
	}
	t.ShowHeaderRow = true
	t.CreateHeader = func() fyne.CanvasObject {
		b := widget.NewButton("", nil)
		b.Importance = widget.LowImportance
		return b
	}
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		b := o.(*widget.Button)
		c := library.ListColumn(id.Col)
		text := ColumnTitle(c)
		if l.lib != nil && l.lib.Sort().Column == c {
			if l.lib.Sort().Descending {
				text += " ▼"
			} else {
				text += " ▲"
			}
		}
		b.SetText(text)
		b.OnTapped = func() { l.sortBy(c) }
	}
	t.ExtendBaseWidget(t)
	for c := range library.NumColumns {
		t.SetColumnWidth(int(c), ColumnWidth(c))
	}
	return t
}

// TypedKey moves the selection with the arrow and paging keys, opens the
// selected game with Enter, and scrolls sideways with Left and Right. The
// table's own keys, which move a focused cell, are not used.
func (t *listTable) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyLeft:
		t.list.col = max(t.list.col-1, 0)
		t.list.scrollToSelection()
	case fyne.KeyRight:
		t.list.col = min(t.list.col+1, int(library.NumColumns)-1)
		t.list.scrollToSelection()
	default:
		t.list.typedKey(ev)
	}
}

// FocusGained is part of fyne.Focusable. The selected row shows where the
// keys go, so the table's own mark of a focused cell is not drawn.
func (t *listTable) FocusGained() {}

// FocusLost is part of fyne.Focusable.
func (t *listTable) FocusLost() {}

// typedKey handles the list's keys and reports whether k was one.
func (l *List) typedKey(ev *fyne.KeyEvent) bool {
	switch ev.Name {
	case fyne.KeyUp:
		l.move(-1)
	case fyne.KeyDown:
		l.move(1)
	case fyne.KeyPageUp:
		l.move(-l.pageRows())
	case fyne.KeyPageDown:
		l.move(l.pageRows())
	case fyne.KeyHome:
		l.moveTo(0)
	case fyne.KeyEnd:
		l.moveTo(1 << 30)
	case fyne.KeyReturn, fyne.KeyEnter:
		l.open()
	default:
		return false
	}
	return true
}

// filterRow lays out the filter entry and the count: side by side when
// the entry keeps room for its whole placeholder (the keywords it hints
// at) beside the whole count, else the count below the entry, so that a
// narrow list (800×600, in Russian) cuts neither. Its height depends on its
// width, which a fyne.Layout's MinSize is not told: the list's renderer
// tells it the width before laying the list out (listRenderer.Layout).
type filterRow struct {
	width   float32 // the list's width; 0: not known
	stacks  bool    // the count was last laid out below the entry
	entry   *filterEntry
	count   *widget.Label
	content *fyne.Container // what to lay out anew when stacking changes
}

// MinSize is part of fyne.Layout.
func (r *filterRow) MinSize([]fyne.CanvasObject) fyne.Size {
	e, c := r.entry.MinSize(), r.count.MinSize()
	if r.width > 0 && r.stacked(r.width) {
		return fyne.NewSize(max(e.Width, c.Width), e.Height+c.Height)
	}
	return fyne.NewSize(max(e.Width, c.Width), e.Height)
}

// Layout is part of fyne.Layout.
func (r *filterRow) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	eh, c := r.entry.MinSize().Height, r.count.MinSize()
	r.stacks = r.stacked(size.Width)
	if !r.stacks {
		cw := min(r.countWidth(), size.Width/2)
		r.entry.Resize(fyne.NewSize(size.Width-cw, eh))
		r.entry.Move(fyne.NewPos(0, 0))
		r.count.Resize(fyne.NewSize(cw, eh))
		r.count.Move(fyne.NewPos(size.Width-cw, 0))
		return
	}
	r.entry.Resize(fyne.NewSize(size.Width, eh))
	r.entry.Move(fyne.NewPos(0, 0))
	r.count.Resize(fyne.NewSize(size.Width, c.Height))
	r.count.Move(fyne.NewPos(0, eh))
}

// countWidth is the room the count's whole text takes.
func (r *filterRow) countWidth() float32 {
	if r.count.Text == "" {
		return 0
	}
	// A label pads its text with the inner padding, and the theme's padding
	// around that; a little more rather than an ellipsis.
	return fyne.MeasureText(r.count.Text, theme.TextSize(), r.count.TextStyle).Width + 2*theme.InnerPadding() + 2*theme.Padding()
}

// stacked reports whether the count goes below the entry at width w.
func (r *filterRow) stacked(w float32) bool {
	cw := r.countWidth()
	if cw == 0 {
		return false
	}
	hint := fyne.MeasureText(r.entry.PlaceHolder, theme.TextSize(), fyne.TextStyle{}).Width + 4*theme.InnerPadding()
	return w-cw < hint
}

// countChanged lays the list out anew when the count's new text moves it
// below the entry or back.
func (r *filterRow) countChanged() {
	if r.width > 0 && r.stacked(r.width) != r.stacks {
		r.content.Refresh()
	}
}

// filterEntry is the filter entry: it filters as one types, and the
// selection keys work from it too.
type filterEntry struct {
	widget.Entry
	list *List
}

func newFilterEntry(l *List) *filterEntry {
	e := &filterEntry{list: l}
	// The filter's keywords are the same in every language (library.ParseListFilter);
	// Help › Keyboard shortcuts lists them all.
	e.PlaceHolder = lang.L("Filter: player:, year:…")
	e.OnChanged = l.setFilter
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey is part of fyne.Focusable.
func (e *filterEntry) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyPageUp, fyne.KeyPageDown, fyne.KeyReturn, fyne.KeyEnter:
		e.list.typedKey(ev)
	default:
		e.Entry.TypedKey(ev)
	}
}

// listCell is one cell of the table: text, cut to its width, on a
// background that marks the selected row. A tap selects its row. It draws
// plain canvas text: a label that cuts its text with an ellipsis shapes the
// text anew on every refresh, too slow for a table redrawn as one types.
type listCell struct {
	widget.BaseWidget
	list     *List
	row, col int
	text     string
	danger   bool // the text is an error
	selected bool
	width    float32 // when last drawn
}

func newListCell(l *List) *listCell {
	c := &listCell{list: l}
	c.ExtendBaseWidget(c)
	return c
}

// CreateRenderer is part of fyne.Widget.
func (c *listCell) CreateRenderer() fyne.WidgetRenderer {
	r := &listCellRenderer{cell: c, bg: canvas.NewRectangle(color.Transparent), text: canvas.NewText("", color.Black)}
	r.Refresh()
	return r
}

// Tapped is part of fyne.Tappable.
func (c *listCell) Tapped(*fyne.PointEvent) { c.list.tapped(c.row, c.col) }

// update shows row r, column col of the list.
func (c *listCell) update(row, col int) {
	c.row, c.col = row, col
	text, danger, selected := "", false, false
	if lib := c.list.lib; lib != nil && row < lib.Rows() {
		e := lib.Row(row)
		if col == int(library.ColumnOpening) {
			e.Opening = lib.Opening(e.Index) // the game read once, when its row is first shown
		}
		text = CellText(e, library.ListColumn(col), c.list.words)
		danger = col == int(library.ColumnError)
		selected = row == lib.SelectedRow()
	}
	if text != c.text || danger != c.danger || selected != c.selected || c.Size().Width != c.width {
		c.text, c.danger, c.selected, c.width = text, danger, selected, c.Size().Width
		c.Refresh()
	}
}

// listCellRenderer draws a listCell.
type listCellRenderer struct {
	cell  *listCell
	bg    *canvas.Rectangle
	text  *canvas.Text
	width float32 // the width the text was cut for
	full  string  // the text before cutting
}

// Destroy is part of fyne.WidgetRenderer.
func (r *listCellRenderer) Destroy() {}

// Objects is part of fyne.WidgetRenderer.
func (r *listCellRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.bg, r.text}
}

// Layout is part of fyne.WidgetRenderer: it places the background and the
// text, centred in height.
func (r *listCellRenderer) Layout(s fyne.Size) {
	r.bg.Resize(s)
	pad := r.cell.Theme().Size(theme.SizeNameInnerPadding)
	ts := r.text.MinSize()
	r.text.Resize(ts)
	r.text.Move(fyne.NewPos(pad, (s.Height-ts.Height)/2))
}

// MinSize is part of fyne.WidgetRenderer: a line of text and padding, as a
// label has.
func (r *listCellRenderer) MinSize() fyne.Size {
	th := r.cell.Theme()
	pad := th.Size(theme.SizeNameInnerPadding)
	h := fyne.MeasureText("Mg", th.Size(theme.SizeNameText), fyne.TextStyle{}).Height
	return fyne.NewSize(2*pad, h+2*pad)
}

// Refresh is part of fyne.WidgetRenderer.
func (r *listCellRenderer) Refresh() {
	c := r.cell
	th := c.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	if c.selected {
		r.bg.FillColor = th.Color(theme.ColorNameSelection, v)
	} else {
		r.bg.FillColor = color.Transparent
	}
	r.bg.Refresh()
	r.text.Color = th.Color(theme.ColorNameForeground, v)
	if c.danger {
		r.text.Color = th.Color(theme.ColorNameError, v)
	}
	r.text.TextSize = th.Size(theme.SizeNameText)
	width := c.Size().Width - 2*th.Size(theme.SizeNameInnerPadding)
	if c.text != r.full || width != r.width {
		r.full, r.width = c.text, width
		r.text.Text = widgets.FitText(c.text, width, r.text.TextSize)
	}
	r.text.Refresh()
	r.Layout(c.Size())
}
