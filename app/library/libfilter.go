package library

import (
	"strings"

	"touchmove/core/chess"
	"touchmove/core/eco"
	"touchmove/core/pgn"
)

// filterMatch is a compiled ListFilter: which string numbers match each
// text criterion, worked out once per distinct string, so that testing a
// game costs a few bit tests.
type filterMatch struct {
	player, event, site string // lower-cased; "" when not set
	years               bool
	yearFrom, yearTo    int
	result              int // a result code, -1 for any, 255 for none
	bad                 bool
	words               []string
	eco                 string          // lower-cased ECO prefix; "" when not set
	opening             string          // lower-cased; "" when not set
	openingCodes        map[string]bool // lower-cased codes with a name that holds opening
	ecoRows, nameRows   []bool          // the openings table's rows that pass eco, opening (for the games named by their moves)

	n                   int // strings looked at so far
	playerIDs, eventIDs bitset
	siteIDs, yearIDs    bitset
	ecoIDs, openingIDs  bitset // strings that pass as an ECO tag, as an ECO tag or Opening text
	noECO               bitset // strings that are no ECO tag: "" and "?"
	wordIDs             []bitset
	wordResults         []uint8 // per word, a bit for each result code whose text holds it
}

// compileFilter compiles f; names, if not nil, gives the names of the ECO
// codes for f.Opening.
func compileFilter(f ListFilter, names *eco.Table) *filterMatch {
	m := &filterMatch{
		eco: strings.ToLower(strings.TrimSpace(f.ECO)), opening: strings.ToLower(strings.TrimSpace(f.Opening)),
		player: strings.ToLower(f.Player), event: strings.ToLower(f.Event), site: strings.ToLower(f.Site),
		years: f.YearFrom != 0 || f.YearTo != 0, yearFrom: f.YearFrom, yearTo: f.YearTo,
		result: -1, bad: f.Bad, words: strings.Fields(strings.ToLower(f.Text)),
	}
	if f.ByResult {
		m.result = int(f.Result)
	}
	if (m.opening != "" || m.eco != "") && names != nil {
		m.openingCodes = make(map[string]bool)
		m.ecoRows, m.nameRows = make([]bool, names.Len()), make([]bool, names.Len())
		for i := range names.Len() {
			o := names.Row(i)
			code := strings.ToLower(o.ECO)
			m.ecoRows[i] = m.eco != "" && strings.HasPrefix(code, m.eco)
			if m.opening != "" && strings.Contains(strings.ToLower(o.Name), m.opening) {
				m.openingCodes[code] = true
				m.nameRows[i] = true
			}
		}
	}
	m.wordIDs = make([]bitset, len(m.words))
	m.wordResults = make([]uint8, len(m.words))
	for w, word := range m.words {
		for c := chess.Unfinished; c <= chess.Draw; c++ {
			if strings.Contains(c.String(), word) {
				m.wordResults[w] |= 1 << c
			}
		}
	}
	return m
}

// extend looks at the strings s added since the last call.
func (m *filterMatch) extend(s *libSnapshot) {
	for id := m.n; id < len(s.lower); id++ {
		low, u := s.lower[id], uint32(id)
		if m.player != "" && strings.Contains(low, m.player) {
			m.playerIDs.set(u)
		}
		if m.event != "" && strings.Contains(low, m.event) {
			m.eventIDs.set(u)
		}
		if m.site != "" && strings.Contains(low, m.site) {
			m.siteIDs.set(u)
		}
		if m.years {
			if y := yearOf(low); y > 0 && y >= m.yearFrom && (m.yearTo == 0 || y <= m.yearTo) {
				m.yearIDs.set(u)
			}
		}
		if low == "" || low == "?" {
			m.noECO.set(u)
		}
		if m.eco != "" && strings.HasPrefix(low, m.eco) {
			m.ecoIDs.set(u)
		}
		if m.opening != "" && (strings.Contains(low, m.opening) || m.openingCodes[low]) {
			m.openingIDs.set(u)
		}
		for w, word := range m.words {
			if strings.Contains(low, word) {
				m.wordIDs[w].set(u)
			}
		}
	}
	m.n = len(s.lower)
}

// match reports whether game i, of record r, passes; cls is the rows the
// games without an ECO tag were named by their moves (Library.classified).
func (m *filterMatch) match(i int, r *pgn.Record, cls []uint16) bool {
	if (m.bad && !r.HasErrors) || (m.result >= 0 && int(r.Result) != m.result) {
		return false
	}
	if m.player != "" && !m.playerIDs.has(r.Values[pgn.FieldWhite]) && !m.playerIDs.has(r.Values[pgn.FieldBlack]) {
		return false
	}
	if (m.event != "" && !m.eventIDs.has(r.Values[pgn.FieldEvent])) ||
		(m.site != "" && !m.siteIDs.has(r.Values[pgn.FieldSite])) ||
		(m.years && !m.yearIDs.has(r.Values[pgn.FieldDate])) {
		return false
	}
	if m.eco != "" || m.opening != "" {
		row := -1 // the row of the table a game without an ECO tag was named by
		if i < len(cls) && cls[i] > 0 && m.noECO.has(r.Values[pgn.FieldECO]) {
			row = int(cls[i]) - 1
		}
		if m.eco != "" && !m.ecoIDs.has(r.Values[pgn.FieldECO]) && (row < 0 || row >= len(m.ecoRows) || !m.ecoRows[row]) {
			return false
		}
		if m.opening != "" && !m.openingIDs.has(r.Values[pgn.FieldECO]) && !m.openingIDs.has(r.Values[pgn.FieldOther]) && (row < 0 || row >= len(m.nameRows) || !m.nameRows[row]) {
			return false
		}
	}
	for w, ids := range m.wordIDs {
		if m.wordResults[w]&(1<<r.Result) != 0 {
			continue
		}
		found := false
		for _, id := range r.Values {
			if ids.has(id) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// bitset is a set of small numbers.
type bitset []uint64

func (b bitset) has(i uint32) bool {
	w := int(i >> 6)
	return w < len(b) && b[w]&(1<<(i&63)) != 0
}

func (b *bitset) set(i uint32) {
	w := int(i >> 6)
	if w >= len(*b) {
		*b = append(*b, make(bitset, w+1-len(*b))...)
	}
	(*b)[w] |= 1 << (i & 63)
}
