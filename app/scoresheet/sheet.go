package scoresheet

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/game"
	"touchmove/core/msg"
)

// The grid of a page: two blocks of RowsPerBlock numbered rows, side by
// side, so a page holds MovesPerPage moves of each side.
const (
	RowsPerBlock  = 30
	BlocksPerPage = 2
	MovesPerPage  = RowsPerBlock * BlocksPerPage
)

// Sheet is what a scoresheet shows of a game. It is a plain value: New
// copies everything out of the game, so a Sheet can be rendered on another
// goroutine while the game changes.
type Sheet struct {
	Event, Site, Date, Round, Board string
	White, Black                    Player
	// TimeControl is the time control in words (DescribeTimeControl).
	TimeControl string
	// Rules are the rules the game was played under, in words (the Rules
	// tag), or "".
	Rules string
	// Rows holds the moves of the main line, one row per move number.
	Rows []Row
	// Result is the result of the game; Unfinished when it has none.
	Result chess.Result
	// Termination is the Termination tag and the closing comment.
	Termination string
	// HasClock reports whether any move has a clock reading or a time used.
	HasClock bool

	tr Translate // the printed words' language
}

// Player is one side's line of the header, from the game's tags.
type Player struct {
	Name, Rating, FideID, Federation, Team string
}

// Row is one numbered line of the grid.
type Row struct {
	Number       int
	White, Black Cell
}

// Cell is one move on the sheet; a zero Cell is an empty box.
type Cell struct {
	Move      string // in the sheet's notation
	Clock     string // the mover's clock after the move, "h:mm:ss", or ""
	Used      string // the time the move took, "m:ss", or ""
	DrawOffer bool   // a comment of the move holds "(=)"
}

// Page is one sheet of paper: Blocks[i] holds RowsPerBlock rows, numbered on
// from the previous page, empty where the game has no move.
type Page struct {
	Number, Of int
	Blocks     [BlocksPerPage][]Row
}

// Language is the language a sheet is printed in. A nil field is English,
// or the game's data as written.
type Language struct {
	// Translate words the sheet's printed words (Words), the Rules and
	// Termination tags, and the events and player names the app writes
	// into a new game.
	Translate Translate
	// Say words a message the game recorded (game.Record): the reason of
	// the result, the closing comment.
	Say func(msg.Text) string
	// Date writes a PGN date ("2026.03.14", "2026.??.??") as the language
	// does.
	Date func(pgnDate string) string
}

// New reads the main line and tags of g into a Sheet, writing the moves
// with n (English SAN when n is nil), its words in English. It must run
// where g may be read (on the UI goroutine for the game on the board).
func New(g *game.Game, n Notation) *Sheet { return NewFor(g, n, Language{}) }

// NewIn is New with the sheet's words (headings, time control, signatures)
// in the language of tr; nil is English.
func NewIn(g *game.Game, n Notation, tr Translate) *Sheet {
	return NewFor(g, n, Language{Translate: tr})
}

// NewFor is New with every word of the sheet in language l: the printed
// words, the rules, the termination and the reason of the result, the date,
// and the default names of a new game's event and players.
func NewFor(g *game.Game, n Notation, l Language) *Sheet {
	if n == nil {
		n = English
	}
	tr := l.Translate
	if tr == nil {
		tr = english
	}
	data := func(v string) string { // a tag's value as the sheet prints it
		v = tagText(v)
		if dataWord(v) {
			return tr(v)
		}
		return v
	}
	t := g.Tags
	date := tagText(t.Value("Date"))
	if l.Date != nil && date != "" {
		date = l.Date(t.Value("Date"))
	}
	s := &Sheet{
		Event: data(t.Value("Event")), Site: tagText(t.Value("Site")),
		Date: date, Round: tagText(t.Value("Round")), Board: tagText(t.Value("Board")),
		White:       player(t, "White"),
		Black:       player(t, "Black"),
		TimeControl: describeTags(t.Value("TimeControl"), t.Value("WhiteTimeControl"), t.Value("BlackTimeControl"), tr),
		Result:      g.Result(),
		tr:          tr,
	}
	s.White.Name, s.Black.Name = data(s.White.Name), data(s.Black.Name)
	if w := rulesWord(t.Value("Rules")); w != "" {
		s.Rules = tr(w)
	}
	moves := slices.Collect(g.MainLine())
	used := timesUsed(g, moves)
	start := g.Start()
	number := start.FullMoveNumber()
	for i, node := range moves {
		c := Cell{Move: n(node.SAN()), DrawOffer: strings.Contains(node.Comment(), "(=)")}
		if d, ok := node.Clock(); ok {
			c.Clock = clock.FormatPGNClock(d.Truncate(time.Second))
		}
		if used[i] >= 0 {
			c.Used = clock.FormatDisplay(used[i], clock.TenthsNever)
		}
		s.HasClock = s.HasClock || c.Clock != "" || c.Used != ""
		if node.Mover() == chess.White || len(s.Rows) == 0 {
			s.Rows = append(s.Rows, Row{Number: number + len(s.Rows)})
		}
		row := &s.Rows[len(s.Rows)-1]
		if node.Mover() == chess.White {
			row.White = c
		} else {
			row.Black = c
		}
	}
	if len(s.Rows) == 0 {
		s.Rows = []Row{{Number: number}}
	}
	s.Termination = termination(g, moves, tr, l.Say)
	return s
}

// Pages lays the rows out on pages of MovesPerPage moves: one page at
// least, as many as the moves need.
func (s *Sheet) Pages() []Page {
	first := 1
	if len(s.Rows) > 0 {
		first = s.Rows[0].Number
	}
	n := max(1, (len(s.Rows)+MovesPerPage-1)/MovesPerPage)
	pages := make([]Page, n)
	for p := range pages {
		pages[p] = Page{Number: p + 1, Of: n}
		for b := range BlocksPerPage {
			rows := make([]Row, RowsPerBlock)
			for k := range rows {
				i := p*MovesPerPage + b*RowsPerBlock + k
				if i < len(s.Rows) {
					rows[k] = s.Rows[i]
				} else {
					rows[k] = Row{Number: first + i}
				}
			}
			pages[p].Blocks[b] = rows
		}
	}
	return pages
}

// tagText returns a tag value as a sheet prints it: unknown values ("?",
// "????.??.??") are blank, and a date keeps only its known parts.
func tagText(v string) string {
	v = strings.TrimSpace(v)
	if strings.Trim(v, "?.-") == "" {
		return ""
	}
	return strings.TrimSuffix(strings.TrimSuffix(v, ".??"), ".??")
}

// player reads one side's tags: side is "White" or "Black".
func player(t game.Tags, side string) Player {
	fed := t.Value(side + "Fed")
	if fed == "" {
		fed = t.Value(side + "Country")
	}
	return Player{
		Name:       tagText(t.Value(side)),
		Rating:     tagText(t.Value(side + "Elo")),
		FideID:     tagText(t.Value(side + "FideId")),
		Federation: tagText(fed),
		Team:       tagText(t.Value(side + "Team")),
	}
}

// timesUsed returns the time each move of moves took, or -1 when unknown:
// its [%emt] when it has one, else the fall of the mover's clock since their
// previous reading plus what the time control credited in between (the
// increment, and the time of a period that begins after the move). The
// first move of each side has no previous reading; an hourglass, whose
// clock also grows while the opponent thinks, gives only emt values.
func timesUsed(g *game.Game, moves []*game.Node) []time.Duration {
	t := g.Tags
	white, black, err := clock.ParseTags(clock.Tags{
		TimeControl:      t.Value("TimeControl"),
		WhiteTimeControl: t.Value("WhiteTimeControl"),
		BlackTimeControl: t.Value("BlackTimeControl"),
		WhiteClock:       t.Value("WhiteClock"),
		BlackClock:       t.Value("BlackClock"),
		AppClockMode:     t.Value("AppClockMode"),
	})
	if err != nil { // no control known: no increment, no new periods
		white, black = clock.Control{}, clock.Control{}
	}
	ctl := [2]clock.Control{white, black}
	start := g.Start()
	done := [2]int{start.FullMoveNumber() - 1, start.FullMoveNumber() - 1}
	if start.Turn() == chess.Black {
		done[chess.White]++
	}
	var prev [2]time.Duration
	var known [2]bool
	used := make([]time.Duration, len(moves))
	for i, node := range moves {
		side := node.Mover() & 1
		c := ctl[side]
		used[i] = -1
		clk, ok := node.Clock()
		// The arbiter's corrections since the side's last reading are no
		// thinking time (issue 45, point 10d).
		for _, n := range moves[max(i-2, 0):i] {
			for _, f := range clockCorrections(n.Comment()) {
				if f.side == side && known[side] {
					prev[side], known[side] = f.apply(prev[side])
				}
			}
		}
		if emt, has := node.Emt(); has {
			used[i] = emt
		} else if ok && known[side] && !c.Hourglass {
			period, _ := c.PeriodOf(done[side])
			credit := c.PeriodAt(period).Increment
			if next, _ := c.PeriodOf(done[side] + 1); next > period {
				credit += c.PeriodAt(next).Time
			}
			if u := prev[side] + credit - clk; u >= 0 {
				used[i] = u
			}
		}
		prev[side], known[side] = clk, ok
		done[side]++
	}
	return used
}

// The arbiter's corrections of a clock as the score says them (the English
// comments of core/arbiter): a setting, and time given or taken, by the
// arbiter or as a penalty.
var (
	setRe = regexp.MustCompile(`\b(White|Black)'s clock set to (\d+(?::\d\d){1,2})`)
	addRe = regexp.MustCompile(`(?:Arbiter: |; )(White|Black) ([+-])(\d+(?::\d\d){1,2})`)
)

// correction is one correction of side's clock: set to a time, or by delta.
type correction struct {
	side  chess.Color
	set   bool
	delta time.Duration
}

// apply returns the reading before the correction moved by it; a setting
// leaves no known reading, for the time used before it is not known.
func (f correction) apply(before time.Duration) (time.Duration, bool) {
	if f.set {
		return 0, false
	}
	return before + f.delta, true
}

// clockCorrections returns the corrections of the clocks comment records.
func clockCorrections(comment string) []correction {
	var out []correction
	side := func(s string) chess.Color {
		if s == "White" {
			return chess.White
		}
		return chess.Black
	}
	for _, m := range setRe.FindAllStringSubmatch(comment, -1) {
		out = append(out, correction{side: side(m[1]), set: true})
	}
	for _, m := range addRe.FindAllStringSubmatch(comment, -1) {
		d, err := clock.ParsePGNClock(m[3])
		if err != nil {
			continue
		}
		if m[2] == "-" {
			d = -d
		}
		out = append(out, correction{side: side(m[1]), delta: d})
	}
	return out
}

// termination returns the Termination tag, capitalised, and the closing
// comment: the game's end comment, or else the text of the last move's;
// both in the sheet's language: the tag's word through tr, what the game
// recorded (game.Record) through say, the rest as written (through say as
// a msg.Plain, which may know the app's own English).
func termination(g *game.Game, moves []*game.Node, tr Translate, say func(msg.Text) string) string {
	var parts []string
	if v := tagText(g.Tags.Value("Termination")); v != "" {
		if w := terminationWord(v); w != "" {
			parts = append(parts, tr(w))
		} else {
			r, size := utf8.DecodeRuneInString(v)
			parts = append(parts, string(unicode.ToUpper(r))+v[size:])
		}
	}
	comments, records := g.EndComments(), g.EndRecords()
	if len(comments) == 0 && len(moves) > 0 {
		last := moves[len(moves)-1]
		comments, records = last.Comments(), last.Records()
	}
	var closing []string
	for _, c := range comments {
		c = strings.TrimSpace(strings.ReplaceAll(game.CommentText(c), "(=)", ""))
		switch r, ok := game.RecordOf(records, c); {
		case c == "":
		case say == nil:
			closing = append(closing, c)
		case ok:
			closing = append(closing, strings.TrimSuffix(say(r.Text), "."))
		default:
			closing = append(closing, say(msg.Plain(c)))
		}
	}
	if c := strings.Join(closing, " "); c != "" {
		parts = append(parts, c)
	}
	return strings.Join(parts, ". ")
}
