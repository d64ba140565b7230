package scoresheet_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/app/scoresheet"
	"touchmove/core/clock"
	"touchmove/core/game"
	"touchmove/core/pgn"
	"touchmove/internal/reftools"
)

// readGames reads every game of a testdata file.
func readGames(t *testing.T, name string) []*game.Game {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := pgn.NewReader(f)
	var games []*game.Game
	for {
		b := pgn.NewGameBuilder()
		err := r.ReadGame(b)
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatalf("%s game %d: %v", name, len(games)+1, err)
		}
		games = append(games, b.Game())
	}
}

// pdfText writes the sheet as a PDF and returns what pdftotext reads of it
// in content order (-raw), pages separated by form feeds, and the page size
// pdfinfo reports.
func pdfText(t *testing.T, s *scoresheet.Sheet, paper scoresheet.Paper) (text, size string) {
	t.Helper()
	for _, tool := range []string{"pdftotext", "pdfinfo"} {
		reftools.Path(t, tool, "poppler-utils")
	}
	var buf bytes.Buffer
	if err := s.WritePDF(&buf, paper); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-raw", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	info, err := exec.Command("pdfinfo", path).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	for _, line := range strings.Split(string(info), "\n") {
		if v, ok := strings.CutPrefix(line, "Page size:"); ok {
			size = strings.TrimSpace(v)
		}
	}
	return string(out), size
}

// TestPDFReadsBack prints a 70-move game with clock times, in English and
// (Cyrillic players, event and piece letters) in Russian, on both papers,
// and reads every move, clock reading, player and the result back from the
// PDF's text.
func TestPDFReadsBack(t *testing.T) {
	games := readGames(t, "game70.pgn")
	if len(games) != 2 {
		t.Fatalf("%d games in game70.pgn, want 2", len(games))
	}
	tests := []struct {
		name  string
		g     *game.Game
		lang  scoresheet.Notation
		paper scoresheet.Paper
		size  string
	}{
		{"English A4", games[0], scoresheet.English, scoresheet.A4, "595.28 x 841.89 pts (A4)"},
		{"English Letter", games[0], scoresheet.English, scoresheet.Letter, "612 x 792 pts (letter)"},
		{"Russian A4", games[1], scoresheet.Russian, scoresheet.A4, "595.28 x 841.89 pts (A4)"},
		{"Russian Letter", games[1], scoresheet.Russian, scoresheet.Letter, "612 x 792 pts (letter)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.g.PlyCount() != 140 {
				t.Fatalf("the game has %d plies, want 140", tt.g.PlyCount())
			}
			text, size := pdfText(t, scoresheet.New(tt.g, tt.lang), tt.paper)
			if size != tt.size {
				t.Errorf("page size %q, want %q", size, tt.size)
			}
			if pages := strings.Count(strings.TrimRight(text, "\f"), "\f") + 1; pages != 2 {
				t.Errorf("%d pages, want 2", pages)
			}
			for _, tag := range []string{"White", "Black", "Event", "Site", "WhiteElo", "BlackFideId", "WhiteFed"} {
				if v := tt.g.Tags.Value(tag); !strings.Contains(text, v) {
					t.Errorf("tag %s %q is not in the text", tag, v)
				}
			}
			for _, want := range []string{"90 min/40 moves + 30 min, +30 s per move", "1/2-1/2", "Draw agreed", "Arbiter's signature"} {
				if !strings.Contains(text, want) {
					t.Errorf("%q is not in the text", want)
				}
			}
			words := strings.Fields(text)
			var moves, clocks []string
			for n := range tt.g.MainLine() {
				moves = append(moves, tt.lang(n.SAN()))
				d, ok := n.Clock()
				if !ok {
					t.Fatalf("move %s has no clock", n.SAN())
				}
				clocks = append(clocks, clock.FormatPGNClock(d))
			}
			if i, ok := subsequence(words, moves); !ok {
				t.Errorf("move %d, %q, is missing from the text (in order)", i+1, moves[i])
			}
			if i, ok := subsequence(words, clocks); !ok {
				t.Errorf("clock %d, %q, is missing from the text (in order)", i+1, clocks[i])
			}
			if !strings.Contains(text, tt.lang("Bc2")+" (=)") {
				t.Error("the draw offer after 69. Bc2 is not marked")
			}
		})
	}
}

// subsequence reports whether want occurs in words in order, and else the
// index of the first item of want that was not found.
func subsequence(words, want []string) (int, bool) {
	i := 0
	for _, w := range words {
		if i < len(want) && w == want[i] {
			i++
		}
	}
	return i, i == len(want)
}

func TestWritePDFError(t *testing.T) {
	s := scoresheet.New(game.New(), nil)
	if err := s.WritePDF(failWriter{}, scoresheet.A4); err == nil || !strings.HasPrefix(err.Error(), "scoresheet: ") {
		t.Errorf("a failing writer gives %v", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// A name too long for its box even in small print is cut short with "…",
// never drawn over the next box.
func TestPDFLongValues(t *testing.T) {
	long := strings.Repeat("Константинопольский ", 12)
	s := &scoresheet.Sheet{White: scoresheet.Player{Name: long, Rating: "2500"}, Rows: []scoresheet.Row{{Number: 1}}}
	text, _ := pdfText(t, s, scoresheet.A4)
	if strings.Contains(text, strings.TrimSpace(long)) || !strings.Contains(text, "Константинопольский Константинопольский") || !strings.Contains(text, "…") {
		t.Errorf("the long name is not cut short:\n%s", text)
	}
}

// BenchmarkWritePDF draws the two pages of the 70-move game.
func BenchmarkWritePDF(b *testing.B) {
	f, err := os.Open("testdata/game70.pgn")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	gb := pgn.NewGameBuilder()
	if err := pgn.NewReader(f).ReadGame(gb); err != nil {
		b.Fatal(err)
	}
	s := scoresheet.New(gb.Game(), nil)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := s.WritePDF(&buf, scoresheet.A4); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/pdf")
}
