package main

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestUsageMatchesDesign holds design.md §4's command table to the usage
// that `touchmove help` prints: the same commands with the same flags, in
// the same order, so that neither can name a command the other does not.
func TestUsageMatchesDesign(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"help"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("touchmove help: exit %d, %s", code, stderr.String())
	}
	var usage []string
	for _, line := range strings.Split(stdout.String(), "\n") {
		if line = strings.TrimSpace(line); strings.HasPrefix(line, "touchmove") {
			usage = append(usage, line)
		}
	}
	doc, err := os.ReadFile("docs/design.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## 4. Command line")
	if !ok {
		t.Fatal("design.md has no section 4, Command line")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var table []string
	for _, line := range strings.Split(section, "\n") {
		cell, ok := strings.CutPrefix(line, "| `touchmove")
		if !ok {
			continue
		}
		cmd, _, ok := strings.Cut(cell, "` |")
		if !ok {
			t.Fatalf("design.md §4: a row whose command cell does not end: %q", line)
		}
		table = append(table, strings.ReplaceAll("touchmove"+cmd, `\|`, "|"))
	}
	if len(table) == 0 {
		t.Fatal("design.md §4 lists no command")
	}
	if !slices.Equal(usage, table) {
		t.Errorf("touchmove help prints\n\t%s\ndesign.md §4 lists\n\t%s", strings.Join(usage, "\n\t"), strings.Join(table, "\n\t"))
	}
}

// A single argument opens the window only when it names a file: one that
// is there or a PGN file's name; a mistyped command is refused.
func TestLooksLikeFile(t *testing.T) {
	dir := t.TempDir()
	there := dir + "/games"
	if err := os.WriteFile(there, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for arg, want := range map[string]bool{
		there: true, "missing.pgn": true, "Games.PGN": true, "lichess.pgn.zst": true,
		"nonsense": false, "perf": false, "-x": false, "": false, dir + "/missing": false,
	} {
		if got := looksLikeFile(arg); got != want {
			t.Errorf("looksLikeFile(%q) = %v, want %v", arg, got, want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"nonsense"}, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), `unknown command "nonsense"`) {
		t.Errorf("touchmove nonsense: exit %d, %q", code, stderr.String())
	}
}
