package library

import (
	"strconv"
	"strings"

	"touchmove/core/chess"
)

// ListFilter selects games. The zero value selects all; each field that is
// set narrows the selection. Texts are compared ignoring case.
type ListFilter struct {
	Player   string // White or Black contains it
	Event    string // Event contains it
	Site     string // Site contains it
	YearFrom int    // the year of Date is at least this (0: no bound)
	YearTo   int    // and at most this (0: no bound)
	// ByResult keeps only the games whose result is Result (Unfinished
	// for "*": in progress, abandoned or unknown).
	ByResult bool
	Result   chess.Result
	Bad      bool // only games with problems
	// ECO keeps the games whose ECO tag starts with it: "B90", or "B9"
	// for B90–B99.
	ECO string
	// Opening keeps the games whose opening's name contains it: their
	// Opening or Variation tag, or a name that the openings table
	// (Options.Openings) gives their ECO tag's code.
	Opening string
	// Text holds words that each must be found in one of the game's tags
	// as listed: Event, Site, Date, Round, White, Black, Result, ECO,
	// TimeControl and the other tags that describe a game (see Entry.Other
	// of core/pgn: Opening, Annotator, Termination…).
	Text string
}

// IsZero reports whether f selects every game.
func (f ListFilter) IsZero() bool { return f == ListFilter{} }

// ParseListFilter reads a filter typed as words: "player:NAME",
// "event:TEXT", "site:TEXT", "year:1990", "year:1990-1999" (or "1990-",
// "-1999"), "result:1-0" (also "draw"), "is:bad", "eco:B90" (or "eco:B9"),
// "opening:Najdorf"; any other word is free
// text. Double quotes keep spaces in a word: player:"Carlsen, M". The
// keywords of the window's languages are read too, whatever the language
// (the filter box's placeholder shows its own): Russian игрок:, турнир: or
// событие:, место:, год:, результат: (белые, чёрные, ничья), дебют:; Slovak
// hráč:, turnaj:, miesto:, rok:, výsledok: (biely, čierny, remíza),
// otvorenie:.
func ParseListFilter(s string) ListFilter {
	var f ListFilter
	var text []string
	for _, tok := range splitQuery(s) {
		key, val, ok := strings.Cut(tok, ":")
		if !ok || val == "" {
			text = append(text, tok)
			continue
		}
		switch strings.ToLower(key) {
		case "player", "p", "игрок", "hráč", "hrac":
			f.Player = val
		case "event", "e", "турнир", "событие", "turnaj":
			f.Event = val
		case "site", "s", "место", "miesto":
			f.Site = val
		case "year", "y", "год", "rok":
			from, to, ok := parseYears(val)
			if !ok {
				text = append(text, tok)
				continue
			}
			f.YearFrom, f.YearTo = from, to
		case "result", "r", "результат", "výsledok", "vysledok":
			lv := strings.ToLower(val)
			r, ok := chess.ParseResult(lv) // 1-0, draw, ½-½, *…
			switch lv {
			case "white", "белые", "biely":
				r, ok = chess.WhiteWins, true
			case "black", "чёрные", "черные", "čierny", "cierny":
				r, ok = chess.BlackWins, true
			case "ничья", "remíza", "remiza":
				r, ok = chess.Draw, true
			case "unknown":
				r, ok = chess.Unfinished, true
			}
			if !ok {
				text = append(text, tok)
				continue
			}
			f.ByResult, f.Result = true, r
		case "eco":
			f.ECO = val
		case "opening", "o", "дебют", "otvorenie":
			f.Opening = val
		case "is":
			if strings.EqualFold(val, "bad") {
				f.Bad = true
			} else {
				text = append(text, tok)
			}
		default:
			text = append(text, tok)
		}
	}
	f.Text = strings.Join(text, " ")
	return f
}

// String returns f as ParseListFilter reads it.
func (f ListFilter) String() string {
	var parts []string
	add := func(key, val string) {
		val = strings.ReplaceAll(val, `"`, "")
		if val == "" {
			return
		}
		if strings.ContainsFunc(val, unicodeSpace) {
			val = `"` + val + `"`
		}
		parts = append(parts, key+":"+val)
	}
	add("player", f.Player)
	add("event", f.Event)
	add("site", f.Site)
	switch {
	case f.YearFrom != 0 && f.YearFrom == f.YearTo:
		add("year", strconv.Itoa(f.YearFrom))
	case f.YearFrom != 0 || f.YearTo != 0:
		y := func(n int) string {
			if n == 0 {
				return ""
			}
			return strconv.Itoa(n)
		}
		add("year", y(f.YearFrom)+"-"+y(f.YearTo))
	}
	if f.ByResult {
		add("result", f.Result.String())
	}
	add("eco", f.ECO)
	add("opening", f.Opening)
	if f.Bad {
		parts = append(parts, "is:bad")
	}
	if t := strings.Join(strings.Fields(strings.ReplaceAll(f.Text, `"`, "")), " "); t != "" {
		parts = append(parts, t)
	}
	return strings.Join(parts, " ")
}

func unicodeSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0'
}

// splitQuery splits s at spaces outside double quotes and drops the quotes.
func splitQuery(s string) []string {
	var out []string
	var b strings.Builder
	quoted, has := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, has = !quoted, true
		case !quoted && unicodeSpace(r):
			if has {
				out = append(out, b.String())
				b.Reset()
				has = false
			}
		default:
			b.WriteRune(r)
			has = true
		}
	}
	if has && b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

func parseYears(s string) (from, to int, ok bool) {
	a, b, isRange := strings.Cut(s, "-")
	year := func(s string) (int, bool) {
		if s == "" {
			return 0, isRange
		}
		n, err := strconv.Atoi(s)
		return n, err == nil && n > 0 && n < 10000
	}
	from, okA := year(a)
	to, okB := from, true
	if isRange {
		to, okB = year(b)
	}
	return from, to, okA && okB && (from != 0 || to != 0)
}
