package pgn_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/core/game"
	"touchmove/core/pgn"
)

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
