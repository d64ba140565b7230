package tree

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/app/library"
	"touchmove/core/chess"
	"touchmove/core/posindex"
)

// Pane is the opening tree under the notation: what the games of the
// open file played from the position on the board (library.PositionTree,
// core/posindex), sorted by games, with a bar of White's wins, draws and
// Black's wins, the players' average rating, their performance and the last
// year. A click on a move plays it; the total (double click, or the Games
// button) narrows the game list to the games that reach the position. It
// follows the board on every refresh, queries off the UI goroutine, and
// obeys the game list's filter.
type Pane struct {
	host   Host
	box    *fyne.Container // what the window places under the notation
	wrap   *fyne.Container // box's wrapper in the window's gameColumn
	split  *container.Split
	title  *widget.Label
	list   *widget.List
	total  *totalLine
	button *widget.Button

	on   bool // View › Opening tree
	lib  *library.Library
	tree *library.PositionTree
	stop context.CancelFunc

	// The tree shown and the question it answers.
	rows     []posindex.Row
	names    []string // the opening each row's move leads to, "" for none
	opening  string   // the opening of the line on the board (the title's first words)
	hits     []posindex.Hit
	shownKey uint64
	shownIx  *posindex.Index
	filter   library.ListFilter
	only     *posindex.Set // the games that pass filter, nil for all
	onlyFor  library.ListFilter
	onlyLib  *library.Library
	seq      int
	pos      chess.Position
	// passing is how many games of the tree shown pass through its
	// position (its total), for the title; listKey is the position whose
	// moves the list shows, scrolled to the top when it changes.
	passing int
	listKey uint64

	// The games of the list narrowed by a search or the tree, and the ply
	// of each one's first match (opening one goes there).
	found   map[int]int
	pending struct {
		game, ply int
		path      string
	}
}

// The columns of the tree, in text widths; the last, the opening's name,
// takes the room left (row.go).
var columns = []float32{64, 64, 132, 120, 52, 52, 44, 60}

// New returns the tree of host's window, shown if the player left it
// shown (View › Opening tree); it follows the board once Follow is called.
func New(host Host) *Pane {
	t := &Pane{host: host, on: host.TreeOn()}
	t.title = widget.NewLabel("")
	t.title.Wrapping = fyne.TextWrapWord
	t.title.TextStyle.Italic = true
	t.title.SizeName = theme.SizeNameCaptionText
	t.list = widget.NewList(
		func() int { return len(t.rows) },
		func() fyne.CanvasObject { return newMoveRow() },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(t.rows) {
				r := o.(*moveRow)
				r.pane, r.index = t, i
				name := ""
				if i < len(t.names) {
					name = t.names[i]
				}
				r.show(t, t.rows[i], name)
			}
		},
	)
	t.list.OnSelected = func(i widget.ListItemID) {
		t.list.UnselectAll()
		// The click focused the list, which would keep the window's keys
		// (Esc leaves an exploration, the arrows step through the game).
		t.host.Unfocus()
		if i < len(t.rows) && !t.rows[i].End() {
			t.play(t.rows[i].Move)
		}
	}
	t.total = newTotalLine(t)
	t.button = widget.NewButton(lang.L("Games"), t.ShowGames)
	header := newMoveRow()
	header.header()
	top := container.NewVBox(t.title, header)
	bottom := container.NewBorder(nil, nil, nil, t.button, t.total)
	t.box = container.NewBorder(top, bottom, nil, nil, t.list)
	t.title.SetText(lang.L("Open a PGN file of games to see its opening tree."))
	if !t.on {
		t.box.Hide()
	}
	return t
}

// Beside returns the notation with the tree under it, the divider where
// the user leaves it, and the tree's wrapper, which a low window hides (ui's
// gameColumn).
func (t *Pane) Beside(notation fyne.CanvasObject) (split fyne.CanvasObject, tree *fyne.Container) {
	tree = container.NewStack(t.box) // a low window hides it (ui's gameColumn)
	t.wrap = tree
	t.split = container.NewVSplit(notation, tree)
	t.split.Offset = t.host.TreeSplit() // not SetOffset: see ui's NewWindow
	return t.split, tree
}

// SplitOffset returns where the divider between the notation and the tree
// is, as container.Split's Offset.
func (t *Pane) SplitOffset() float64 { return t.split.Offset }

// Library returns the open file's games the tree is of, nil when none is
// open.
func (t *Pane) Library() *library.Library { return t.lib }

// PositionTree returns the index of the open file's positions, nil when no
// file is open.
func (t *Pane) PositionTree() *library.PositionTree { return t.tree }

// On reports whether the tree is shown (View › Opening tree).
func (t *Pane) On() bool { return t.on }

// Box returns the tree as the window places it under the notation.
func (t *Pane) Box() fyne.CanvasObject { return t.box }

// List returns the list of the tree's moves.
func (t *Pane) List() *widget.List { return t.list }

// Rows returns the rows the tree shows: the moves from the position shown.
func (t *Pane) Rows() []posindex.Row { return t.rows }

// Title returns what the title over the tree says.
func (t *Pane) Title() string { return t.title.Text }

// Shows reports whether the tree shows the moves from pos.
func (t *Pane) Shows(pos chess.Position) bool {
	return t.rows != nil && t.shownKey == pos.RepetitionKey()
}

// Passing returns how many games of the tree shown pass through its
// position.
func (t *Pane) Passing() int { return t.passing }

// Progress returns how far the index of the open file is, the zero
// progress when no file is open.
func (t *Pane) Progress() library.TreeProgress {
	if t.tree == nil {
		return library.TreeProgress{}
	}
	return t.tree.Progress()
}

// Toggle shows or hides the tree (View › Opening tree).
func (t *Pane) Toggle() {
	t.on = !t.on
	t.host.SetTreeOn(t.on)
	if t.on {
		t.wrap.Show() // hidden with the tree: its size now tells the column the tree came
		t.box.Show()
		t.shownKey, t.shownIx = 0, nil
		t.Follow()
	} else {
		t.box.Hide()
	}
}

// Follow brings the tree up to date with the open file and the position on
// the board: called by the window's refresh and by the index's progress.
func (t *Pane) Follow() {
	if lib := t.host.Library(); lib != t.lib {
		t.openTree(lib)
	}
	t.jumpPending()
	// In training the tree would give the answer away (the file's moves
	// from the position asked): it is hidden until the drill ends, and
	// View › Opening tree keeps its tick.
	if _, drilling := t.host.Session().Drill(); t.on && drilling {
		t.box.Hide()
		return
	} else if t.on && !t.box.Visible() {
		t.wrap.Show()
		t.box.Show()
		t.shownKey, t.shownIx = 0, nil
	}
	if !t.on || t.tree == nil {
		return
	}
	pos := t.host.Session().Current().Position()
	ix := t.tree.Index()
	filter := t.lib.Filter()
	key := pos.RepetitionKey()
	if key == t.shownKey && ix == t.shownIx && filter == t.filter {
		return
	}
	t.shownKey, t.shownIx, t.filter, t.pos = key, ix, filter, pos
	t.opening = openingOf(t.host.Openings(), t.host.Session().Current())
	t.seq++
	seq, lib, tab := t.seq, t.lib, t.host.Openings()
	onlyFor, only, onlyLib := t.onlyFor, t.only, t.onlyLib
	t.host.Spawn(func() {
		if onlyLib != lib || onlyFor != filter {
			only, onlyFor, onlyLib = lib.FilterSet(filter), filter, lib
		}
		tr := ix.Tree(&pos, only)
		names := rowNames(tab, pos, tr.Rows)
		fyne.Do(func() {
			t.only, t.onlyFor, t.onlyLib = only, onlyFor, onlyLib
			if seq != t.seq {
				return
			}
			t.rows, t.names, t.hits, t.passing = tr.Rows, names, tr.Hits, tr.Total.Games
			t.total.show(tr.Total)
			t.list.Refresh()
			if key != t.listKey {
				t.listKey = key
				t.list.ScrollToTop() // the moves of another position: from the first
			}
			t.showTitle()
		})
	})
}

// openTree starts the position index of lib (nil: none) once it is listed.
func (t *Pane) openTree(lib *library.Library) {
	if t.stop != nil {
		t.stop()
		old := t.tree
		t.host.Spawn(old.Close) // its goroutine ends soon: the file is closed
	}
	t.lib, t.tree, t.stop = lib, nil, nil
	t.rows, t.names, t.hits, t.found = nil, nil, nil, nil
	t.shownKey, t.shownIx, t.passing = 0, nil, 0
	t.list.Refresh()
	t.total.show(posindex.Row{})
	if lib == nil {
		t.title.SetText(lang.L("Open a PGN file of games to see its opening tree."))
		return
	}
	ctx, stop := context.WithCancel(context.Background())
	t.stop = stop
	var tree *library.PositionTree
	tree = library.OpenPositionTree(ctx, lib, library.TreeOptions{CacheDir: t.host.CacheDir(), Spawn: t.host.Spawn, OnProgress: func(p library.TreeProgress) {
		fyne.Do(func() {
			if tree == t.tree {
				t.Follow()
				t.showTitle()
				if p.Finished {
					t.host.RefreshList() // the list's sort and filter by opening now know every game's
				}
			}
		})
	}})
	t.tree = tree
	t.showTitle()
}

// showTitle says what the tree counts: the games, how many of them pass
// through the position shown (those that start from a set-up position never
// pass through the start), the filter it obeys, the indexing under way and
// the games left out.
func (t *Pane) showTitle() {
	if t.tree == nil {
		return
	}
	p := t.tree.Progress()
	text := ""
	switch {
	case p.Total == 0 && !p.Finished:
		text = lang.L("The opening tree comes once the games are listed.")
	default:
		text = lang.N("Opening tree of {{.Count}} games", p.Games, map[string]any{"Count": t.host.Count(p.Games)})
	}
	if !p.Finished && p.Total > 0 {
		text += ", " + lang.L("indexing {{.Percent}}%…", map[string]any{"Percent": 100 * p.Games / p.Total})
	}
	if p.Err != nil && p.Finished && p.Total > 0 {
		text += " (" + lang.L("indexing stopped") + ")"
	}
	if read := p.Games - p.Unread; t.filter.IsZero() && t.rows != nil && t.passing < read {
		text += "; " + lang.N("{{.Count}} of them pass through this position", t.passing, map[string]any{"Count": t.host.Count(t.passing)})
		if start := chess.StartPosition(); t.pos.RepetitionKey() == start.RepetitionKey() {
			text += " (" + lang.N("the other {{.Count}} start from a set-up position", read-t.passing, map[string]any{"Count": t.host.Count(read - t.passing)}) + ")"
		}
	}
	if !t.filter.IsZero() {
		text += "; " + lang.L("only the games of the list's filter: {{.Filter}}", map[string]any{"Filter": t.filter.String()})
	}
	if p.Unread > 0 {
		text += "; " + lang.N("{{.Count}} games left out: their start position cannot be set up", p.Unread, map[string]any{"Count": t.host.Count(p.Unread)})
	}
	if t.opening != "" {
		text = t.opening + " — " + text
	}
	if text != t.title.Text {
		t.title.SetText(text)
		t.box.Refresh() // a title of another height moves the list
	}
}

// play plays m from the position shown, if it is still on the board: over
// a game of the file as an exploration (app.Session.Explore).
func (t *Pane) play(m chess.Move) {
	pos := t.host.Session().Current().Position()
	if pos.RepetitionKey() != t.shownKey {
		return
	}
	fb := t.host.Session().Explore(m) // over a game of the file, it leaves the game alone
	if !fb.Refused.IsZero() {
		t.host.Notice(t.host.Say(fb.Refused))
	}
}

// ShowGames narrows the game list to the games of the tree's total
// (Search › Games that reach this position).
func (t *Pane) ShowGames() {
	if t.lib == nil || t.tree == nil {
		t.host.ShowProblem(lang.L("Open a PGN file with several games first."))
		return
	}
	t.ShowFound(t.hits)
}

// ShowFound narrows the game list to the games hit (by the tree or a
// search) and brings it to the front; opening one of them goes to its
// first matching move.
func (t *Pane) ShowFound(hits []posindex.Hit) {
	lib := t.lib
	t.MarkFound(hits)
	t.host.ShowGames()
	t.host.Notice(lang.N("The list shows the {{.Count}} games found; Search › Show all games brings back the others.", lib.Rows(), map[string]any{"Count": t.host.Count(lib.Rows())}))
}

// MarkFound narrows the game list to the games hit, as ShowFound does,
// and leaves the list where it is (a search that ends during a drill).
func (t *Pane) MarkFound(hits []posindex.Hit) {
	set := posindex.NewSet(t.lib.Len())
	t.found = make(map[int]int, len(hits))
	for _, h := range hits {
		set.Add(h.Game)
		t.found[h.Game] = h.Ply
	}
	t.lib.ShowGames(set)
	t.host.RefreshList()
}

// ShowAll lifts the narrowing of the list by a search or the tree (Search ›
// Show all games).
func (t *Pane) ShowAll() {
	if t.lib == nil {
		return
	}
	t.found = nil
	t.lib.ShowGames(nil)
	t.host.RefreshList()
}

// OpenFromList opens a game chosen in the game list; one that a search or
// the tree found opens at its first matching move.
func (t *Pane) OpenFromList(i int) {
	if ply, ok := t.found[i]; ok && t.lib != nil {
		t.pending.game, t.pending.ply, t.pending.path = i, ply, t.lib.Path()
	}
	t.host.OpenGame(i)
}

// jumpPending goes to the matching move of a game just opened from the
// games found.
func (t *Pane) jumpPending() {
	p := &t.pending
	if p.path == "" {
		return
	}
	path, i := t.host.Session().Path()
	if path != p.path || i != p.game {
		return
	}
	ply := p.ply
	p.path = ""
	n := t.host.Session().Game().Root()
	for k := 0; k < ply && n.Next() != nil; k++ {
		n = n.Next()
	}
	t.host.Session().GoTo(n)
}

// moveText is a row's move in the players' piece letters, or "(end)"
// for the games that end in the position.
func (t *Pane) moveText(r posindex.Row) string {
	if r.End() {
		return lang.L("(end)")
	}
	return t.host.SAN(r.SAN)
}
