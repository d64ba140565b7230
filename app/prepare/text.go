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
		"Player: {{.Player}}", "Total — {{.Tally}}", "As White — {{.Tally}}", "As Black — {{.Tally}}",
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

// WriteText writes the report as text in the words of say: the command
// line's report, and the window's.
func WriteText(w io.Writer, r Report, say Say) error {
	b := bufio.NewWriter(w)
	fmt.Fprintln(b, say("Player: {{.Player}}", map[string]any{"Player": r.Player}))
	fmt.Fprintln(b, say("Total — {{.Tally}}", map[string]any{"Tally": tally(r.Total, say)}))
	fmt.Fprintln(b, say("As White — {{.Tally}}", map[string]any{"Tally": tally(r.White, say)}))
	fmt.Fprintln(b, say("As Black — {{.Tally}}", map[string]any{"Tally": tally(r.Black, say)}))
	table(b, say("As White, his first move", nil), r.AsWhite, say)
	table(b, say("As Black, his answer to White's first move", nil), r.AsBlack, say)
	table(b, say("By opening (the games' tags, else their moves)", nil), r.Openings, say)
	table(b, say("His most frequent positions after move 10", nil), r.Positions, say)
	if r.Deviations != nil {
		fmt.Fprintf(b, "\n%s\n", say("Where he leaves your repertoire", nil))
		for _, d := range r.Deviations {
			var want []string
			for _, m := range d.Expected {
				want = append(want, MoveText(d.Before, m))
			}
			line := say("the start", nil)
			if len(d.Before) > 0 {
				line = Line(d.Before)
			}
			fmt.Fprintf(b, "  %s\n", say("games: {{.Games}}: he played {{.Played}} where your repertoire has {{.Expected}} (after {{.Line}})",
				map[string]any{"Games": d.Games, "Played": MoveText(d.Before, d.Played), "Expected": strings.Join(want, ", "), "Line": line}))
		}
	}
	if r.Leaves != nil {
		fmt.Fprintf(b, "\n%s\n", say("Games on your repertoire's side, where they leave it", nil))
		for _, l := range r.Leaves {
			fmt.Fprintf(b, "  %s\n", leaveText(l, say))
		}
	}
	return b.Flush()
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

// table writes a titled table of rows.
func table(b *bufio.Writer, title string, rows []Row, say Say) {
	fmt.Fprintf(b, "\n%s\n", title)
	if len(rows) == 0 {
		fmt.Fprintf(b, "  %s\n", say("(none)", nil))
		return
	}
	for _, r := range rows {
		fmt.Fprintf(b, "  %s\t%s\n", r.Name, tally(r.Tally, say))
	}
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
