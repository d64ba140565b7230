package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"touchmove/app/library"
	"touchmove/internal/corpus"
)

// A small file: three games reaching 1.e4 c5 2.Nf3, one by transposition
// (2.Nf3 first), one ending there, one of 1.d4, one game from a FEN.
const treeGames = `[Event "a"]
[Date "2001.01.01"]
[White "A"]
[Black "B"]
[WhiteElo "2000"]
[BlackElo "1800"]
[Result "1-0"]

1. e4 c5 2. Nf3 d6 (2... Nc6) 3. d4 1-0

[Event "b"]
[Date "2005.01.01"]
[White "C"]
[Black "D"]
[Result "0-1"]

1. Nf3 c5 2. e4 Nc6 0-1

[Event "c"]
[Date "2003.01.01"]
[White "A"]
[Black "E"]
[Result "1/2-1/2"]

1. e4 c5 2. Nf3 1/2-1/2

[Event "d"]
[Date "2010.01.01"]
[White "F"]
[Black "A"]
[Result "1-0"]

1. d4 d5 1-0

[Event "e"]
[White "G"]
[Black "H"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[Result "*"]

1. e4 *
`

func writeTreeFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tree.pgn")
	if err := os.WriteFile(path, []byte(treeGames), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestTree(t *testing.T) {
	path := writeTreeFile(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{path}, "move\tgames\twhite\tdraws\tblack\tavg rating\tperformance\tlast year\n" +
			"e4\t2\t1\t1\t0\t2000\t2600\t2003\nNf3\t1\t0\t0\t1\t-\t-\t2005\nd4\t1\t1\t0\t0\t-\t-\t2010\ntotal\t4\t2\t1\t1\t2000\t2600\t2010\n"},
		{[]string{"-moves", "1. e4 c5 2. Nf3", path}, "move\tgames\twhite\tdraws\tblack\tavg rating\tperformance\tlast year\n" +
			"Nc6\t1\t0\t0\t1\t-\t-\t2005\n" + "d6\t1\t1\t0\t0\t1800\t1200\t2001\n" + "(end)\t1\t0\t1\t0\t-\t-\t2003\n" +
			"total\t3\t1\t1\t1\t1800\t1200\t2005\n"},
		{[]string{"-moves", "e4 c5 Nf3", "-filter", "player:A", path}, "move\tgames\twhite\tdraws\tblack\tavg rating\tperformance\tlast year\n" +
			"d6\t1\t1\t0\t0\t1800\t1200\t2001\n" + "(end)\t1\t0\t1\t0\t-\t-\t2003\n" + "total\t2\t1\t1\t0\t1800\t1200\t2003\n"},
		{[]string{"-fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", path}, "move\tgames\twhite\tdraws\tblack\tavg rating\tperformance\tlast year\n" +
			"e4\t1\t0\t0\t0\t-\t-\t-\ntotal\t1\t0\t0\t0\t-\t-\t-\n"},
	} {
		var out, errb bytes.Buffer
		if code := Tree(c.args, &out, &errb); code != 0 {
			t.Fatalf("tree %v: exit %d: %s", c.args, code, errb.String())
		}
		if out.String() != c.want {
			t.Errorf("tree %v:\n%s\nwant\n%s", c.args, out.String(), c.want)
		}
	}
	for _, args := range [][]string{{}, {"-moves", "e5", path}, {"-fen", "nonsense", path}, {path, path}, {filepath.Join(t.TempDir(), "none.pgn")}} {
		var out, errb bytes.Buffer
		if code := Tree(args, &out, &errb); code != 2 {
			t.Errorf("tree %v: exit %d, want 2", args, code)
		}
	}
}

func TestSearch(t *testing.T) {
	path := writeTreeFile(t)
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"-fen", "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", path}, "1\n2\n3\n", 0},
		{[]string{"-fen", "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "-filter", "result:1-0", path}, "1\n", 0},
		{[]string{"-fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1", path}, "", 1},
		{[]string{"-material", "P vs K", path}, "5\n", 0},
		{[]string{"-material", "P vs K", "-fixed", path}, "5\n", 0},
		{[]string{"-material", "K vs P", "-fixed", path}, "", 1},
		{[]string{"-pawns", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", path}, "1\n2\n3\n", 0},
		{[]string{"-pawns", "8/8/8/8/4P3/8/8/8", path}, "5\n", 0},
		{[]string{path}, "", 2},
		{[]string{"-material", "R", path}, "", 2},
		{[]string{"-fen", "x", "-pawns", "8/8/8/8/8/8/8/8", path}, "", 2},
	} {
		var out, errb bytes.Buffer
		code := Search(c.args, &out, &errb)
		if code != c.code || out.String() != c.want {
			t.Errorf("search %v: exit %d %q, want %d %q (%s)", c.args, code, out.String(), c.code, c.want, errb.String())
		}
	}
}

// TestTreeCorpus checks on a reference corpus that the rows add up to the
// total and that search -fen finds the games the tree counts.
func TestTreeCorpus(t *testing.T) {
	path := corpus.File(t, "pgn/lichess_annotated_1k.pgn.gz")
	var out, errb bytes.Buffer
	if code := Tree([]string{"-moves", "e4", path}, &out, &errb); code != 0 {
		t.Fatal(code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if !strings.HasPrefix(lines[0], "move\tgames\twhite\tdraws\tblack") || len(lines) < 4 {
		t.Fatalf("tree:\n%s", out.String())
	}
	sum := 0
	for _, l := range lines[1 : len(lines)-1] {
		n, _ := strconv.Atoi(strings.Split(l, "\t")[1])
		sum += n
	}
	total, _ := strconv.Atoi(strings.Split(lines[len(lines)-1], "\t")[1])
	if sum != total || total == 0 {
		t.Errorf("rows add up to %d, total %d", sum, total)
	}
	out.Reset()
	if code := Search([]string{"-fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", path}, &out, &errb); code != 0 {
		t.Fatal(code, errb.String())
	}
	found := strings.Fields(out.String())
	if len(found) != total || !slices.IsSortedFunc(found, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return x - y }) {
		t.Errorf("search found %d games, the tree counts %d", len(found), total)
	}
}

// TestTreeCache runs tree and search on a file large enough to be cached:
// the first call leaves the window's list and position caches in the user
// cache folder, later calls answer from them alike, and a file changed since
// or a cache file cut short is indexed again, never answered from the
// cache.
func TestTreeCache(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", t.TempDir())   // macOS: the cache folder is under HOME
	t.Setenv("LocalAppData", cache) // Windows: the cache folder
	path := corpus.File(t, "pgn/features_6k.pgn.gz")
	run := func(cmd func([]string, io.Writer, io.Writer) int, args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		if code := cmd(append(args, path), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		return out.String()
	}
	tree := run(Tree, "-moves", "e4")
	found := run(Search, "-material", "KRP vs KR")
	files, _ := filepath.Glob(filepath.Join(library.IndexCacheDir(), "*.pos"))
	if !strings.HasPrefix(library.IndexCacheDir(), cache) || len(files) != 1 {
		t.Fatalf("position caches in %s: %v", library.IndexCacheDir(), files)
	}
	if again := run(Tree, "-moves", "e4"); again != tree {
		t.Errorf("tree from the cache:\n%s\nwant\n%s", again, tree)
	}
	if again := run(Search, "-material", "KRP vs KR"); again != found {
		t.Errorf("search from the cache: %q, want %q", again, found)
	}
	if again := run(Tree, "-moves", "e4", "-filter", "result:1-0"); again == tree || !strings.HasPrefix(again, "move\t") {
		t.Errorf("a filtered tree from the cache:\n%s", again)
	}

	// A game of 1.e4 appended: one more game after 1.e4.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\n[Event \"One more\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	grown := run(Tree, "-moves", "e4")
	if total(t, grown) != total(t, tree)+1 {
		t.Fatalf("after a game was appended, total %d, before %d", total(t, grown), total(t, tree))
	}

	// The cache cut short: indexed again, the same answer.
	fi, err := os.Stat(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(files[0], fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	if again := run(Tree, "-moves", "e4"); again != grown {
		t.Errorf("with the cache cut short:\n%s\nwant\n%s", again, grown)
	}
}

// total returns the games of a tree table's total row.
func total(t *testing.T, table string) int {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(table), "\n")
	n, err := strconv.Atoi(strings.Split(lines[len(lines)-1], "\t")[1])
	if err != nil {
		t.Fatalf("tree table:\n%s", table)
	}
	return n
}

// search -material reads the pieces in Russian letters whatever the
// language (Cyrillic letters are no English ones), and in Slovak ones
// where -lang or, without it, the environment says Slovak, as the window
// reads its own language's letters (issue 50).
func TestSearchMaterialInTheLanguage(t *testing.T) {
	path := writeTreeFile(t)
	for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES"} {
		t.Setenv(env, "")
	}
	const all = "1\n2\n3\n4\n"
	for _, c := range []struct {
		env  string
		args []string
		want string
		code int
	}{
		{"C.UTF-8", []string{"-material", "Ф+2Л+2С+2К+8П против Ф+2Л+2С+2К+8П", path}, all, 0},
		{"C.UTF-8", []string{"-material", "П против Кр", path}, "5\n", 0},
		{"C.UTF-8", []string{"-material", "D+2V+2S+2J+8P vs D+2V+2S+2J+8P", path}, "", 2},
		{"C.UTF-8", []string{"-lang", "sk", "-material", "D+2V+2S+2J+8P vs D+2V+2S+2J+8P", path}, all, 0},
		{"sk_SK.UTF-8", []string{"-material", "D+2V+2S+2J+8P proti D+2V+2S+2J+8P", path}, all, 0},
		{"sk_SK.UTF-8", []string{"-material", "Q+2R+2B+2N+8P vs Q+2R+2B+2N+8P", path}, all, 0},
		{"sk_SK.UTF-8", []string{"-lang", "en", "-material", "D+2V+2S+2J+8P vs D+2V+2S+2J+8P", path}, "", 2},
	} {
		t.Setenv("LANG", c.env)
		var out, errb bytes.Buffer
		code := Search(c.args, &out, &errb)
		if code != c.code || out.String() != c.want {
			t.Errorf("LANG=%s search %v: exit %d %q, want %d %q (%s)", c.env, c.args, code, out.String(), c.code, c.want, errb.String())
		}
	}
}
