package pgn_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/core/game"
	"touchmove/core/pgn"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/golden")

// readAll reads every game of data with a GameBuilder.
func readAll(t testing.TB, data []byte) ([]*game.Game, pgn.ErrorList) {
	t.Helper()
	r := pgn.NewReader(bytes.NewReader(data))
	var games []*game.Game
	var errs pgn.ErrorList
	for {
		b := pgn.NewGameBuilder()
		err := r.ReadGame(b)
		if err == io.EOF {
			return games, errs
		}
		var list pgn.ErrorList
		if err != nil && !errors.As(err, &list) {
			t.Fatalf("I/O error: %v", err)
		}
		errs = append(errs, list...)
		games = append(games, b.Game())
	}
}

// export writes games in the strict (or reduced) export format; writer
// errors join the report.
func export(games []*game.Game, reduced bool) ([]byte, []string) {
	var out bytes.Buffer
	w := pgn.NewWriter(&out)
	w.Reduced = reduced
	var problems []string
	for i, g := range games {
		if err := w.WriteGame(g); err != nil {
			problems = append(problems, fmt.Sprintf("write game %d: %v", i+1, err))
		}
	}
	return out.Bytes(), problems
}

func errorLines(errs pgn.ErrorList, extra []string) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "%d:%d: game %d: %s\n", e.Line, e.Column, e.Game, e.Message())
	}
	for _, s := range extra {
		b.WriteString(s + "\n")
	}
	return b.String()
}

// compareGolden compares got with the file path, or rewrites it with -update.
// An empty want is the same as an absent file.
func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if len(got) == 0 {
			if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			return
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run go test -update to accept)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

// TestGolden reads each testdata/golden/NAME.in.pgn and compares its strict
// export with NAME.out.pgn, its reduced export with NAME.reduced.pgn and its
// problems with NAME.err (absent when there are none). It also checks that
// the export reads back without problems and exports to the same bytes.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/golden/*.in.pgn")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, in := range inputs {
		base := strings.TrimSuffix(in, ".in.pgn")
		t.Run(filepath.Base(base), func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			games, errs := readAll(t, data)
			out, problems := export(games, false)
			compareGolden(t, base+".out.pgn", out)
			compareGolden(t, base+".err", []byte(errorLines(errs, problems)))
			reduced, _ := export(games, true)
			compareGolden(t, base+".reduced.pgn", reduced)

			again, errs2 := readAll(t, out)
			if len(errs2) > 0 {
				t.Errorf("the export reads with errors: %v", errs2)
			}
			out2, _ := export(again, false)
			if !bytes.Equal(out, out2) {
				t.Errorf("export → read → export differs:\n%s\n---\n%s", out, out2)
			}
			for i, line := range strings.Split(string(out), "\n") {
				if len(line) > 79 && !strings.HasPrefix(line, "[") {
					t.Errorf("line %d has %d bytes: %q", i+1, len(line), line)
				}
			}
		})
	}
}

// TestSampleGame2 checks the export of game 2 of the sample of
// docs/pgn.md §12 against the text given there, byte for byte.
func TestSampleGame2(t *testing.T) {
	data, err := os.ReadFile("testdata/golden/sample12.in.pgn")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/sample12_game2.want.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, errs := readAll(t, data)
	if len(errs) > 0 || len(games) != 3 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	got, problems := export(games[1:2], false)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("export of game 2:\n%s\nwant:\n%s", got, want)
	}
}

// keepLayout writes g as an edited game is saved into its file.
func keepLayout(t *testing.T, g *game.Game) []byte {
	t.Helper()
	var out bytes.Buffer
	w := pgn.NewWriter(&out)
	w.KeepLayout = true
	if err := w.WriteGame(g); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// tagSection returns the lines of text up to the first empty line.
func tagSection(text []byte) string {
	s, _, _ := strings.Cut(string(text), "\n\n")
	return s
}

// TestKeepLayout reads a game, edits one move's comment and writes it as a
// save does (pgn.md §13): the tags keep their order and gain no roster
// tag, separate comments stay separate, and apart from the edited comment
// the text is the same words in the same order. Unedited, it is the same
// bytes.
func TestKeepLayout(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "golden", "layout.in.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	games, errs := readAll(t, in)
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	g := games[0]
	if got := keepLayout(t, g); !bytes.Equal(got, in) {
		t.Fatalf("unedited, the game changed:\n%s\nwant\n%s", got, in)
	}

	const old, edited = "A sharp line.", "The queen's sortie is premature."
	var target *game.Node
	for n := range g.MainLine() {
		if n.Comment() == old {
			target = n
		}
	}
	if target == nil {
		t.Fatalf("no move has the comment %q", old)
	}
	target.SetComment(edited)
	got := keepLayout(t, g)
	golden := filepath.Join("testdata", "golden", "layout.edited.pgn")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("edited game:\n%s\nwant (%s)\n%s", got, golden, want)
	}
	if tagSection(got) != tagSection(in) {
		t.Errorf("the tags changed:\n%s\nwant\n%s", tagSection(got), tagSection(in))
	}
	if a, b := bytes.Count(got, []byte("{")), bytes.Count(in, []byte("{")); a != b {
		t.Errorf("%d comments written, want the %d read", a, b)
	}
	back := strings.Replace(string(got), edited, old, 1)
	if strings.Join(strings.Fields(back), " ") != strings.Join(strings.Fields(string(in)), " ") {
		t.Errorf("more than the comment changed:\n%s", got)
	}

	// The strict export format is still what export asks for.
	strict, _ := export(games, false)
	if !bytes.Contains(strict, []byte("[Round \"?\"]")) || !bytes.HasPrefix(strict, []byte("[Event ")) {
		t.Errorf("strict export lost the roster:\n%s", strict)
	}
}
