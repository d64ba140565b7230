package library

import (
	"cmp"
	"slices"

	"touchmove/core/chess"
	"touchmove/core/eco"
	"touchmove/core/pgn"
)

// ListSort is the order of the list: by a column, ascending unless
// Descending. Numbers sort as numbers; texts ignore case and compare runs of
// digits as numbers ("2" before "10"); dates sort by year, month and day,
// unknown parts ("??") last. Games without a value (no tag, "?", Elo 0, no
// year) come last in both directions, and games with equal values keep
// their order in the file.
type ListSort struct {
	Column     ListColumn
	Descending bool
}

// ListState is what a game list remembers: its sort, filter and selection
// (a game's index in the file, -1 for none). ui keeps it between sessions.
type ListState struct {
	Sort     ListSort
	Filter   ListFilter
	Selected int
}

// libView is the list as shown: the games of a snapshot in sort order, and
// those that pass the filter.
type libView struct {
	snap     *libSnapshot
	sort     ListSort
	filter   ListFilter
	match    *filterMatch // nil when the filter is zero
	order    []int32      // every game of snap, in sort order
	rows     []int32      // the games of order that pass the filter
	ownRows  bool         // rows is its own slice, not order
	pass     bitset       // the games that pass the filter
	selected int          // a game, or -1
	selRow   int          // its row, -1 if hidden; -2 when not yet looked up
	ranks    rankCache
	named    map[int32]string // the openings named so far, by game (libopenings.go)
	// classified holds, for each game without an ECO tag, the row of the
	// openings table its moves reach, plus one (0: none, or tagged);
	// nil until the position index is built (libopenings.go).
	classified []uint16
	openings   *eco.Table // Options.Openings, which names them
}

// rankCache keeps the ranks of the strings in a text or date column.
type rankCache struct {
	snap *libSnapshot
	col  ListColumn
	desc bool
	rank []int32
	k    int
}

func (v *libView) init(s *libSnapshot) {
	v.snap, v.selected, v.selRow = s, -1, -1
}

// Update brings the view up to date with the games indexed since the last
// call, and with the openings named from the position index (libopenings.go),
// and reports whether it changed. New games are merged into the sort order
// and filtered; the selection stays on its game.
func (l *Library) Update() bool {
	v := &l.view
	s := l.snap.Load()
	if s == v.snap {
		return l.takeClassified()
	}
	old := v.snap.n
	v.snap = s
	switch {
	case v.sort.Column == ColumnNumber && !v.sort.Descending:
		for i := old; i < s.n; i++ {
			v.order = append(v.order, int32(i))
		}
	case old == 0 || v.sort.Column == ColumnNumber:
		v.sortAll()
	default:
		v.merge(old)
	}
	if v.match != nil {
		v.match.extend(s)
		v.computePass()
	}
	v.deriveRows()
	l.takeClassified()
	return true
}

// Total returns the number of games the view covers: those listed at the
// last Update, before filtering.
func (l *Library) Total() int { return l.view.snap.n }

// Rows returns the number of rows: the games that pass the filter.
func (l *Library) Rows() int { return len(l.view.rows) }

// Row returns the game shown in row r.
func (l *Library) Row(r int) Entry { return l.view.snap.entry(int(l.view.rows[r])) }

// Cell returns the text of row r in column c.
func (l *Library) Cell(r int, c ListColumn) string {
	e := l.Row(r)
	if c == ColumnOpening {
		e.Opening = l.Opening(e.Index)
	}
	return e.Text(c)
}

// RowOf returns the row that shows game i, or -1 if none does.
func (l *Library) RowOf(i int) int {
	if i < 0 || i >= l.view.snap.n {
		return -1
	}
	return slices.Index(l.view.rows, int32(i))
}

// Sort returns the sort order.
func (l *Library) Sort() ListSort { return l.view.sort }

// SetSort sorts the rows by o.
func (l *Library) SetSort(o ListSort) {
	v := &l.view
	if o.Column >= NumColumns {
		o = ListSort{}
	}
	if o == v.sort {
		return
	}
	v.sort = o
	v.sortAll()
	v.deriveRows()
}

// Filter returns the filter.
func (l *Library) Filter() ListFilter { return l.view.filter }

// SetFilter shows only the games that pass f.
func (l *Library) SetFilter(f ListFilter) {
	v := &l.view
	if f == v.filter {
		return
	}
	v.filter = f
	v.match = nil
	if !f.IsZero() {
		v.match = compileFilter(f, l.openings)
		v.match.extend(v.snap)
		v.computePass()
	}
	v.deriveRows()
}

// Selected returns the selected game's index in the file, or -1.
func (l *Library) Selected() int { return l.view.selected }

// Select selects game i (0-based in the file); -1 clears the selection. A
// game not listed yet, or hidden by the filter, stays selected without a row.
func (l *Library) Select(i int) {
	l.view.selected = max(i, -1)
	l.view.selRow = -2
}

// SelectedRow returns the row of the selected game, or -1.
func (l *Library) SelectedRow() int {
	if l.view.selRow == -2 {
		l.view.selRow = l.RowOf(l.view.selected)
	}
	return l.view.selRow
}

// SelectRow selects the game shown in row r.
func (l *Library) SelectRow(r int) {
	if r < 0 || r >= len(l.view.rows) {
		return
	}
	l.view.selected, l.view.selRow = int(l.view.rows[r]), r
}

// MoveSelection moves the selection delta rows down (up if negative), within
// the rows, and returns the new row (-1 when there are no rows). Without a
// selected row it selects the first row, or the last when moving up.
func (l *Library) MoveSelection(delta int) int {
	n := len(l.view.rows)
	if n == 0 {
		return -1
	}
	r := l.SelectedRow()
	switch {
	case r < 0 && delta < 0:
		r = n - 1
	case r < 0:
		r = 0
	default:
		r = min(max(r+delta, 0), n-1)
	}
	l.SelectRow(r)
	return r
}

// State returns the sort, filter and selection.
func (l *Library) State() ListState {
	return ListState{Sort: l.view.sort, Filter: l.view.filter, Selected: l.view.selected}
}

// SetState restores a sort, filter and selection.
func (l *Library) SetState(s ListState) {
	l.SetSort(s.Sort)
	l.SetFilter(s.Filter)
	l.Select(s.Selected)
}

// sortAll sorts every game with a counting sort on each game's rank in the
// sort column: two passes over the records, whatever the column.
func (v *libView) sortAll() {
	s := v.snap
	n := s.n
	v.order = slices.Grow(v.order[:0], n)[:n]
	if v.sort.Column == ColumnNumber {
		for i := range n {
			if v.sort.Descending {
				v.order[i] = int32(n - 1 - i)
			} else {
				v.order[i] = int32(i)
			}
		}
		return
	}
	k, key := v.sortKeys()
	counts := make([]int32, k+2)
	s.each(func(i int, r *pgn.Record) { counts[key(i, r)+1]++ })
	for b := 1; b < len(counts); b++ {
		counts[b] += counts[b-1]
	}
	s.each(func(i int, r *pgn.Record) {
		b := key(i, r)
		v.order[counts[b]] = int32(i)
		counts[b]++
	})
}

// sortKeys returns the number k of ranks in the sort column and a function
// giving a record's bucket: its rank in sort direction, or k when missing.
func (v *libView) sortKeys() (int, func(i int, r *pgn.Record) int) {
	desc := v.sort.Descending
	dir := func(k, rank int) int {
		if desc {
			return k - 1 - rank
		}
		return rank
	}
	number := func(get func(r *pgn.Record) uint16, zeroMissing bool) (int, func(i int, r *pgn.Record) int) {
		const k = 1 << 16
		return k, func(_ int, r *pgn.Record) int {
			n := get(r)
			if n == 0 && zeroMissing {
				return k
			}
			return dir(k, int(n))
		}
	}
	switch v.sort.Column {
	case ColumnWhiteElo:
		return number(func(r *pgn.Record) uint16 { return r.WhiteElo }, true)
	case ColumnBlackElo:
		return number(func(r *pgn.Record) uint16 { return r.BlackElo }, true)
	case ColumnPlies:
		return number(func(r *pgn.Record) uint16 { return r.Plies }, false)
	case ColumnResult:
		return number(func(r *pgn.Record) uint16 { return resultRank(r.Result) }, true)
	case ColumnError:
		return 1, func(_ int, r *pgn.Record) int {
			if r.HasErrors {
				return 0
			}
			return 1
		}
	}
	if v.sort.Column == ColumnOpening && v.classified != nil {
		return v.openingKeys(dir)
	}
	// Texts and dates: rank the values the column holds.
	f := v.sort.Column.field()
	rank, k := v.columnRanks()
	return k, func(_ int, r *pgn.Record) int {
		rk := rank[r.Values[f]]
		if rk < 0 {
			return k
		}
		return dir(k, int(rk))
	}
}

// columnRanks returns the rank of each string in the sort column (a text
// or date column), ascending, equal values sharing one, -1 for strings
// that are no value there, and the number of ranks. The last answer is
// kept: reversing a sort does not rank again.
func (v *libView) columnRanks() ([]int32, int) {
	c := &v.ranks
	desc := v.sort.Descending && v.sort.Column == ColumnDate // text ranks do not depend on it
	if c.snap == v.snap && c.col == v.sort.Column && c.desc == desc {
		return c.rank, c.k
	}
	s := v.snap
	f := v.sort.Column.field()
	seen := make(bitset, (len(s.strs)+63)>>6)
	s.each(func(_ int, r *pgn.Record) { seen.set(r.Values[f]) })
	var ids []uint32
	for id := range len(s.strs) {
		if seen.has(uint32(id)) && !v.missing(uint32(id)) {
			ids = append(ids, uint32(id))
		}
	}
	slices.SortFunc(ids, v.compareValues)
	rank := make([]int32, len(s.strs))
	for i := range rank {
		rank[i] = -1
	}
	k := 0
	for i, id := range ids {
		if i > 0 && v.compareValues(ids[i-1], id) != 0 {
			k++
		}
		rank[id] = int32(k)
	}
	if len(ids) > 0 {
		k++
	}
	*c = rankCache{snap: s, col: v.sort.Column, desc: desc, rank: rank, k: k}
	return rank, k
}

// missing reports whether string id is no value in the sort column (a text
// or date column).
func (v *libView) missing(id uint32) bool {
	if v.sort.Column == ColumnDate {
		_, ok := dateValue(v.snap.strs[id], false)
		return !ok
	}
	s := v.snap.strs[id]
	return s == "" || s == "?"
}

// compareValues compares two strings of the sort column, ascending.
func (v *libView) compareValues(a, b uint32) int {
	if v.sort.Column == ColumnDate {
		x, _ := dateValue(v.snap.strs[a], v.sort.Descending)
		y, _ := dateValue(v.snap.strs[b], v.sort.Descending)
		return cmp.Compare(x, y)
	}
	return compareNatural(v.snap.lower[a], v.snap.lower[b])
}

// compare orders games a and b as sortAll does.
func (v *libView) compare(a, b int32) int {
	s := v.snap
	ra, rb := s.rec(int(a)), s.rec(int(b))
	var c int
	var missA, missB bool
	switch col := v.sort.Column; col {
	case ColumnNumber:
		c = cmp.Compare(a, b)
	case ColumnWhiteElo:
		c, missA, missB = cmp.Compare(ra.WhiteElo, rb.WhiteElo), ra.WhiteElo == 0, rb.WhiteElo == 0
	case ColumnBlackElo:
		c, missA, missB = cmp.Compare(ra.BlackElo, rb.BlackElo), ra.BlackElo == 0, rb.BlackElo == 0
	case ColumnPlies:
		c = cmp.Compare(ra.Plies, rb.Plies)
	case ColumnResult:
		c, missA, missB = cmp.Compare(resultRank(ra.Result), resultRank(rb.Result)), ra.Result == chess.Unfinished, rb.Result == chess.Unfinished
	case ColumnError:
		missA, missB = !ra.HasErrors, !rb.HasErrors
	case ColumnOpening:
		x, y := v.openingText(int(a), ra), v.openingText(int(b), rb)
		missA, missB = x == "", y == ""
		c = compareNatural(x, y)
	default:
		f := col.field()
		x, y := ra.Values[f], rb.Values[f]
		missA, missB = v.missing(x), v.missing(y)
		if !missA && !missB {
			c = v.compareValues(x, y)
		}
	}
	if missA || missB {
		if missA && missB {
			return cmp.Compare(a, b)
		}
		if missA {
			return 1
		}
		return -1
	}
	if v.sort.Descending {
		c = -c
	}
	if c != 0 {
		return c
	}
	return cmp.Compare(a, b)
}

// merge adds games [old, n) to the sorted order: it sorts them, then moves
// each into place from the back, so every game already there moves once.
func (v *libView) merge(old int) {
	n := v.snap.n
	batch := make([]int32, n-old)
	for i := range batch {
		batch[i] = int32(old + i)
	}
	slices.SortFunc(batch, v.compare)
	v.order = slices.Grow(v.order, n-old)[:n]
	i := old
	for j := len(batch) - 1; j >= 0; j-- {
		g := batch[j]
		p, _ := slices.BinarySearchFunc(v.order[:i], g, v.compare)
		copy(v.order[p+j+1:i+j+1], v.order[p:i])
		v.order[p+j] = g
		i = p
	}
}

// computePass marks the games that pass the filter, reading the records in
// file order.
func (v *libView) computePass() {
	s := v.snap
	need := (s.n + 63) >> 6
	if cap(v.pass) >= need {
		v.pass = v.pass[:need]
		clear(v.pass)
	} else {
		v.pass = make(bitset, need)
	}
	s.each(func(i int, r *pgn.Record) {
		if v.match.match(i, r, v.classified) {
			v.pass.set(uint32(i))
		}
	})
}

// deriveRows takes the rows from the order and the pass marks.
func (v *libView) deriveRows() {
	v.selRow = -2
	if v.match == nil {
		v.rows, v.ownRows = v.order, false
		return
	}
	rows := v.rows[:0]
	if !v.ownRows {
		rows = nil
	}
	for _, g := range v.order {
		if v.pass.has(uint32(g)) {
			rows = append(rows, g)
		}
	}
	v.rows, v.ownRows = rows, true
}

// resultRank orders the results as their texts sort, the way the column
// reads: "*", "0-1", "1-0", "1/2-1/2".
func resultRank(r chess.Result) uint16 {
	switch r {
	case chess.BlackWins:
		return 1
	case chess.WhiteWins:
		return 2
	case chess.Draw:
		return 3
	}
	return 0
}
