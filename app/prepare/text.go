package prepare

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteText writes the report as text, as `touchmove prepare` prints it.
func WriteText(w io.Writer, r Report) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "Player: %s\n", r.Player)
	fmt.Fprintf(b, "Games: %s; as White %s; as Black %s\n", tally(r.Total), tally(r.White), tally(r.Black))
	table(b, "As White, his first move", r.AsWhite)
	table(b, "As Black, his answer to White's first move", r.AsBlack)
	table(b, "By opening (the games' ECO and Opening tags)", r.Openings)
	table(b, "His most frequent positions after move 10", r.Positions)
	if r.Deviations != nil {
		fmt.Fprintln(b, "\nWhere he leaves your repertoire")
		for _, d := range r.Deviations {
			var want []string
			for _, m := range d.Expected {
				want = append(want, MoveText(d.Before, m))
			}
			fmt.Fprintf(b, "  in %d %s he played %s where your repertoire has %s (after %s)\n",
				d.Games, plural(d.Games, "game", "games"), MoveText(d.Before, d.Played), strings.Join(want, " or "), cmpLine(d.Before))
		}
	}
	return b.Flush()
}

// table writes a titled table of rows: games, score, +wins =draws
// -losses, years.
func table(b *bufio.Writer, title string, rows []Row) {
	fmt.Fprintf(b, "\n%s\n", title)
	if len(rows) == 0 {
		fmt.Fprintln(b, "  (none)")
		return
	}
	for _, r := range rows {
		fmt.Fprintf(b, "  %s\t%s\n", r.Name, tally(r.Tally))
	}
}

// tally writes "12 games, 58% (+5 =4 -3), 2019–2024".
func tally(t Tally) string {
	s := fmt.Sprintf("%d %s, %.0f%% (+%d =%d -%d)", t.Games, plural(t.Games, "game", "games"), t.Score(), t.Wins, t.Draws, t.Losses)
	switch {
	case t.First == 0:
	case t.First == t.Last:
		s += fmt.Sprintf(", %d", t.First)
	default:
		s += fmt.Sprintf(", %d–%d", t.First, t.Last)
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// cmpLine writes the moves before a deviation, "the start" when none.
func cmpLine(before []string) string {
	if len(before) == 0 {
		return "the start"
	}
	return Line(before)
}
