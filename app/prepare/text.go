package prepare

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Say fills a template of the report's words (in English, as the
// translations key them) with args, in the reader's language. English
// fills it as it is.
type Say func(template string, args map[string]any) string

// Words returns every template the report says through Say, for the
// window's translations.
func Words() []string {
	return []string{
		"Report on {{.Player}}", "Player: {{.Player}}", "Total — {{.Tally}}", "As White — {{.Tally}}", "As Black — {{.Tally}}",
		"As White, his first move", "As Black, his answer to White's first move",
		"By opening (the games' tags, else their moves)", "His most frequent positions after move 10",
		"Where he leaves your repertoire", "the start", "(none)",
		"games: {{.Games}}: he played {{.Played}} where your repertoire has {{.Expected}} (after {{.Line}})",
		"games: {{.Games}}, {{.Score}}% (+{{.Wins}} ={{.Draws}} -{{.Losses}})",
		"Games on your repertoire's side, where they leave it",
		"game {{.Game}}: {{.Played}}, which your repertoire has no answer to",
		"game {{.Game}}: {{.Played}} was played where your repertoire has {{.Expected}}",
	}
}

// English is the Say of the report in English.
func English(template string, args map[string]any) string {
	out := template
	for k, v := range args {
		out = strings.ReplaceAll(out, "{{."+k+"}}", fmt.Sprint(v))
	}
	return out
}

// Page is the report as it is read: a title, the player's totals, and
// titled sections of items, in the reader's words. The window's pane, the
// PDF and `touchmove prepare` all show it.
type Page struct {
	Title    string
	Summary  []string
	Sections []Section
}

// Section is a titled list of a Page; an empty one says "(none)".
type Section struct {
	Title string
	Items []Item
	Kind  ItemKind
}

// ItemKind says what a Section's items stand for, and so what choosing
// one does in the window.
type ItemKind uint8

// The kinds of items.
const (
	FirstMoves ItemKind = iota // his first moves: Moves leads to the position
	Openings                   // an opening as the games' tags name it
	Positions                  // a position after move 10: FEN
	Deviations                 // Report.Deviations[Index]
	Leaves                     // Report.Leaves[Index]
)

// Item is one line of a Section: its text, the player's results there
// ("" when none are counted), and what it stands for.
type Item struct {
	Text, Tally string
	// Moves are the moves in SAN from the start to the position of a
	// FirstMoves item.
	Moves []string
	// FEN is the position of a Positions item.
	FEN string
	// Index is the item's place in Report.Deviations or Report.Leaves.
	Index int
	// Game is the number (from 1) of a game in the file that the item
	// comes from, and Ply how far into it the item's position is: the
	// window shows that game there.
	Game, Ply int
}

// Page returns the report as it is read, in the words of say.
func (r Report) Page(say Say) Page {
	p := Page{Title: say("Report on {{.Player}}", map[string]any{"Player": r.Player})}
	p.Summary = []string{
		say("Player: {{.Player}}", map[string]any{"Player": r.Player}),
		say("Total — {{.Tally}}", map[string]any{"Tally": tally(r.Total, say)}),
		say("As White — {{.Tally}}", map[string]any{"Tally": tally(r.White, say)}),
		say("As Black — {{.Tally}}", map[string]any{"Tally": tally(r.Black, say)}),
	}
	rows := func(title string, kind ItemKind, rows []Row) Section {
		sec := Section{Title: say(title, nil), Kind: kind}
		for _, row := range rows {
			it := Item{Text: row.Name, Tally: tally(row.Tally, say), Game: row.Game}
			switch kind {
			case FirstMoves:
				it.Moves = strings.Fields(strings.TrimPrefix(row.Name, "1."))
				it.Ply = len(it.Moves)
			case Positions:
				it.FEN, it.Ply = row.Name+" 0 1", 20
			}
			sec.Items = append(sec.Items, it)
		}
		return sec
	}
	p.Sections = []Section{
		rows("As White, his first move", FirstMoves, r.AsWhite),
		rows("As Black, his answer to White's first move", FirstMoves, r.AsBlack),
		rows("By opening (the games' tags, else their moves)", Openings, r.Openings),
		rows("His most frequent positions after move 10", Positions, r.Positions),
	}
	if r.Deviations != nil {
		sec := Section{Title: say("Where he leaves your repertoire", nil), Kind: Deviations}
		for i, d := range r.Deviations {
			sec.Items = append(sec.Items, Item{Text: deviationText(d, say), Index: i, Game: d.Numbers[0], Ply: len(d.Before) + 1})
		}
		p.Sections = append(p.Sections, sec)
	}
	if r.Leaves != nil {
		sec := Section{Title: say("Games on your repertoire's side, where they leave it", nil), Kind: Leaves}
		for i, l := range r.Leaves {
			sec.Items = append(sec.Items, Item{Text: leaveText(l, say), Index: i, Game: l.Game, Ply: len(l.Before) + 1})
		}
		p.Sections = append(p.Sections, sec)
	}
	return p
}

// WriteText writes the report as text in the words of say: the command
// line's report.
func WriteText(w io.Writer, r Report, say Say) error {
	b := bufio.NewWriter(w)
	p := r.Page(say)
	for _, line := range p.Summary {
		fmt.Fprintln(b, line)
	}
	for _, sec := range p.Sections {
		fmt.Fprintf(b, "\n%s\n", sec.Title)
		if len(sec.Items) == 0 {
			fmt.Fprintf(b, "  %s\n", say("(none)", nil))
		}
		for _, it := range sec.Items {
			if it.Tally != "" {
				fmt.Fprintf(b, "  %s\t%s\n", it.Text, it.Tally)
			} else {
				fmt.Fprintf(b, "  %s\n", it.Text)
			}
		}
	}
	return b.Flush()
}

// deviationText says where he left the repertoire, in how many games.
func deviationText(d Deviation, say Say) string {
	var want []string
	for _, m := range d.Expected {
		want = append(want, MoveText(d.Before, m))
	}
	line := say("the start", nil)
	if len(d.Before) > 0 {
		line = Line(d.Before)
	}
	return say("games: {{.Games}}: he played {{.Played}} where your repertoire has {{.Expected}} (after {{.Line}})",
		map[string]any{"Games": d.Games, "Played": MoveText(d.Before, d.Played), "Expected": strings.Join(want, ", "), "Line": line})
}

// leaveText says where one game left the repertoire.
func leaveText(l Leave, say Say) string {
	if l.Expected == nil {
		return say("game {{.Game}}: {{.Played}}, which your repertoire has no answer to",
			map[string]any{"Game": l.Game, "Played": MoveText(l.Before, l.Played)})
	}
	var want []string
	for _, m := range l.Expected {
		want = append(want, MoveText(l.Before, m))
	}
	return say("game {{.Game}}: {{.Played}} was played where your repertoire has {{.Expected}}",
		map[string]any{"Game": l.Game, "Played": MoveText(l.Before, l.Played), "Expected": strings.Join(want, ", ")})
}

// tally writes "games: 12, 58% (+5 =4 -3), 2019–2024".
func tally(t Tally, say Say) string {
	s := say("games: {{.Games}}, {{.Score}}% (+{{.Wins}} ={{.Draws}} -{{.Losses}})", map[string]any{
		"Games": t.Games, "Score": fmt.Sprintf("%.0f", t.Score()), "Wins": t.Wins, "Draws": t.Draws, "Losses": t.Losses})
	switch {
	case t.First == 0:
	case t.First == t.Last:
		s += fmt.Sprintf(", %d", t.First)
	default:
		s += fmt.Sprintf(", %d–%d", t.First, t.Last)
	}
	return s
}
