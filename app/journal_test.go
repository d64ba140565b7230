package app_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/app"
	"touchmove/app/library"
	"touchmove/app/library/librarytest"
	"touchmove/app/store"
)

// journalWith returns a window's journal in js holding a game with moves.
func journalWith(t *testing.T, js *store.Journals, moves ...[2]string) (*store.Journal, *app.Session) {
	t.Helper()
	j, err := js.Create()
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, app.WithJournal(j))
	for _, m := range moves {
		mustMove(t, s, m[0], m[1])
	}
	return j, s
}

// Two windows keep two journals; a running window's journal is never
// offered, and after both die both games are offered (issue: one journal per
// window, a lock per journal file).
func TestJournalsOnePerWindow(t *testing.T) {
	js := store.NewJournals(t.TempDir())
	j1, _ := journalWith(t, js, [2]string{"e2", "e4"})
	j2, _ := journalWith(t, js, [2]string{"d2", "d4"}, [2]string{"d7", "d5"})
	if j1.Path() == j2.Path() {
		t.Fatal("two windows share a journal")
	}
	if orphans, errs := app.Orphans(js); len(orphans) != 0 || len(errs) != 0 {
		t.Fatalf("running windows' journals offered: %d, %v", len(orphans), errs)
	}
	j1.Abandon() // both processes are killed
	j2.Abandon()
	orphans, errs := app.Orphans(js)
	if len(orphans) != 2 || len(errs) != 0 {
		t.Fatalf("after both died: %d orphans, %v", len(orphans), errs)
	}
	var texts []string
	for _, o := range orphans {
		texts = append(texts, o.Entry.PGN)
	}
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "1. e4 *") || !strings.Contains(all, "1. d4 d5 *") {
		t.Fatalf("orphans hold:\n%s", all)
	}
	// A third window started meanwhile does not offer them too.
	if again, _ := app.Orphans(js); len(again) != 0 {
		t.Fatalf("an orphan being offered was offered again: %d", len(again))
	}
	// A second crash while the question is open loses nothing: the journal
	// is still on disk and offered at the next start.
	for _, o := range orphans {
		o.Release()
	}
	orphans, _ = app.Orphans(js)
	if len(orphans) != 2 {
		t.Fatalf("after a crash during the question: %d orphans", len(orphans))
	}
	// Restoring one and declining the other removes both.
	r := newSession(t)
	if err := r.Restore(orphans[0].Entry); err != nil {
		t.Fatal(err)
	}
	for _, o := range orphans {
		if err := o.Discard(); err != nil {
			t.Fatal(err)
		}
	}
	if left, _ := app.Orphans(js); len(left) != 0 {
		t.Fatalf("%d journals left after the answers", len(left))
	}
}

// An unreadable journal is reported and kept aside, never dropped silently.
func TestJournalUnreadableKeptAside(t *testing.T) {
	dir := t.TempDir()
	js := store.NewJournals(dir)
	bad := filepath.Join(dir, "journal-20260101T000000.000000000-1.json")
	if err := os.WriteFile(bad, []byte("{garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	orphans, errs := app.Orphans(js)
	if len(orphans) != 0 || len(errs) != 1 || !strings.Contains(errs[0].Error(), ".bad") {
		t.Fatalf("orphans %d, errors %v", len(orphans), errs)
	}
	if data, err := os.ReadFile(bad + ".bad"); err != nil || string(data) != "{garbage" {
		t.Fatalf("the copy aside: %q, %v", data, err)
	}
}

// The journal records the game's file by its absolute path: restored from
// another folder, a save goes to the same file.
func TestJournalPathIsAbsolute(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("g.pgn", []byte("1. e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := store.DecodeGames(strings.NewReader("1. e4 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	jdir := t.TempDir()
	s := newSession(t, app.WithJournal(app.NewJournal(jdir)))
	s.Load(games[0], "g.pgn", 0)
	e, ok, err := app.LoadJournal(app.NewJournal(jdir))
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if want := filepath.Join(dir, "g.pgn"); e.Path != want {
		t.Fatalf("journal path %q, want %q", e.Path, want)
	}
	t.Chdir(t.TempDir())
	r := newSession(t)
	if err := r.Restore(e); err != nil {
		t.Fatal(err)
	}
	if p, _ := r.Path(); p != filepath.Join(dir, "g.pgn") {
		t.Fatalf("restored path %q", p)
	}
}

// A window killed before anything was made in it leaves nothing to offer.
func TestJournalEmptyOrphanDropped(t *testing.T) {
	js := store.NewJournals(t.TempDir())
	j, _ := journalWith(t, js)
	j.Abandon()
	if orphans, errs := app.Orphans(js); len(orphans) != 0 || len(errs) != 0 {
		t.Fatalf("an untouched new game was offered: %d, %v", len(orphans), errs)
	}
	if _, err := os.Stat(j.Path()); !os.IsNotExist(err) {
		t.Fatalf("its journal is still there: %v", err)
	}
}

// A game restored from the journal keeps where it was read: a save after
// the restore checks the file as the save of the game read would, and
// refuses to splice it at a place another program changed meanwhile.
func TestRestoredGameKeepsItsOrigin(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "club.pgn")
	two := "[Event \"A\"]\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"B\"]\n[Result \"*\"]\n\n1. d4 *\n"
	if err := os.WriteFile(path, []byte(two), 0o644); err != nil {
		t.Fatal(err)
	}
	g, o, err := librarytest.Open(t, path, library.Options{}).Read(1)
	if err != nil || g == nil {
		t.Fatal(err)
	}
	jdir := t.TempDir()
	s := newSession(t, app.WithJournal(app.NewJournal(jdir)))
	s.Load(g, path, 1)
	s.SetOrigin(o)
	// The crash; meanwhile another program puts a game in front.
	e, ok, err := app.LoadJournal(app.NewJournal(jdir))
	if err != nil || !ok || e.Origin == nil {
		t.Fatalf("journal: %v %v, origin %v", ok, err, e.Origin)
	}
	if err := os.WriteFile(path, []byte("[Event \"Z\"]\n[Result \"*\"]\n\n1. c4 *\n\n"+two), 0o644); err != nil {
		t.Fatal(err)
	}
	r := newSession(t)
	if err := r.Restore(e); err != nil {
		t.Fatal(err)
	}
	ro, known := r.Origin(path, 1)
	if !known {
		t.Fatal("the restored game lost its origin")
	}
	job, _ := store.NewSaveJob(r.Game())
	if _, err := job.Replace(ro); !errors.Is(err, store.ErrFileChanged) {
		t.Fatalf("a save after the restore into the changed file: %v", err)
	}
}

// A window's journal is written off the caller's goroutine, newest entry
// first: after Flush the file holds the last change, and Clear leaves no
// file that a late write could bring back.
func TestWindowJournalWritesInTheBackground(t *testing.T) {
	js := store.NewJournals(t.TempDir())
	j, s := journalWith(t, js, [2]string{"e2", "e4"}, [2]string{"e7", "e5"}, [2]string{"g1", "f3"})
	j.Flush()
	e, ok, err := app.LoadJournal(j)
	if err != nil || !ok || !strings.Contains(e.PGN, "1. e4 e5 2. Nf3 *") {
		t.Fatalf("after Flush: %v %v\n%s", ok, err, e.PGN)
	}
	mustMove(t, s, "b8", "c6")
	if err := j.Clear(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(j.Path()); !os.IsNotExist(err) {
		t.Fatalf("the journal is back after Clear: %v", err)
	}
}
