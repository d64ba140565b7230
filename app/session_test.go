package app_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/chess"
)

func fixedNow() time.Time { return time.Date(2026, 3, 14, 19, 5, 0, 0, time.UTC) }

func newSession(t *testing.T, opts ...app.SessionOption) *app.Session {
	t.Helper()
	opts = append([]app.SessionOption{app.WithClock(fixedNow), app.WithRandom(func(int) int { return 405 })}, opts...)
	return app.NewSession(opts...)
}

// drag plays a move the way the board reports it: a press, then a drop.
func drag(t *testing.T, s *app.Session, from, to string) app.Feedback {
	t.Helper()
	f, err1 := chess.ParseSquare(from)
	d, err2 := chess.ParseSquare(to)
	if err1 != nil || err2 != nil {
		t.Fatalf("bad squares %s %s", from, to)
	}
	if fb := s.Press(f); fb.Refused.String() != "" {
		return fb
	}
	return s.Drop(f, d)
}

func mustMove(t *testing.T, s *app.Session, from, to string) {
	t.Helper()
	if fb := drag(t, s, from, to); !fb.Moved {
		t.Fatalf("%s-%s: %+v (status %+v)", from, to, fb, s.Status())
	}
}

func TestScenarioFullGame(t *testing.T) {
	s := newSession(t)
	// Press shows the destinations; the board only draws them.
	s.Press(chess.E2)
	if got := s.Board().Dests; got != chess.E3.Bit()|chess.E4.Bit() {
		t.Fatalf("dests of e2 = %x", got)
	}
	for _, m := range [][2]string{
		{"e2", "e4"}, {"d7", "d5"}, {"e4", "e5"}, {"f7", "f5"},
		{"e5", "f6"}, // en passant
		{"g8", "f6"}, {"g1", "f3"}, {"e7", "e6"}, {"f1", "e2"}, {"f8", "c5"},
		{"e1", "h1"}, // castling by dropping the king on its rook
		{"e8", "g8"}, // castling by two squares
	} {
		mustMove(t, s, m[0], m[1])
	}
	want := "1. e4 d5 2. e5 f5 3. exf6 Nxf6 4. Nf3 e6 5. Be2 Bc5 6. O-O O-O"
	if got := movetext(t, s); !strings.HasPrefix(got, want) {
		t.Fatalf("movetext %q, want %q", got, want)
	}
	// An illegal drop changes nothing and says why.
	before := s.Board().Pieces
	if fb := drag(t, s, "d1", "d5"); fb.Moved || fb.Refused.String() == "" {
		t.Fatalf("illegal drop: %+v", fb)
	}
	if s.Board().Pieces != before {
		t.Fatal("an illegal drop changed the board")
	}
	// The wrong side's piece is refused.
	if fb := drag(t, s, "d8", "d6"); fb.Refused.String() == "" {
		t.Fatal("Black moved on White's turn")
	}
}

func TestScenarioPromotionAndMate(t *testing.T) {
	s := newSession(t)
	if err := s.NewGame(app.NewGameOptions{FEN: "7k/P7/8/8/8/8/6PP/6K1 w - - 0 1"}); err != nil {
		t.Fatal(err)
	}
	fb := drag(t, s, "a7", "a8")
	if !fb.NeedPromotion || s.Promotion() == nil {
		t.Fatalf("drop on the last rank: %+v", fb)
	}
	// Nothing happens until the choice: no move recorded.
	if s.Game().PlyCount() != 0 {
		t.Fatal("a move was recorded before the promotion choice")
	}
	if fb := s.Promote(chess.Queen); !fb.Moved {
		t.Fatalf("promote: %+v", fb)
	}
	if got := movetext(t, s); !strings.HasPrefix(got, "1. a8=Q+") {
		t.Fatalf("movetext %q", got)
	}
	// Escape-style cancel is allowed in casual play and puts the pawn back.
	s.Takeback()
	drag(t, s, "a7", "a8")
	s.CancelPromotion()
	if s.Promotion() != nil || s.Game().PlyCount() != 0 {
		t.Fatal("cancel left the promotion pending or a move recorded")
	}
	// Under-promotion.
	drag(t, s, "a7", "a8")
	if fb := s.Promote(chess.Knight); !fb.Moved || !strings.HasPrefix(movetext(t, s), "1. a8=N") {
		t.Fatalf("under-promotion: %+v %q", fb, movetext(t, s))
	}
}

func TestScenarioCheckmateEndsGame(t *testing.T) {
	s := newSession(t)
	for _, m := range [][2]string{{"f2", "f3"}, {"e7", "e5"}, {"g2", "g4"}, {"d8", "h4"}} {
		mustMove(t, s, m[0], m[1])
	}
	st := s.Status()
	if !st.Over || st.Result != chess.BlackWins || !strings.Contains(st.Reason.String(), "heckmate") {
		t.Fatalf("status after Qh4#: %+v", st)
	}
	if got := s.Game().Tags.Value("Termination"); got != "normal" {
		t.Errorf("Termination %q", got)
	}
	if fb := drag(t, s, "a2", "a3"); fb.Refused.String() == "" {
		t.Error("a move after mate was accepted")
	}
	if got := movetext(t, s); got != "1. f3 e5 2. g4 Qh4# { "+st.Reason.String()+" } 0-1" {
		t.Errorf("movetext %q", got)
	}
}

func TestScenarioStalemateAndDeadPosition(t *testing.T) {
	s := newSession(t)
	s.NewGame(app.NewGameOptions{FEN: "k7/8/1Q6/8/8/8/8/K7 w - - 0 1"})
	mustMove(t, s, "b6", "c7")
	if st := s.Status(); !st.Over || st.Result != chess.Draw || !strings.Contains(strings.ToLower(st.Reason.String()), "stalemate") {
		t.Fatalf("stalemate: %+v", st)
	}
	s.NewGame(app.NewGameOptions{FEN: "k7/8/8/8/8/8/1r6/K7 w - - 0 1"})
	mustMove(t, s, "a1", "b2")
	if st := s.Status(); !st.Over || st.Result != chess.Draw || !strings.Contains(strings.ToLower(st.Reason.String()), "dead position") {
		t.Fatalf("dead position: %+v", st)
	}
}

func TestScenarioThreefoldClaim(t *testing.T) {
	s := newSession(t)
	for i := 0; i < 2; i++ {
		for _, m := range [][2]string{{"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}, {"f6", "g8"}} {
			mustMove(t, s, m[0], m[1])
		}
	}
	st := s.Status()
	if st.Over || st.Claimable == nil || st.Claimable.Reason != chess.ThreefoldRepetition {
		t.Fatalf("threefold: %+v", st)
	}
	if err := s.ClaimDraw(); err != nil {
		t.Fatal(err)
	}
	if st := s.Status(); !st.Over || st.Result != chess.Draw {
		t.Fatalf("after claim: %+v", st)
	}
}

func TestScenarioVariationsWhenNotLive(t *testing.T) {
	s := newSession(t)
	mustMove(t, s, "e2", "e4")
	mustMove(t, s, "e7", "e5")
	// In a live game an earlier position is for looking only.
	s.Back()
	if fb := drag(t, s, "c7", "c5"); fb.Refused.String() == "" {
		t.Fatal("a move at an earlier position of a live game was accepted")
	}
	s.Resign(chess.White)
	if st := s.Status(); st.Result != chess.BlackWins {
		t.Fatalf("resign: %+v", st)
	}
	// After the game, playing elsewhere makes a variation.
	s.First()
	s.Forward()
	mustMove(t, s, "c7", "c5")
	if got := movetext(t, s); !strings.Contains(got, "1. e4 e5 ( 1... c5 )") {
		t.Errorf("movetext %q", got)
	}
}

func TestResignationDrawWhenOpponentCannotMate(t *testing.T) {
	s := newSession(t)
	s.NewGame(app.NewGameOptions{FEN: "k7/8/8/8/8/8/8/KQ6 w - - 0 1"})
	s.Resign(chess.White) // Black has a bare king: a draw (rules.md §3.2)
	if st := s.Status(); st.Result != chess.Draw {
		t.Fatalf("%+v", st)
	}
}

func TestSaveAndReopen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.pgn")
	s := newSession(t)
	for _, m := range [][2]string{{"e2", "e4"}, {"c7", "c5"}, {"g1", "f3"}} {
		mustMove(t, s, m[0], m[1])
	}
	i, err := app.SaveGame(path, -1, s.Game())
	if err != nil || i != 0 {
		t.Fatalf("SaveGame = %d, %v", i, err)
	}
	s.SetSaved(path, i)
	if s.Dirty() {
		t.Error("dirty after save")
	}
	f, err := app.OpenFile(path)
	if err != nil || f.Problems != nil || len(f.Games) != 1 {
		t.Fatalf("OpenFile: %v %v %d", err, f.Problems, len(f.Games))
	}
	r := newSession(t)
	r.Load(f.Games[0], path, 0)
	if movetext(t, r) != movetext(t, s) {
		t.Errorf("reopened %q, saved %q", movetext(t, r), movetext(t, s))
	}
	// No temporary files are left behind.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files in the folder: %v", entries)
	}
}

// Saving game 2 of a file keeps the other games' bytes exactly.
func TestSaveKeepsOtherGames(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "three.pgn")
	orig := "[Event \"A\"]\n[White \"x\"]\n\n1.e4 e5 {keep me as I am} 1-0\n\n" +
		"[Event \"B\"]\n\n1. d4 d5 *\n\n" +
		"[Event \"C\"]\n[Black \"y\"]\n\n1. c4 {odd   spacing} 0-1\n"
	f := openWritten(t, path, orig, 0o600, 3)
	s := newSession(t)
	s.Load(f.Games[1], path, 1)
	s.Last()
	mustMove(t, s, "c2", "c4")
	if _, err := app.SaveGame(path, 1, s.Game()); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	got := string(data)
	first := orig[:strings.Index(orig, "[Event \"B\"]")]
	last := orig[strings.Index(orig, "[Event \"C\"]"):]
	if !strings.HasPrefix(got, first) || !strings.HasSuffix(got, last) {
		t.Fatalf("other games changed:\n%s", got)
	}
	if !strings.Contains(got, "1. d4 d5 2. c4 *") {
		t.Errorf("saved game missing:\n%s", got)
	}
	if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 { // Windows has no such permissions
		t.Errorf("permissions %v, want 0600 kept", fi.Mode().Perm())
	}
}

func TestJournalRecovery(t *testing.T) {
	dir := t.TempDir()
	j := app.NewJournal(dir)
	s := newSession(t, app.WithJournal(j))
	for _, m := range [][2]string{{"d2", "d4"}, {"g8", "f6"}, {"c2", "c4"}} {
		mustMove(t, s, m[0], m[1])
	}
	s.Back()
	s.Flip()
	// The process dies here: nothing else is written. A new start reads the journal.
	e, ok, err := app.LoadJournal(app.NewJournal(dir))
	if err != nil || !ok {
		t.Fatalf("Load: %v %v", ok, err)
	}
	r := newSession(t)
	if err := r.Restore(e); err != nil {
		t.Fatal(err)
	}
	if movetext(t, r) != movetext(t, s) || !r.Flipped() || r.Current().Ply() != 2 || !r.Dirty() {
		t.Fatalf("restored %q ply %d flipped %v", movetext(t, r), r.Current().Ply(), r.Flipped())
	}
	// The restored game goes on where it was: back to the end and play.
	r.Last()
	mustMove(t, r, "e7", "e6")
	// A clean exit removes the journal.
	if err := j.Clear(); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := app.LoadJournal(app.NewJournal(dir)); ok {
		t.Error("journal still there after Clear")
	}
	// A garbled journal is an error, not a crash.
	os.WriteFile(filepath.Join(dir, "journal.json"), []byte("{garbage"), 0o600)
	if _, _, err := app.LoadJournal(app.NewJournal(dir)); err == nil {
		t.Error("garbled journal accepted")
	}
}

// openWritten writes text to path with the permissions perm and opens it,
// failing unless it reads as games games.
func openWritten(t *testing.T, path, text string, perm os.FileMode, games int) *app.File {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), perm); err != nil {
		t.Fatal(err)
	}
	f, err := app.OpenFile(path)
	if err != nil || len(f.Games) != games {
		t.Fatalf("OpenFile: %v, %d games, want %d", err, len(f.Games), games)
	}
	return f
}

func movetext(t *testing.T, s *app.Session) string {
	t.Helper()
	text, err := store.EncodeGame(s.Game())
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitN(string(text), "\n\n", 2)
	return strings.Join(strings.Fields(parts[1]), " ")
}

// A Latin-1 file stays Latin-1 when one of its games is saved, and the
// Windows-1252 characters of the saved game (a dash, quotes) keep their
// bytes rather than become '?'.
func TestSaveKeepsLatin1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "latin1.pgn")
	orig := "[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n\n1. e4 {sch\xf6n} *\n\n[Event \"Zwei\"]\n\n1. d4 {a \x97 \x93b\x94} *\n"
	f := openWritten(t, path, orig, 0o644, 2)
	if got := f.Games[0].Tags.Value("White"); got != "Müller" {
		t.Fatalf("decoded White %q", got)
	}
	s := newSession(t)
	s.Load(f.Games[1], path, 1)
	s.Game().Tags.Set("Annotator", "Jür")
	if _, err := app.SaveGame(path, 1, s.Game()); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), orig[:strings.Index(orig, "[Event \"Zwei")]) {
		t.Fatalf("the first game changed:\n%q", data)
	}
	if !strings.Contains(string(data), "[Annotator \"J\xfcr\"]") {
		t.Fatalf("the saved game is not Latin-1:\n%q", data)
	}
	if !strings.Contains(string(data), "a \x97 \x93b\x94") {
		t.Fatalf("the saved game lost its Windows-1252 characters:\n%q", data)
	}
}

func TestConvertToUTF8(t *testing.T) {
	path := filepath.Join(t.TempDir(), "latin1.pgn")
	os.WriteFile(path, []byte("[Event \"Caf\xe9\"]\n\n1. e4 {sch\xf6n \x80} *\n"), 0o644)
	changed, err := store.ConvertToUTF8(path, charset.Unknown)
	if err != nil || !changed {
		t.Fatalf("convert: %v %v", changed, err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != "[Event \"Café\"]\n\n1. e4 {schön €} *\n" {
		t.Fatalf("converted %q", data)
	}
	if changed, _ := store.ConvertToUTF8(path, charset.Unknown); changed {
		t.Error("a UTF-8 file was converted again")
	}
	// The charset the user chose overrules the bytes': \x8a is Š in
	// Windows-1250, where detection reads Windows-1252's Š too, but \x9d
	// is ť there and nothing in Windows-1252 (issue 50).
	os.WriteFile(path, []byte("[White \"\x8aes\x9dov\"]\n\n1. e4 *\n"), 0o644)
	if _, err := store.ConvertToUTF8(path, charset.Windows1250); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != "[White \"Šesťov\"]\n\n1. e4 *\n" {
		t.Fatalf("converted from Windows-1250: %q", data)
	}
}

// Saving a game keeps what lies between games (a %-escaped line) and the
// byte order mark, and a game saved into a file that ends without a line
// break is appended after an empty line.
func TestSaveKeepsWhatLiesAround(t *testing.T) {
	path := filepath.Join(t.TempDir(), "around.pgn")
	orig := "\ufeff[Event \"A\"]\n\n1. e4 *\n\n% a line the reader skips\n[Event \"B\"]\n\n1. d4 *\n\n\n[Event \"C\"]\n\n1. c4 *"
	f := openWritten(t, path, orig, 0o644, 3)
	for _, i := range []int{1, 0} {
		s := newSession(t)
		s.Load(f.Games[i], path, i)
		s.Game().Tags.Set("Annotator", "Z")
		if _, err := app.SaveGame(path, i, s.Game()); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(path)
	got := string(data)
	for _, want := range []string{"\ufeff[Event \"A\"]", "*\n\n% a line the reader skips\n[Event \"B\"]", "[Annotator \"Z\"]\n\n1. d4 *\n\n\n[Event \"C\"]\n\n1. c4 *"} {
		if !strings.Contains(got, want) {
			t.Errorf("saved file lacks %q:\n%s", want, got)
		}
	}
	if strings.Count(got, "[Annotator \"Z\"]") != 2 || !strings.HasPrefix(got, "\ufeff[Event \"A\"]") {
		t.Errorf("saved file:\n%s", got)
	}
	s := newSession(t)
	s.Load(f.Games[2], path, 3)
	i, err := app.SaveGame(path, 3, s.Game())
	if err != nil || i != 3 {
		t.Fatalf("appending: %d, %v", i, err)
	}
	data, _ = os.ReadFile(path)
	// Saved as it was read, with the Result tag its result token asks for.
	if !strings.Contains(string(data), "[Event \"C\"]\n\n1. c4 *\n\n[Event \"C\"]\n[Result \"*\"]\n\n1. c4 *") {
		t.Errorf("appended:\n%q", data)
	}
}

// A stored game with no closing comment says why it ended from its
// Termination tag: the standard values as messages (so the window can say
// them in the players' language), "normal" read from the final position.
func TestStoredGameEndFromTermination(t *testing.T) {
	for _, tc := range []struct{ result, term, moves, want string }{
		{"0-1", "Normal", "1. f3 e5 2. g4 Qh4#", "Checkmate"},
		{"1/2-1/2", "normal", "1. e4 e5", ""},
		{"1-0", "time forfeit", "1. e4 e5", "Black lost on time"},
		{"0-1", "Time forfeit", "1. e4 e5", "White lost on time"},
		{"1-0", "abandoned", "1. e4", "The game was abandoned"},
		{"1-0", "rules infraction", "1. e4", "Rules infraction"},
		{"1-0", "Won by the arbiter's decision", "1. e4", "Won by the arbiter's decision"},
		{"1-0", "", "1. e4", ""},
	} {
		pgnText := fmt.Sprintf("[Result %q]\n[Termination %q]\n\n%s %s\n", tc.result, tc.term, tc.moves, tc.result)
		g, _, err := store.FirstGame([]byte(pgnText))
		if err != nil {
			t.Fatal(err)
		}
		s := app.NewSession()
		s.Load(g, "", 0)
		if got := s.Status().Reason.String(); got != tc.want {
			t.Errorf("%s %q: reason %q, want %q", tc.result, tc.term, got, tc.want)
		}
	}
}

// A FEN is read as tolerantly as a PGN file's (issue #20): castling rights
// the position cannot have are dropped, and a position no game reaches but
// that can be played is played; each says so. What cannot be played is
// refused.
func TestNewGameFromTolerantFEN(t *testing.T) {
	for _, tc := range []struct {
		fen, start, message string
	}{
		{"r6k/8/8/8/8/8/8/R3K3 w Qq - 0 1", "r6k/8/8/8/8/8/8/R3K3 w Q - 0 1",
			"The castling rights the position cannot have were dropped."},
		{"r6k/8/8/8/8/8/8/R3K3 w KQkq - 0 1", "r6k/8/8/8/8/8/8/R3K3 w Q - 0 1",
			"The castling rights the position cannot have were dropped."},
		{"4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
			"A side has more than 8 pawns. No game can reach this position."},
		{"4k2r/pppppppp/8/8/8/P7/PPPPPPPP/4K3 b Qk - 0 1", "4k2r/pppppppp/8/8/8/P7/PPPPPPPP/4K3 b k - 0 1",
			"The castling rights the position cannot have were dropped. A side has more than 8 pawns. No game can reach this position."},
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", "", ""},
		{"4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "", ""},
	} {
		s := newSession(t)
		err := s.NewGame(app.NewGameOptions{FEN: tc.fen})
		if tc.start == "" {
			if err == nil {
				t.Errorf("%s: played, want an error", tc.fen)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.fen, err)
			continue
		}
		start := s.Game().Start()
		if got := start.FEN(); got != tc.start {
			t.Errorf("%s: starts at %s, want %s", tc.fen, got, tc.start)
		}
		if got := s.Status().Message.String(); got != tc.message {
			t.Errorf("%s: says %q, want %q", tc.fen, got, tc.message)
		}
	}
}
